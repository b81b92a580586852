import { beforeAll, describe, expect, test } from 'vitest'
import { notificationSubscriber } from '#app/features/notifications/notification-events.server.ts'
import { recordDelivery } from '#app/features/notifications/notifications.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { backgroundWorkDone } from '#app/lib/work-queue.server.ts'
import { appRequest, postForm, startTestApp } from './app.ts'
import { type Actor, call, ownerDogAndSitter, requestBooking, setStatus } from './booking-api.ts'
import { browserCookieFor, insertBooking, localDateFromToday } from './fixtures.ts'

// The notification centre (issue 20): every booking change, review and reply that concerns a user, and
// unread messages one entry per conversation; the page and /api/notifications show the same list, opening
// one marks it read, nobody reaches another's. Each write's events are handled before the test looks
// (backgroundWorkDone: the dispatch that follows every commit).

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

type NotificationJson = { id: string; kind: string; type: string; text: string; href: string; read: boolean; readAt: string | null; deliveries: unknown[] }

async function notificationsOf(actor: Actor, query = '') {
  await backgroundWorkDone()
  const answer = await call<NotificationJson[]>('GET', `/api/notifications${query}`, actor.token)
  expect(answer.status, JSON.stringify(answer.body)).toBe(200)
  return answer.body
}

const rowsOf = (userId: string) => db.selectFrom('notifications').selectAll().where('userId', '=', userId).orderBy('occurredAt', 'desc').execute()

// The booking's day as every booking screen writes it ('Wed 2 Dec, 09:00', the year when it is not this one),
// spelled out here rather than with the function under test.
const weekdays = ['Sun', 'Mon', 'Tue', 'Wed', 'Thu', 'Fri', 'Sat']
const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']
function walkOn(date: string, time: string) {
  const day = new Date(`${date}T12:00:00Z`)
  const year = day.getUTCFullYear() === new Date().getUTCFullYear() ? '' : ` ${day.getUTCFullYear()}`
  return `a walk for Rex on ${weekdays[day.getUTCDay()]} ${day.getUTCDate()} ${months[day.getUTCMonth()]}${year}, ${time}`
}

/** The day reviews close, 14 days after `completedAt`, as a notification writes it, spelled out independently. */
function reviewsCloseDay(completedAt: number) {
  const close = new Date(completedAt + 14 * 86_400_000)
  const local = new Date(close.toLocaleString('en-US', { timeZone: 'Europe/Zurich' }))
  const year = local.getFullYear() === new Date(completedAt).getUTCFullYear() ? '' : ` ${local.getFullYear()}`
  return `${weekdays[local.getDay()]} ${local.getDate()} ${months[local.getMonth()]}${year}`
}

async function requested() {
  const setup = await ownerDogAndSitter()
  const date = localDateFromToday(5)
  const booking = await requestBooking(setup.owner.token, { dogId: setup.dogId, sitterId: setup.sitter.id, date, startTime: '09:00', duration: 60 })
  return { ...setup, booking, what: walkOn(date, '09:00') }
}

