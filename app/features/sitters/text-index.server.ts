import { type RawBuilder, sql } from 'kysely'
import { engine } from '#app/lib/db.server.ts'
import { type SearchWords, toFtsMatch, toTsQuery } from './text-query.ts'

// The sitter text search (decisions 016 and 044). On SQLite the FTS5 table `sitterSearch` holds the name,
// public location text, services and bio of every listed sitter (db/migrations/002 keeps it in step),
// with sitterListings.key as its rowid; on PostgreSQL the listing's own `search` tsvector (the same four
// fields weighted A to D) has a GIN index. Callers only see `key` and `rank`.

export type TextMatch = { key: number; rank: number }

/** bm25 weights of the columns name, location, services, bio: a name match counts most. */
const columnWeights = sql.raw('8.0, 4.0, 2.0, 1.0')

/**
 * The listed sitters matching every word, as a table to join on `key`. Ranked, a lower `rank` is a
 * better match; unranked (for filters and counts) `rank` is 0 and costs nothing per match.
 */
export function sitterTextMatches(words: SearchWords, { ranked }: { ranked: boolean }): RawBuilder<TextMatch> {
  return engine === 'postgres' ? postgresTextMatches(words, ranked) : sqliteTextMatches(words, ranked)
}

function sqliteTextMatches(words: SearchWords, ranked: boolean): RawBuilder<TextMatch> {
  const rank = ranked ? sql`bm25(sitterSearch, ${columnWeights})` : sql`0`
  return sql<TextMatch>`(
    select rowid as key, ${rank} as rank
    from sitterSearch where sitterSearch match ${toFtsMatch(words)}
  )`
}

/** ts_rank's weights of D (bio), C (services), B (location), A (name): bm25's 1, 2, 4, 8 scaled into 0..1. */
const tsRankWeights = '{0.125, 0.25, 0.5, 1.0}'

/** ts_rank grows with a better match; negated so that, as with bm25, lower is better. */
function postgresTextMatches(words: SearchWords, ranked: boolean): RawBuilder<TextMatch> {
  const query = sql`to_tsquery('simple', unaccent(${toTsQuery(words)}))`
  const rank = ranked ? sql`-ts_rank(${tsRankWeights}, search, ${query})` : sql`0`
  return sql<TextMatch>`(
    select key, ${rank} as rank
    from "sitterListings" where search @@ ${query}
  )`
}
