import { type Kysely, sql } from 'kysely'
import { engineOf } from './engine.ts'

// The text search lists its matches tier by tier (decision 080): those whose name holds every word, then
// name and location, then those and the services, then anywhere. SQLite's FTS5 asks a tier with a column
// filter on the same index. PostgreSQL's GIN index on `search` knows no weights, so each tier but the last
// gets its own index, on the tsvector with only that tier's weights (name A, location B, services C);
// app/features/sitters/text-index.server.ts asks these exact expressions.

const tierIndexes = {
  sitterListings_search_name: `'{a}'`,
  sitterListings_search_name_location: `'{a,b}'`,
  sitterListings_search_name_location_services: `'{a,b,c}'`,
}

export async function up(db: Kysely<unknown>) {
  if (engineOf(db) !== 'postgres') return
  for (const [name, weights] of Object.entries(tierIndexes)) {
    await sql`create index ${sql.id(name)} on "sitterListings" using gin (ts_filter(search, ${sql.raw(weights)}))`.execute(db)
  }
  // The statistics of the indexed expressions: without them the planner guesses a handful of matches for
  // any word and sorts every match of a common one to find its first page.
  await sql`analyze "sitterListings"`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  if (engineOf(db) !== 'postgres') return
  for (const name of Object.keys(tierIndexes)) await sql`drop index ${sql.id(name)}`.execute(db)
}
