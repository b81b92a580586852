import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { Kysely, SqliteDialect } from 'kysely'
import type { Database } from '#app/lib/db-schema.ts'
import { startServerProcess, type ServerProcess } from '#tests/server-process.ts'

// The production server as a real process, for what only the real HTTP and WebSocket stack shows:
// proxies, early answers, socket limits, and whether the process is still up afterwards.

export type LiveServer = ServerProcess & { db: Kysely<Database> }

export async function startLiveServer(name: string, environment: Record<string, string> = {}): Promise<LiveServer> {
  const server = await startServerProcess({
    root: process.cwd(),
    directory: path.resolve('tests/.tmp', `${name}-${process.pid}`),
    environment,
  })
  let db: Kysely<Database>
  try {
    db = new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(server.databaseFile) }) })
  } catch (error) {
    await server.dispose() // a setup that fails stops the server it started
    throw error
  }
  return {
    ...server,
    db,
    async dispose() {
      await db.destroy()
      await server.dispose()
    },
  }
}

let accounts = 0

/** Registers a new account through the API (each from its own client address, so no limit is shared). */
export async function registerAccount(server: LiveServer) {
  accounts += 1
  const email = `live-${accounts}-${crypto.randomUUID().slice(0, 8)}@example.com`
  const password = 'correct horse battery'
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${accounts}` },
    body: JSON.stringify({ name: 'Live Tester', email, password }),
  })
  if (response.status !== 201) throw new Error(`register answered ${response.status}: ${await response.text()}`)
  const body = (await response.json()) as { user: { id: string }; accessToken: string }
  return { email, password, userId: body.user.id, accessToken: body.accessToken }
}

/** Signs in through the login page as a browser would and returns the session cookie (`__session=...`). */
export async function signInWithCookie(server: LiveServer, account: { email: string; password: string }) {
  const response = await fetch(`${server.url}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: server.url },
    body: new URLSearchParams({ email: account.email, password: account.password, redirectTo: '' }),
  })
  const cookie = response.headers
    .getSetCookie()
    .map((value) => value.split(';')[0]!)
    .find((value) => value.startsWith('__session='))
  if (!cookie) throw new Error(`login answered ${response.status} without a session cookie`)
  return cookie
}

/** True when the process is up and still answers HTTP. */
export async function isAnswering(server: LiveServer) {
  if (!server.isRunning()) return false
  const response = await fetch(`${server.url}/healthz`).catch(() => null)
  return response?.status === 200
}
