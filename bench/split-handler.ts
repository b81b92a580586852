import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import { parseArgs } from 'node:util'
import type { ServerBuild } from 'react-router'
import webpush from 'web-push'
import type * as Entry from '#app/entry.server.tsx'
import { ensureFreshBuild } from '#tests/fresh-build.ts'

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
const directory = path.resolve('tests/.tmp', `bench-split-${process.pid}`)
rmSync(directory, { recursive: true, force: true })
mkdirSync(directory, { recursive: true })
const databaseFile = path.join(directory, 'pawpal.db')
const vapid = webpush.generateVAPIDKeys()
// Before React loads: it picks its build from NODE_ENV.
Object.assign(process.env, {
  NODE_ENV: 'production',
  DATABASE_URL: `file:${databaseFile}`,
  UPLOAD_DIR: path.join(directory, 'uploads'),
  SESSION_SECRET: randomBytes(32).toString('hex'),
  VAPID_PUBLIC_KEY: vapid.publicKey,
  VAPID_PRIVATE_KEY: vapid.privateKey,
  PUBLIC_URL: 'http://localhost:3000',
  SEED_DEMO: 'true',
  LOCAL_RUN: 'true', // the demo's e-mails kept for /local/outbox, not printed
})

type Handle = (request: Request) => Promise<Response>
const { createRequestHandler } = await import('react-router')
const { createSplitRequestHandler } = await import('#app/lib/split-request-handler.server.ts')
const { chosenPages, demoRows, demoPassword, signedInPages } = await import('./demo-server.ts')
const { toastCookieName } = await import('#app/lib/credentials.server.ts')
const build = (await import(path.resolve('build/server/index.js'))) as ServerBuild
const entry = build.entry.module as unknown as typeof Entry
await entry.startApp()
const handlers = { split: createSplitRequestHandler(build, 'production'), whole: createRequestHandler(build, 'production') }
const origin = 'http://localhost:3000'

function send(handle: Handle, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('x-pawpal-client-ip', '203.0.113.7')
  return entry.handleAppRequest(new Request(new URL(pathname, origin), { ...init, headers, redirect: 'manual' }), handle)
}

async function signIn(email: string) {
  const body = new URLSearchParams({ email, password: demoPassword, redirectTo: '' })
  const response = await send(handlers.split, '/login', { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body })
  if (response.status !== 303 && response.status !== 302) throw new Error(`Signing in as ${email} answered ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .filter((cookie) => !cookie?.startsWith(`${toastCookieName}=`))
    .join('; ')
}

/** CPU milliseconds per request of `per` requests in a row. */
async function cpuPerRequest(handle: Handle, pathname: string, cookie: string) {
  const before = process.cpuUsage()
  for (let i = 0; i < per; i++) {
    const response = await send(handle, pathname, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`)
    await response.arrayBuffer()
  }
  const spent = process.cpuUsage(before)
  return (spent.user + spent.system) / 1000 / per
}

const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN

const cookies = { owner: await signIn('owner@pawpal.test'), sitter: await signIn('sitter@pawpal.test') }
console.info(`Signed-in pages on the demo data (SQLite), in one process, ${rounds} rounds of ${per} requests on each handler\n`)
for (const { visitor, path: pathname } of chosenPages(signedInPages(demoRows(databaseFile)), positionals)) {
  const cookie = cookies[visitor]
  const bytes = await (await send(handlers.split, pathname, { headers: { cookie } })).arrayBuffer()
  const same: Handle = () => Promise.resolve(new Response(bytes, { headers: { 'content-type': 'text/html; charset=utf-8' } }))
  const measured = { split: [] as number[], whole: [] as number[], same: [] as number[], differences: [] as number[] }
  for (const handle of [handlers.split, handlers.whole]) await cpuPerRequest(handle, pathname, cookie) // warm up
  for (let round = 0; round < rounds; round++) {
    const order = round % 2 === 0 ? (['split', 'whole'] as const) : (['whole', 'split'] as const)
    const taken = { split: 0, whole: 0 }
    for (const name of order) taken[name] = await cpuPerRequest(handlers[name], pathname, cookie)
    measured.split.push(taken.split)
    measured.whole.push(taken.whole)
    measured.differences.push(taken.split - taken.whole)
    measured.same.push(await cpuPerRequest(same, pathname, cookie))
  }
  const lower = measured.differences.filter((difference) => difference < 0).length
  console.info(
    `${`GET ${pathname} (${visitor}, ${(bytes.byteLength / 1024).toFixed(1)} KB)`.padEnd(60)} pages and API apart ${median(measured.split).toFixed(2)} ms, ` +
      `one handler ${median(measured.whole).toFixed(2)} ms, apart - one ${median(measured.differences).toFixed(2)} at the median of pairs, apart lower in ${lower} of ${rounds}`,
  )
  console.info(`${'    the same bytes answered at once'.padEnd(60)} ${median(measured.same).toFixed(2)} ms`)
}
await entry.stopApp()
rmSync(directory, { recursive: true, force: true })
