import path from 'node:path'
import { randomBytes } from 'node:crypto'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { listingTimes } from '#app/features/bookings/slots.ts'
import type { Database } from '#app/lib/db-schema.ts'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'
import { type RunningPostgres, startEmbeddedPostgres } from '#db/embedded-postgres.ts'
import { type ServerProcess, startServerProcess } from '#tests/server-process.ts'

// Two `node server.ts` instances on one PostgreSQL (DESIGN.md ruling 22), as behind a load balancer without
// sticky sessions: what one instance does shows on the other, live, and killing one loses nothing it
// acknowledged.

let postgres: RunningPostgres
let db: Kysely<Database>
let a: ServerProcess
let b: ServerProcess

beforeAll(async () => {
  postgres = await startEmbeddedPostgres(path.resolve('tests/.tmp', `multi-instance-postgres-${process.pid}`))
  const environment = { DATABASE_URL: `${postgres.url}/postgres`, SESSION_SECRET: randomBytes(32).toString('hex') }
  const start = (name: string) => startServerProcess({ root: process.cwd(), directory: path.resolve('tests/.tmp', `multi-instance-${name}-${process.pid}`), environment })
  ;[a, b] = await Promise.all([start('a'), start('b')])
  const pool = new pg.Pool({ connectionString: environment.DATABASE_URL, max: 2 })
  // The last test stops the server under it: a connection it drops then is expected.
  pool.on('error', () => {})
  db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
})

afterAll(async () => {
  await db?.destroy().catch(() => {})
  await Promise.all([a?.dispose(), b?.dispose()])
  // The last test stops it already.
  await postgres?.stop().catch(() => {})
})

let accounts = 0

async function register(server: ServerProcess, name: string) {
  accounts += 1
  const response = await fetch(`${server.url}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${accounts}` },
    body: JSON.stringify({ name, email: `multi-${accounts}-${crypto.randomUUID().slice(0, 8)}@example.com`, password: 'correct horse battery' }),
  })
  expect(response.status).toBe(201)
  const body = (await response.json()) as { user: { id: string }; accessToken: string }
  return { id: body.user.id, token: body.accessToken }
}

