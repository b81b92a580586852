import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Kysely, PostgresDialect, sql } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { listingTimes } from '#app/features/bookings/slots.ts'
import type { Database } from '#app/lib/db-schema.ts'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'
import { type RunningPostgres, startEmbeddedPostgres } from '#db/embedded-postgres.ts'
import { type ServerProcess, startServerProcess } from '#tests/server-process.ts'

// PostgreSQL stopped and started again under two running `node server.ts` instances (issue 31, decision 069):
// in the gap requests answer 503 with Retry-After, never 500 and never a hang; afterwards everything works
// again without restarting an instance: the API, the live fan-out over LISTEN/NOTIFY to a socket that stayed
// open across the restart (nothing closes a socket when the database goes away), the acknowledged writes,
// and the timers' sweeps. The tests run in order: the first stops PostgreSQL, the second starts it again.

/** The longest a request in the gap may take to answer (the bound): longer counts as a hang. */
const gapAnswerLimitMs = 10_000
/** How long the instances get to be whole again once PostgreSQL is back. */
const recoveryLimitMs = 30_000

let postgres: RunningPostgres
let db: Kysely<Database>
let a: ServerProcess
let b: ServerProcess
let olivia: { id: string; token: string; email: string }
let sam: { id: string; token: string; email: string }
let samOnB: Awaited<ReturnType<typeof openSocket>>
const acknowledgedMessages: string[] = []

beforeAll(async () => {
  postgres = await startEmbeddedPostgres(path.resolve('tests/.tmp', `database-restart-postgres-${process.pid}`))
  // The booking sweep every second, so that its coming back shows soon.
  const environment = { DATABASE_URL: `${postgres.url}/postgres`, SESSION_SECRET: randomBytes(32).toString('hex'), BOOKING_SWEEP_SECONDS: '1' }
  const start = (name: string) => startServerProcess({ root: process.cwd(), directory: path.resolve('tests/.tmp', `database-restart-${name}-${process.pid}`), environment })
  ;[a, b] = await Promise.all([start('a'), start('b')])
  const pool = new pg.Pool({ connectionString: environment.DATABASE_URL, max: 2 })
  // The restart drops the test's own idle connections too.
  pool.on('error', () => {})
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  ;[olivia, sam] = [await register(a, 'Olivia'), await register(b, 'Sam')]
  samOnB = await openSocket(b, sam.token)
  // Acknowledged before the stop, through both instances.
  for (const [index, server] of [a, b, a, b, a, b].entries()) {
    const sent = await call(server, 'POST', '/api/messages', olivia.token, { recipientId: sam.id, content: `Before the restart ${index}` })
    expect(sent.status).toBe(201)
    acknowledgedMessages.push(((await sent.json()) as { id: string }).id)
  }
})

afterAll(async () => {
  samOnB?.socket.close()
  await db?.destroy().catch(() => {})
  await Promise.all([a?.dispose(), b?.dispose()])
  await postgres?.stop().catch(() => {})
})

let accounts = 0

async function register(server: ServerProcess, name: string) {
  accounts += 1
  const email = `restart-${accounts}-${crypto.randomUUID().slice(0, 8)}@example.com`
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${accounts}` },
    body: JSON.stringify({ name, email, password: 'correct horse battery' }),
  })
  expect(response.status).toBe(201)
  const body = (await response.json()) as { user: { id: string }; accessToken: string }
  return { id: body.user.id, token: body.accessToken, email }
}

/** A request that must answer within the gap's limit: a hang fails the test. */
function call(server: ServerProcess, method: string, path: string, token: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
    signal: AbortSignal.timeout(gapAnswerLimitMs),
  })
}

type Frame = { event: string; id?: unknown; data?: Record<string, unknown>; error?: string; retryAfter?: unknown }

/** A socket on one instance; keeps every frame it is sent. */
async function openSocket(server: ServerProcess, token: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`)
  const frames: Frame[] = []
  const waiting: (() => void)[] = []
  socket.on('message', (raw) => {
    frames.push(JSON.parse(socketFrameText(raw)) as Frame)
    for (const wake of waiting.splice(0)) wake()
  })
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  /** The first frame that matches, waiting for it if it has not come yet. */
  const next = async (matches: (frame: Frame) => boolean) => {
    for (;;) {
      const found = frames.find(matches)
      if (found) return found
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
  }
  return { socket, next }
}

