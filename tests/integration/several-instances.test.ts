import { sql } from 'kysely'
import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import type * as Expiry from '#app/features/bookings/expiry.server.ts'
import type * as RateLimits from '#app/lib/rate-limit.server.ts'
import { startFakeSmtp } from '#tests/fakes/smtp.ts'

// N app instances on one database (DESIGN.md ruling 22, decision 050), here two Kysely instances with their
// own connections, as two processes would have: work queued after a commit is done by exactly one of them,
// and a job that must run once runs once.

// The once-only jobs count their runs here, and can be held at their start (the real work follows).
const jobs = vi.hoisted(() => ({ runs: { 'expiry sweep': 0, housekeeping: 0 }, started: () => {}, held: Promise.resolve() }))
async function counted<T>(name: keyof typeof jobs.runs, work: () => Promise<T>) {
  jobs.runs[name]++
  jobs.started()
  await jobs.held
  return work()
}
vi.mock('#app/features/bookings/expiry.server.ts', async (original) => {
  const expiry = await original<typeof Expiry>()
  return { ...expiry, expireStaleRequests: (...args: Parameters<typeof expiry.expireStaleRequests>) => counted('expiry sweep', () => expiry.expireStaleRequests(...args)) }
})
vi.mock('#app/lib/rate-limit.server.ts', async (original) => {
  const rateLimits = await original<typeof RateLimits>()
  return { ...rateLimits, deleteStaleRateLimitHits: (...args: Parameters<typeof rateLimits.deleteStaleRateLimitHits>) => counted('housekeeping', () => rateLimits.deleteStaleRateLimitHits(...args)) }
})

const smtp = await startFakeSmtp()
process.env.SMTP_URL = smtp.url

const { db, engine, exclusively, migrateToLatest, openDatabase } = await import('#app/lib/db.server.ts')
const { deliverDueEmails, queueEmail } = await import('#app/lib/email-outbox.server.ts')
const { deliverDueEvents, dispatchEvents, recordEvent, registerSubscriber, writerHeadStartMs } = await import('#app/lib/events.server.ts')
const { publicDataVersion } = await import('#app/lib/public-page-cache.server.ts')
const { expirySweep, housekeeping, seedDemoDataWhenEmpty } = await import('#app/lifecycle.server.ts')
const { insertBooking, insertDog, insertSitter, insertUser, localDateFromToday } = await import('./fixtures.ts')

const instances = [openDatabase(process.env.DATABASE_URL!), openDatabase(process.env.DATABASE_URL!)] as const

beforeAll(async () => {
  await migrateToLatest()
})

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.destroy()))
  await smtp.close()
})

const count = (values: readonly string[]) => Map.groupBy(values, (value) => value)

/** Resolves once `count` statements on this database wait for a lock (PostgreSQL). */
async function untilWaitingForLocks(count: number) {
  for (;;) {
    const { rows } = await sql<{ waiting: number }>`
      select count(*) as waiting from pg_stat_activity where datname = current_database() and wait_event_type = 'Lock'`.execute(db)
    if ((rows[0]?.waiting ?? 0) >= count) return
    await new Promise((resolve) => setTimeout(resolve, 10))
  }
}

/**
 * Makes two workers' takes overlap on PostgreSQL, whatever the machine's speed: each row a take updates waits
 * (a test trigger) for a gate this test holds, until both workers' statements are waiting, then both go on.
 * SQLite runs one write statement at a time, so there both just run.
 */
async function whileBothTakesWait<T>(table: 'emailOutbox' | 'eventDeliveries', work: () => Promise<T>): Promise<T> {
  if (engine !== 'postgres') return work()
  const gate = sql`hashtextextended('test gate', 0)`
  await sql`create function "waitAtTestGate"() returns trigger language plpgsql as $$
    begin perform pg_advisory_xact_lock_shared(hashtextextended('test gate', 0)); return new; end $$`.execute(db)
  await sql`create trigger "waitAtTestGate" before update on ${sql.table(table)} for each row execute function "waitAtTestGate"()`.execute(db)
  try {
    return await db.connection().execute(async (gateKeeper) => {
      await sql`select pg_advisory_lock(${gate})`.execute(gateKeeper)
      const done = work()
      await untilWaitingForLocks(2)
      await sql`select pg_advisory_unlock(${gate})`.execute(gateKeeper)
      return done
    })
  } finally {
    await sql`drop trigger "waitAtTestGate" on ${sql.table(table)}`.execute(db)
    await sql`drop function "waitAtTestGate"`.execute(db)
  }
}

