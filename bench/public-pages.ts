// Throughput of the pages anonymous visitors share (DESIGN.md section 8), each printed beside a bare
// node:http server sending the same bytes in the same run. Starts its own production server on a fresh
// demo database (run `npm run build` first).
// Usage: npx node bench/public-pages.ts [--connections 50] [--seconds 10] [/path ...]
import { createServer } from 'node:http'
import type { AddressInfo } from 'node:net'
import path from 'node:path'
import { parseArgs } from 'node:util'
import autocannon from 'autocannon'
import { startServerProcess } from '../tests/server-process.ts'

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { connections: { type: 'string', default: '50' }, seconds: { type: 'string', default: '10' } },
})
const connections = Number(values.connections)
const duration = Number(values.seconds)
const paths = positionals.length > 0 ? positionals : ['/login', '/terms']

type Figures = { requestsPerSecond: number; p50: number; p99: number; errors: number }

async function load(url: string, headers: Record<string, string> = {}): Promise<Figures> {
  const result = await autocannon({ url, connections, duration, headers })
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.non2xx - (headers['if-none-match'] ? result['3xx'] : 0),
  }
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
  `${label.padEnd(28)} ${figures.requestsPerSecond.toFixed(0).padStart(7)} req/s  p50 ${String(figures.p50).padStart(3)} ms  p99 ${String(figures.p99).padStart(4)} ms  errors ${figures.errors}  | bare ${bare.requestsPerSecond.toFixed(0).padStart(7)} req/s  p99 ${String(bare.p99).padStart(3)} ms  | ${((100 * figures.requestsPerSecond) / bare.requestsPerSecond).toFixed(0)}% of bare`

const app = await startServerProcess({
  root: process.cwd(),
  directory: path.resolve('tests/.tmp', `bench-${process.pid}`),
  environment: { SEED_DEMO: 'true' },
})
try {
  console.info(`${connections} connections, ${duration} s each, Node ${process.version}, ${app.url}`)
  for (const pathname of paths) {
    const sample = await fetch(`${app.url}${pathname}`)
    const body = Buffer.from(await sample.arrayBuffer())
    const etag = sample.headers.get('etag')
    const bare = await bareServer(body, sample.headers)
    const figures = await load(`${app.url}${pathname}`)
    const bareFigures = await load(bare.url)
    bare.close()
    console.info(line(`GET ${pathname}`, figures, bareFigures))
    if (etag) {
      const notModified = await bareServer(Buffer.alloc(0), new Headers({ etag }), 304)
      const revalidated = await load(`${app.url}${pathname}`, { 'if-none-match': etag })
      const bareRevalidated = await load(notModified.url)
      notModified.close()
      console.info(line(`GET ${pathname} (304)`, revalidated, bareRevalidated))
    }
  }
} finally {
  await app.dispose()
}
