import { randomBytes } from 'node:crypto'
import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import { parseArgs } from 'node:util'
import type { KeysetCursor, PagePosition } from '#app/lib/keyset-paging.ts'
import type { ServerProcess } from '#tests/server-process.ts'
import { bothInstances, formatLoad, load, percentile, startBareServer } from './load.ts'
import { historyBooking } from './history-booking.ts'
import { startBenchPostgres, startInstances } from './postgres.ts'

// `npx node bench/bookings.ts [--bookings 1000] [--postgres | --postgres-url <url>]` (npm run build first):
// DESIGN.md section 8's 'booking lists: first page under 10 ms whatever the user's history', on the
// production server with a fresh database: SQLite, or with --postgres a new database on an embedded
// PostgreSQL from node_modules (or on the server at --postgres-url) and two instances sharing it.
// A busy owner has `bookings` bookings with 50 sitters and a busy sitter as many with 200 owners, one a day
// from `bookings / 2` days ago to as many ahead, in every status, among 10,000 bookings of other users.
// 1. Each tab of both lists: the feature function's first page in this process (median and p99 of 200 runs
//    after 20 warm-up runs), and the time to walk the whole list by cursor in pages of 100.
// 2. GET /api/bookings and GET /api/bookings/sitter (first page) and the /bookings page (HTML, as a browser
//    signed in with a cookie asks for it) at 10 connections for 5 s, on one instance and, on PostgreSQL,
//    on two (five connections to each), beside a bare node:http server sending the same bytes.

const { values } = parseArgs({
  options: {
    bookings: { type: 'string', default: '1000' },
    postgres: { type: 'boolean', default: false },
    'postgres-url': { type: 'string' },
  },
})
const historySize = Number(values.bookings)
if (!Number.isSafeInteger(historySize) || historySize < 2) throw new Error(`--bookings must be a whole number above 1, not ${values.bookings}`)
if (!existsSync('build/server/index.js')) throw new Error('No production build: run npm run build first')

const secret = randomBytes(32).toString('hex')
const postgres = values.postgres || values['postgres-url'] !== undefined ? await startBenchPostgres({ serverUrl: values['postgres-url'], large: false }) : null
const environment = { SESSION_SECRET: secret, SEED_DEMO: 'false' }
const instances = await startInstances(postgres ? 2 : 1, postgres ? { ...environment, DATABASE_URL: postgres.databaseUrl } : environment)
const [server, other] = instances as [ServerProcess, ...ServerProcess[]]
// This process writes the rows and the sessions into the servers' database, with the servers' secret.
process.env.DATABASE_URL = postgres?.databaseUrl ?? `file:${server.databaseFile}`
process.env.SESSION_SECRET = secret
process.env.SEED_DEMO = 'false'
const engineLabel = postgres ? 'PostgreSQL' : 'SQLite'
const { db } = await import('#app/lib/db.server.ts')
const { listOwnerBookings, listSitterBookings } = await import('#app/features/bookings/booking-reads.server.ts')
const { bookingPageSize, ownerTabs, sitterTabs } = await import('#app/features/bookings/schema.ts')
const { apiTokenFor, browserCookieFor, insertDog, insertSitter, insertUser } = await import('#tests/integration/fixtures.ts')
const load1 = () => loadavg().map((value) => value.toFixed(1)).join(' ')

