import { parseArgs } from 'node:util'
import { ensureFreshBuild } from '#tests/fresh-build.ts'
import { cpuPerRequest, type Handle, loadBuild, median, prepareEnvironment, send, signIn } from './in-process.ts'

// `npx node bench/split-handler.ts [--rounds 20] [--per 50] [--against whole|pages] [/path ... (/path* for every
// page it begins)]` (builds when the source changed): decisions 093 and 097 measured in one process, where two
// handlers cannot drift apart as two servers do on a shared host. The production build with the demo data answers
// each signed-in page of bench/signed-in-pages.ts through the app's handler (the API apart, the pages by section) and
// through one React Router handler of the whole build (`--against whole`, decision 093) or of all the pages' routes
// (`--against pages`, decision 097), `per` requests in a row on each, `rounds` times, the first of a pair
// alternating: the CPU time per request at the median, the median of the paired differences and in how many rounds
// the app's took less, beside a handler that answers the same bytes at once (no HTTP or compression on any of them).

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: { rounds: { type: 'string', default: '20' }, per: { type: 'string', default: '50' }, against: { type: 'string', default: 'whole' } },
})
if (values.against !== 'whole' && values.against !== 'pages') throw new Error('--against takes whole or pages')
const rounds = Number(values.rounds)
const per = Number(values.per)

ensureFreshBuild(process.cwd())
const { databaseFile, remove } = prepareEnvironment('bench-split')
const { createRequestHandler } = await import('react-router')
const { createSplitRequestHandler, splitServerBuild } = await import('#app/lib/split-request-handler.server.ts')
const { chosenPages, demoRows, signedInPages } = await import('./demo-server.ts')
const { build, entry } = await loadBuild('.')
await entry.startApp()
const handlers = {
  split: createSplitRequestHandler(build, 'production'),
  whole: createRequestHandler(values.against === 'whole' ? build : splitServerBuild(build).pages, 'production'),
}
const baseline = values.against === 'whole' ? 'one handler' : 'one for all pages'
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
    `${`GET ${pathname} (${visitor}, ${(bytes.byteLength / 1024).toFixed(1)} KB)`.padEnd(60)} the app's handler ${median(measured.split).toFixed(2)} ms, ` +
      `${baseline} ${median(measured.whole).toFixed(2)} ms, app's - ${baseline.slice(0, 3)} ${median(measured.differences).toFixed(2)} at the median of pairs, ` +
      `the app's lower in ${lower} of ${rounds}`,
  )
  console.info(`${'    the same bytes answered at once'.padEnd(60)} ${median(measured.same).toFixed(2)} ms`)
}
await entry.stopApp()
remove()
