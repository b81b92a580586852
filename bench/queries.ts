import { existsSync } from 'node:fs'
import { loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import Sqlite from 'better-sqlite3'
import { databaseOn, largePostgresDatabase, largePostgresDirectory, startEmbeddedPostgres } from '#db/embedded-postgres.ts'

// `npx node bench/queries.ts [--database data/large.db] [--runs 200] [--only 'map bbox'] [--postgres | --postgres-url <url>]`: how long the sitter search takes
// among the large data set (DESIGN.md section 8: the map's bbox under 10 ms among 100,000 sitters). Each
// scenario calls the feature function the API calls (searchSitters: the page, its total and the list
// items with ratings) `runs` times after a warm-up and prints the median and p99 of the wall time, and the
// median CPU time of this process (what a call costs even when other processes share the cores), the median
// of 20 runs each right after a change to public data (before the counts it needs are kept), then
// every statement one call ran with the median time SQLite took for it and its plan (EXPLAIN QUERY PLAN). Seeds the database first when
// it is missing (npm run db:seed:large). With --postgres the same scenarios run on the large data set's
// PostgreSQL twin (`npm run db:seed:large -- --postgres`: the embedded cluster of data/large-postgres, or
// the `large` database of the server at --postgres-url), without the statements and plans.

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'data/large.db' },
    runs: { type: 'string', default: '200' },
    only: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    'postgres-url': { type: 'string' },
  },
})
const file = path.resolve(values.database)
const runs = Number(values.runs)
if (!Number.isSafeInteger(runs) || runs < 1) throw new Error(`--runs must be a whole number, not ${values.runs}`)

// Every statement better-sqlite3 runs, with its parameters and how long SQLite took, while `recording`.
type Statement = { source: string; parameters: unknown[]; milliseconds: number }
let recording: Statement[] | null = null
// eslint-disable-next-line @typescript-eslint/unbound-method -- the original, called below with .call(this, ...)
const prepare = Sqlite.prototype.prepare
Sqlite.prototype.prepare = function (this: Sqlite.Database, source: string) {
  const statement = prepare.call(this, source)
  const all = statement.all.bind(statement)
  // Kysely passes its parameters as one array.
  statement.all = (parameters: unknown[] = []) => {
    const started = performance.now()
    const rows = all(parameters)
    recording?.push({ source, parameters, milliseconds: performance.now() - started })
    return rows
  }
  return statement
} as typeof prepare

const givenServer = values['postgres-url']
const postgres = givenServer ? { url: givenServer, stop: async () => {} } : values.postgres ? await startLargePostgres() : null
process.env.DATABASE_URL = postgres ? databaseOn(postgres.url, largePostgresDatabase) : `file:${file}`
process.env.SEED_DEMO = 'false'
const seeded = postgres !== null || existsSync(file)
const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { searchSitters } = await import('#app/features/sitters/sitter-search.server.ts')
const { SitterSearchSchema, sitterSearchInput } = await import('#app/features/sitters/sitter-search-schema.ts')

await migrateToLatest(db)
if (!seeded) {
  console.info(`Seeding ${file} (npm run db:seed:large) ...`)
  const { seedLargeData } = await import('#db/large-data.ts')
  await seedLargeData(db)
}
const listed = await db.selectFrom('sitterListings').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ')
console.info(`${postgres ? `PostgreSQL, ${givenServer ? 'the given server' : largePostgresDirectory}` : file}: ${listed.count} listed sitters; ${runs} runs per scenario after 20 warm-up runs; load average ${load()}\n`)

const scenarios: [string, Record<string, string>][] = [
  ['map bbox, Zurich city (zoom 13), limit 100', { bbox: '8.50,47.36,8.58,47.39', limit: '100' }],
  ['map bbox, Zurich region (zoom 10), limit 100', { bbox: '8.20,47.20,8.90,47.55', limit: '100' }],
  ['map bbox, Bern (zoom 12), limit 100', { bbox: '7.38,46.92,7.52,46.98', limit: '100' }],
  ['map bbox, all of Switzerland (zoom 7), limit 100', { bbox: '5.9,45.8,10.5,47.8', limit: '100' }],
  ['nearest 100 to Zurich centre (lat/lng)', { lat: '47.3769', lng: '8.5417', limit: '100' }],
  ['nearest 10 within 5 miles of Lugano', { lat: '46.0037', lng: '8.9511', radius: '5' }],
  ['search a district: "Wiedikon"', { search: 'Wiedikon' }],
  ['search a town: "Bern"', { search: 'Bern' }],
  ['search a common word: "walking"', { search: 'walking' }],
  ['search two words, the last a prefix: "dog sitt"', { search: 'dog sitt' }],
  ['search a name: "Anna Keller"', { search: 'Anna Keller' }],
  ['search "zurich" near Zurich centre', { search: 'zurich', lat: '47.3769', lng: '8.5417' }],
  ['list page 1, no search', {}],
  ['list page 500, no search', { page: '500' }],
  ['filters: walking, large dogs, free on a Monday', { service: 'walking', size: 'large', date: '2026-03-02' }],
]