describe('booking events', () => {
  test("a request appears in the sitter's centre, unread and linking to it; the owner who made it gets nothing", async () => {
    const { owner, sitter, booking, what } = await requested()

    expect(await notificationsOf(sitter)).toEqual([
      {
        id: expect.any(String),
        kind: 'bookings',
        type: 'booking.requested',
        text: `Olivia Owner requested ${what}`,
        href: `/bookings/${booking.id}`,
        read: false,
        readAt: null,
        occurredAt: expect.any(String),
        // The request's e-mail (printed to the log in tests: no SMTP server), read from the outbox; during the
        // default quiet hours also the push waiting for their end.
        deliveries: expect.arrayContaining([{ channel: 'email', status: 'sent', at: expect.any(String), detail: null }]),
      },
    ])
    expect(await notificationsOf(owner)).toEqual([])
    expect(await rowsOf(sitter.id)).toMatchObject([{ kind: 'bookings', type: 'booking.requested', readAt: null, conversationId: null }])
  })

  test('an accept, a decline and a cancellation each reach the other party', async () => {
    const accepted = await requested()
    expect((await setStatus(accepted.sitter.token, accepted.booking.id, 'accepted', { addToCalendar: false })).status).toBe(200)
    expect((await notificationsOf(accepted.owner)).map((n) => [n.type, n.text])).toEqual([['booking.accepted', `Sam Sitter accepted your request: ${accepted.what}`]])

    const declined = await requested()
    expect((await setStatus(declined.sitter.token, declined.booking.id, 'rejected')).status).toBe(200)
    expect((await notificationsOf(declined.owner)).map((n) => [n.type, n.text])).toEqual([['booking.rejected', `Sam Sitter declined your request: ${declined.what}`]])

    const cancelled = await requested()
    expect((await setStatus(cancelled.owner.token, cancelled.booking.id, 'cancelled')).status).toBe(200)
    expect((await notificationsOf(cancelled.sitter)).map((n) => [n.type, n.text])).toEqual([
      ['booking.cancelled', `Olivia Owner cancelled ${cancelled.what}`],
      ['booking.requested', `Olivia Owner requested ${cancelled.what}`],
    ])
    expect(await notificationsOf(cancelled.owner)).toEqual([])
  })

  test('an expired request reaches both parties', async () => {
    const { owner, sitter, parties } = await ownerDogAndSitter()
    const date = localDateFromToday(-1)
    const bookingId = await insertBooking(parties, { status: 'pending', date, slots: [{ startTime: '10:00', endTime: '11:00' }] })
    const { expireStaleRequests } = await import('#app/features/bookings/expiry.server.ts')
    await expireStaleRequests(Date.now(), undefined)

    expect((await notificationsOf(owner)).map((n) => [n.text, n.href])).toEqual([[`Your request expired unanswered: ${walkOn(date, '10:00')}`, `/bookings/${bookingId}`]])
    expect((await notificationsOf(sitter)).map((n) => n.text)).toEqual([`A request from Olivia Owner expired before you answered: ${walkOn(date, '10:00')}`])
  })

  test('a completed booking asks both parties for a review; a review waits for the other, the reply reaches the owner', async () => {
    const { owner, sitter, parties } = await ownerDogAndSitter()
    const date = localDateFromToday(-1)
    const bookingId = await insertBooking(parties, { status: 'accepted', date, slots: [{ startTime: '10:00', endTime: '11:00' }] })
    expect((await setStatus(sitter.token, bookingId, 'completed')).status).toBe(200)
    const closes = reviewsCloseDay(Date.now())
    expect((await notificationsOf(owner)).map((n) => [n.kind, n.text])).toEqual([['bookings', `Sam Sitter marked ${walkOn(date, '10:00')} as completed: review Sam Sitter by ${closes}`]])
    expect((await notificationsOf(sitter)).map((n) => [n.kind, n.text])).toEqual([['bookings', `Completed: ${walkOn(date, '10:00')}. Review Olivia Owner and Rex by ${closes}`]])

    const review = await call<{ id: string }>('POST', '/api/reviews', owner.token, { bookingId, rating: 5, comment: 'Rex loved every minute.' })
    expect(review.status).toBe(201)
    expect((await notificationsOf(sitter)).map((n) => [n.kind, n.type, n.text, n.href])[0]).toEqual([
      'reviews',
      'review.written',
      `Olivia Owner reviewed ${walkOn(date, '10:00')}: write your review by ${closes} to read it`,
      `/bookings/${bookingId}`,
    ])

    expect((await call('POST', '/api/owner-reviews', sitter.token, { bookingId, rating: 5 })).status).toBe(201)
    expect((await call('POST', `/api/reviews/${review.body.id}/reply`, sitter.token, { reply: 'Thank you, Rex is a star.' })).status).toBe(200)
    expect((await notificationsOf(owner)).map((n) => [n.type, n.text])).toEqual([
      ['review.replied', `Sam Sitter replied to your review of ${walkOn(date, '10:00')}`],
      ['review.published', `Sam Sitter's review of you is published: ${walkOn(date, '10:00')}`],
      ['booking.completed', `Sam Sitter marked ${walkOn(date, '10:00')} as completed: review Sam Sitter by ${closes}`],
    ])
  })

  test('handling an event again adds nothing (the event id and the user are unique)', async () => {
    const { sitter, booking } = await requested()
    await backgroundWorkDone()
    const event = await db.selectFrom('domainEvents').selectAll().where('subjectId', '=', booking.id).executeTakeFirstOrThrow()
    await notificationSubscriber.handle({ ...event, payload: JSON.parse(event.payload) as Record<string, unknown> })
    expect(await rowsOf(sitter.id)).toHaveLength(1)
  })
})

