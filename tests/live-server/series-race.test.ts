import { randomBytes } from 'node:crypto'
import { mkdirSync, rmSync } from 'node:fs'
import path from 'node:path'
import Sqlite from 'better-sqlite3'
import { Kysely, PostgresDialect, SqliteDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { Database } from '#app/lib/db-schema.ts'
import { type RunningPostgres, startEmbeddedPostgres } from '#db/embedded-postgres.ts'
import { type ServerProcess, startServerProcess } from '#tests/server-process.ts'

// Two overlapping weekly series accepted at once on two instances (issue 33 part 1): two `node server.ts`
// processes on one database, on both engines (two processes on one SQLite file; two on one PostgreSQL, as
// multi-instance.test.ts runs them). Two owners ask the same sitter for the same Mon/Wed/Fri 08:00 walks; the
// sitter accepts both at the same moment, one on each instance. One acceptance wins and books every date; the
// other finds each date taken and is refused with 409 listing them, its series still waiting; the sitter never
// holds two accepted bookings at once.

type Engine = { databaseUrl: string; db: () => Kysely<Database>; stop: () => Promise<void> }

const scratch = (name: string) => path.resolve('tests/.tmp', `series-race-${name}-${process.pid}`)

function sqliteEngine(): Engine {
  const directory = scratch('sqlite')
  rmSync(directory, { recursive: true, force: true })
  mkdirSync(directory, { recursive: true })
  const file = path.join(directory, 'app.db')
  let db: Kysely<Database> | null = null
  return {
    databaseUrl: `file:${file}`,
    // Opened once the first server has made and migrated the file; waits for the servers' write lock as they do.
    db: () => (db ??= new Kysely<Database>({ dialect: new SqliteDialect({ database: new Sqlite(file, { timeout: 5000 }) }) })),
    async stop() {
      await db?.destroy()
      rmSync(directory, { recursive: true, force: true })
    },
  }
}

async function postgresEngine(): Promise<Engine> {
  const postgres: RunningPostgres = await startEmbeddedPostgres(scratch('postgres'))
  const databaseUrl = `${postgres.url}/postgres`
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 2 })
  // Stopping the database drops the pool's idle connections: expected then.
  pool.on('error', () => {})
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) })
  return {
    databaseUrl,
    db: () => db,
    async stop() {
      await db.destroy()
      await postgres.stop()
    },
  }
}

/** yyyy-MM-dd `days` from today in Zurich, the sitter's zone. */
function zurichDateFromToday(days: number) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** The Mondays, Wednesdays and Fridays from tomorrow through the eight weeks from today (today + 55 days). */
function eightWeeksOfMondaysWednesdaysFridays() {
  const dates: string[] = []
  for (let days = 1; days <= 55; days++) {
    const date = zurichDateFromToday(days)
    if ([1, 3, 5].includes(new Date(`${date}T00:00:00Z`).getUTCDay())) dates.push(date)
  }
  return dates
}

const overlap = 'The sitter already has an accepted booking at this time.'

