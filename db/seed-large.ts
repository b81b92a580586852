import { rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'

// `npm run db:seed:large [-- --database data/large.db --zurich 10000 --country 100000]`: a NEW database
// file (an existing one at that path is replaced) with the large data set of db/large-data.ts, for the
// benchmarks in bench/. It never touches the app's own database unless told to with --database.

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'data/large.db' },
    zurich: { type: 'string', default: '10000' },
    country: { type: 'string', default: '100000' },
  },
})
const file = path.resolve(values.database)
const counts = { zurich: wholeNumber('zurich', values.zurich), country: wholeNumber('country', values.country) }

function wholeNumber(name: string, text: string) {
  const value = Number(text)
  if (!Number.isSafeInteger(value) || value < 0) throw new Error(`--${name} must be a whole number, not ${text}`)
  return value
}

for (const suffix of ['', '-wal', '-shm']) rmSync(`${file}${suffix}`, { force: true })
// The app reads its settings on import, so they are set first.
process.env.DATABASE_URL = `file:${file}`
process.env.SEED_DEMO = 'false'
const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { seedLargeData } = await import('./large-data.ts')
const { sql } = await import('kysely')
try {
  await migrateToLatest(db)
  // A throw-away file written in one go: no need to wait for the disk after each transaction.
  await sql`pragma synchronous = off`.execute(db)
  const started = performance.now()
  const written = await seedLargeData(db, counts)
  const seconds = ((performance.now() - started) / 1000).toFixed(1)
  console.info(`${file}: ${written.sitters} sitters (${counts.zurich} around Zurich, ${counts.country} across Switzerland), ` +
    `${written.owners} owners, ${written.reviews} reviewed bookings in ${seconds} s`)
} finally {
  await db.destroy()
}
