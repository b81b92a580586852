import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { Kysely, SqliteDialect, type SqliteDatabase } from 'kysely'
import { Migrator } from 'kysely/migration'
import { migrations } from '#db/migrations/index.ts'
import type { Database } from './db-schema.ts'
import { env } from './env.server.ts'

export type { Database }

/** Opens the SQLite file with the settings every connection needs. */
export function openDatabase(file: string) {
  if (file !== ':memory:') mkdirSync(path.dirname(file), { recursive: true })
  const sqlite = new Sqlite(file)
  sqlite.pragma('journal_mode = WAL')
  sqlite.pragma('foreign_keys = ON')
  sqlite.pragma('busy_timeout = 5000')
  sqlite.pragma('synchronous = NORMAL')
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: withPreparedStatements(sqlite) }) })
}

/** How many distinct statements stay prepared (the least recently used one goes first). */
const preparedStatementLimit = 500

/**
 * Kysely prepares every query it runs; compiling SQL costs more than running a small query, so each
 * statement is prepared once and reused (DESIGN.md section 8: prepared queries). better-sqlite3 runs a
 * statement to completion before the next one starts; only a streamed query (`.stream()`) would keep one
 * busy, and the app has none.
 */
function withPreparedStatements(sqlite: Sqlite.Database): SqliteDatabase {
  const statements = new Map<string, Sqlite.Statement>()
  return {
    close: () => sqlite.close(),
    prepare(source) {
      let statement = statements.get(source)
      if (statement) statements.delete(source)
      else statement = sqlite.prepare(source)
      statements.set(source, statement)
      if (statements.size > preparedStatementLimit) statements.delete(statements.keys().next().value as string)
      return statement
    },
  }
}

export const db = openDatabase(env.databaseFile)

/** Brings the schema up to date; a no-op when it already is. */
export async function migrateToLatest(database: Kysely<Database> = db) {
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: () => Promise.resolve(migrations) },
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error instanceof Error ? error : new Error('Migration failed', { cause: error })
  return results ?? []
}