try {
  const today = new Date().toISOString().slice(0, 10)
  const busyOwner = await insertUser({ name: 'Busy Owner' })
  const busySitter = await insertSitter({ name: 'Busy Sitter' })
  const ownerDogs = [await insertDog(busyOwner.id, { name: 'Bella' }), await insertDog(busyOwner.id, { name: 'Max' })]
  const sitters = [busySitter.id]
  for (let index = 1; index < 50; index++) sitters.push((await insertSitter({ name: `Sitter ${index}` })).id)
  const owners: { id: string; dogId: string }[] = []
  for (let index = 0; index < 200; index++) {
    const owner = await insertUser({ name: `Owner ${index}` })
    owners.push({ id: owner.id, dogId: await insertDog(owner.id) })
  }

  const rows: ReturnType<typeof historyBooking>[] = []
  for (let index = 0; index < historySize; index++) {
    const offset = index - Math.floor(historySize / 2)
    rows.push(historyBooking({ ownerId: busyOwner.id, dogId: ownerDogs[index % 2]!, sitterId: sitters[index % sitters.length]! }, today, offset, index))
    const owner = owners[index % owners.length]!
    rows.push(historyBooking({ ownerId: owner.id, dogId: owner.dogId, sitterId: busySitter.id }, today, offset, index + 1))
  }
  // Everyone else's: 50 each for the 200 owners with the 49 other sitters.
  for (let index = 0; index < 10_000; index++) {
    const owner = owners[index % owners.length]!
    rows.push(historyBooking({ ownerId: owner.id, dogId: owner.dogId, sitterId: sitters[1 + (index % 49)]! }, today, (index % 1000) - 500, index))
  }
  for (let start = 0; start < rows.length; start += 500) {
    const chunk = rows.slice(start, start + 500)
    await db.insertInto('bookings').values(chunk.map((row) => row.booking)).execute()
    await db.insertInto('bookingTimeSlots').values(chunk.map((row) => row.slot)).execute()
  }
  console.info(
    `${engineLabel}: a busy owner and a busy sitter with ${historySize.toLocaleString('en')} bookings each, ${rows.length.toLocaleString('en')} bookings in all; load average ${load1()}\n`,
  )

  const lists = [
    ...ownerTabs.map((tab) => [`owner, ${tab}`, (options: { position?: PagePosition; limit?: number }) => listOwnerBookings(busyOwner.id, { tab, ...options })] as const),
    ...sitterTabs.map((tab) => [`sitter, ${tab}`, (options: { position?: PagePosition; limit?: number }) => listSitterBookings(busySitter.id, { tab, ...options })] as const),
  ]
  console.info(`First page of ${bookingPageSize} (200 runs after 20 warm-up runs) and the whole list in pages of 100`)
  for (const [name, list] of lists) {
    const timings: number[] = []
    for (let run = 0; run < 220; run++) {
      const started = performance.now()
      await list({})
      if (run >= 20) timings.push(performance.now() - started)
    }
    timings.sort((a, b) => a - b)
    const walk = performance.now()
    let pages = 0
    let listed = 0
    let cursor: KeysetCursor | null = null
    do {
      const page: { bookings: unknown[]; next: KeysetCursor | null } = await list({ position: { after: cursor ?? undefined }, limit: 100 })
      cursor = page.next
      listed += page.bookings.length
      pages++
    } while (cursor)
    console.info(
      `  ${name.padEnd(18)} median ${percentile(timings, 0.5).toFixed(1).padStart(5)} ms  p99 ${percentile(timings, 0.99).toFixed(1).padStart(5)} ms` +
        `   all ${String(listed).padStart(5)} in ${String(pages).padStart(2)} pages ${(performance.now() - walk).toFixed(0).padStart(4)} ms`,
    )
  }

  const requests = [
    ['GET /api/bookings', '/api/bookings', { authorization: `Bearer ${await apiTokenFor(busyOwner)}` }],
    ['GET /api/bookings/sitter', '/api/bookings/sitter', { authorization: `Bearer ${await apiTokenFor(busySitter)}` }],
    ['GET /bookings (HTML)', '/bookings', { cookie: await browserCookieFor(busyOwner) }],
  ] as const
  for (const [name, path, headers] of requests) {
    const first = await fetch(`${server.url}${path}`, { headers })
    if (first.status !== 200) throw new Error(`${path} answered ${first.status}`)
    const body = Buffer.from(await first.arrayBuffer())
    const bare = await startBareServer(body, first.headers.get('content-type') ?? 'application/json')
    try {
      const on = (instance: ServerProcess, connections: number) => load(`${instance.url}${path}`, { seconds: 5, connections, headers, serverPid: instance.pid })
      console.info(`\n${name} (first page, ${(body.length / 1024).toFixed(1)} KB, 10 connections, 5 s)`)
      console.info(`  ${engineLabel}, one instance   ${formatLoad(await on(server, 10))}`)
      if (other) console.info(`  ${engineLabel}, two instances  ${formatLoad(bothInstances(await Promise.all([on(server, 5), on(other, 5)])))}`)
      console.info(`  bare node:http            ${formatLoad(await load(bare.url, { seconds: 5, connections: 10 }))}`)
    } finally {
      bare.stop()
    }
  }
  console.info(`\nLoad average at the end ${load1()}`)
} finally {
  await db.destroy()
  await Promise.all(instances.map((instance) => instance.dispose()))
  await postgres?.stop()
}
