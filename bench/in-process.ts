import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import type { ServerBuild } from 'react-router'
import webpush from 'web-push'
import type * as Entry from '#app/entry.server.tsx'

// What the in-process benches share (split-handler.ts, compare-builds-in-process.ts): the production build's
// handlers called without HTTP on the demo data, so that two handlers measured in turn cannot drift apart as two
// servers do on a shared host.

export type Handle = (request: Request) => Promise<Response>

/** A fresh data directory and the app's environment; before React loads, which picks its build from NODE_ENV. */
export function prepareEnvironment(name: string) {
  const directory = path.resolve('tests/.tmp', `${name}-${process.pid}`)
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  const databaseFile = path.join(directory, 'pawpal.db')
  const vapid = webpush.generateVAPIDKeys()
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
  return { databaseFile, remove: () => rmSync(directory, { recursive: true, force: true }) }
}

/** The server build under `root` (`npm run build` done there) and its entry's request wrapper. */
export async function loadBuild(root: string) {
  const build = (await import(path.resolve(root, 'build/server/index.js'))) as ServerBuild
  return { build, entry: build.entry.module as unknown as typeof Entry }
}

const origin = 'http://localhost:3000'

/** A request through the entry's wrapper (security headers, CSRF, sessions) to `handle`, as the server sends it. */
export function send(entry: typeof Entry, handle: Handle, pathname: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers)
  headers.set('x-pawpal-client-ip', '203.0.113.7')
  return entry.handleAppRequest(new Request(new URL(pathname, origin), { ...init, headers, redirect: 'manual' }), handle)
}

/** The session cookie of a demo user signed in through `handle`. */
export async function signIn(entry: typeof Entry, handle: Handle, email: string) {
  const { demoPassword } = await import('./demo-server.ts')
  const { toastCookieName } = await import('#app/lib/credentials.server.ts')
  const body = new URLSearchParams({ email, password: demoPassword, redirectTo: '' })
  const response = await send(entry, handle, '/login', { method: 'POST', headers: { origin, 'content-type': 'application/x-www-form-urlencoded' }, body })
  if (response.status !== 303 && response.status !== 302) throw new Error(`Signing in as ${email} answered ${response.status}`)
  return response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .filter((cookie) => !cookie?.startsWith(`${toastCookieName}=`))
    .join('; ')
}

/** CPU milliseconds per request of `count` requests in a row. */
export async function cpuPerRequest(entry: typeof Entry, handle: Handle, pathname: string, cookie: string, count: number) {
  const before = process.cpuUsage()
  for (let i = 0; i < count; i++) {
    const response = await send(entry, handle, pathname, { headers: { cookie } })
    if (response.status !== 200) throw new Error(`${pathname} answered ${response.status}`)
    await response.arrayBuffer()
  }
  const spent = process.cpuUsage(before)
  return (spent.user + spent.system) / 1000 / count
}

export const median = (values: readonly number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? Number.NaN
