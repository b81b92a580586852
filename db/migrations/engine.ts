import { type Kysely, PostgresAdapter } from 'kysely'

// A migration runs on SQLite or PostgreSQL (decision 045): most steps are the same Kysely schema calls on
// both, and the few that differ (text search, the spatial index, triggers, column types) branch on the
// engine of the connection the migration was given.

export type MigrationEngine = 'sqlite' | 'postgres'

export function engineOf(db: Kysely<unknown>): MigrationEngine {
  return db.getExecutor().adapter instanceof PostgresAdapter ? 'postgres' : 'sqlite'
}

/** A 64-bit float: SQLite's `real` is one, PostgreSQL's `real` only 32 bits (a metre off at Zurich). */
export const doubleType = (db: Kysely<unknown>) => (engineOf(db) === 'postgres' ? 'double precision' : 'real')
