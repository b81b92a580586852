// Throughput of the pages anonymous visitors share and of the map's API (DESIGN.md section 8), each printed beside a bare
// node:http server sending the same bytes in the same run, with the CPU time the app's processes spent per
// request (Linux /proc; unlike requests per second it hardly moves when other processes share the cores).
// Starts its own production server (run `npm run build` first) on a fresh demo database, or with
// --database on a copy of that file (e.g. data/large.db from `npm run db:seed:large`: 110,000 sitters).
// With --postgres each figure is measured on PostgreSQL too (issue 18), with one instance and with two on one
// database (half the connections to each: no sticky sessions), on an embedded PostgreSQL from node_modules or
// the server at --postgres-url; with --database on a copy of the large data set's PostgreSQL twin
// (`npm run db:seed:large -- --postgres`), otherwise on a fresh demo database.
// `{sitter}` in a path is the first listed sitter's id; `{n}` is a new number on every request (six digits,
// zero-padded), so each request asks a question nobody asked before and no shared copy can answer it.
// Usage: npx node bench/public-pages.ts [--connections 50] [--seconds 10] [--database data/large.db]
//   [--postgres] [--postgres-url postgres://...] [/path ...]
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import type { ServerProcess } from '#tests/server-process.ts'
import { startBenchPostgres, startInstances } from './postgres.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    database: { type: 'string' },
    postgres: { type: 'boolean', default: false },
    'postgres-url': { type: 'string' },
  },
})
const connections = Number(values.connections)
const duration = Number(values.seconds)
const paths =
  positionals.length > 0
    ? positionals
    : [
        ...['/login', '/terms', '/sitters', '/sitters?search=wiedikon', '/sitters/{sitter}', '/sitters/{sitter}?tab=reviews'],
        // The map's box asked again and again (a shared copy answers), then a new box every time (each one searched).
        ...['/api/users/sitters?bbox=8.50,47.36,8.58,47.39&limit=100', '/api/users/sitters?bbox=8.50,47.36,8.58,47.39{n}&limit=100'],
      ]
if (values.database && !existsSync(values.database)) throw new Error(`No ${values.database}: run npm run db:seed:large first`)

type Figures = { requestsPerSecond: number; p50: number; p99: number; errors: number; cpuPerRequest: number | null }

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc; ticks of 10 ms). */
function cpuMillisecondsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}
const cpuOf = (pids: readonly number[]) => pids.reduce((sum, pid) => sum + cpuMillisecondsOf(pid), 0)

let asked = 0
/** The path with each `{n}` replaced by a number no request had before. */
const freshQuestion = (target: string) => target.replaceAll('{n}', () => String(++asked).padStart(6, '0'))

/**
 * `connections` for `duration` seconds against `target` on the servers at `origins`, an equal share of the
 * connections each (two autocannons at once for two instances). Requests per second add up; p50 and p99 are
 * the slower instance's; the CPU time is that of every process in `pids`.
 */
async function load(
  origins: readonly string[],
  target: string,
  { headers = {}, pids = [], revalidating = false }: { headers?: Record<string, string>; pids?: readonly number[]; revalidating?: boolean } = {},
): Promise<Figures> {
  const cpuBefore = cpuOf(pids)
  const results = await Promise.all(
    origins.map((origin) => {
      // Only a varying path builds each request anew (which costs the load generator a little).
      const destination = target.includes('{n}') ? { url: origin, requests: [{ setupRequest: (request: object) => ({ ...request, path: freshQuestion(target) }) }] } : { url: `${origin}${target}` }
      return autocannon({ ...destination, connections: Math.ceil(connections / origins.length), duration, headers })
    }),
  )
  const total = results.reduce((sum, result) => sum + result.requests.total, 0)
  return {
    requestsPerSecond: results.reduce((sum, result) => sum + result.requests.average, 0),
    p50: Math.max(...results.map((result) => result.latency.p50)),
    p99: Math.max(...results.map((result) => result.latency.p99)),
    // A revalidation's 304 is its expected answer.
    errors: results.reduce((sum, result) => sum + result.errors + result.non2xx - (revalidating ? result['3xx'] : 0), 0),
    cpuPerRequest: pids.length > 0 ? (cpuOf(pids) - cpuBefore) / total : null,
  }
}

/** One answer as it comes over the wire (fetch would decompress it): status, headers and bytes. */
function sample(url: string, headers: Record<string, string>) {
  return new Promise<{ status: number; headers: Headers; body: Buffer }>((resolve, reject) => {
    get(url, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => {
        const answerHeaders = new Headers()
        for (const [name, value] of Object.entries(response.headers)) if (typeof value === 'string') answerHeaders.set(name, value)
        resolve({ status: response.statusCode ?? 0, headers: answerHeaders, body: Buffer.concat(chunks) })
      })
    }).on('error', reject)
  })
}

