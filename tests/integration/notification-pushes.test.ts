import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { start } from '#tests/fakes/push-service.ts'

// Which notifications reach a phone (issue 20, DESIGN.md ruling 24), against the local fake push service: a
// request, an accept, a warning that a request will expire and a message to someone away each arrive as one
// push, decrypted here as the browser would; nothing for a kind turned off; a push in quiet hours waits and
// goes when they end; a warning nobody's phone got goes by e-mail. Quiet hours are set by each test, so the
// hour the suite runs at changes nothing.

const fake = await start()
process.env.PUSH_SERVICE_URL = fake.url

const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { env } = await import('#app/lib/env.server.ts')
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')
const { saveNotificationSettings } = await import('#app/features/notification-settings/preferences.server.ts')
const { defaultChannels } = await import('#app/features/notification-settings/kinds.ts')
const { presenceOf } = await import('#app/features/messages/presence.server.ts')
const { sendWaitingPushes } = await import('#app/features/notifications/notification-pushes.server.ts')
const { recordDueBookingAlerts } = await import('#app/features/bookings/booking-alerts.server.ts')
const { startTestApp } = await import('./app.ts')
const { call, ownerDogAndSitter, requestBooking, setStatus } = await import('./booking-api.ts')
const { insertBooking, localDateFromToday } = await import('./fixtures.ts')

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

afterAll(async () => {
  await fake.close()
})

type Pushed = { title: string; body: string; url: string; tag: string }

/** The pushes the fake received for a device since `from`, decrypted. */
const pushesTo = (endpoint: string, from: number) =>
  fake.received
    .slice(from)
    .filter((push) => `${fake.url}/push/${push.device}` === endpoint)
    .map((push) => ({ message: JSON.parse(fake.decrypt(push)) as Pushed, ttl: push.ttl, urgency: push.urgency }))

/** A phone of the user with notifications on, and quiet hours as given (off unless said). */
async function phoneOf(user: { id: string; token: string }, quietHours = { enabled: false, start: '22:00', end: '07:00' }) {
  const device = fake.subscribe(env.vapid.publicKey)
  expect((await call('POST', '/api/push/subscriptions', user.token, device)).status).toBe(201)
  await saveNotificationSettings(user.id, { kinds: structuredClone(defaultChannels), quietHours })
  return device
}

const deliveriesOf = async (userId: string) =>
  db
    .selectFrom('notificationDeliveries')
    .innerJoin('notifications', 'notifications.id', 'notificationDeliveries.notificationId')
    .select(['notifications.type', 'notificationDeliveries.channel', 'notificationDeliveries.status'])
    .where('notifications.userId', '=', userId)
    .execute()

describe('booking pushes', () => {
  test("a request reaches the sitter's phone, its answer the owner's; each says what happened and opens the booking", async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const sitterPhone = await phoneOf(sitter)
    const ownerPhone = await phoneOf(owner)
    const from = fake.received.length

    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(5), startTime: '09:00', duration: 60 })
    await backgroundWorkDone()
    const [toSitter] = pushesTo(sitterPhone.endpoint, from)
    expect(toSitter).toMatchObject({ ttl: 86_400, urgency: 'normal', message: { title: 'Pawpal', url: `/bookings/${booking.id}`, tag: `booking-${booking.id}` } })
    expect(toSitter?.message.body).toMatch(/^Olivia Owner requested a walk for Rex on .+, 09:00$/)
    expect(pushesTo(ownerPhone.endpoint, from)).toEqual([])

    expect((await setStatus(sitter.token, booking.id, 'accepted')).status).toBe(200)
    await backgroundWorkDone()
    expect(pushesTo(ownerPhone.endpoint, from).map((push) => push.message.body)).toEqual([expect.stringMatching(/^Sam Sitter accepted your request: a walk for Rex on /)])
    expect(pushesTo(sitterPhone.endpoint, from)).toHaveLength(1)
    expect(await deliveriesOf(sitter.id)).toEqual([{ type: 'booking.requested', channel: 'push', status: 'delivered' }])
    expect(await deliveriesOf(owner.id)).toEqual([{ type: 'booking.accepted', channel: 'push', status: 'delivered' }])
    // No address crosses the push service: the payload is the four fields and nothing else.
    for (const push of pushesTo(sitterPhone.endpoint, from)) expect(Object.keys(push.message).sort()).toEqual(['body', 'tag', 'title', 'url'])
  })

  test('a kind turned off for push is not pushed (the centre still has it)', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const phone = await phoneOf(sitter)
    await saveNotificationSettings(sitter.id, {
      kinds: { ...structuredClone(defaultChannels), bookings: { push: false, email: true } },
      quietHours: { enabled: false, start: '22:00', end: '07:00' },
    })
    const from = fake.received.length

    await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(6), startTime: '10:00', duration: 30 })
    await backgroundWorkDone()

    expect(pushesTo(phone.endpoint, from)).toEqual([])
    expect(await db.selectFrom('notifications').select('type').where('userId', '=', sitter.id).execute()).toEqual([{ type: 'booking.requested' }])
    expect(await deliveriesOf(sitter.id)).toEqual([])
  })

  test('in quiet hours a push waits, then goes once when they end', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const { timeZone } = await db.selectFrom('users').select('timeZone').where('id', '=', sitter.id).executeTakeFirstOrThrow()
    const hourNow = Number(new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hourCycle: 'h23', timeZone }).format(new Date()))
    const at = (hour: number) => `${String((hour + 24) % 24).padStart(2, '0')}:00`
    // Quiet from the last full hour to two hours after the next one: now is inside, whatever the time.
    const phone = await phoneOf(sitter, { enabled: true, start: at(hourNow), end: at(hourNow + 3) })
    const from = fake.received.length

    await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(7), startTime: '11:00', duration: 30 })
    await backgroundWorkDone()
    expect(pushesTo(phone.endpoint, from)).toEqual([])
    expect(await deliveriesOf(sitter.id)).toEqual([{ type: 'booking.requested', channel: 'push', status: 'waiting' }])

    await sendWaitingPushes(Date.now() + 60_000) // still quiet
    expect(pushesTo(phone.endpoint, from)).toEqual([])
    const afterQuiet = Date.now() + 3 * 60 * 60_000 + 60_000
    await Promise.all([sendWaitingPushes(afterQuiet), sendWaitingPushes(afterQuiet)])
    expect(pushesTo(phone.endpoint, from).map((push) => push.message.body)).toEqual([expect.stringMatching(/^Olivia Owner requested a walk for Rex/)])
    expect(await deliveriesOf(sitter.id)).toEqual([{ type: 'booking.requested', channel: 'push', status: 'delivered' }])
  })

  test('in quiet hours nothing waits for someone without a device, and a push whose device went meanwhile leaves no line', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const alwaysQuiet = { enabled: true, start: '00:00', end: '23:59' }
    await saveNotificationSettings(sitter.id, { kinds: structuredClone(defaultChannels), quietHours: alwaysQuiet })
    await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(7), startTime: '11:00', duration: 30 })
    await backgroundWorkDone()
    expect(await deliveriesOf(sitter.id)).toEqual([])

    const phone = await phoneOf(owner, alwaysQuiet)
    expect((await call('POST', '/api/messages', sitter.token, { recipientId: owner.id, content: 'Rex is welcome!' })).status).toBe(201)
    await backgroundWorkDone()
    expect(await deliveriesOf(owner.id)).toEqual([{ type: 'message.sent', channel: 'push', status: 'waiting' }])
    expect((await call('DELETE', '/api/push/subscriptions', owner.token, { endpoint: phone.endpoint })).status).toBe(204)
    await sendWaitingPushes(Date.now() + 25 * 60 * 60_000)
    expect(await deliveriesOf(owner.id)).toEqual([])
  })
})

