import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { inject } from 'vitest'
import { type Database, openDatabase } from '#app/lib/db.server.ts'
import { databaseUrl, onServer } from '#tests/postgres-databases.ts'

// More databases for a test file than tests/setup.ts's one: new and empty, on the engine the file runs on
// (a file beside that one's SQLite file, or a database on the same PostgreSQL server), closed after the file.

const postgres = inject('postgres')
const opened: Kysely<Database>[] = []

/** A new database without any table; `name` is unique within the test file. */
export async function newEmptyDatabase(name: string) {
  return openTracked(await createEmptyDatabase(name))
}

/** Creates a database without any table; returns where it is, for `openTracked`. */
export async function createEmptyDatabase(name: string) {
  return postgres ? createPostgresDatabase() : sqliteFileBeside(name)
}

/** Opens a connection (pool) to a database, closed after the test file. */
export function openTracked(location: string) {
  const database = openDatabase(location)
  opened.push(database)
  return database
}

export const closeEmptyDatabases = () => Promise.all(opened.splice(0).map((database) => database.destroy()))

function sqliteFileBeside(name: string) {
  const workDirectory = path.dirname((process.env.DATABASE_URL ?? '').slice('file:'.length))
  return path.join(workDirectory, `${name}.db`)
}

/** Named as the run's other databases (dropped with them), not after `name`: it would pass 63 characters. */
async function createPostgresDatabase() {
  if (!postgres) throw new Error('not on PostgreSQL')
  const database = `${postgres.template.replace(/_template$/, '')}_${crypto.randomUUID().replaceAll('-', '')}`
  await onServer(postgres.serverUrl, (client) => client.query(`create database "${database}"`))
  return databaseUrl(postgres.serverUrl, database)
}

/** The names of the tables (the app's and the migrator's), sorted. */
export async function tableNames(database: Kysely<Database>) {
  const { rows } = postgres
    ? await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' order by name`.execute(database)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name`.execute(database)
  return rows.map((row) => row.name)
}

/** The names of a table's indexes. */
export async function indexNames(database: Kysely<Database>, table: string) {
  const { rows } = postgres
    ? await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = 'public' and tablename = ${table}`.execute(database)
    : await sql<{ name: string }>`select name from sqlite_master where type = 'index' and tbl_name = ${table}`.execute(database)
  return rows.map((row) => row.name)
}
