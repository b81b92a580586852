import { mkdirSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { brotliCompressSync, constants } from 'node:zlib'
import { giveBusyHistory } from './busy-history.ts'
import { chosenPages, demoRows, signedInPages, signIn, startDemoServer } from './demo-server.ts'
import { formatLoad, load, startBareServer } from './load.ts'

// `npx node bench/signed-in-pages.ts [--seconds 5] [--connections 10] [--profile <dir>] [--busy] [--brotli] [/path ... (/path* for every page it begins)]` (builds when
// the source changed): issue 34 part 2's pages as the demo owner and sitter see them, on the production server
// with the demo data (SQLite). For each page: requests/s, p50, p99 and the server's CPU time per request at
// `connections` keep-alive connections signed in with a session cookie, beside a bare node:http server sending
// the same bytes. With --profile the server writes a V8 CPU profile (.cpuprofile) of the whole run into <dir>.
// With --busy the demo owner and sitter first get 1,000 more bookings and 1,000 more conversations each
// (bench/busy-history.ts). With --brotli the requests take brotli as browsers do, so the server's figure includes
// compressing each page.

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    seconds: { type: 'string', default: '5' },
    connections: { type: 'string', default: '10' },
    profile: { type: 'string' },
    busy: { type: 'boolean', default: false },
    brotli: { type: 'boolean', default: false },
  },
})
const seconds = Number(values.seconds)
const connections = Number(values.connections)
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
  console.info(`Signed-in pages on ${data} (SQLite), ${connections} connections, ${seconds} s each${values.brotli ? ', brotli' : ''}\n`)
  for (const { visitor, path: page } of chosen) {
    const cookie = cookies[visitor]
    const response = await fetch(`${server.url}${page}`, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`${page} answered ${response.status} to the ${visitor}`)
    const body = Buffer.from(await response.arrayBuffer())
    const headers: Record<string, string> = values.brotli ? { cookie, 'accept-encoding': 'br' } : { cookie }
    const app = await load(`${server.url}${page}`, { seconds, connections, headers, serverPid: server.pid })
    // With --brotli the app compresses every answer, as browsers ask; the bare server sends the page compressed once.
    const bare = await startBareServer(values.brotli ? brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } }) : body, 'text/html; charset=utf-8')
    const bareResult = await load(bare.url, { seconds, connections, serverPid: bare.pid })
    bare.stop()
    console.info(`${`GET ${page} (${visitor}, ${(body.byteLength / 1024).toFixed(1)} KB)`.padEnd(60)} ${formatLoad(app)}`)
    console.info(`${'    bare node:http, same bytes'.padEnd(60)} ${formatLoad(bareResult)}`)
  }
} finally {
  await server.stop()
}
if (profileDirectory) console.info(`\nCPU profile written to ${profileDirectory} (open it in Chrome DevTools' Performance panel)`)