/** A bare node:http server answering every request with these bytes and headers. */
async function bareServer(body: Buffer, headers: Headers, status = 200) {
  const server = createServer((_request, response) => {
    response.writeHead(status, Object.fromEntries(headers))
    response.end(body)
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  return { url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`, close: () => server.close() }
}

const line = (label: string, figures: Figures, bare: Figures | null) =>
  `  ${label.padEnd(16)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(figures.p50).padStart(4)} ms  p99 ${String(figures.p99).padStart(5)} ms  ` +
  `CPU ${figures.cpuPerRequest?.toFixed(2) ?? '   -'} ms/req  errors ${figures.errors}` +
  (bare ? `  ${((100 * figures.requestsPerSecond) / bare.requestsPerSecond).toFixed(0).padStart(3)}% of bare` : '')

/** The app on one engine with one or more instances: where to send the load, whose CPU to count. */
type Target = { label: string; origins: string[]; pids: number[]; sitter: string }

const sitterDirectory = path.resolve('tests/.tmp', `bench-${process.pid}-data`)
const sqliteCopy = path.join(sitterDirectory, 'app.db')
if (values.database) {
  // A copy: the app migrates and writes (sessions, housekeeping); the original stays as seeded.
  mkdirSync(sitterDirectory, { recursive: true })
  copyFileSync(values.database, sqliteCopy)
}
const withPostgres = values.postgres || values['postgres-url'] !== undefined
const postgres = withPostgres ? await startBenchPostgres({ serverUrl: values['postgres-url'], large: values.database !== undefined }) : null
const seeding = values.database ? { SEED_DEMO: 'false' } : { SEED_DEMO: 'true' }
const servers: ServerProcess[] = []
try {
  servers.push(...(await startInstances(1, values.database ? { DATABASE_URL: `file:${sqliteCopy}`, ...seeding } : seeding)))
  if (postgres) servers.push(...(await startInstances(2, { DATABASE_URL: postgres.databaseUrl, ...seeding })))
  const [sqlite, first, second] = servers
  const targetOf = async (label: string, instances: ServerProcess[]): Promise<Target> => {
    const listed = (await (await fetch(`${instances[0]!.url}/api/users/sitters?limit=1`)).json()) as { data: { id: string }[] }
    return { label, origins: instances.map((instance) => instance.url), pids: instances.map((instance) => instance.pid), sitter: listed.data[0]?.id ?? 'none' }
  }
  const targets = [await targetOf('SQLite', [sqlite!])]
  if (first && second) targets.push(await targetOf('PostgreSQL x1', [first]), await targetOf('PostgreSQL x2', [first, second]))
  const listed = (await (await fetch(`${sqlite!.url}/api/users/sitters?limit=1`)).json()) as { meta: { total: number } }
  console.info(
    `${connections} connections, ${duration} s each, Node ${process.version}, ${listed.meta.total} sitters, ${targets.map((target) => target.label).join(', ')}; ` +
      `load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`,
  )
  // As a load tool asks (no compression), then as a browser asks (brotli, gzip).
  const clients: { label: string; headers: Record<string, string> }[] = [
    { label: '', headers: {} },
    { label: ' (br)', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
  ]
  for (const pathname of paths) {
    for (const client of clients) {
      const pathOn = (target: Target) => pathname.replace('{sitter}', target.sitter)
      const first = await sample(`${sqlite!.url}${freshQuestion(pathOn(targets[0]!))}`, client.headers)
      if (first.status !== 200) throw new Error(`${pathname} answered ${first.status}`)
      console.info(`GET ${pathname.replace('{sitter}', '{id}')}${client.label} ${(first.body.length / 1024).toFixed(1)} KB`)
      const bare = await bareServer(first.body, first.headers)
      const bareFigures = await load([bare.url], '/')
      bare.close()
      for (const target of targets) console.info(line(target.label, await load(target.origins, pathOn(target), { headers: client.headers, pids: target.pids }), bareFigures))
      console.info(line('bare node:http', bareFigures, null))
      const etag = first.headers.get('etag')
      if (etag && client.label === '' && !pathname.includes('{n}')) {
        console.info(`GET ${pathname.replace('{sitter}', '{id}')} (304)`)
        const notModified = await bareServer(Buffer.alloc(0), new Headers({ etag }), 304)
        const bareRevalidated = await load([notModified.url], '/', { revalidating: true })
        notModified.close()
        for (const target of targets) {
          // Each engine's answer has its own bytes (ids, dates), so each is revalidated with its own ETag.
          const own = (await sample(`${target.origins[0]}${pathOn(target)}`, {})).headers.get('etag') ?? etag
          console.info(line(target.label, await load(target.origins, pathOn(target), { headers: { 'if-none-match': own }, pids: target.pids, revalidating: true }), bareRevalidated))
        }
        console.info(line('bare node:http', bareRevalidated, null))
      }
    }
  }
} finally {
  await Promise.all(servers.map((server) => server.dispose()))
  await postgres?.stop()
  if (values.database) rmSync(sitterDirectory, { recursive: true, force: true })
}
