import path from 'node:path'
import { parseArgs } from 'node:util'
import { startServerProcess } from '#tests/server-process.ts'
import { giveBusyHistory } from './busy-history.ts'
import { chosenPages, demoRows, signedInPages, signIn } from './demo-server.ts'
import { formatLoad, load, percentile, startBareServer } from './load.ts'

// `npx node bench/compare-builds.ts <root A> <root B> [--rounds 16] [--busy] [--brotli] [/path ... (/path* for every page it begins)]`:
// two builds of the app side by side on the demo data, e.g. main and a `git worktree` of an earlier commit, each
// root with `npm run build` done (node_modules may be a link to another checkout's). Each signed-in page of
// bench/signed-in-pages.ts is loaded on one build and then the other, 1 s at a time at 10 connections (after the
// 1 s warm-up of every load), `rounds` times, the first build of a round alternating; each build's server CPU per
// request at the median, the median of the paired differences (B - A) and in how many rounds B took less, beside
// a bare node:http server sending B's bytes. The host's speed drifts by a fifth within minutes here: runs of
// one build and then the other cannot tell a change of a tenth, pairs a few seconds apart can. Run it with the
// same root twice to see what two servers of one build differ by. With --brotli the requests take brotli, as browsers do
// (the bare server sends the uncompressed page).

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '16' }, busy: { type: 'boolean', default: false }, brotli: { type: 'boolean', default: false } },
})
const [rootA, rootB, ...asked] = positionals
if (!rootA || !rootB) throw new Error('Usage: npx node bench/compare-builds.ts <root A> <root B> [--rounds 16] [--busy] [--brotli] [/path ...]')
const rounds = Number(values.rounds)
const connections = 10

async function startBuild(root: string, index: number) {
  const server = await startServerProcess({
    root: path.resolve(root),
    directory: path.resolve('tests/.tmp', `compare-builds-${process.pid}-${index}`),
    environment: { SEED_DEMO: 'true' },
  })
  const rows = demoRows(server.databaseFile)
  if (values.busy) giveBusyHistory(server.databaseFile, { ownerId: rows.olivia, sitterId: rows.sam, count: 1000 })
  const cookies = { owner: await signIn(server.url, 'owner@pawpal.test'), sitter: await signIn(server.url, 'sitter@pawpal.test') }
  return { root, server, rows, cookies }
}

const builds = [await startBuild(rootA, 0)]
try {
  builds.push(await startBuild(rootB, 1))
  const median = (values: number[]) => percentile([...values].sort((a, b) => a - b), 0.5)
  console.info(`Server CPU per request (ms), ${rounds} rounds of 1 s a build, ${connections} connections, ${values.busy ? 'the busy owner and sitter' : 'the demo data'}${values.brotli ? ', brotli' : ''}\n`)
  for (const { visitor, path: page } of chosenPages(signedInPages(builds[0]!.rows), asked)) {
    const cpu = builds.map(() => [] as number[])
    for (let round = 0; round < rounds; round++) {
      for (const index of round % 2 ? [1, 0] : [0, 1]) {
        const { server, cookies } = builds[index]!
        const headers: Record<string, string> = values.brotli ? { cookie: cookies[visitor], 'accept-encoding': 'br' } : { cookie: cookies[visitor] }
        const result = await load(`${server.url}${page}`, { seconds: 1, connections, headers, serverPid: server.pid })
        if (result.errors) throw new Error(`${page} answered ${result.errors} requests with another status than 200 on ${builds[index]!.root}`)
        cpu[index]!.push(result.cpuPerRequest)
      }
    }
    const [a, b] = cpu as [number[], number[]]
    const differences = b.map((value, round) => value - a[round]!)
    const lower = differences.filter((difference) => difference < 0).length
    const body = Buffer.from(await (await fetch(`${builds[1]!.server.url}${page}`, { headers: { cookie: builds[1]!.cookies[visitor] } })).arrayBuffer())
    const bare = await startBareServer(body, 'text/html; charset=utf-8')
    const bareResult = await load(bare.url, { seconds: 1, connections, serverPid: bare.pid })
    bare.stop()
    console.info(`GET ${page} (${visitor}): A ${median(a).toFixed(2)}, B ${median(b).toFixed(2)}, B - A ${median(differences).toFixed(2)} at the median of pairs, B lower in ${lower} of ${rounds}`)
    console.info(`    bare node:http, B's ${(body.byteLength / 1024).toFixed(1)} KB: ${formatLoad(bareResult)}`)
  }
} finally {
  for (const { server } of builds) await server.dispose()
}