describe('unread messages', () => {
  const send = async (from: Actor, to: Actor, content: string) => {
    expect((await call('POST', '/api/messages', from.token, { recipientId: to.id, content })).status).toBe(201)
  }

  test('one entry per conversation counts its unread messages, and is read when the conversation is', async () => {
    const { owner, sitter } = await ownerDogAndSitter()
    await send(owner, sitter, 'Hi Sam, are you free on Friday?')
    expect((await notificationsOf(sitter)).map((n) => [n.kind, n.text, n.href, n.read])).toEqual([['messages', 'Olivia Owner sent you a message', `/messages/${owner.id}`, false]])
    await send(owner, sitter, 'Rex would love a long walk.')
    expect((await notificationsOf(sitter)).map((n) => [n.text, n.read])).toEqual([['Olivia Owner sent you 2 messages', false]])
    expect(await notificationsOf(owner)).toEqual([])

    const unread = await db.selectFrom('messages').select('id').where('recipientId', '=', sitter.id).execute()
    expect((await call('POST', '/api/messages/read', sitter.token, { messageIds: unread.map((m) => m.id) })).status).toBe(200)
    expect((await notificationsOf(sitter)).map((n) => [n.text, n.read])).toEqual([['Olivia Owner sent you 2 messages', true]])

    await send(owner, sitter, 'One more thing: he pulls on the lead.')
    expect((await notificationsOf(sitter)).map((n) => [n.text, n.read])).toEqual([
      ['Olivia Owner sent you a message', false],
      ['Olivia Owner sent you 2 messages', true],
    ])
    expect((await rowsOf(sitter.id)).map((row) => row.text)).not.toContain('Rex would love a long walk.')
  })
})

describe('the API', () => {
  test('pages with cursors, newest first, the next page in the Link header', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    for (const day of [5, 6, 7]) await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(day), startTime: '09:00', duration: 60 })
    await backgroundWorkDone()
    const first = await appRequest('/api/notifications?limit=2', { headers: { authorization: `Bearer ${sitter.token}` } })
    const firstPage = (await first.json()) as NotificationJson[]
    expect(firstPage.map((n) => n.text)).toEqual([`Olivia Owner requested ${walkOn(localDateFromToday(7), '09:00')}`, `Olivia Owner requested ${walkOn(localDateFromToday(6), '09:00')}`])
    const next = /^<([^>]+)>; rel="next"$/.exec(first.headers.get('link') ?? '')?.[1]
    expect(next).toMatch(/^\/api\/notifications\?limit=2&cursor=/)
    const second = await appRequest(next!, { headers: { authorization: `Bearer ${sitter.token}` } })
    expect(((await second.json()) as NotificationJson[]).map((n) => n.text)).toEqual([`Olivia Owner requested ${walkOn(localDateFromToday(5), '09:00')}`])
    expect(second.headers.get('link')).toBeNull()
  })

  test('hostile input: a bad or foreign cursor, wrong types and oversized values are 400s; no session is a 401', async () => {
    const { sitter } = await requested()
    const conversationCursor = btoa(JSON.stringify(['conversations', new Date().toISOString(), 'x'])).replace(/=+$/, '')
    for (const query of ['?cursor=not-a-cursor', `?cursor=${conversationCursor}`, `?cursor=${'A'.repeat(401)}`, '?limit=abc', '?limit=0', '?limit=-3', '?limit=2.5', '?cursor=']) {
      const answer = await call<{ message: string; errors: Record<string, string[]> }>('GET', `/api/notifications${query}`, sitter.token)
      expect(answer.status, query).toBe(400)
      expect(Object.keys(answer.body.errors), query).toEqual([query.includes('limit') ? 'limit' : 'cursor'])
    }
    expect((await call('GET', '/api/notifications?limit=100000', sitter.token)).status).toBe(200)
    for (const [method, path] of [['GET', '/api/notifications'], ['POST', '/api/notifications/read'], ['POST', '/api/notifications/x/read']] as const) {
      expect((await appRequest(path, { method })).status, `${method} ${path}`).toBe(401)
    }
    expect((await call('DELETE', '/api/notifications', sitter.token)).status).toBe(405)
    expect((await call('GET', '/api/notifications/read', sitter.token)).status).toBe(405)
  })

  test("marking one read answers it; someone else's, an unknown or an oversized id is a 404 and changes nothing", async () => {
    const { owner, sitter } = await requested()
    const [mine] = await notificationsOf(sitter)

    expect(await call('POST', `/api/notifications/${mine!.id}/read`, owner.token)).toEqual({ status: 404, body: { message: 'Notification not found', errors: {} } })
    expect((await call('POST', `/api/notifications/${'x'.repeat(5000)}/read`, sitter.token)).status).toBe(404)
    expect((await call('POST', '/api/notifications/42/read', sitter.token, { id: 42 })).status).toBe(404)
    expect((await rowsOf(sitter.id))[0]?.readAt).toBeNull()

    const read = await call<NotificationJson>('POST', `/api/notifications/${mine!.id}/read`, sitter.token)
    expect(read).toMatchObject({ status: 200, body: { id: mine!.id, read: true, readAt: expect.any(String) } })
    const again = await call<NotificationJson>('POST', `/api/notifications/${mine!.id}/read`, sitter.token)
    expect(again.body.readAt).toBe(read.body.readAt)
  })

  test('mark all read reads only your own', async () => {
    const { owner, sitter, booking } = await requested()
    expect((await setStatus(sitter.token, booking.id, 'accepted', { addToCalendar: false })).status).toBe(200)
    await backgroundWorkDone()
    expect(await call('POST', '/api/notifications/read', sitter.token)).toEqual({ status: 200, body: { success: true, read: 1 } })
    expect((await rowsOf(sitter.id)).every((row) => row.readAt !== null)).toBe(true)
    expect((await rowsOf(owner.id)).map((row) => row.readAt)).toEqual([null])
  })
})

