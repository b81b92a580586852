// Throughput of the pages anonymous visitors share and of the map's API (DESIGN.md section 8), each printed beside a bare
// node:http server sending the same bytes in the same run, with the CPU time the app's process spent per
// request (Linux /proc; unlike requests per second it hardly moves when other processes share the cores).
// Starts its own production server (run `npm run build` first) on a fresh demo database, or with
// --database on a copy of that file (e.g. data/large.db from `npm run db:seed:large`: 110,000 sitters).
// `{sitter}` in a path is the first listed sitter's id; `{n}` is a new number on every request (six digits,
// zero-padded), so each request asks a question nobody asked before and no shared copy can answer it.
// Usage: npx node bench/public-pages.ts [--connections 50] [--seconds 10] [--database data/large.db] [/path ...]
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer, get } from 'node:http'
import type { AddressInfo } from 'node:net'
import { loadavg } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { startServerProcess } from '../tests/server-process.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    connections: { type: 'string', default: '50' },
    seconds: { type: 'string', default: '10' },
    database: { type: 'string' },
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

let asked = 0
/** The path with each `{n}` replaced by a number no request had before. */
const freshQuestion = (target: string) => target.replaceAll('{n}', () => String(++asked).padStart(6, '0'))

async function load(url: string, { headers = {}, serverPid }: { headers?: Record<string, string>; serverPid?: number } = {}): Promise<Figures> {
  const cpuBefore = serverPid ? cpuMillisecondsOf(serverPid) : 0
  const { origin } = new URL(url)
  const target = url.slice(origin.length)
  // Only a varying path builds each request anew (which costs the load generator a little).
  const destination = target.includes('{n}') ? { url: origin, requests: [{ setupRequest: (request: object) => ({ ...request, path: freshQuestion(target) }) }] } : { url }
  const result = await autocannon({ ...destination, connections, duration, headers })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx - (headers['if-none-match'] ? result['3xx'] : 0),
    cpuPerRequest: serverPid ? (cpuMillisecondsOf(serverPid) - cpuBefore) / result.requests.total : null,
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

const line = (label: string, figures: Figures, bare: Figures) =>
  `${label.padEnd(44)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(figures.p50).padStart(3)} ms  p99 ${String(figures.p99).padStart(4)} ms  ` +
  `CPU ${figures.cpuPerRequest?.toFixed(2) ?? '?'} ms/req  errors ${figures.errors}  | bare ${bare.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(bare.p99).padStart(3)} ms  | ` +
  `${((100 * figures.requestsPerSecond) / bare.requestsPerSecond).toFixed(0)}% of bare`

const directory = path.resolve('tests/.tmp', `bench-${process.pid}`)
const copy = path.join(`${directory}-data`, 'app.db')
if (values.database) {
  // A copy: the app migrates and writes (sessions, housekeeping); the original stays as seeded.
  mkdirSync(path.dirname(copy), { recursive: true })
  copyFileSync(values.database, copy)
}
const app = await startServerProcess({
  root: process.cwd(),
  directory,
  environment: values.database ? { DATABASE_URL: `file:${copy}`, SEED_DEMO: 'false' } : { SEED_DEMO: 'true' },
})
try {
  const listed = (await (await fetch(`${app.url}/api/users/sitters?limit=1`)).json()) as { data: { id: string }[]; meta: { total: number } }
  console.info(
    `${connections} connections, ${duration} s each, Node ${process.version}, ${app.url}, ${listed.meta.total} sitters; ` +
      `load average ${loadavg().map((value) => value.toFixed(1)).join(' ')}`,
  )
  // As a load tool asks (no compression), then as a browser asks (brotli, gzip).
  const clients: { label: string; headers: Record<string, string> }[] = [
    { label: '', headers: {} },
    { label: ' (br)', headers: { 'accept-encoding': 'gzip, deflate, br, zstd' } },
  ]
  for (const pathname of paths.map((target) => target.replace('{sitter}', listed.data[0]?.id ?? 'none'))) {
    const label = pathname.replace(listed.data[0]?.id ?? '{sitter}', '{id}')
    for (const client of clients) {
      const first = await sample(`${app.url}${freshQuestion(pathname)}`, client.headers)
      if (first.status !== 200) throw new Error(`${pathname} answered ${first.status}`)
      const bare = await bareServer(first.body, first.headers)
      const figures = await load(`${app.url}${pathname}`, { headers: client.headers, serverPid: app.pid })
      const bareFigures = await load(bare.url)
      bare.close()
      console.info(line(`GET ${label}${client.label} ${(first.body.length / 1024).toFixed(1)} KB`, figures, bareFigures))
      const etag = first.headers.get('etag')
      if (etag && client.label === '' && !pathname.includes('{n}')) {
        const notModified = await bareServer(Buffer.alloc(0), new Headers({ etag }), 304)
        const revalidated = await load(`${app.url}${pathname}`, { headers: { 'if-none-match': etag }, serverPid: app.pid })
        const bareRevalidated = await load(notModified.url)
        notModified.close()
        console.info(line(`GET ${label} (304)`, revalidated, bareRevalidated))
      }
    }
  }
} finally {
  await app.dispose()
  if (values.database) rmSync(path.dirname(copy), { recursive: true, force: true })
}
