import { mkdirSync } from 'node:fs'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
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
  return new Kysely<Database>({ dialect: new SqliteDialect({ database: sqlite }) })
}

export const db = openDatabase(env.databaseFile)

/** Brings the schema up to date; a no-op when it already is. */
export async function migrateToLatest(database: Kysely<Database> = db) {
  const migrator = new Migrator({
    db: database,
    provider: { getMigrations: async () => migrations },
  })
  const { error, results } = await migrator.migrateToLatest()
  if (error) throw error
  return results ?? []
}