test('two instances sweeping the event outbox at once handle each event once', async () => {
  const handled: string[] = []
  registerSubscriber({
    name: 'test:counts-events',
    types: ['test.happened'],
    handle: (event) => Promise.resolve(handled.push(event.subjectId)),
  })
  const subjects = Array.from({ length: 300 }, (_, index) => `subject-${index}`)
  await db.transaction().execute(async (trx) => {
    for (const subjectId of subjects) await recordEvent(trx, { type: 'test.happened', subjectId, payload: {} })
  })

  const sweepUntilNoneDue = async (instance: (typeof instances)[number]) => {
    while ((await deliverDueEvents(Date.now(), instance, { untriedToo: true })).due > 0);
  }
  await whileBothTakesWait('eventDeliveries', () => Promise.all(instances.map(sweepUntilNoneDue)))

  expect([...count(handled).values()].filter((times) => times.length > 1)).toEqual([])
  expect(handled.toSorted()).toEqual(subjects.toSorted())
  const undelivered = await db.selectFrom('eventDeliveries').select('eventId').where('deliveredAt', 'is', null).execute()
  expect(undelivered).toEqual([])
})

test("another instance's sweep leaves a delivery just recorded to its writer, and takes it once the writer is evidently gone", async () => {
  const handled: string[] = []
  registerSubscriber({ name: 'test:writer-first', types: ['test.written'], handle: (event) => Promise.resolve(handled.push(event.subjectId)) })
  const recordedAt = Date.now()
  const dispatched = await recordEvent(db, { type: 'test.written', subjectId: 'dispatched by its writer', payload: {} }, recordedAt)
  const abandoned = await recordEvent(db, { type: 'test.written', subjectId: 'its writer died', payload: {} }, recordedAt)
  const [other] = instances

  // The other instance's sweep comes between the writer's commit and its dispatch: it takes neither.
  await deliverDueEvents(recordedAt + 1, other)
  expect(handled).toEqual([])
  await dispatchEvents([dispatched])
  expect(handled).toEqual(['dispatched by its writer'])

  await deliverDueEvents(recordedAt + writerHeadStartMs, other)
  expect(handled).toEqual(['dispatched by its writer', 'its writer died'])
  const deliveries = await db.selectFrom('eventDeliveries').select(['attempts', 'deliveredAt']).where('eventId', 'in', [dispatched, abandoned]).execute()
  expect(deliveries.map((row) => [row.attempts, row.deliveredAt !== null])).toEqual([
    [1, true],
    [1, true],
  ])
})

test('two instances sending queued e-mails at the same moment send each e-mail once, and both send', async () => {
  const recipients = Array.from({ length: 150 }, (_, index) => `person-${index}@example.com`)
  for (const to of recipients) await queueEmail(db, { key: `test:${to}`, to, subject: 'Hello', text: 'Once.' })

  const sendUntilNoneDue = async (instance: (typeof instances)[number]) => {
    let sentByThisInstance = 0
    for (;;) {
      const { sent, failed } = await deliverDueEmails(Date.now(), instance)
      sentByThisInstance += sent
      if (sent + failed === 0) return sentByThisInstance
    }
  }
  const sentByEach = await whileBothTakesWait('emailOutbox', () => Promise.all(instances.map(sendUntilNoneDue)))

  const received = smtp.messages.flatMap((message) => message.to)
  expect([...count(received).values()].filter((times) => times.length > 1)).toEqual([])
  expect(received.toSorted()).toEqual(recipients.toSorted())
  if (engine === 'postgres') expect(sentByEach.every((sent) => sent > 0), `sent by each: ${sentByEach.join(', ')}`).toBe(true)
})

// SQLite serves one instance (its file is on one machine), so only PostgreSQL has several to keep apart.
test.runIf(engine === 'postgres')('a once-only job another instance is running is skipped, not run twice', async () => {
  let finishFirst = () => {}
  const firstRunning = new Promise<void>((resolve) => {
    finishFirst = resolve
  })
  let started = () => {}
  const firstStarted = new Promise<void>((resolve) => {
    started = resolve
  })
  const first = exclusively('test job', async () => {
    started()
    await firstRunning
    return 'first'
  }, { database: instances[0] })
  await firstStarted

  const second = await exclusively('test job', () => Promise.resolve('second'), { database: instances[1] })
  finishFirst()

  expect(second).toBeNull()
  expect(await first).toBe('first')
  expect(await exclusively('test job', () => Promise.resolve('again'), { database: instances[1] })).toBe('again')
})

