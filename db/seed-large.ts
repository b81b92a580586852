import { rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { Client } from 'pg'
import { databaseOn, largePostgresDatabase, largePostgresDirectory, startEmbeddedPostgres } from './embedded-postgres.ts'

// `npm run db:seed:large [-- --database data/large.db --zurich 10000 --country 100000]`: a NEW database
// file (an existing one at that path is replaced) with the large data set of db/large-data.ts, for the
// benchmarks in bench/. It never touches the app's own database unless told to with --database.
// With `--postgres` the same rows go into PostgreSQL instead, as the database `large` (replaced if it
// exists) of an embedded cluster kept in data/large-postgres; with `--postgres-url <url>`, of that server.

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'data/large.db' },
    postgres: { type: 'boolean', default: false },
    'postgres-url': { type: 'string' },
    zurich: { type: 'string', default: '10000' },
    country: { type: 'string', default: '100000' },
  },
})
const counts = { zurich: wholeNumber('zurich', values.zurich), country: wholeNumber('country', values.country) }

function wholeNumber(name: string, text: string) {
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, not ${text}`)
  return value
}

const givenServer = values['postgres-url']
const postgres = givenServer
  ? { url: givenServer, stop: async () => {} }
  : values.postgres
    ? await startEmbeddedPostgres(largePostgresDirectory, { durable: true })
    : null
let target: string
if (postgres) {
  const server = new Client({ connectionString: postgres.url })
  await server.connect()
  await server.query(`drop database if exists "${largePostgresDatabase}" with (force)`)
  await server.query(`create database "${largePostgresDatabase}"`)
  await server.end()
  target = databaseOn(postgres.url, largePostgresDatabase)
} else {
  const file = path.resolve(values.database)
  for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
  target = `file:${file}`
}
// The app reads its settings on import, so they are set first.
process.env.DATABASE_URL = target
process.env.SEED_DEMO = 'false'
const { db, engine, migrateToLatest } = await import('#app/lib/db.server.ts')
const { seedLargeData } = await import('./large-data.ts')
const { sql } = await import('kysely')
try {
  await migrateToLatest(db)
  // A throw-away database written in one go: no need to wait for the disk after each transaction.
  if (engine === 'sqlite') await sql`pragma synchronous = off`.execute(db)
  const started = performance.now()
  const written = await seedLargeData(db, counts)
  if (engine === 'postgres') await sql`analyze`.execute(db)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.info(`${postgres ? `${largePostgresDatabase} on ${givenServer ? 'the given server' : largePostgresDirectory}` : target}: ${written.sitters} sitters ` +
    `(${counts.zurich} around Zurich, ${counts.country} across Switzerland), ${written.owners} owners, ${written.reviews} reviewed bookings in ${seconds} s`)
} finally {
  await db.destroy()
  await postgres?.stop()
}
