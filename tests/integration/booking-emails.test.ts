import { describe, expect, test, vi } from 'vitest'
import { startAppWithFakeSmtp } from './fake-smtp-app.ts'
import { call, owner, ownerDogAndSitter, requestBooking, setStatus, sitter } from './booking-api.ts'
import { insertBooking, insertDog, localDateFromToday } from './fixtures.ts'

// The e-mails of a booking's life, delivered over real SMTP to a local fake mail server: each is queued
// in the outbox with the change it reports, sent once after the commit, and retried after a failure.
const { smtp, db } = await startAppWithFakeSmtp()
const { deliverDueEmails } = await import('#app/lib/email-outbox.server.ts')

const outboxOf = (bookingId: string) =>
  db
    .selectFrom('emailOutbox')
    .select(['key', 'recipient', 'subject', 'attempts', 'sentAt', 'lastError'])
    .where('key', 'like', `booking:${bookingId}:%`)
    .orderBy('createdAt')
    .execute()

const mailsAbout = (bookingId: string) => smtp.messages.filter((mail) => mail.text.includes(`/bookings/${bookingId}`))

/** Waits until every queued e-mail of the booking has been handed to the mail server (the worker runs after the commit). */
async function allSent(bookingId: string, count: number) {
  await vi.waitFor(
    async () => {
      const rows = await outboxOf(bookingId)
      expect(rows).toHaveLength(count)
      expect(rows.every((row) => row.sentAt !== null)).toBe(true)
    },
    { timeout: 10_000, interval: 50 },
  )
}

