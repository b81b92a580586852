import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { startFakeSmtp } from '#tests/fakes/smtp.ts'
import { appRequest, startTestApp } from './app.ts'
import { type Actor, call, ownerDogAndSitter, requestBooking, setStatus } from './booking-api.ts'
import { browserCookieFor, localDateFromToday } from './fixtures.ts'

// Delivery you can see, by e-mail (issue 20): every notification a booking e-mail or an unread-message digest
// also told shows what became of that e-mail, read from its outbox row: queued, sent once the mail server
// (the local fake, over real SMTP) accepted it, failed once the outbox gave up; none when the kind is off by
// e-mail.
const smtp = await startFakeSmtp()
process.env.SMTP_URL = smtp.url

const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { deliverDueEmails } = await import('#app/lib/email-outbox.server.ts')
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')
const { queueMessageDigests } = await import('#app/features/messages/message-digest.server.ts')
const { setChannelChoice } = await import('#app/features/notification-settings/preferences.server.ts')

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

afterAll(async () => {
  await smtp.close()
})

type Delivery = { channel: string; status: string; at: string; detail: string | null }
type NotificationJson = { type: string; text: string; deliveries: Delivery[] }

async function notificationsOf(actor: Actor) {
  await backgroundWorkDone()
  const answer = await call<NotificationJson[]>('GET', '/api/notifications', actor.token)
  expect(answer.status).toBe(200)
  return answer.body
}

const emailsOf = (notifications: NotificationJson[]) => notifications.map((n) => [n.type, n.deliveries.filter((d) => d.channel === 'email').map((d) => d.status)])

/** Waits until the outbox has handed every e-mail about the booking to the mail server (the worker runs after each commit). */
const allSent = (bookingId: string) =>
  vi.waitFor(
    async () => expect(await db.selectFrom('emailOutbox').select('key').where('key', 'like', `booking:${bookingId}:%`).where('sentAt', 'is', null).execute()).toEqual([]),
    { timeout: 10_000, interval: 50 },
  )

async function pageOf(actor: Actor) {
  await backgroundWorkDone()
  const response = await appRequest('/notifications', { headers: { cookie: await browserCookieFor(actor) } })
  return response.text()
}

const inUtc = async (actor: Actor) => db.updateTable('users').set({ timeZone: 'UTC' }).where('id', '=', actor.id).execute()

describe('e-mail deliveries in the centre and /api/notifications', () => {
  test('each booking e-mail shows under the notification telling the same, sent at the time the mail server took it', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    await Promise.all([inUtc(owner), inUtc(sitter)])
    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(5), startTime: '09:00', duration: 60 })
    await allSent(booking.id)
    expect((await setStatus(sitter.token, booking.id, 'accepted', { addToCalendar: false })).status).toBe(200)
    await allSent(booking.id)
    expect((await setStatus(owner.token, booking.id, 'cancelled')).status).toBe(200)
    await allSent(booking.id)

    expect(emailsOf(await notificationsOf(sitter))).toEqual([
      ['booking.cancelled', ['sent']],
      ['booking.requested', ['sent']],
    ])
    expect(emailsOf(await notificationsOf(owner))).toEqual([['booking.accepted', ['sent']]])

    const outbox = await db.selectFrom('emailOutbox').select(['key', 'sentAt']).where('key', '=', `booking:${booking.id}:requested`).executeTakeFirstOrThrow()
    const [, request] = await notificationsOf(sitter)
    expect(request?.deliveries).toEqual([{ channel: 'email', status: 'sent', at: outbox.sentAt, detail: null }])
    expect(await pageOf(sitter)).toContain(`Sent by e-mail ${outbox.sentAt!.slice(11, 16)}`)
  })

  test('an e-mail the mail server keeps refusing shows queued while the outbox retries, then failed once it gives up', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    await inUtc(sitter)
    smtp.refuseNext(8)
    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(5), startTime: '09:00', duration: 60 })
    const key = `booking:${booking.id}:requested`
    await vi.waitFor(async () => expect(await db.selectFrom('emailOutbox').select('attempts').where('key', '=', key).executeTakeFirst()).toEqual({ attempts: 1 }), {
      timeout: 10_000,
      interval: 50,
    })
    const queued = await db.selectFrom('emailOutbox').select('createdAt').where('key', '=', key).executeTakeFirstOrThrow()
    expect((await notificationsOf(sitter))[0]?.deliveries).toEqual([{ channel: 'email', status: 'waiting', at: queued.createdAt, detail: null }])
    expect(await pageOf(sitter)).toContain(`E-mail queued ${queued.createdAt.slice(11, 16)}`)

    // Seven more attempts, each after the retry delay (at most 6 hours): the outbox gives up after the eighth.
    const start = Date.now()
    for (let attempt = 2; attempt <= 8; attempt++) await deliverDueEmails(start + attempt * 7 * 60 * 60_000)
    const lastAttempt = new Date(start + 8 * 7 * 60 * 60_000).toISOString()
    expect(await db.selectFrom('emailOutbox').select(['attempts', 'sentAt']).where('key', '=', key).executeTakeFirstOrThrow()).toEqual({ attempts: 8, sentAt: null })
    expect((await notificationsOf(sitter))[0]?.deliveries).toEqual([{ channel: 'email', status: 'failed', at: lastAttempt, detail: null }])
    expect(await pageOf(sitter)).toContain(`E-mail failed ${lastAttempt.slice(11, 16)}`)
  })

  test('a kind turned off by e-mail shows no e-mail, only the notification', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    await setChannelChoice(sitter.id, 'bookings', 'email', false)
    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(5), startTime: '09:00', duration: 60 })
    await allSent(booking.id)
    expect(emailsOf(await notificationsOf(sitter))).toEqual([['booking.requested', []]])
    expect(await pageOf(sitter)).not.toContain('by e-mail')
  })

  test('the unread-message digest shows under the conversation’s entry', async () => {
    const { owner, sitter } = await ownerDogAndSitter()
    expect((await call('POST', '/api/messages', owner.token, { recipientId: sitter.id, content: 'Hi Sam, are you free on Friday?' })).status).toBe(201)
    expect(emailsOf(await notificationsOf(sitter))).toEqual([['message.sent', []]])

    expect(await queueMessageDigests(Date.now() + 20 * 60_000)).toBe(1)
    await deliverDueEmails(Date.now() + 20 * 60_000)
    expect(emailsOf(await notificationsOf(sitter))).toEqual([['message.sent', ['sent']]])
    expect(smtp.messages.at(-1)?.subject).toBe('Olivia sent you a message on Pawpal')
  })
})
