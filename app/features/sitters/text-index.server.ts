import { type RawBuilder, sql } from 'kysely'
import { db, engine } from '#app/lib/db.server.ts'
import { type SearchWords, toFtsMatch, toTsQuery } from './text-query.ts'

// The sitter text search (decisions 016, 044 and 080). On SQLite the FTS5 table `sitterSearch` holds the
// name, public location text, services and bio of every listed sitter (db/migrations/002 keeps it in step),
// with sitterListings.key as its rowid; on PostgreSQL the listing's own `search` tsvector (the same four
// fields weighted A to D) has a GIN index, and each tier's fields another (db/migrations/030).
//
// A match's tier is the first of these field groups that holds every word: the name; the name and
// location; those and the services; anywhere. The search lists tier by tier, each in joining order, so a
// page is read in index order and only what it shows is ranked (a common word matches half the sitters).

/** The tiers, best first: 0 name, 1 + location, 2 + services, 3 anywhere (+ bio). */
export const textTiers = [0, 1, 2, 3] as const
export type TextTier = (typeof textTiers)[number]
export const anywhere = 3 satisfies TextTier

const ftsColumns = ['{name}', '{name location}', '{name location services}'] as const
/** ts_filter's weights of each tier but the last; the indexes of db/migrations/030 are on these exact expressions. */
const tsWeights = ["'{a}'", "'{a,b}'", "'{a,b,c}'"] as const

/**
 * The words as the index asks them. On PostgreSQL the tsquery is unaccented by a statement of its own: a
 * constant in the search's statement lets the planner estimate how many sitters match (with the call
 * inside, it guesses a handful and sorts half the sitters to find a page of a common word).
 */
export type TextQuery = { words: SearchWords; tsQuery: string }

export async function textQueryOf(words: SearchWords): Promise<TextQuery> {
  if (engine !== 'postgres') return { words, tsQuery: '' }
  const { rows } = await sql<{ query: string }>`select to_tsquery('simple', unaccent(${toTsQuery(words)}))::text as query`.execute(db)
  return { words, tsQuery: rows[0]?.query ?? '' }
}

/** The keys of the listed sitters matching every word within `tier` (a table to join on `key`). */
export function sitterTextMatches(text: TextQuery, tier: TextTier = anywhere): RawBuilder<{ key: number }> {
  return engine === 'postgres'
    ? sql`(select key from "sitterListings" where ${tsVectorOf(tier)} @@ ${tsQueryOf(text)})`
    : sql`(select rowid as key from sitterSearch where sitterSearch match ${ftsMatchWithin(text.words, tier)})`
}

/** The keys whose tier is exactly `tier`: within it, and not within the tier before. */
export function sitterTextMatchesFirstIn(text: TextQuery, tier: TextTier): RawBuilder<{ key: number }> {
  if (tier === 0) return sitterTextMatches(text, tier)
  const before = (tier - 1) as TextTier
  if (engine === 'postgres') {
    const query = tsQueryOf(text)
    return sql`(select key from "sitterListings" where ${tsVectorOf(tier)} @@ ${query} and not ${tsVectorOf(before)} @@ ${query})`
  }
  const match = `(${ftsMatchWithin(text.words, tier)}) NOT (${ftsMatchWithin(text.words, before)})`
  return sql`(select rowid as key from sitterSearch where sitterSearch match ${match})`
}

function ftsMatchWithin(words: SearchWords, tier: TextTier) {
  const match = toFtsMatch(words)
  return tier === anywhere ? match : `${ftsColumns[tier]} : (${match})`
}

const tsQueryOf = (text: TextQuery) => sql`${text.tsQuery}::tsquery`

const tsVectorOf = (tier: TextTier) => (tier === anywhere ? sql.ref('search') : sql`ts_filter(search, ${sql.raw(tsWeights[tier])})`)
