import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants } from 'node:zlib'
import { giveBusyHistory } from './busy-history.ts'
import { chosenPages, demoRows, signedInPages, signIn, startDemoServer } from './demo-server.ts'
import { formatLoad, type LoadResult, load, startBareServer } from './load.ts'

// `npx node bench/signed-in-pages.ts [--seconds 5] [--connections 10] [--runs 1] [--profile <dir>] [--busy] [--brotli] [/path ... (/path* for every page it begins)]` (builds when
// the source changed): issue 34 part 2's pages as the demo owner and sitter see them, on the production server
// with the demo data (SQLite). For each page: requests/s, p50, p99 and the server's CPU time per request at
// `connections` keep-alive connections signed in with a session cookie, beside a bare node:http server sending
// the same bytes. With --profile the server writes a V8 CPU profile (.cpuprofile) of the whole run into <dir>.
// With --busy the demo owner and sitter first get 1,000 more bookings and 1,000 more conversations each
// (bench/busy-history.ts). With --brotli the requests take brotli as browsers do, so the server's figure includes
// compressing each page. With --runs N every page is loaded N times, a round over all the pages at a time, and each
// page's run of median CPU is printed with the CPU of all its runs: on a shared host a busy minute then moves one
// run of a page, not its figure.

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    runs: { type: 'string', default: '1' },
    profile: { type: 'string' },
    busy: { type: 'boolean', default: false },
    brotli: { type: 'boolean', default: false },
  },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)
const runs = Number(values.runs)
const profileDirectory = values.profile && path.resolve(values.profile)
if (profileDirectory) mkdirSync(profileDirectory, { recursive: true })

const server = await startDemoServer(profileDirectory ? { NODE_OPTIONS: `--cpu-prof --cpu-prof-dir=${profileDirectory}` } : {})
try {
  const rows = demoRows(server.databaseFile)
  if (values.busy) giveBusyHistory(server.databaseFile, { ownerId: rows.olivia, sitterId: rows.sam, count: 1000 })
  const owner = await signIn(server.url, 'owner@pawpal.test')
  const sitter = await signIn(server.url, 'sitter@pawpal.test')
  const cookies = { owner, sitter }
  const chosen = chosenPages(signedInPages(rows), positionals)
  const data = values.busy ? 'the demo data, the owner and the sitter with 1,000 more bookings and conversations each' : 'the demo data'
  const runsText = runs > 1 ? `, ${runs} runs (the median's figures)` : ''
  console.info(`Signed-in pages on ${data} (SQLite), ${connections} connections, ${seconds} s each${values.brotli ? ', brotli' : ''}${runsText}\n`)
  const pages = []
  for (const { visitor, path: page } of chosen) {
    const cookie = cookies[visitor]
    const response = await fetch(`${server.url}${page}`, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`${page} answered ${response.status} to the ${visitor}`)
    const body = Buffer.from(await response.arrayBuffer())
    const headers: Record<string, string> = values.brotli ? { cookie, 'accept-encoding': 'br' } : { cookie }
    // With --brotli the app compresses every answer, as browsers ask; the bare server sends the page compressed once.
    const bareBody = values.brotli ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : body
    pages.push({ visitor, page, body, headers, bareBody, app: [] as LoadResult[], bare: [] as LoadResult[] })
  }
  for (let run = 0; run < runs; run++) {
    for (const measured of pages) {
      measured.app.push(await load(`${server.url}${measured.page}`, { seconds, connections, headers: measured.headers, serverPid: server.pid }))
      const bare = await startBareServer(measured.bareBody, 'text/html; charset=utf-8')
      measured.bare.push(await load(bare.url, { seconds, connections, serverPid: bare.pid }))
      bare.stop()
    }
  }
  for (const { visitor, page, body, app, bare } of pages) {
    const cpuOfRuns = runs > 1 ? `   (runs: ${app.map((result) => result.cpuPerRequest.toFixed(2)).join(', ')} ms)` : ''
    console.info(`${`GET ${page} (${visitor}, ${(body.byteLength / 1024).toFixed(1)} KB)`.padEnd(60)} ${formatLoad(medianRun(app))}${cpuOfRuns}`)
    console.info(`${'    bare node:http, same bytes'.padEnd(60)} ${formatLoad(medianRun(bare))}`)
  }
} finally {
  await server.stop()
}
if (profileDirectory) console.info(`\nCPU profile written to ${profileDirectory} (open it in Chrome DevTools' Performance panel)`)

/** The run of median server CPU per request (the lower middle one of an even number). */
function medianRun(results: LoadResult[]) {
  return [...results].sort((a, b) => a.cpuPerRequest - b.cpuPerRequest)[(results.length - 1) >> 1]!
}
