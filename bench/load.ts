import { type ChildProcess, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { Agent, request } from 'node:http'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { findFreePort } from '#tests/server-process.ts'

// The HTTP load of the benches: `connections` keep-alive connections, each sending its next request as
// soon as the last is answered, and the bare node:http server (bench/bare-server.ts) whose figures every
// throughput figure is printed beside. Given the server's process id, the CPU time it spent per request
// (from /proc, Linux) is measured too: unlike requests/s it barely moves when other work shares the machine.

export type LoadResult = { requests: number; perSecond: number; p50: number; p99: number; errors: number; cpuPerRequest: number }

/** CPU time (user + system) a process has used so far, in milliseconds (Linux /proc; ticks of 10 ms). */
export function cpuMillisecondsOf(pid: number | undefined) {
  if (!pid) return Number.NaN
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? []
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100
}

type LoadOptions = { seconds: number; connections: number; headers?: Record<string, string>; serverPid?: number; freshUrl?: () => string }

/** `connections` loops of request-after-answer against `url` for `seconds`, after a one-second warm-up. */
/** `freshUrl`, when given, names each request's URL instead (a question nobody asked before). */
export async function load(url: string, { seconds, connections, headers = {}, serverPid, freshUrl }: LoadOptions): Promise<LoadResult> {
  const agent = new Agent({ keepAlive: true, maxSockets: connections })
  const once = () =>
    new Promise<number>((resolve, reject) => {
      const started = performance.now()
      request(freshUrl?.() ?? url, { agent, headers }, (response) => {
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
  return {
    requests: latencies.length,
    perSecond: latencies.length / elapsed,
    p50: percentile(answered, 0.5),
    p99: percentile(answered, 0.99),
    errors: latencies.length - answered.length,
    cpuPerRequest,
  }
}

/** Two instances' figures as one: requests per second add up, p50 and p99 are the slower one's. */
export function bothInstances([a, b]: readonly [LoadResult, LoadResult]): LoadResult {
  return {
    requests: a.requests + b.requests,
    perSecond: a.perSecond + b.perSecond,
    p50: Math.max(a.p50, b.p50),
    p99: Math.max(a.p99, b.p99),
    errors: a.errors + b.errors,
    cpuPerRequest: (a.cpuPerRequest * a.requests + b.cpuPerRequest * b.requests) / (a.requests + b.requests),
  }
}

/** The value at `p` (0-1) of sorted numbers. */
export function percentile(sorted: readonly number[], p: number) {
  return sorted[Math.min(sorted.length - 1, Math.ceil(p * sorted.length) - 1)] ?? Number.NaN
}

export async function startBareServer(body: Buffer, contentType: string) {
  const directory = mkdtempSync(path.join(tmpdir(), 'pawpal-bare-'))
  const bodyFile = path.join(directory, 'body')
  writeFileSync(bodyFile, body)
  const port = await findFreePort()
  const child: ChildProcess = spawn(process.execPath, ['bench/bare-server.ts', String(port), bodyFile, contentType], { stdio: ['ignore', 'pipe', 'inherit'] })
  await new Promise<void>((resolve) => child.stdout?.once('data', () => resolve()))
  return {
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    stop: () => {
      child.kill('SIGTERM')
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

export const formatLoad = (result: LoadResult) =>
  `${result.perSecond.toFixed(0).padStart(7)} req/s   p50 ${result.p50.toFixed(1).padStart(6)} ms   p99 ${result.p99.toFixed(1).padStart(6)} ms` +
  (Number.isFinite(result.cpuPerRequest) ? `   server CPU ${result.cpuPerRequest.toFixed(2)} ms/request` : '') +
  `   (${result.requests} requests${result.errors ? `, ${result.errors} not 200` : ''})`
