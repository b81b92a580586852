import { parseArgs } from 'node:util'
import { ensureFreshBuild } from '#tests/fresh-build.ts'
import { cpuPerRequest, type Handle, loadBuild, median, prepareEnvironment, send, signIn } from './in-process.ts'

// `npx node bench/split-handler.ts [--rounds 20] [--per 50] [/path ... (/path* for every page it begins)]` (builds
// when the source changed): decision 093 measured in one process, where two handlers cannot drift apart as two
// servers do on a shared host. The production build with the demo data answers each signed-in page of
// bench/signed-in-pages.ts through the app's handler (pages and API apart) and through one React Router handler of
// the whole build, `per` requests in a row on each, `rounds` times, the first of a pair alternating: the CPU time per
// request at the median, the median of the paired differences and in how many rounds the app's took less, beside a
// handler that answers the same bytes at once (no HTTP or compression on any of them).

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '20' }, per: { type: 'string', default: '50' } },
})
const rounds = Number(values.rounds)
const per = Number(values.per)

ensureFreshBuild(process.cwd())
const { databaseFile, remove } = prepareEnvironment('bench-split')
const { createRequestHandler } = await import('react-router')
const { createSplitRequestHandler } = await import('#app/lib/split-request-handler.server.ts')
const { chosenPages, demoRows, signedInPages } = await import('./demo-server.ts')
const { build, entry } = await loadBuild('.')
await entry.startApp()
const handlers = { split: createSplitRequestHandler(build, 'production'), whole: createRequestHandler(build, 'production') }
const cpuOf = (handle: Handle, pathname: string, cookie: string) => cpuPerRequest(entry, handle, pathname, cookie, per)

const cookies = { owner: await signIn(entry, handlers.split, 'owner@pawpal.test'), sitter: await signIn(entry, handlers.split, 'sitter@pawpal.test') }
console.info(`Signed-in pages on the demo data (SQLite), in one process, ${rounds} rounds of ${per} requests on each handler\n`)
for (const { visitor, path: pathname } of chosenPages(signedInPages(demoRows(databaseFile)), positionals)) {
  const cookie = cookies[visitor]
  const bytes = await (await send(entry, handlers.split, pathname, { headers: { cookie } })).arrayBuffer()
  const same: Handle = () => Promise.resolve(new Response(bytes, { headers: { 'content-type': 'text/html; charset=utf-8' } }))
  const measured = { split: [] as number[], whole: [] as number[], same: [] as number[], differences: [] as number[] }
  for (const handle of [handlers.split, handlers.whole]) await cpuOf(handle, pathname, cookie) // warm up
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['split', 'whole'] as const) : (['whole', 'split'] as const)
    const taken = { split: 0, whole: 0 }
    for (const name of order) taken[name] = await cpuOf(handlers[name], pathname, cookie)
    measured.split.push(taken.split)
    measured.whole.push(taken.whole)
    measured.differences.push(taken.split - taken.whole)
    measured.same.push(await cpuOf(same, pathname, cookie))
  }
  const lower = measured.differences.filter((difference) => difference < 0).length
  console.info(
    `${`GET ${pathname} (${visitor}, ${(bytes.byteLength / 1024).toFixed(1)} KB)`.padEnd(60)} pages and API apart ${median(measured.split).toFixed(2)} ms, ` +
      `one handler ${median(measured.whole).toFixed(2)} ms, apart - one ${median(measured.differences).toFixed(2)} at the median of pairs, apart lower in ${lower} of ${rounds}`,
  )
  console.info(`${'    the same bytes answered at once'.padEnd(60)} ${median(measured.same).toFixed(2)} ms`)
}
await entry.stopApp()
remove()
