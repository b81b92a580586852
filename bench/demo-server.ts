import { randomUUID } from 'node:crypto'
import path from 'node:path'
import Database from 'better-sqlite3'
import { toastCookieName } from '#app/lib/credentials.server.ts'
import { startFakeMapTiles } from '#tests/fakes/map-tiles.ts'
import { ensureFreshBuild } from '#tests/fresh-build.ts'
import { startServerProcess } from '#tests/server-process.ts'

// What the browser benches (js-budget.ts, lighthouse.ts) share: the production server on a fresh build with
// the demo data and its map tiles from the local fake (tests/fakes/map-tiles.ts), the demo rows their pages
// are about, and sign-in cookies for the demo users.

export const demoPassword = 'pawpal-demo'

export type DemoServer = {
  url: string
  /** The server's process id (the benches read its CPU time). */
  pid: number
  databaseFile: string
  stop: () => Promise<void>
}

/** Builds when the source changed since the last build, then starts the server (with `environment` added) and the tile fake. */
export async function startDemoServer(environment: Record<string, string> = {}): Promise<DemoServer> {
  ensureFreshBuild(process.cwd())
  const tiles = await startFakeMapTiles()
  try {
    const server = await startServerProcess({
      root: process.cwd(),
      directory: path.resolve('tests/.tmp', `bench-browser-${process.pid}`),
      environment: { SEED_DEMO: 'true', MAP_TILE_URL: tiles.template, ...environment },
    })
    return {
      url: server.url,
      pid: server.pid,
      databaseFile: server.databaseFile,
      stop: async () => {
        await server.dispose()
        await tiles.close()
      },
    }
  } catch (error) {
    await tiles.close()
    throw error
  }
}

/**
 * The session cookies of `email` (signed in with the demo password), as a `Cookie` header. Without the
 * sign-in's flash toast: a browser shows it on the page the sign-in leads to and drops its cookie there, so
 * the pages measured with this header see what a signed-in visitor's later visits see.
 */
export async function signIn(base: string, email: string) {
  const response = await fetch(`${base}/login`, {
    method: 'POST',
    redirect: 'manual',
    headers: { origin: base, 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email, password: demoPassword, redirectTo: '' }),
  })
  const cookie = response.headers
    .getSetCookie()
    .map((setCookie) => setCookie.split(';')[0])
    .filter((cookie) => !cookie?.startsWith(`${toastCookieName}=`))
    .join('; ')
  if (response.status !== 302 && response.status !== 303) throw new Error(`Signing in as ${email} answered ${response.status}`)
  return cookie
}

/**
 * The rows the pages are about, read from the server's database; a newcomer (signed up, not onboarded) and
 * the demo admin get the demo password, which a production server leaves the admin without.
 */
export function demoRows(databaseFile: string) {
  const db = new Database(databaseFile)
  try {
    const one = (sql: string, ...parameters: unknown[]) => {
      const row = db.prepare(sql).get(...parameters) as { id: string } | undefined
      if (!row) throw new Error(`The demo data has no row for: ${sql}`)
      return row.id
    }
    const userId = (email: string) => one('select id from users where email = ?', email)
    const owner = userId('owner@pawpal.test')
    const sitter = userId('sitter@pawpal.test')
    const admin = userId('admin@pawpal.test')
    const hash = (db.prepare('select hash from passwords where userId = ?').get(owner) as { hash: string }).hash
    const now = new Date().toISOString()
    db.prepare('insert or replace into passwords (userId, hash, updatedAt) values (?, ?, ?)').run(admin, hash, now)
    const newcomer = { id: randomUUID(), email: `newcomer-${randomUUID().slice(0, 8)}@example.com` }
    db.prepare('insert into users (id, name, email, createdAt, updatedAt) values (?, ?, ?, ?, ?)').run(newcomer.id, 'Nora Newcomer', newcomer.email, now, now)
    db.prepare('insert into passwords (userId, hash, updatedAt) values (?, ?, ?)').run(newcomer.id, hash, now)

    const booking = (side: 'ownerId' | 'sitterId', user: string, status: string) => one(`select id from bookings where ${side} = ? and status = ? order by date desc, id`, user, status)
    const partner = (user: string) => {
      const row = db.prepare('select userAId, userBId from conversations where userAId = ? or userBId = ? order by id').get(user, user) as { userAId: string; userBId: string }
      return row.userAId === user ? row.userBId : row.userAId
    }
    return {
      newcomerEmail: newcomer.email,
      olivia: owner,
      sam: sitter,
      oliviasDog: one('select id from dogs where ownerId = ? and archivedAt is null order by name', owner),
      availableDog: one('select id from dogs where listedForSitting = 1 and archivedAt is null and ownerId != ? order by id', sitter),
      ownerBooking: { pending: booking('ownerId', owner, 'pending'), completed: booking('ownerId', owner, 'completed') },
      sitterBooking: { pending: booking('sitterId', sitter, 'pending') },
      ownerPartner: partner(owner),
      sitterPartner: partner(sitter),
      report: one("select id from reports where state = 'open' order by createdAt"),
    }
  } finally {
    db.close()
  }
}

/** Issue 34 part 2's signed-in pages, each with the demo user who visits it (`rows` from `demoRows`). */
export function signedInPages(rows: ReturnType<typeof demoRows>) {
  return [
    { visitor: 'owner', path: '/' },
    { visitor: 'owner', path: '/bookings' },
    { visitor: 'owner', path: `/bookings/${rows.ownerBooking.pending}` },
    { visitor: 'owner', path: '/messages' },
    { visitor: 'owner', path: '/notifications' },
    { visitor: 'owner', path: '/profile' },
    { visitor: 'owner', path: `/dogs/${rows.oliviasDog}` },
    { visitor: 'owner', path: '/sitters' },
    { visitor: 'sitter', path: '/bookings-sitter' },
    { visitor: 'sitter', path: '/dogs/available' },
    { visitor: 'sitter', path: '/profile' },
  ] as const
}

/** The signed-in pages `asked` names (a path ending in * names every page it begins); all of them when none is. */
export function chosenPages<Page extends { path: string }>(pages: readonly Page[], asked: readonly string[]) {
  const names = (path: string) => asked.some((wanted) => (wanted.endsWith('*') ? path.startsWith(wanted.slice(0, -1)) : path === wanted))
  return asked.length ? pages.filter((page) => names(page.path)) : pages
}
