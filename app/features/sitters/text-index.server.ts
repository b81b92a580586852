import { type RawBuilder, sql } from 'kysely'
import { type SearchWords, toFtsMatch } from './text-query.ts'

// The SQLite side of the sitter text search (decision 016): the FTS5 table `sitterSearch` holds the name,
// public location text, services and bio of every listed sitter (db/migrations/002 keeps it in step),
// with sitterListings.key as its rowid. A PostgreSQL version (a tsvector column with a GIN index and
// ts_rank) can sit beside this file; callers only see `key` and `rank`.

export type TextMatch = { key: number; rank: number }

/** bm25 weights of the columns name, location, services, bio: a name match counts most. */
const columnWeights = sql.raw('8.0, 4.0, 2.0, 1.0')

/**
 * The listed sitters matching every word, as a table to join on `key`. Ranked, a lower `rank` is a
 * better match; unranked (for filters and counts) `rank` is 0 and costs nothing per match.
 */
export function sitterTextMatches(words: SearchWords, { ranked }: { ranked: boolean }): RawBuilder<TextMatch> {
  const rank = ranked ? sql`bm25(sitterSearch, ${columnWeights})` : sql`0`
  return sql<TextMatch>`(
    select rowid as key, ${rank} as rank
    from sitterSearch where sitterSearch match ${toFtsMatch(words)}
  )`
}