function call(server: ServerProcess, method: string, path: string, token: string, body?: unknown) {
  return fetch(`${server.url}${path}`, {
    method,
    headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
}

type Frame = { event: string; id?: unknown; data?: Record<string, unknown>; error?: string }

/** A socket on one instance; keeps what is pushed to it, and says when it closed and why. */
async function openSocket(server: ServerProcess, token: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`)
  const pushed: Frame[] = []
  const waiting: (() => void)[] = []
  socket.on('message', (raw) => {
    const frame = JSON.parse(socketFrameText(raw)) as Frame
    if (frame.event === 'ack') return
    pushed.push(frame)
    for (const wake of waiting.splice(0)) wake()
  })
  const closed = new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
  await new Promise<void>((resolve, reject) => {
    socket.once('open', () => resolve())
    socket.once('error', reject)
  })
  /** The first pushed frame that matches, waiting for it if it has not come yet. */
  const next = async (matches: (frame: Frame) => boolean) => {
    for (;;) {
      const found = pushed.find(matches)
      if (found) return found
      await new Promise<void>((resolve) => waiting.push(resolve))
    }
  }
  return { socket, pushed, next, closed }
}

/** A sitter listed with a walking rate, an owner with a dog, and two overlapping pending requests between them. */
async function overlappingRequests() {
  const owner = await register(a, 'Olivia Owner')
  const sitter = await register(a, 'Sam Sitter')
  const now = new Date().toISOString()
  const date = new Date(Date.now() + 7 * 86_400_000).toISOString().slice(0, 10)
  await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', sitter.id).execute()
  await db.insertInto('sitterProfiles').values({ userId: sitter.id, experience: '3-5', verified: 0, createdAt: now, updatedAt: now }).execute()
  await db.insertInto('sitterServices').values({ sitterId: sitter.id, service: 'walking', hourlyRateCents: 2400 }).execute()
  const dogId = crypto.randomUUID()
  await db
    .insertInto('dogs')
    .values({ id: dogId, ownerId: owner.id, name: 'Rex', breed: 'Labrador Retriever', age: '36 months', ageMonths: 36, weightKg: 28, height: '60 cm', bio: 'Rex', size: 'large', listedForSitting: 0, createdAt: now, updatedAt: now })
    .execute()
  const request = async (startTime: string, endTime: string) => {
    const id = crypto.randomUUID()
    await db
      .insertInto('bookings')
      .values({ id, dogId, ownerId: owner.id, sitterId: sitter.id, requestedById: owner.id, date, timeZone: 'Europe/Zurich', service: 'walking', location: null, hourlyRateCents: 2400, priceCents: 2400, status: 'pending', ...listingTimes({ date, timeZone: 'Europe/Zurich', slots: [{ startTime, endTime }] }), createdAt: now, updatedAt: now })
      .execute()
    await db.insertInto('bookingTimeSlots').values({ bookingId: id, position: 1, startTime, endTime }).execute()
    await db.insertInto('bookingStatusHistory').values({ id: crypto.randomUUID(), bookingId: id, fromStatus: null, toStatus: 'pending', changedById: owner.id, changedAt: now, reason: null }).execute()
    return id
  }
  return { owner, sitter, first: await request('10:00', '11:00'), second: await request('10:30', '11:30') }
}

describe('two instances on one PostgreSQL', () => {
  test("a message sent through A reaches the recipient's socket on B, and its read receipt the sender's socket on A", async () => {
    const [olivia, sam] = [await register(a, 'Olivia'), await register(a, 'Sam')]
    const onB = await openSocket(b, sam.token)
    const onA = await openSocket(a, olivia.token)
    const sent = await call(a, 'POST', '/api/messages', olivia.token, { recipientId: sam.id, content: 'Is Rex walked at ten?' })
    expect(sent.status).toBe(201)
    const message = (await sent.json()) as { id: string; conversationId: string }

    const pushed = await onB.next((frame) => frame.event === 'newMessage')
    expect(pushed.data).toMatchObject({ id: message.id, content: 'Is Rex walked at ten?', sender: { id: olivia.id, name: 'Olivia' }, recipient: { id: sam.id } })

    // Sam reads it on B; Olivia's socket on A hears the receipt.
    onB.socket.send(JSON.stringify({ event: 'markAsRead', id: 1, data: { messageIds: [message.id] } }))
    const receipt = await onA.next((frame) => frame.event === 'messageStatusUpdate')
    expect(receipt.data).toEqual({ messageId: message.id, conversationId: message.conversationId, read: true })
    onA.socket.close()
    onB.socket.close()
  })

  test("an accept on A shows on B and pushes to the owner's socket there; the overlapping accept on B is refused with 409", async () => {
    const { owner, sitter, first, second } = await overlappingRequests()
    const ownerOnB = await openSocket(b, owner.token)

    expect((await call(a, 'PATCH', `/api/bookings/${first}/status`, sitter.token, { status: 'accepted' })).status).toBe(200)
    const update = await ownerOnB.next((frame) => frame.event === 'bookingUpdate')
    expect(update.data).toMatchObject({ bookingId: first, status: 'accepted' })
    expect(await (await call(b, 'GET', `/api/bookings/${first}`, owner.token)).json()).toMatchObject({ id: first, status: 'accepted' })

    const refused = await call(b, 'PATCH', `/api/bookings/${second}/status`, sitter.token, { status: 'accepted' })
    expect(refused.status).toBe(409)
    expect(await db.selectFrom('bookings').select('status').where('id', '=', second).executeTakeFirstOrThrow()).toEqual({ status: 'pending' })
    ownerOnB.socket.close()
  })

  test('a logout on A closes the same session’s socket on B (4401)', async () => {
    const olivia = await register(a, 'Olivia')
    const onB = await openSocket(b, olivia.token)
    expect((await call(a, 'POST', '/api/auth/logout', olivia.token)).status).toBeLessThan(300)
    expect(await onB.closed).toBe(4401)
  })

  test("a change to a sitter written through another connection shows at once on B's shared copy of the public profile", async () => {
    const { sitter } = await overlappingRequests()
    const page = () => fetch(`${b.url}/sitters/${sitter.id}`).then(async (response) => ({ etag: response.headers.get('etag'), html: await response.text() }))
    const before = await page()
    expect(before.html).toContain('Sam Sitter')
    // B shares one copy between anonymous visitors...
    expect((await page()).etag).toBe(before.etag)
    // ...and a change written by anyone else (here the test's own connection, as another instance's would be)
    // shows on the next request: B reads the public data version from the database on every request.
    await db.updateTable('users').set({ name: 'Samira Sitter' }).where('id', '=', sitter.id).execute()
    const after = await page()
    expect(after.html).toContain('Samira Sitter')
    expect(after.html).not.toContain('Sam Sitter')
  })

  test('killing B with SIGKILL mid-traffic loses no message B acknowledged', async () => {
    const [olivia, sam] = [await register(a, 'Olivia'), await register(a, 'Sam')]
    const acknowledged: string[] = []
    let refused = 0
    const sendOne = async (index: number) => {
      // Acknowledged means the whole answer arrived: B can die after its status line, before the body.
      const id = await call(b, 'POST', '/api/messages', olivia.token, { recipientId: sam.id, content: `Message ${index}`, clientId: crypto.randomUUID() })
        .then(async (response) => (response.status === 201 ? ((await response.json()) as { id: string }).id : null))
        .catch(() => null)
      if (id) acknowledged.push(id)
      else refused += 1
    }
    let trafficDone = false
    const traffic = Promise.all(
      Array.from({ length: 4 }, async (_, lane) => {
        for (let index = lane; index < 400; index += 4) await sendOne(index)
      }),
    ).then(() => (trafficDone = true))
    // Kill B once it has acknowledged some.
    while (acknowledged.length < 20 && !trafficDone) await new Promise((resolve) => setTimeout(resolve, 20))
    process.kill(b.pid, 'SIGKILL')
    await traffic
    expect(refused).toBeGreaterThan(0)
    const stored = await db.selectFrom('messages').select('id').where('id', 'in', acknowledged).execute()
    expect(stored.map((row) => row.id).sort()).toEqual([...acknowledged].sort())
    // A is still serving.
    expect((await fetch(`${a.url}/healthz`)).status).toBe(200)
  })

  test('with its database gone, the instance stays up and /readyz answers 503, so a load balancer sends traffic elsewhere; /healthz (alive) stays 200', async () => {
    const ready = await fetch(`${a.url}/readyz`)
    expect({ status: ready.status, body: await ready.text() }).toEqual({ status: 200, body: 'ok' })
    await db.destroy()
    await postgres.stop()
    const notReady = await fetch(`${a.url}/readyz`)
    expect({ status: notReady.status, body: await notReady.text() }).toEqual({ status: 503, body: 'database unavailable' })
    const alive = await fetch(`${a.url}/healthz`)
    expect({ status: alive.status, body: await alive.text() }).toEqual({ status: 200, body: 'ok' })
  })
})
