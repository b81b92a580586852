import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import inspector from 'node:inspector'
import type { ServerBuild } from 'react-router'
import webpush from 'web-push'
import type * as Entry from '#app/entry.server.tsx'

const [mode = 'dump', countText = '200', ...paths] = process.argv.slice(2)
const directory = path.resolve('tests/.tmp', `scratch-${process.pid}`)
rmSync(directory, { recursive: true, force: true })
mkdirSync(directory, { recursive: true })
const databaseFile = process.env.DB_COPY ?? path.join(directory, 'pawpal.db')
const vapid = webpush.generateVAPIDKeys()
Object.assign(process.env, {
  NODE_ENV: 'production', DATABASE_URL: `file:${databaseFile}`, UPLOAD_DIR: path.join(directory, 'uploads'),
  SESSION_SECRET: randomBytes(32).toString('hex'), VAPID_PUBLIC_KEY: vapid.publicKey, VAPID_PRIVATE_KEY: vapid.privateKey,
  PUBLIC_URL: 'http://localhost:3000', SEED_DEMO: 'true', LOCAL_RUN: 'true',
})
const sqlStats = new Map<string, { n: number; us: number; rows: number; all: number[] }>()
let counting = false
let memoOn = true
const prepared = new Map<string, number>()
const lastArgs = new Map<string, [any, unknown[]]>()
if (process.env.SQLSTATS) {
  const Sqlite = (await import('better-sqlite3')).default
  const probe = new Sqlite(':memory:')
  const proto = Object.getPrototypeOf(probe.prepare('select 1'))
  const dbProto = Object.getPrototypeOf(probe)
  const originalPrepare = dbProto.prepare
  dbProto.prepare = function (this: any, source: string, ...rest: unknown[]) {
    if (counting) prepared.set(source, (prepared.get(source) ?? 0) + 1)
    return originalPrepare.call(this, source, ...rest)
  }
  for (const name of ['all', 'get', 'run']) {
    const original = proto[name]
    const memo = new Map<string, unknown>()
    proto[name] = function (this: any, ...args: unknown[]) {
      if (memoOn && process.env.MEMO && this.source.includes(process.env.MEMO)) {
        const key = this.source
        if (!memo.has(key)) memo.set(key, original.apply(this, args))
        return memo.get(key)
      }
      if (!counting) return original.apply(this, args)
      const t = process.hrtime.bigint()
      const result = original.apply(this, args)
      const us = Number(process.hrtime.bigint() - t) / 1000
      const entry = sqlStats.get(this.source) ?? { n: 0, us: 0, rows: 0, all: [] as number[] }
      lastArgs.set(this.source, [this, args]);
      entry.n++; entry.us += us; entry.all.push(us); entry.rows += Array.isArray(result) ? result.length : 1
      sqlStats.set(this.source, entry)
      return result
    }
  }
}
if (process.env.PLUS) {
  const Sqlite = (await import('better-sqlite3')).default
  const dbProto = Object.getPrototypeOf(new Sqlite(':memory:'))
  const originalPrepare = dbProto.prepare
  dbProto.prepare = function (this: any, source: string, ...rest: unknown[]) {
    return originalPrepare.call(this, /^\s*(select|with)\b/i.test(source) ? source.replaceAll('?', '+?') : source, ...rest)
  }
}
if (process.env.PRAGMA) {
  const Sqlite = (await import('better-sqlite3')).default
  const dbProto = Object.getPrototypeOf(new Sqlite(':memory:'))
  const originalPrepare = dbProto.prepare
  const applied = new WeakSet()
  dbProto.prepare = function (this: any, ...args: unknown[]) {
    if (!applied.has(this) && this.name !== ':memory:') { applied.add(this); for (const p of process.env.PRAGMA!.split(';')) console.log('pragma', this.name.slice(-20), p, this.pragma(p)) }
    return originalPrepare.apply(this, args)
  }
}
const { createSplitRequestHandler } = await import('#app/lib/split-request-handler.server.ts')
const { demoPassword } = await import('../../bench/demo-server.ts')
const { toastCookieName } = await import('#app/lib/credentials.server.ts')
const build = (await import(path.resolve('build/server/index.js'))) as ServerBuild
const entry = build.entry.module as unknown as typeof Entry
await entry.startApp()
if (process.env.BUSY) {
  const { giveBusyHistory } = await import('../../bench/busy-history.ts')
  const { demoRows } = await import('../../bench/demo-server.ts')
  const rows = demoRows(databaseFile)
  giveBusyHistory(databaseFile, { ownerId: rows.olivia, sitterId: rows.sam, count: 1000 })
}
if (process.env.TRUNCATE) {
  const Sqlite = (await import('better-sqlite3')).default
  const other = new Sqlite(databaseFile)
  console.log('wal before', (await import('node:fs')).statSync(databaseFile + '-wal').size)
  console.log(other.pragma('wal_checkpoint(TRUNCATE)'))
  console.log('wal after', (await import('node:fs')).statSync(databaseFile + '-wal').size)
  other.close()
}
const handle = createSplitRequestHandler(build, 'production')
const origin = 'http://localhost:3000'
function send(pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('x-pawpal-client-ip', '203.0.113.7')
  return entry.handleAppRequest(new Request(new URL(pathname, origin), { ...init, headers, redirect: 'manual' }), handle)
}
async function signIn(email: string) {
  const body = new URLSearchParams({ email, password: process.env.PW ?? demoPassword, redirectTo: '' })
  const response = await send('/login', { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body })
  return response.headers.getSetCookie().map((c) => c.split(';')[0]).filter((c) => !c?.startsWith(`${toastCookieName}=`)).join('; ')
}
const cookies: Record<string, string> = { owner: await signIn(process.env.OWNER ?? 'owner@pawpal.test'), sitter: await signIn(process.env.SITTER ?? 'sitter@pawpal.test') }
const { demoRows, signedInPages } = await import('../../bench/demo-server.ts')
const specs = paths[0] === 'ALL' ? signedInPages(demoRows(databaseFile)).map((page) => `${page.visitor}:${page.path}`) : paths
for (const spec of specs) {
  const [who, pathname] = spec.split(':') as [string, string]
  const cookie = cookies[who]!
  if (mode === 'builds') {
    const other = (await import(path.resolve(process.env.OTHER!, 'build/server/index.js'))) as ServerBuild
    const otherEntry = other.entry.module as unknown as typeof Entry
    const otherHandle = createSplitRequestHandler(other, 'production')
    const sendWith = (which: 'A' | 'B') => {
      const headers = new Headers({ cookie, 'x-pawpal-client-ip': '203.0.113.7' })
      const request = new Request(new URL(pathname, origin), { headers, redirect: 'manual' })
      return which === 'A' ? otherEntry.handleAppRequest(request, otherHandle) : entry.handleAppRequest(request, handle)
    }
    const count = Number(countText)
    const run = async (which: 'A' | 'B') => { const b = process.cpuUsage(); for (let i = 0; i < count; i++) await (await sendWith(which)).arrayBuffer(); const d = process.cpuUsage(b); return (d.user + d.system) / 1000 / count }
    for (const which of ['A', 'B'] as const) { const r = await sendWith(which); console.log(which, r.status, (await r.text()).length) }
    await run('A'); await run('B')
    const a: number[] = [], b: number[] = [], diffs: number[] = []
    for (let round = 0; round < Number(process.env.ROUNDS ?? 16); round++) {
      const order = round % 2 ? (['A', 'B'] as const) : (['B', 'A'] as const)
      const taken: Record<string, number> = {}
      for (const which of order) taken[which] = await run(which)
      a.push(taken.A!); b.push(taken.B!); diffs.push(taken.B! - taken.A!)
    }
    const med = (v: number[]) => [...v].sort((x, y) => x - y)[v.length >> 1]!
    console.log(spec, 'A (OTHER)', med(a).toFixed(2), 'B (this)', med(b).toFixed(2), 'B-A median', med(diffs).toFixed(3), 'B lower in', diffs.filter((d) => d < 0).length, 'of', diffs.length)
  } else if (mode === 'dump') {
    const response = await send(pathname, { headers: { cookie } })
    const text = await response.text()
    const file = `/tmp/pages/${who}${pathname.replaceAll('/', '_')}.html`
    writeFileSync(file, text)
    console.log(response.status, text.length, file)
  } else if (mode === 'ab') {
    const count = Number(countText)
    const run = async () => { const b = process.cpuUsage(); for (let i = 0; i < count; i++) await (await send(pathname, { headers: { cookie } })).arrayBuffer(); const d = process.cpuUsage(b); return (d.user + d.system) / 1000 / count }
    await run()
    const diffs: number[] = [], on: number[] = [], off: number[] = []
    for (let round = 0; round < 16; round++) {
      const order = round % 2 ? [true, false] : [false, true]
      const taken: Record<string, number> = {}
      for (const flag of order) { memoOn = flag; taken[String(flag)] = await run() }
      on.push(taken.true!); off.push(taken.false!); diffs.push(taken.true! - taken.false!)
    }
    const med = (v: number[]) => [...v].sort((a, b) => a - b)[v.length >> 1]!
    console.log(spec, 'memo', med(on).toFixed(2), 'plain', med(off).toFixed(2), 'diff median', med(diffs).toFixed(3), 'memo lower in', diffs.filter((d) => d < 0).length, 'of 16')
  } else {
    for (let i = 0; i < 50; i++) await (await send(pathname, { headers: { cookie } })).arrayBuffer()
    const session = new inspector.Session()
    session.connect()
    const post = (method: string, params?: object) => new Promise<any>((resolve, reject) => session.post(method, params, (e, r) => (e ? reject(e) : resolve(r))))
    if (process.env.PROFILE) { await post('Profiler.enable'); await post('Profiler.setSamplingInterval', { interval: 100 }); await post('Profiler.start') }
    counting = true
    const before = process.cpuUsage()
    const count = Number(countText)
    for (let i = 0; i < count; i++) await (await send(pathname, { headers: { cookie } })).arrayBuffer()
    const spent = process.cpuUsage(before)
    if (process.env.PROFILE) { const { profile } = await post('Profiler.stop'); writeFileSync(`${process.env.PROFILE}-${who}${pathname.replaceAll('/', '_')}.cpuprofile`, JSON.stringify(profile)) }
    counting = false
    if (process.env.SQLSTATS) {
      let total = 0
      for (const [source, e] of [...sqlStats].sort((a, b) => b[1].us - a[1].us)) { total += e.us; console.log((e.us / count).toFixed(1).padStart(7), 'us', (e.n / count).toFixed(2), 'runs', (e.rows / e.n).toFixed(1), 'rows', 'median', e.all.sort((a, b) => a - b)[e.all.length >> 1]!.toFixed(1), source.slice(0, Number(process.env.SQLW ?? 200))) }
      for (const [source, [statement, args]] of lastArgs) {
        const t = process.hrtime.bigint()
        for (let i = 0; i < 2000; i++) statement.all(...args)
        console.log('tight', (Number(process.hrtime.bigint() - t) / 2000 / 1000).toFixed(1), 'us', source.slice(0, 60))
      }
      if (process.env.REPLAY) {
        const list = [...lastArgs.values()]
        const junk = new Float64Array(131072 * Number(process.env.MB ?? 1))
        const conn = (list[0]![0] as any).database
        for (const wrap of [false, true, false, true]) {
          const t = process.hrtime.bigint()
          let sqlNs = 0n
          for (let r = 0; r < 1000; r++) {
            const t0 = process.hrtime.bigint()
            if (wrap) conn.prepare('begin').run()
            sqlNs += process.hrtime.bigint() - t0
            for (const [statement, args] of list) {
              for (let j = 0; j < junk.length; j += 8) junk[j]! += 1
              const t1 = process.hrtime.bigint()
              statement.all(...args)
              sqlNs += process.hrtime.bigint() - t1
            }
            const t2 = process.hrtime.bigint()
            if (wrap) conn.prepare('commit').run()
            sqlNs += process.hrtime.bigint() - t2
          }
          console.log('replay wrap', wrap, (Number(sqlNs) / 1000 / 1000).toFixed(1), 'us sql per request')
        }
      }
      for (const [source, n] of prepared) console.log('prepared', n, source.slice(0, 300))
      prepared.clear()
      console.log('sql total', (total / count).toFixed(1), 'us/request')
      sqlStats.clear()
    }
    console.log(spec, ((spent.user + spent.system) / 1000 / count).toFixed(2), 'ms')
  }
}
await entry.stopApp()
rmSync(directory, { recursive: true, force: true })
