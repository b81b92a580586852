import { existsSync, mkdtempSync } from 'node:fs'
import { loadavg, tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import { startServerProcess } from '#tests/server-process.ts'
import { formatLoad as format, load, startBareServer } from './load.ts'

// `npx node bench/http.ts [--database data/large.db] [--seconds 10] [--connections 50] [--path /api/...]`:
// requests per second and latency of the production server (npm run build first) on the large data set,
// with `connections` keep-alive connections each sending its next request as soon as the last is answered,
// and in the same run a bare node:http server sending the same bytes (bench/bare-server.ts), so the
// figures can be read against what this machine does at all. The load comes from this process (a Node
// load generator with node:http keep-alive agents); the app and the bare server run in their own processes.

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
      const appResult = await load(`${app.url}${target}`, { seconds, connections, serverPid: app.pid })
      const bareResult = await load(bare.url, { seconds, connections, serverPid: bare.pid })
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