describe('the page', () => {
  const page = async (cookie: string, path = '/notifications') => {
    await backgroundWorkDone()
    const response = await appRequest(path, { headers: { cookie } })
    return { status: response.status, html: await response.text() }
  }

  test('a new user sees a real empty state', async () => {
    const { owner } = await ownerDogAndSitter()
    const { status, html } = await page(await browserCookieFor(owner))
    expect(status).toBe(200)
    expect(html).toContain('No notifications yet')
    expect(html).not.toContain('Mark all as read')
  })

  // The top of the list and the unread count run SQL compiled at the first visit (decision 089): each later
  // visit must read its own user's rows.
  test("each user's page lists that user's notifications and unread count, visit after visit", async () => {
    const first = await requested()
    const second = await requested()
    const [firstCookie, secondCookie] = [await browserCookieFor(first.sitter), await browserCookieFor(second.sitter)]
    for (const [cookie, mine, theirs] of [
      [firstCookie, first, second],
      [secondCookie, second, first],
      [firstCookie, first, second],
    ] as const) {
      const { html } = await page(cookie)
      expect(html).toContain('1 unread')
      expect(html).toContain(`/bookings/${mine.booking.id}`)
      expect(html).not.toContain(`/bookings/${theirs.booking.id}`)
    }
    const { html } = await page(await browserCookieFor(first.owner))
    expect(html).toContain('You are all caught up.')
    expect(html).not.toContain(`/bookings/${first.booking.id}`)
  })

  test('signed out, it asks to sign in', async () => {
    const response = await appRequest('/notifications')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toMatch(/^\/login/)
  })

  test("opening one marks it read and goes to its screen; another user's is a 404", async () => {
    const { owner, sitter, booking, what } = await requested()
    const cookie = await browserCookieFor(sitter)
    const { html } = await page(cookie)
    expect(html).toContain(`Olivia Owner requested ${what}`)
    expect(html).toContain('1 unread')
    const [row] = await rowsOf(sitter.id)

    const stranger = await postForm('/notifications', { intent: 'open', id: row!.id }, { cookie: await browserCookieFor(owner) })
    expect(stranger.status).toBe(404)
    expect((await rowsOf(sitter.id))[0]?.readAt).toBeNull()

    const opened = await postForm('/notifications', { intent: 'open', id: row!.id }, { cookie })
    expect(opened.status).toBe(302)
    expect(opened.headers.get('location')).toBe(`/bookings/${booking.id}`)
    expect((await rowsOf(sitter.id))[0]?.readAt).not.toBeNull()
    expect((await page(cookie)).html).toContain('You are all caught up.')
  })

  test('Mark all as read reads them all and says so', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    for (const day of [5, 6]) await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(day), startTime: '09:00', duration: 60 })
    const cookie = await browserCookieFor(sitter)
    expect((await page(cookie)).html).toContain('2 unread')
    const answer = await postForm('/notifications', { intent: 'mark-all-read' }, { cookie })
    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe('/notifications')
    expect((await rowsOf(sitter.id)).map((row) => row.readAt !== null)).toEqual([true, true])
    expect((await postForm('/notifications', { intent: 'nonsense' }, { cookie })).status).toBe(400)
  })

  test('the same form posted twice at once (a double tap, a retried request): both redirect, the notifications end read once, never a 500', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    for (const day of [5, 6, 7]) await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(day), startTime: '09:00', duration: 60 })
    await backgroundWorkDone()
    const cookie = await browserCookieFor(sitter)
    const [newest] = await rowsOf(sitter.id)

    const opened = await Promise.all([1, 2].map(() => postForm('/notifications', { intent: 'open', id: newest!.id }, { cookie })))
    expect(opened.map((answer) => [answer.status, answer.headers.get('location')])).toEqual([
      [302, newest!.href],
      [302, newest!.href],
    ])
    const afterOpen = await rowsOf(sitter.id)
    expect(afterOpen.map((row) => row.readAt !== null)).toEqual([true, false, false])

    const markedAll = await Promise.all([1, 2].map(() => postForm('/notifications', { intent: 'mark-all-read' }, { cookie })))
    expect(markedAll.map((answer) => [answer.status, answer.headers.get('location')])).toEqual([
      [302, '/notifications'],
      [302, '/notifications'],
    ])
    const afterAll = await rowsOf(sitter.id)
    expect(afterAll.map((row) => row.readAt !== null)).toEqual([true, true, true])
    // The first time stays: the one opened keeps the time it was opened.
    expect(afterAll[0]?.readAt).toBe(afterOpen[0]?.readAt)
  })

  test('Show more shows the next page under the first, without JavaScript', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    for (let day = 2; day <= 22; day++) await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(day), startTime: '09:00', duration: 60 })
    const cookie = await browserCookieFor(sitter)
    const first = (await page(cookie)).html
    const shown = (html: string) => html.match(/value="open"/g)?.length
    expect(shown(first)).toBe(20)
    const more = /href="(\/notifications\?cursor=[^"#]+)#more"/.exec(first)?.[1]
    expect(more).toBeDefined()
    const all = (await page(cookie, more!.replaceAll('&amp;', '&'))).html
    expect(shown(all)).toBe(21)
    expect(all).toContain(`Olivia Owner requested ${walkOn(localDateFromToday(2), '09:00')}`)
    expect(all).not.toContain('#more"')
  })

  test("each channel's delivery shows under its notification, in the user's time zone", async () => {
    const { sitter } = await requested()
    await backgroundWorkDone()
    await db.updateTable('users').set({ timeZone: 'America/New_York' }).where('id', '=', sitter.id).execute()
    const [row] = await rowsOf(sitter.id)
    await recordDelivery(row!.id, 'push', 'sent', undefined, Date.parse('2026-06-01T14:02:00Z'))
    await db.updateTable('emailOutbox').set({ sentAt: '2026-06-01T14:03:00.000Z' }).where('key', '=', row!.emailKey!).execute()

    const { html } = await page(await browserCookieFor(sitter))
    expect(html).toContain('Sent by push 10:02')
    expect(html).toContain('Sent by e-mail 10:03')
    const [shown] = await notificationsOf(sitter)
    expect(shown?.deliveries).toEqual([
      { channel: 'push', status: 'sent', at: '2026-06-01T14:02:00.000Z', detail: null },
      { channel: 'email', status: 'sent', at: '2026-06-01T14:03:00.000Z', detail: null },
    ])
    await recordDelivery(row!.id, 'push', 'delivered', undefined, Date.parse('2026-06-01T14:04:00Z'))
    expect((await page(await browserCookieFor(sitter))).html).toContain('Delivered by push 10:04')
  })
})