/** Rejects when `promise` has not settled within `limitMs`. */
function within<T>(promise: Promise<T>, limitMs: number, what: string) {
  let timer: NodeJS.Timeout | undefined
  const late = new Promise<never>((_, reject) => (timer = setTimeout(() => reject(new Error(`${what}: nothing within ${limitMs} ms`)), limitMs)))
  return Promise.race([promise, late]).finally(() => clearTimeout(timer))
}

/** Asks `check` again every quarter second until it gives a value, or fails after `limitMs`. */
async function eventually<T>(check: () => Promise<T | null>, limitMs: number, what: string): Promise<T> {
  const deadline = Date.now() + limitMs
  for (;;) {
    const value = await check().catch(() => null)
    if (value !== null) return value
    if (Date.now() > deadline) throw new Error(`${what}: not within ${limitMs} ms`)
    await new Promise((resolve) => setTimeout(resolve, 250))
  }
}

describe('PostgreSQL restarted under two running instances', () => {
  test('while it is stopped, a page, an /api request and a socket frame each answer 503 with Retry-After, and no instance exits', async () => {
    await postgres.stopForRestart()

    const api = await call(a, 'GET', '/api/users/me', olivia.token)
    expect({ status: api.status, retryAfter: api.headers.get('retry-after'), body: await api.json() }).toEqual({
      status: 503,
      retryAfter: '5',
      body: { message: expect.stringContaining('temporarily unavailable') as string, errors: {} },
    })
    const write = await call(b, 'POST', '/api/messages', olivia.token, { recipientId: sam.id, content: 'In the gap' })
    expect({ status: write.status, retryAfter: write.headers.get('retry-after') }).toEqual({ status: 503, retryAfter: '5' })

    // A signed-in page fails in React Router's middleware (the session): the app's error page, with 503.
    const page = await call(b, 'GET', '/bookings', sam.token)
    expect({ status: page.status, retryAfter: page.headers.get('retry-after'), type: page.headers.get('content-type') }).toEqual({
      status: 503,
      retryAfter: '5',
      type: 'text/html; charset=utf-8',
    })
    expect(await page.text()).toContain('Please try again in a moment')
    // An anonymous one fails before React Router (the shared copies' version check): a short plain page.
    const anonymous = await fetch(`${a.url}/sitters`, { signal: AbortSignal.timeout(gapAnswerLimitMs) })
    expect({ status: anonymous.status, retryAfter: anonymous.headers.get('retry-after'), body: await anonymous.text() }).toEqual({
      status: 503,
      retryAfter: '5',
      body: expect.stringContaining('temporarily unavailable') as string,
    })

    samOnB.socket.send(JSON.stringify({ event: 'sendMessage', id: 'gap-1', data: { recipientId: olivia.id, content: 'In the gap, by socket' } }))
    const answer = await within(
      samOnB.next((frame) => frame.id === 'gap-1'),
      gapAnswerLimitMs,
      'the socket frame in the gap',
    )
    expect(answer).toEqual({ event: 'ack', id: 'gap-1', error: expect.stringContaining('temporarily unavailable') as string, retryAfter: 5 })

    expect({ a: a.isRunning(), b: b.isRunning() }).toEqual({ a: true, b: true })
  }, 60_000)

  test('once it is back: the API answers again, the acknowledged writes are all there, and a message sent through A reaches the socket on B that stayed open', async () => {
    await postgres.startAgain()
    const statuses = new Set<number>()
    for (const server of [a, b]) {
      await eventually(
        async () => {
          const response = await call(server, 'GET', '/api/users/me', olivia.token)
          statuses.add(response.status)
          return response.status === 200 ? true : null
        },
        recoveryLimitMs,
        `GET /api/users/me on ${server.url}`,
      )
    }
    expect([...statuses].filter((status) => status !== 200 && status !== 503)).toEqual([])

    const stored = await db.selectFrom('messages').select('id').where('id', 'in', acknowledgedMessages).execute()
    expect(stored.map((row) => row.id).sort()).toEqual([...acknowledgedMessages].sort())

    // Each instance has subscribed again: its hub's connection is back and listening.
    await eventually(
      async () => {
        const { rows } = await sql<{ listening: number }>`select count(*)::int as listening from pg_stat_activity where application_name = 'pawpal-hub' and query = 'listen pawpal_hub'`.execute(db)
        return rows[0]?.listening === 2 ? true : null
      },
      recoveryLimitMs,
      'both hubs listening again',
    )
    expect(samOnB.socket.readyState).toBe(WebSocket.OPEN)
    const sent = await call(a, 'POST', '/api/messages', olivia.token, { recipientId: sam.id, content: 'After the restart' })
    expect(sent.status).toBe(201)
    const { id } = (await sent.json()) as { id: string }
    const pushed = await within(
      samOnB.next((frame) => frame.event === 'newMessage' && frame.data?.id === id),
      recoveryLimitMs,
      'the message pushed to the socket on B',
    )
    expect(pushed.data).toMatchObject({ id, content: 'After the restart', sender: { id: olivia.id } })
    expect({ a: a.isRunning(), b: b.isRunning() }).toEqual({ a: true, b: true })
  }, 90_000)

  test('once it is back, the booking sweep runs again on its timer: a request whose start passed meanwhile is cancelled as expired, and the e-mail it queues is sent', async () => {
    const bookingId = await pendingRequestStartedYesterday()
    // Read through the test's own connection: a read through the app would expire it itself.
    const history = await eventually(
      () => db.selectFrom('bookingStatusHistory').select(['toStatus', 'reason']).where('bookingId', '=', bookingId).where('toStatus', '=', 'cancelled').executeTakeFirst().then((row) => row ?? null),
      recoveryLimitMs,
      'the stale request cancelled by the sweep',
    )
    expect(history).toEqual({ toStatus: 'cancelled', reason: 'expired' })
    // The event it recorded queues an e-mail to the owner, which the e-mail queue sends.
    const email = await eventually(
      () => db.selectFrom('emailOutbox').select(['subject', 'sentAt']).where('recipient', '=', olivia.email).where('sentAt', 'is not', null).executeTakeFirst().then((row) => row ?? null),
      recoveryLimitMs,
      "the owner's e-mail sent",
    )
    expect(email.subject).toContain('Booking request expired')
    expect({ a: a.isRunning(), b: b.isRunning() }).toEqual({ a: true, b: true })
  }, 60_000)
})