describe.each([
  ['SQLite', sqliteEngine],
  ['PostgreSQL', postgresEngine],
])('two instances on one %s', (engineName, startEngine) => {
  let engine: Engine
  let a: ServerProcess
  let b: ServerProcess

  beforeAll(async () => {
    engine = await startEngine()
    // One secret, so a token from one instance is good on the other; the sweep's timer stays out of the way.
    const environment = { DATABASE_URL: engine.databaseUrl, SESSION_SECRET: randomBytes(32).toString('hex'), BOOKING_SWEEP_SECONDS: '3600' }
    const start = (name: string) => startServerProcess({ root: process.cwd(), directory: scratch(name), environment })
    // One after the other: the first makes and migrates the database, the second finds it ready.
    a = await start(`${engineName}-a`)
    b = await start(`${engineName}-b`)
  })

  afterAll(async () => {
    await Promise.all([a?.dispose(), b?.dispose()])
    await engine?.stop()
  })

  let accounts = 0

  async function register(name: string) {
    accounts += 1
    const response = await fetch(`${a.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-forwarded-for': `198.51.100.${accounts}` },
      body: JSON.stringify({ name, email: `series-${accounts}-${crypto.randomUUID().slice(0, 8)}@example.com`, password: 'correct horse battery' }),
    })
    expect(response.status).toBe(201)
    const body = (await response.json()) as { user: { id: string }; accessToken: string }
    return { id: body.user.id, token: body.accessToken }
  }

  async function call(server: ServerProcess, method: string, url: string, token: string, body?: unknown) {
    const response = await fetch(`${server.url}${url}`, {
      method,
      headers: { authorization: `Bearer ${token}`, ...(body === undefined ? {} : { 'content-type': 'application/json' }) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    return { status: response.status, body: (await response.json()) as Record<string, unknown> }
  }

  /** Sam walks for $24 an hour, with no weekly hours set (any time fits); an owner with one dog. */
  async function walkerAndOwners() {
    const db = engine.db()
    const sitter = await register('Sam Sitter')
    const now = new Date().toISOString()
    await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', sitter.id).execute()
    await db.insertInto('sitterProfiles').values({ userId: sitter.id, experience: '3-5', verified: 0, createdAt: now, updatedAt: now }).execute()
    await db.insertInto('sitterServices').values({ sitterId: sitter.id, service: 'walking', hourlyRateCents: 2400 }).execute()
    const ownerWithDog = async (name: string, dog: string) => {
      const owner = await register(name)
      const dogId = crypto.randomUUID()
      await db
        .insertInto('dogs')
        .values({ id: dogId, ownerId: owner.id, name: dog, breed: 'Labrador Retriever', age: '36 months', ageMonths: 36, weightKg: 28, height: '60 cm', bio: dog, size: 'large', listedForSitting: 0, createdAt: now, updatedAt: now })
        .execute()
      return { ...owner, dogId }
    }
    return { sitter, olivia: await ownerWithDog('Olivia Owner', 'Rex'), oscar: await ownerWithDog('Oscar Owner', 'Bello') }
  }

  test('the same Mon/Wed/Fri 08:00 series of two owners accepted at once, one on each instance: one wins every date, the other is 409 listing them and keeps waiting', async () => {
    const db = engine.db()
    const { sitter, olivia, oscar } = await walkerAndOwners()
    const ask = async (owner: { token: string; dogId: string }) => {
      const asked = await call(a, 'POST', '/api/booking-series', owner.token, {
        sitterId: sitter.id,
        dogIds: [owner.dogId],
        service: 'walking',
        weekdays: [1, 3, 5],
        startTime: '08:00',
        duration: 30,
        firstDate: zurichDateFromToday(1),
      })
      expect(asked.status, JSON.stringify(asked.body)).toBe(201)
      return asked.body.id as string
    }
    const series = [await ask(olivia), await ask(oscar)] as const
    const dates = eightWeeksOfMondaysWednesdaysFridays()
    expect(dates.length).toBeGreaterThanOrEqual(23)

    const answers = await Promise.all([
      call(a, 'PATCH', `/api/booking-series/${series[0]}/status`, sitter.token, { status: 'accepted', addToCalendar: false }),
      call(b, 'PATCH', `/api/booking-series/${series[1]}/status`, sitter.token, { status: 'accepted', addToCalendar: false }),
    ])

    expect(answers.map((answer) => answer.status).sort(), JSON.stringify(answers.map((answer) => answer.body.message))).toEqual([200, 409])
    const firstWon = answers[0].status === 200
    const [winnerId, loserId] = firstWon ? series : [series[1], series[0]]
    const [wonAnswer, lostAnswer] = firstWon ? answers : [answers[1], answers[0]]
    const won = wonAnswer.body as { status: string; conflicts: unknown[]; bookings: { date: string }[] }
    expect(won.status).toBe('accepted')
    expect(won.conflicts).toEqual([])
    expect(won.bookings.map((booking) => booking.date)).toEqual(dates)
    expect(lostAnswer.body).toEqual({
      message: 'None of the dates of the next eight weeks fits: see the dates that do not fit',
      errors: {},
      conflicts: dates.map((date) => ({ date, reason: overlap })),
    })

    // In the database: the winner's bookings only, one per date, none overlapping another; the loser still waits.
    const accepted = await db
      .selectFrom('bookings')
      .innerJoin('bookingTimeSlots', 'bookingTimeSlots.bookingId', 'bookings.id')
      .select(['bookings.seriesId', 'bookings.date', 'bookings.startsAt', 'bookingTimeSlots.startTime', 'bookingTimeSlots.endTime'])
      .where('bookings.sitterId', '=', sitter.id)
      .where('bookings.status', '=', 'accepted')
      .orderBy('bookings.startsAt')
      .execute()
    expect(accepted.map((booking) => [booking.seriesId, booking.date, booking.startTime, booking.endTime])).toEqual(dates.map((date) => [winnerId, date, '08:00', '08:30']))
    const spans = accepted.map((booking) => ({ start: Date.parse(booking.startsAt), end: Date.parse(booking.startsAt) + 30 * 60_000 }))
    expect(spans.filter((span, index) => index > 0 && span.start < (spans[index - 1]?.end ?? 0))).toEqual([])
    const statuses = await db.selectFrom('bookingSeries').select(['id', 'status']).where('id', 'in', [...series]).execute()
    expect(Object.fromEntries(statuses.map((row) => [row.id, row.status]))).toEqual({ [winnerId]: 'accepted', [loserId]: 'pending' })
    expect(await db.selectFrom('bookings').select('id').where('seriesId', '=', loserId).execute()).toEqual([])

    // Either instance shows the sitter why the waiting series does not fit now.
    const waiting = await call(firstWon ? a : b, 'GET', `/api/booking-series/${loserId}`, sitter.token)
    expect(waiting.body.upcoming).toEqual(dates.map((date) => ({ date, reason: overlap })))
  })
})