describe("the e-mails of one booking's life", () => {
  test('request, acceptance and cancellation: each e-mail goes to the right party, once', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const date = localDateFromToday(5)
    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date, timePeriod: 'afternoon' })
    await allSent(booking.id, 1)
    await setStatus(sitter.token, booking.id, 'accepted', { addToCalendar: false })
    // A second attempt at the same move is refused and queues nothing.
    expect((await setStatus(sitter.token, booking.id, 'accepted')).status).toBe(409)
    await allSent(booking.id, 2)
    await setStatus(owner.token, booking.id, 'cancelled')
    await allSent(booking.id, 3)
    await deliverDueEmails(Date.now() + 24 * 60 * 60_000)

    const sitterEmail = (await db.selectFrom('users').select('email').where('id', '=', sitter.id).executeTakeFirstOrThrow()).email
    const ownerEmail = (await db.selectFrom('users').select('email').where('id', '=', owner.id).executeTakeFirstOrThrow()).email
    const mails = mailsAbout(booking.id)
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [[sitterEmail], expect.stringMatching(/^New booking request: Rex on \w+day, /)],
      [[ownerEmail], expect.stringMatching(/^Booking accepted: Rex on /)],
      [[sitterEmail], expect.stringMatching(/^Booking cancelled: Rex on /)],
    ])
    expect(mails[0]?.text).toContain(`Olivia Owner would like to book dog walking for Rex with you on`)
    expect(mails[0]?.text).toContain('12:00 - 13:00 (Europe/Zurich time)')
    expect(mails[0]?.text).toContain(`http://localhost:3000/bookings/${booking.id}`)
    expect(mails[2]?.text).toContain('Olivia Owner cancelled the booking')
    expect((await outboxOf(booking.id)).map((row) => [row.key, row.attempts])).toEqual([
      [`booking:${booking.id}:requested`, 1],
      [`booking:${booking.id}:accepted`, 1],
      [`booking:${booking.id}:cancelled`, 1],
    ])
  })

  test("every booking e-mail greets the first name without its punctuation ('Keller, Sam' reads 'Hi Keller,')", async () => {
    const theOwner = await owner('Smith, Olivia')
    const dogId = await insertDog(theOwner.id, { name: 'Rex' })
    const theSitter = await sitter({ name: 'Keller, Sam' })
    const booking = await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date: localDateFromToday(5), timePeriod: 'morning' })
    await setStatus(theSitter.token, booking.id, 'accepted', { addToCalendar: false })
    await allSent(booking.id, 2)
    expect(mailsAbout(booking.id).map((mail) => mail.text.split('\n')[0])).toEqual(['Hi Keller,', 'Hi Smith,'])
  })

  test('a declined request tells the owner', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(5), timePeriod: 'morning' })
    await setStatus(sitter.token, booking.id, 'rejected')
    await allSent(booking.id, 2)
    expect(mailsAbout(booking.id).map((mail) => mail.subject)).toEqual([
      expect.stringMatching(/^New booking request/),
      expect.stringMatching(/^Booking declined: Rex on /),
    ])
    expect(mailsAbout(booking.id)[1]?.text).toContain('Sam Sitter declined your booking')
  })

  test("a sitter's offer for an available dog (variant b) e-mails the owner once with its link; the owner's acceptance e-mails the sitter once", async () => {
    const { owner, sitter } = await ownerDogAndSitter()
    const dogId = await insertDog(owner.id, { name: 'Luna', listed: true })
    const offer = await requestBooking(sitter.token, { dogId, sitterId: sitter.id, date: localDateFromToday(6), timeSlot: '9:00 AM' })
    expect(offer).toMatchObject({ requestedBy: 'sitter', ownerId: owner.id })
    await allSent(offer.id, 1)

    const accepted = await setStatus(owner.token, offer.id, 'accepted')
    expect(accepted.status).toBe(200)
    await allSent(offer.id, 2)
    // Nothing else is due later, and a delivery run again sends nothing twice.
    await deliverDueEmails(Date.now() + 24 * 60 * 60_000)

    const emailOf = async (id: string) => (await db.selectFrom('users').select('email').where('id', '=', id).executeTakeFirstOrThrow()).email
    const [ownerEmail, sitterEmail] = [await emailOf(owner.id), await emailOf(sitter.id)]
    const mails = mailsAbout(offer.id)
    expect(mails.map((mail) => [mail.to, mail.subject])).toEqual([
      [[ownerEmail], expect.stringMatching(/^New offer to care for Luna on \w+day, /)],
      [[sitterEmail], expect.stringMatching(/^Booking accepted: Luna on /)],
    ])
    expect(mails[0]?.text).toContain('Sam Sitter offers dog walking for Luna on')
    expect(mails[0]?.text).toContain('09:00 - 10:00 (Europe/Zurich time)')
    expect(mails[0]?.text).toContain(`http://localhost:3000/bookings/${offer.id}`)
    expect(mails[1]?.text).toContain('Olivia Owner accepted your booking of dog walking for Luna')
    expect((await outboxOf(offer.id)).map((row) => [row.key, row.recipient, row.attempts])).toEqual([
      [`booking:${offer.id}:requested`, ownerEmail, 1],
      [`booking:${offer.id}:accepted`, sitterEmail, 1],
    ])
  })

  test("a sitter's offer goes to the owner; its expiry goes back to the sitter, once however often it is read", async () => {
    const { owner, sitter, parties } = await ownerDogAndSitter()
    const id = await insertBooking(parties, { status: 'pending', requestedBy: 'sitter', date: localDateFromToday(-1) })

    await call('GET', `/api/bookings/${id}`, owner.token)
    await call('GET', '/api/bookings/sitter?tab=all', sitter.token)
    await allSent(id, 1)
    await deliverDueEmails(Date.now() + 24 * 60 * 60_000)

    const sitterEmail = (await db.selectFrom('users').select('email').where('id', '=', sitter.id).executeTakeFirstOrThrow()).email
    expect(mailsAbout(id).map((mail) => [mail.to, mail.subject])).toEqual([[[sitterEmail], expect.stringMatching(/^Booking request expired: Rex on /)]])
    expect(mailsAbout(id)[0]?.text).toContain('was not answered by Olivia Owner before it was due to start')
  })

  test('a delivery the mail server refuses is kept, retried later, and then sent once', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    smtp.refuseNext(1)

    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(5), timePeriod: 'evening' })

    await vi.waitFor(
      async () => expect(await outboxOf(booking.id)).toEqual([expect.objectContaining({ attempts: 1, sentAt: null, lastError: expect.stringMatching(/451/) })]),
      { timeout: 10_000, interval: 50 },
    )
    expect(mailsAbout(booking.id)).toEqual([])

    // Not due yet: nothing is sent before the retry delay.
    await deliverDueEmails()
    expect(mailsAbout(booking.id)).toEqual([])
    await deliverDueEmails(Date.now() + 10 * 60_000)
    await deliverDueEmails(Date.now() + 60 * 60_000)

    expect(mailsAbout(booking.id).map((mail) => mail.subject)).toEqual([expect.stringMatching(/^New booking request/)])
    expect(await outboxOf(booking.id)).toEqual([expect.objectContaining({ attempts: 2, sentAt: expect.any(String) })])
  })
})