/** A pending request of Olivia's dog to Sam, inserted directly, whose slot began yesterday. */
async function pendingRequestStartedYesterday() {
  const now = new Date().toISOString()
  const date = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10)
  const dogId = crypto.randomUUID()
  await db
    .insertInto('dogs')
    .values({ id: dogId, ownerId: olivia.id, name: 'Rex', breed: 'Labrador Retriever', age: '36 months', ageMonths: 36, weightKg: 28, height: '60 cm', bio: 'Rex', size: 'large', listedForSitting: 0, createdAt: now, updatedAt: now })
    .execute()
  const id = crypto.randomUUID()
  const slot = { startTime: '10:00', endTime: '11:00' }
  await db
    .insertInto('bookings')
    .values({ id, dogId, ownerId: olivia.id, sitterId: sam.id, requestedById: olivia.id, date, timeZone: 'Europe/Zurich', service: 'walking', location: null, hourlyRateCents: 2400, priceCents: 2400, status: 'pending', ...listingTimes({ date, timeZone: 'Europe/Zurich', slots: [slot] }), createdAt: now, updatedAt: now })
    .execute()
  await db.insertInto('bookingTimeSlots').values({ bookingId: id, position: 1, ...slot }).execute()
  await db.insertInto('bookingStatusHistory').values({ id: crypto.randomUUID(), bookingId: id, fromStatus: null, toStatus: 'pending', changedById: olivia.id, changedAt: now, reason: null }).execute()
  return id
}
