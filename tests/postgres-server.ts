import { tmpdir } from 'node:os'
import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import { Migrator } from 'kysely/migration'
import pg from 'pg'
import type { TestProject } from 'vitest/node'
import { startEmbeddedPostgres } from '#db/embedded-postgres.ts'
import { migrations } from '#db/migrations/index.ts'
import { databaseUrl, onServer } from './postgres-databases.ts'

// Global setup of the 'app-postgres' project (decision 044): the app's tests on PostgreSQL. The server is
// TEST_DATABASE_URL's when set, otherwise an embedded one from node_modules. One migrated template database
// per run; tests/setup.ts gives each test file its own copy (CREATE DATABASE ... TEMPLATE), as it gives
// each a fresh SQLite file on the other engine.

declare module 'vitest' {
  export interface ProvidedContext {
    /** The server to create test databases on, and the migrated template to copy. */
    postgres: { serverUrl: string; template: string } | undefined
  }
}

export default async function setup(project: TestProject) {
  const given = process.env.TEST_DATABASE_URL
  // In the system's temp folder, which PostgreSQL's own user (as root, the package creates one) can reach from
  // any checkout: StrykerJS's sandbox copy of the project is private to root.
  const embedded = given ? null : await startEmbeddedPostgres(path.join(tmpdir(), `pawpal-test-postgres-${process.pid}`))
  const serverUrl = given ?? embedded?.url ?? ''
  const run = `pawpal_test_${process.pid}`
  const template = `${run}_template`
  try {
    await onServer(serverUrl, async (client) => {
      await client.query(`drop database if exists "${template}"`)
      await client.query(`create database "${template}"`)
    })
    await migrate(databaseUrl(serverUrl, template))
  } catch (error) {
    await embedded?.stop()
    throw error
  }
  project.provide('postgres', { serverUrl, template })

  return async () => {
    if (embedded) return embedded.stop()
    await onServer(serverUrl, async (client) => {
      const { rows } = await client.query<{ name: string }>(`select datname as name from pg_database where datname like $1`, [`${run}%`])
      for (const { name } of rows) await client.query(`drop database "${name}" with (force)`)
    })
  }
}

async function migrate(url: string) {
  const db = new Kysely<unknown>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: url, max: 1 }) }) })
  try {
    const { error } = await new Migrator({ db, provider: { getMigrations: () => Promise.resolve(migrations) } }).migrateToLatest()
    if (error) throw new Error('The test template could not be migrated', { cause: error })
  } finally {
    await db.destroy()
  }
}