/** What any change to a sitter does (db/migrations/005's triggers): the counts kept for the old version go. */
const bumpPublicDataVersion = () => db.updateTable('publicDataVersion').set((eb) => ({ version: eb('version', '+', 1) })).where('id', '=', 1).execute()

const percentile = (sorted: number[], p: number) => sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? NaN
const ms = (value: number) => `${value.toFixed(2)} ms`

const summary: string[] = []
for (const [name, params] of scenarios.filter(([name]) => name.includes(values.only ?? ''))) {
  const query = SitterSearchSchema.parse(sitterSearchInput(new URLSearchParams(params)))
  for (let run = 0; run < 20; run++) await searchSitters(query)
  const times: number[] = []
  const cpuTimes: number[] = []
  let found = { total: 0, page: 0 }
  recording = []
  for (let run = 0; run < runs; run++) {
    const cpu = process.cpuUsage()
    const started = performance.now()
    const result = await searchSitters(query)
    times.push(performance.now() - started)
    const used = process.cpuUsage(cpu)
    cpuTimes.push((used.user + used.system) / 1000)
    found = { total: result.total, page: result.sitters.length }
  }
  const statements = recording
  recording = null
  // Right after a change to public data nothing is kept: each of these runs follows a new version.
  const afterChange: number[] = []
  for (let run = 0; run < Math.min(runs, 20); run++) {
    await bumpPublicDataVersion()
    const started = performance.now()
    await searchSitters(query)
    afterChange.push(performance.now() - started)
  }
  afterChange.sort((a, b) => a - b)
  times.sort((a, b) => a - b)
  cpuTimes.sort((a, b) => a - b)
  const line =
    `${name.padEnd(50)} median ${ms(percentile(times, 50)).padStart(9)}  p99 ${ms(percentile(times, 99)).padStart(9)}` +
    `  cpu ${ms(percentile(cpuTimes, 50)).padStart(9)}  after a change ${ms(percentile(afterChange, 50)).padStart(9)}  ${found.page} of ${found.total}`
  summary.push(line)
  console.info(line)

  // Each statement of the last run (a ring search may run one more than another run needed), with the
  // median time SQLite took for it over all runs, and its plan.
  const lastRun = statements.slice(-statements.length / runs)
  for (const statement of lastRun) {
    const durations = statements.filter((s) => s.source === statement.source).map((s) => s.milliseconds).sort((a, b) => a - b)
    console.info(`    ${ms(percentile(durations, 50)).padStart(9)}  ${statement.source.replace(/\s+/g, ' ').slice(0, 150)}${statement.source.length > 150 ? ' ...' : ''}`)
    for (const row of explain(statement)) console.info(`                 ${row}`)
  }
  console.info('')
}

console.info(`Summary (wall time median and p99, CPU time median, median right after a change; load average at the end ${load()})`)
for (const line of summary) console.info(`  ${line}`)
await db.destroy()
await postgres?.stop()

/** The embedded cluster `npm run db:seed:large -- --postgres` wrote. */
async function startLargePostgres() {
  if (!existsSync(path.join(largePostgresDirectory, 'PG_VERSION'))) throw new Error(`No ${largePostgresDirectory}: run npm run db:seed:large -- --postgres first`)
  return startEmbeddedPostgres(largePostgresDirectory, { durable: true })
}

/** EXPLAIN QUERY PLAN of one recorded statement, as indented lines. */
function explain(statement: Statement) {
  const connection = new Sqlite(file, { readonly: true })
  try {
    const rows = prepare.call(connection, `explain query plan ${statement.source}`).all(statement.parameters) as { id: number; parent: number; detail: string }[]
    const depth = new Map<number, number>([[0, 0]])
    return rows.map((row) => {
      const level = (depth.get(row.parent) ?? 0) + 1
      depth.set(row.id, level)
      return `${'  '.repeat(level - 1)}${row.detail}`
    })
  } finally {
    connection.close()
  }
}