describe('expiry warnings', () => {
  test("a request about to expire warns the sitter's phone at once, even in quiet hours", async () => {
    const { sitter, parties } = await ownerDogAndSitter()
    const phone = await phoneOf(sitter, { enabled: true, start: '00:00', end: '23:59' })
    const id = await insertBooking(parties, { status: 'pending', date: '2031-05-06', slots: [{ startTime: '10:00', endTime: '11:00' }] })
    const from = fake.received.length

    // 10:00 in Zurich on 6 May 2031 (summer time, UTC+2) is 08:00 UTC: warned from 06:00 UTC.
    await recordDueBookingAlerts(Date.parse('2031-05-06T06:30:00Z'))
    await backgroundWorkDone()

    const pushes = pushesTo(phone.endpoint, from)
    expect(pushes).toMatchObject([{ ttl: 7200, urgency: 'high', message: { url: `/bookings/${id}`, tag: `booking-${id}` } }])
    expect(pushes[0]?.message.body).toMatch(/^Answer soon: Olivia Owner's request expires within 2 hours: a walk for Rex on /)
    expect(await db.selectFrom('emailOutbox').select('key').where('key', '=', `booking:${id}:expiring`).execute()).toEqual([])
  })

  test('a warning no phone received goes by e-mail, and the centre says so', async () => {
    const { sitter, parties } = await ownerDogAndSitter()
    const id = await insertBooking(parties, { status: 'pending', date: '2031-05-07', slots: [{ startTime: '10:00', endTime: '11:00' }] })

    await recordDueBookingAlerts(Date.parse('2031-05-07T06:30:00Z'))
    await backgroundWorkDone()

    const mail = await db.selectFrom('emailOutbox').select(['recipient', 'subject']).where('key', '=', `booking:${id}:expiring`).executeTakeFirstOrThrow()
    const { email } = await db.selectFrom('users').select('email').where('id', '=', sitter.id).executeTakeFirstOrThrow()
    expect(mail).toEqual({ recipient: email, subject: 'Please answer soon: Rex on Wednesday, May 7, 2031' })
    // No push to record; the e-mail's fate comes from its outbox row (printed to the log here: sent).
    expect(await deliveriesOf(sitter.id)).toEqual([])
    const centre = await call<{ type: string; deliveries: { channel: string; status: string }[] }[]>('GET', '/api/notifications', sitter.token)
    expect(centre.body.map((n) => [n.type, n.deliveries.map((d) => [d.channel, d.status])])).toEqual([['booking.expiring', [['email', 'sent']]]])
  })
})

describe('message pushes', () => {
  test('a message reaches the phone of someone with no page open, not of someone reading', async () => {
    const { owner, sitter } = await ownerDogAndSitter()
    const phone = await phoneOf(sitter)
    const ownerPhone = await phoneOf(owner)
    // The owner has a page open on another instance.
    await presenceOf('another-instance').renew([owner.id])
    const from = fake.received.length

    expect((await call('POST', '/api/messages', owner.token, { recipientId: sitter.id, content: 'Is Saturday fine?' })).status).toBe(201)
    expect((await call('POST', '/api/messages', sitter.token, { recipientId: owner.id, content: 'Yes!' })).status).toBe(201)
    await backgroundWorkDone()

    expect(pushesTo(phone.endpoint, from)).toMatchObject([
      { ttl: 6 * 60 * 60, message: { title: 'Pawpal', body: 'Olivia Owner sent you a message', url: `/messages/${owner.id}` } },
    ])
    expect(pushesTo(ownerPhone.endpoint, from)).toEqual([])
  })
})
