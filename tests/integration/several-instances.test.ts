import { afterAll, beforeAll, expect, test } from 'vitest'
import { startFakeSmtp } from '#tests/fakes/smtp.ts'

// N app instances on one database (DESIGN.md ruling 22, decision 050), here two Kysely instances with their
// own connections, as two processes would have: work queued after a commit is done by exactly one of them,
// and a job that must run once runs once.
const smtp = await startFakeSmtp()
process.env.SMTP_URL = smtp.url

const { db, engine, exclusively, migrateToLatest, openDatabase } = await import('#app/lib/db.server.ts')
const { deliverDueEmails, queueEmail } = await import('#app/lib/email-outbox.server.ts')
const { deliverDueEvents, recordEvent, registerSubscriber } = await import('#app/lib/events.server.ts')
const { seedDemoDataWhenEmpty } = await import('#app/lifecycle.server.ts')

const instances = [openDatabase(process.env.DATABASE_URL!), openDatabase(process.env.DATABASE_URL!)]

beforeAll(async () => {
  await migrateToLatest()
})

afterAll(async () => {
  await Promise.all(instances.map((instance) => instance.destroy()))
  await smtp.close()
})

const count = (values: readonly string[]) => Map.groupBy(values, (value) => value)

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
    while ((await deliverDueEvents(Date.now(), instance)).due > 0);
  }
  await Promise.all(instances.map(sweepUntilNoneDue))

  expect([...count(handled).values()].filter((times) => times.length > 1)).toEqual([])
  expect(handled.toSorted()).toEqual(subjects.toSorted())
  const undelivered = await db.selectFrom('eventDeliveries').select('eventId').where('deliveredAt', 'is', null).execute()
  expect(undelivered).toEqual([])
})

test('two instances sending queued e-mails at once send each e-mail once', async () => {
  const recipients = Array.from({ length: 150 }, (_, index) => `person-${index}@example.com`)
  for (const to of recipients) await queueEmail(db, { key: `test:${to}`, to, subject: 'Hello', text: 'Once.' })

  const sendUntilNoneDue = async (instance: (typeof instances)[number]) => {
    for (;;) {
      const { sent, failed } = await deliverDueEmails(Date.now(), instance)
      if (sent + failed === 0) return
    }
  }
  await Promise.all(instances.map(sendUntilNoneDue))

  const received = smtp.messages.flatMap((message) => message.to)
  expect([...count(received).values()].filter((times) => times.length > 1)).toEqual([])
  expect(received.toSorted()).toEqual(recipients.toSorted())
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
  }, { database: instances[0]! })
  await firstStarted

  const second = await exclusively('test job', () => Promise.resolve('second'), { database: instances[1]! })
  finishFirst()

  expect(second).toBeNull()
  expect(await first).toBe('first')
  expect(await exclusively('test job', () => Promise.resolve('again'), { database: instances[1]! })).toBe('again')
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

test("the geocoder's one upstream request a second holds across instances: each lookup reserves its own second", async () => {
  const { reserveUpstreamSlot } = await import('#app/features/geo/geocoder.server.ts')
  const now = Date.now() + 60 * 60_000 // after any slot reserved before

  const slots = await Promise.all(Array.from({ length: 10 }, (_, index) => reserveUpstreamSlot(now, instances[index % 2])))

  expect(slots.toSorted((a, b) => a - b)).toEqual(Array.from({ length: 10 }, (_, index) => now + index * 1000))
})
