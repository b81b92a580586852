import { type ChildProcess, spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { findFreePort, startServerProcess } from '#tests/server-process.ts'

// `npx node bench/http.ts [--database data/large.db] [--seconds 10] [--connections 50] [--path /api/...]`:
// requests per second and latency of the production server (npm run build first) on the large data set,
// with `connections` keep-alive connections each sending its next request as soon as the last is answered,
// and in the same run a bare node:http server sending the same bytes (bench/bare-server.ts), so the
// figures can be read against what this machine does at all. The load comes from this process (a Node
// load generator with node:http keep-alive agents); the app and the bare server run in their own processes,
// and the CPU time each server process spent per request (from /proc, Linux) is printed too: unlike
// requests per second it hardly changes when other processes share the cores.

const { values } = parseArgs({
  options: {
    database: { type: 'string', default: 'data/large.db' },
    seconds: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    path: { type: 'string', multiple: true, default: ['/api/users/sitters?bbox=8.50,47.36,8.58,47.39&limit=100'] },
  },
})
const root = path.resolve('.')
const databaseFile = path.resolve(values.database)
const seconds = Number(values.seconds)
const connections = Number(values.connections)
if (!existsSync('build/server/index.js')) throw new Error('No production build: run npm run build first')
if (!existsSync(databaseFile)) throw new Error(`No ${databaseFile}: run npm run db:seed:large first`)

type Result = { requests: number; perSecond: number; p50: number; p99: number; errors: number; cpuPerRequest: number }

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc; ticks of 10 ms). */
function cpuMillisecondsOf(pid: number) {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

/** `connections` loops of request-after-answer against `url` for `seconds`, after a one-second warm-up. */
async function load(url: string, serverPid: number): Promise<Result> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now()
      request(url, { agent }, (response) => {
        response.on('data', () => {})
        response.on('end', () => resolve(response.statusCode === 200 ? performance.now() - started : Number.NaN))
      })
        .on('error', reject)
        .end()
    })
  const run = async (until: number, latencies: number[]) => {
    while (performance.now() < until) latencies.push(await once())
  }
  const warmUp = performance.now() + 1000
  await Promise.all(Array.from({ length: connections }, () => run(warmUp, [])))
  const latencies: number[] = []
  const cpuBefore = cpuMillisecondsOf(serverPid)
  const started = performance.now()
  await Promise.all(Array.from({ length: connections }, () => run(started + seconds * 1000, latencies)))
  const elapsed = (performance.now() - started) / 1000
  const cpuPerRequest = (cpuMillisecondsOf(serverPid) - cpuBefore) / latencies.length
  agent.destroy()
  const answered = latencies.filter((latency) => !Number.isNaN(latency)).sort((a, b) => a - b)
  const at = (p: number) => answered[Math.min(answered.length - 1, Math.ceil(p * answered.length) - 1)] ?? Number.NaN
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: at(0.5),
    p99: at(0.99),
    errors: latencies.length - answered.length,
    cpuPerRequest,
  }
}

async function startBareServer(body: Buffer, contentType: string) {
  const directory = mkdtempSync(path.join(tmpdir(), 'pawpal-bare-'))
  const bodyFile = path.join(directory, 'body')
  writeFileSync(bodyFile, body)
  const port = await findFreePort()
  const child: ChildProcess = spawn(process.execPath, ['bench/bare-server.ts', String(port), bodyFile, contentType], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()))
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid ?? 0,
    stop: () => {
      child.kill('SIGTERM')
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

const format = (result: Result) =>
  `${result.perSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms` +
  `   server CPU ${result.cpuPerRequest.toFixed(2)} ms/request` +
  `   (${result.requests} requests${result.errors ? `, ${result.errors} not 200` : ''})`

const app = await startServerProcess({
  root,
  directory: mkdtempSync(path.join(tmpdir(), 'pawpal-bench-')),
  environment: { DATABASE_URL: `file:${databaseFile}` },
})
try {
  console.info(`${connections} connections, ${seconds} s each, against ${databaseFile}; load average ${loadavg().map((v) => v.toFixed(1)).join(' ')}\n`)
  for (const target of values.path) {
    const first = await fetch(`${app.url}${target}`)
    if (first.status !== 200) throw new Error(`${target} answered ${first.status}: ${await first.text()}`)
    const body = Buffer.from(await first.arrayBuffer())
    const bare = await startBareServer(body, first.headers.get('content-type') ?? 'application/json')
    try {
      const appResult = await load(`${app.url}${target}`, app.pid)
      const bareResult = await load(bare.url, bare.pid)
      console.info(`GET ${target} (${body.length} bytes)`)
      console.info(`  app   ${format(appResult)}`)
      console.info(`  bare  ${format(bareResult)}`)
      console.info(`  app / bare: ${((appResult.perSecond / bareResult.perSecond) * 100).toFixed(1)} % of the requests per second\n`)
    } finally {
      bare.stop()
    }
  }
} finally {
  await app.dispose()
}
