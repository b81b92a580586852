import path from 'node:path'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { startFakeSmtp } from '#tests/fakes/smtp.ts'
import { startServerProcess } from '#tests/server-process.ts'
import { insertBooking, insertDog, insertSitter, insertUser, localDateFromToday } from '../integration/fixtures.ts'

// Domain events (decision 038): each booking change is recorded with the change, in its transaction, and
// its e-mail follows from the recorded event, also when the process that made the change died before
// sending it. No app runs in this test process: the servers below are real processes on this test's
// database, so nothing here handles an event by accident.
const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { registerEventSubscribers } = await import('#app/event-subscribers.server.ts')
const { recordBookingChange } = await import('#app/features/bookings/booking-changes.server.ts')
const { pruneDeliveredEvents } = await import('#app/lib/events.server.ts')

const smtp = await startFakeSmtp()

beforeAll(async () => {
  await migrateToLatest()
  registerEventSubscribers()
})

afterAll(async () => {
  await smtp.close()
})

async function pendingRequest() {
  const owner = await insertUser({ name: 'Olivia Owner', email: `olivia-${crypto.randomUUID().slice(0, 6)}@example.com` })
  const sitter = await insertSitter({ name: 'Sam Sitter', services: [{ service: 'walking', hourlyRateCents: 2400 }] })
  const dogId = await insertDog(owner.id, { name: 'Rex' })
  const bookingId = await insertBooking({ dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'pending', date: localDateFromToday(5) })
  return { owner, sitter, bookingId }
}

const deliveriesOf = (bookingId: string) =>
  db
    .selectFrom('eventDeliveries')
    .innerJoin('domainEvents', 'domainEvents.id', 'eventDeliveries.eventId')
    .select(['domainEvents.type', 'subscriber', 'attempts', 'deliveredAt'])
    .where('domainEvents.subjectId', '=', bookingId)
    .orderBy('subscriber')
    .execute()

const mailsAbout = (bookingId: string) => smtp.messages.filter((mail) => mail.text.includes(`/bookings/${bookingId}`))

describe('a change whose process died after the commit', () => {
  test('is handled by the next start: its e-mail is sent once, and once only after another restart', async () => {
    const { owner, bookingId } = await pendingRequest()
    // What a request's transaction commits: the booking (above) and its recorded change, with one
    // delivery per subscriber, none handled: the process was killed right after the commit.
    const eventId = await recordBookingChange(db, 'requested', bookingId, { actor: 'owner', from: null })
    expect((await deliveriesOf(bookingId)).map((row) => [row.subscriber, row.deliveredAt])).toEqual([
      ['booking-emails', null],
      ['booking-pushes', null],
      ['notifications', null],
    ])
    expect(mailsAbout(bookingId)).toEqual([])

    const start = () =>
      startServerProcess({
        root: process.cwd(),
        directory: path.resolve('tests/.tmp', `domain-events-${process.pid}`),
        environment: { DATABASE_URL: process.env.DATABASE_URL!, SMTP_URL: smtp.url },
      })
    // The start-up handles due events and sends due e-mails before it answers /healthz.
    const first = await start()
    await first.stop()
    expect(mailsAbout(bookingId).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^New booking request: Rex on /)])
    expect(mailsAbout(bookingId)[0]?.text).toContain(`${owner.name} would like to book dog walking for Rex with you on`)
    expect((await deliveriesOf(bookingId)).every((row) => row.deliveredAt !== null && row.attempts === 1)).toBe(true)
    // The sitter's notification centre has the request too.
    const notified = await db.selectFrom('notifications').select('text').where('eventId', '=', eventId).execute()
    expect(notified.map((row) => row.text)).toEqual([expect.stringMatching(new RegExp(`^${owner.name} requested a walk for Rex on `))])

    const second = await start()
    await second.dispose()
    expect(mailsAbout(bookingId)).toHaveLength(1)
  })
})

describe('pruning', () => {
  test('an event every subscriber handled is deleted; one still due is kept', async () => {
    const handled = await pendingRequest()
    const due = await pendingRequest()
    const handledEvent = await recordBookingChange(db, 'requested', handled.bookingId, { actor: 'owner', from: null })
    const dueEvent = await recordBookingChange(db, 'requested', due.bookingId, { actor: 'owner', from: null })
    await db.updateTable('eventDeliveries').set({ deliveredAt: new Date().toISOString() }).where('eventId', '=', handledEvent).execute()

    await pruneDeliveredEvents()

    const kept = await db.selectFrom('domainEvents').select('id').where('id', 'in', [handledEvent, dueEvent]).execute()
    expect(kept.map((row) => row.id)).toEqual([dueEvent])
    expect(await deliveriesOf(handled.bookingId)).toEqual([])
    expect(await deliveriesOf(due.bookingId)).toHaveLength(3)
  })
})