test.runIf(engine === 'postgres')('two instances starting together on an empty database seed the demo data once', { timeout: 90_000 }, async () => {
  const seeded = await Promise.all(instances.map((instance) => seedDemoDataWhenEmpty(instance)))

  expect(seeded.toSorted()).toEqual([false, true])
  const users = await db.selectFrom('users').select(({ fn }) => fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
  const { demoLogins } = await import('#db/seed.ts')
  expect(users.count).toBeGreaterThanOrEqual(demoLogins.length)
  const emails = await db.selectFrom('users').select('email').execute()
  expect(new Set(emails.map((user) => user.email)).size).toBe(emails.length)
})

for (const job of [{ name: 'expiry sweep', run: expirySweep }, { name: 'housekeeping', run: housekeeping }] as const) {
  test.runIf(engine === 'postgres')(`two instances starting ${job.name === 'housekeeping' ? 'housekeeping' : 'the expiry sweep'} at the same moment run it once`, async () => {
    jobs.runs[job.name] = 0
    let release = () => {}
    jobs.held = new Promise((resolve) => (release = resolve))
    const firstStarted = new Promise<void>((resolve) => (jobs.started = resolve))

    const first = job.run(instances[0])
    await firstStarted
    const secondStarted = new Promise<void>((resolve) => (jobs.started = resolve))
    const second = job.run(instances[1])
    // The second is skipped while the first runs; were it not, it would start too: either way, go on.
    await Promise.race([second, secondStarted])
    release()

    expect(await second).toBeNull()
    expect(await first).not.toBeNull()
    expect(jobs.runs[job.name]).toBe(1)
  })
}

test('two instances sweeping stale requests at the same moment cancel each one once', async () => {
  const owner = await insertUser({ role: 'owner' })
  const sitter = await insertSitter()
  const dogId = await insertDog(owner.id)
  const parties = { dogId, ownerId: owner.id, sitterId: sitter.id }
  const stale = await Promise.all(Array.from({ length: 5 }, (_, index) => insertBooking(parties, { date: localDateFromToday(-1 - index) })))

  await Promise.all(instances.map((instance) => expirySweep(instance)))

  const cancellations = await db.selectFrom('bookingStatusHistory').select('bookingId').where('bookingId', 'in', stale).where('toStatus', '=', 'cancelled').execute()
  expect(cancellations.map((row) => row.bookingId).toSorted()).toEqual(stale.toSorted())
  const events = await db.selectFrom('domainEvents').select('subjectId').where('subjectId', 'in', stale).execute()
  expect(events.map((row) => row.subjectId).toSorted()).toEqual(stale.toSorted())
})

test.runIf(engine === 'postgres')(
  'a change to a sitter waits for no other open change, and each commit moves the public data version every instance reads',
  async () => {
    const [samira, theo] = [await insertSitter({ name: 'Samira' }), await insertSitter({ name: 'Theo' })]
    const rename = (instance: (typeof instances)[number], id: string, name: string) => instance.updateTable('users').set({ name }).where('id', '=', id).execute()
    const before = await publicDataVersion(instances[1])

    let theoRenamed: Promise<unknown> = Promise.resolve()
    const theoOutcome = await instances[0].transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ name: 'Samira S.' }).where('id', '=', samira.id).execute()
      // Not committed: instance B's copies made now stay under the old version, and the commit moves it.
      expect(await publicDataVersion(instances[1])).toBe(before)
      theoRenamed = rename(instances[1], theo.id, 'Theo T.')
      return Promise.race([theoRenamed.then(() => 'committed'), untilWaitingForLocks(1).then(() => 'waits for the open change')])
    })
    await theoRenamed

    expect(theoOutcome).toBe('committed')
    const after = await publicDataVersion(instances[1])
    expect(after).toBeGreaterThanOrEqual(before + 2)
    await rename(instances[0], samira.id, 'Samira')
    expect(await publicDataVersion(instances[1])).toBeGreaterThan(after)
  },
)

test("the geocoder's one upstream request a second holds across instances: each lookup reserves its own second", async () => {
  const { reserveUpstreamSlot } = await import('#app/features/geo/geocoder.server.ts')
  const now = Date.now() + 60 * 60_000 // after any slot reserved before

  const slots = await Promise.all(Array.from({ length: 10 }, (_, index) => reserveUpstreamSlot(now, instances[index % 2])))

  expect(slots.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, index) => now + index * 1000))
})
