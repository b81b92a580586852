import { parseArgs } from 'node:util'
import { giveBusyHistory } from './busy-history.ts'
import { cpuPerRequest, type Handle, loadBuild, median, prepareEnvironment, send, signIn } from './in-process.ts'

// `npx node bench/compare-builds-in-process.ts <root A> <root B> [--rounds 40] [--per 100] [--busy] [/path ...
// (/path* for every page it begins)]`: compare-builds.ts in one process. Two builds of the app (e.g. a `git worktree`
// of an earlier commit and this checkout, each with `npm run build` done; node_modules may be a link to another
// checkout's) answer the signed-in pages of bench/signed-in-pages.ts on one demo database, without HTTP: `per`
// requests in a row on one build and then the other, `rounds` times, the first of a pair alternating. Each build's
// CPU per request at the median, the median of the paired differences (B - A) and in how many rounds B took less,
// beside a handler that answers the same bytes at once. Two servers on this host drift apart by more than a change of
// a few tenths within minutes; pairs in one process a second apart share the host's state. B starts the app (its
// migrations, the demo data, the background work); A answers requests only. Run it with the same root twice to see
// what the method itself differs by: one build, loaded once, against itself.

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '40' }, per: { type: 'string', default: '100' }, busy: { type: 'boolean', default: false } },
})
const [rootA, rootB, ...asked] = positionals
if (!rootA || !rootB) throw new Error('Usage: npx node bench/compare-builds-in-process.ts <root A> <root B> [--rounds 40] [--per 100] [--busy] [/path ...]')
const rounds = Number(values.rounds)
const per = Number(values.per)

const { databaseFile, remove } = prepareEnvironment('bench-builds')
const { createSplitRequestHandler } = await import('#app/lib/split-request-handler.server.ts')
const { chosenPages, demoRows, signedInPages } = await import('./demo-server.ts')
const loaded = { B: await loadBuild(rootB), A: await loadBuild(rootA) }
await loaded.B.entry.startApp()
const rows = demoRows(databaseFile)
if (values.busy) giveBusyHistory(databaseFile, { ownerId: rows.olivia, sitterId: rows.sam, count: 1000 })
const builds = {
  A: { entry: loaded.A.entry, handle: createSplitRequestHandler(loaded.A.build, 'production') },
  B: { entry: loaded.B.entry, handle: createSplitRequestHandler(loaded.B.build, 'production') },
}
const cookies = { owner: await signIn(builds.B.entry, builds.B.handle, 'owner@pawpal.test'), sitter: await signIn(builds.B.entry, builds.B.handle, 'sitter@pawpal.test') }
const cpuOf = (which: 'A' | 'B', pathname: string, cookie: string) => cpuPerRequest(builds[which].entry, builds[which].handle, pathname, cookie, per)

console.info(`Signed-in pages on the ${values.busy ? 'busy' : 'demo'} data (SQLite), in one process, ${rounds} rounds of ${per} requests on each build\nA ${rootA}\nB ${rootB}\n`)
for (const { visitor, path: pathname } of chosenPages(signedInPages(rows), asked)) {
  const cookie = cookies[visitor]
  const bytes = { A: 0, B: 0 }
  let body = new ArrayBuffer(0)
  for (const which of ['A', 'B'] as const) {
    body = await (await send(builds[which].entry, builds[which].handle, pathname, { headers: { cookie } })).arrayBuffer()
    bytes[which] = body.byteLength
  }
  const same: Handle = () => Promise.resolve(new Response(body, { headers: { 'content-type': 'text/html; charset=utf-8' } }))
  const measured = { A: [] as number[], B: [] as number[], same: [] as number[], differences: [] as number[] }
  for (const which of ['A', 'B'] as const) await cpuOf(which, pathname, cookie) // warm up
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['A', 'B'] as const) : (['B', 'A'] as const)
    const taken = { A: 0, B: 0 }
    for (const which of order) taken[which] = await cpuOf(which, pathname, cookie)
    measured.A.push(taken.A)
    measured.B.push(taken.B)
    measured.differences.push(taken.B - taken.A)
    measured.same.push(await cpuPerRequest(builds.B.entry, same, pathname, cookie, per))
  }
  const lower = measured.differences.filter((difference) => difference < 0).length
  const size = (which: 'A' | 'B') => `${(bytes[which] / 1024).toFixed(1)} KB`
  console.info(
    `${`GET ${pathname} (${visitor})`.padEnd(48)} A ${median(measured.A).toFixed(2)} ms (${size('A')}), B ${median(measured.B).toFixed(2)} ms (${size('B')}), ` +
      `B - A ${median(measured.differences).toFixed(2)} at the median of pairs, B lower in ${lower} of ${rounds}`,
  )
  console.info(`${'    the same bytes answered at once'.padEnd(48)} ${median(measured.same).toFixed(2)} ms`)
}
await builds.B.entry.stopApp()
remove()
