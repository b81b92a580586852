import { describe, expect, test, vi } from 'vitest'
import { appRequest, bearer } from './app.ts'
import { startAppWithFakeSmtp } from './fake-smtp-app.ts'
import { call, ownerDogAndSitter, requestBooking } from './booking-api.ts'
import { apiTokenFor, browserCookieFor, insertUser, localDateFromToday } from './fixtures.ts'

// Notification settings (issue 20): the API, decideDelivery, one-click unsubscribe (RFC 8058) and the
// booking e-mails going through the settings, delivered over real SMTP to the local fake mail server.
const { smtp, db } = await startAppWithFakeSmtp()
const { decideDelivery } = await import('#app/features/notification-settings/preferences.server.ts')
const { unsubscribeToken } = await import('#app/features/notification-settings/unsubscribe.server.ts')

const path = '/api/users/me/notification-settings'
const everything = (push: boolean, email: boolean) => ({ push, email })
const settingsInput = {
  kinds: { bookings: everything(true, false), reminders: everything(false, false), messages: everything(true, true), reviews: everything(false, true) },
  quietHours: { enabled: true, start: '23:30', end: '06:15' },
}

async function newUser() {
  const user = await insertUser()
  return { ...user, token: await apiTokenFor(user) }
}

describe('GET and PUT /api/users/me/notification-settings', () => {
  test('a new user gets everything by push, everything but reminders by e-mail, quiet from 22:00 to 07:00 in their zone', async () => {
    const user = await newUser()
    const answer = await call('GET', path, user.token)
    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({
      kinds: { bookings: everything(true, true), reminders: everything(true, false), messages: everything(true, true), reviews: everything(true, true) },
      quietHours: { enabled: true, start: '22:00', end: '07:00', timeZone: 'Europe/Zurich' },
    })
    expect(await db.selectFrom('notificationPreferences').selectAll().where('userId', '=', user.id).execute()).toEqual([])
  })

  test('PUT replaces the settings; they are stored and read back, and nobody else changes', async () => {
    const [user, other] = [await newUser(), await newUser()]
    const saved = await call('PUT', path, user.token, settingsInput)
    expect(saved.status).toBe(200)
    expect(saved.body).toEqual({ ...settingsInput, quietHours: { ...settingsInput.quietHours, timeZone: 'Europe/Zurich' } })
    expect((await call('GET', path, user.token)).body).toEqual(saved.body)
    expect(await db.selectFrom('notificationQuietHours').select(['enabled', 'startMinute', 'endMinute']).where('userId', '=', user.id).execute()).toEqual([
      { enabled: 1, startMinute: 23 * 60 + 30, endMinute: 6 * 60 + 15 },
    ])
    expect((await call('GET', path, other.token)).body).toMatchObject({ kinds: { bookings: everything(true, true) } })
  })

  test('hostile input is refused with a message naming the field, and nothing is stored', async () => {
    const user = await newUser()
    const put = (body: unknown) => call<{ message: string; errors: Record<string, string[]> }>('PUT', path, user.token, body)
    const cases: [unknown, string, string][] = [
      [{ ...settingsInput, quietHours: { ...settingsInput.quietHours, start: '25:00' } }, 'quietHours.start', 'Quiet hours start must be a 24-hour time such as 22:00'],
      [{ ...settingsInput, quietHours: { ...settingsInput.quietHours, end: '7pm' } }, 'quietHours.end', 'Quiet hours end must be a 24-hour time such as 22:00'],
      [{ ...settingsInput, quietHours: { enabled: true, start: '22:00', end: '22:00' } }, 'quietHours.end', 'Quiet hours end must differ from the start'],
      [{ ...settingsInput, quietHours: { enabled: true, end: '07:00' } }, 'quietHours.start', 'Quiet hours start is required'],
      [{ ...settingsInput, kinds: { ...settingsInput.kinds, messages: { push: 'yes', email: true } } }, 'kinds.messages.push', 'Each choice must be true or false'],
      [{ ...settingsInput, kinds: { ...settingsInput.kinds, reviews: undefined } }, 'kinds.reviews', ''],
      [{ ...settingsInput, quietHours: { ...settingsInput.quietHours, start: `22:00${'\u0000'}` } }, 'quietHours.start', 'Quiet hours start must be a 24-hour time such as 22:00'],
      [[settingsInput], 'form', ''],
      ['"text"', 'form', ''],
      [null, 'form', ''],
    ]
    for (const [body, field, message] of cases) {
      const answer = await put(body)
      expect(answer.status, JSON.stringify(body)).toBe(400)
      expect(Object.keys(answer.body.errors)).toContain(field)
      if (message) expect(answer.body.errors[field]).toContain(message)
    }
    expect((await call('PUT', path, user.token, '{"kinds":')).status).toBe(400)
    const notJson = await appRequest(path, { method: 'PUT', headers: { ...bearer(user.token), 'content-type': 'text/plain' }, body: 'x' })
    expect(notJson.status).toBe(415)
    expect((await call('POST', path, user.token, settingsInput)).status).toBe(405)
    expect((await appRequest(path)).status).toBe(401)
    expect((await appRequest(path, { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify(settingsInput) })).status).toBe(401)
    expect(await db.selectFrom('notificationPreferences').selectAll().where('userId', '=', user.id).execute()).toEqual([])
    expect(await db.selectFrom('notificationQuietHours').selectAll().where('userId', '=', user.id).execute()).toEqual([])
  })
})

describe('decideDelivery', () => {
  // 22:30 in Zurich on 23 November 2026 (UTC+1); the default quiet hours end at 07:00, 06:00Z.
  const lateEvening = Date.parse('2026-11-23T21:30:00Z')
  const noon = Date.parse('2026-11-23T11:00:00Z')

  test('push waits out the quiet hours, an urgent push does not, e-mail never waits', async () => {
    const user = await newUser()
    expect(await decideDelivery({ userId: user.id, kind: 'bookings', channel: 'push', urgent: false }, lateEvening)).toEqual({ send: 'later', at: '2026-11-24T06:00:00.000Z' })
    expect(await decideDelivery({ userId: user.id, kind: 'bookings', channel: 'push', urgent: true }, lateEvening)).toEqual({ send: 'now' })
    expect(await decideDelivery({ userId: user.id, kind: 'messages', channel: 'email', urgent: false }, lateEvening)).toEqual({ send: 'now' })
    expect(await decideDelivery({ userId: user.id, kind: 'messages', channel: 'push', urgent: false }, noon)).toEqual({ send: 'now' })
  })

  test("a kind turned off on a channel is never sent there, urgent or not; a user's own zone and hours count", async () => {
    const user = await newUser()
    await call('PUT', path, user.token, settingsInput)
    await db.updateTable('users').set({ timeZone: 'America/New_York' }).where('id', '=', user.id).execute()
    expect(await decideDelivery({ userId: user.id, kind: 'reminders', channel: 'push', urgent: true }, noon)).toEqual({ send: 'never' })
    expect(await decideDelivery({ userId: user.id, kind: 'bookings', channel: 'email' }, noon)).toEqual({ send: 'never' })
    // 21:30Z is 16:30 in New York: not quiet. 05:00Z is 00:00 there: quiet (23:30-06:15) until 06:15, 11:15Z.
    expect(await decideDelivery({ userId: user.id, kind: 'messages', channel: 'push' }, lateEvening)).toEqual({ send: 'now' })
    expect(await decideDelivery({ userId: user.id, kind: 'messages', channel: 'push' }, Date.parse('2026-11-24T05:00:00Z'))).toEqual({
      send: 'later',
      at: '2026-11-24T11:15:00.000Z',
    })
    expect(await decideDelivery({ userId: crypto.randomUUID(), kind: 'messages', channel: 'email' })).toEqual({ send: 'never' })
  })
})

describe('one-click unsubscribe', () => {
  const emailChoice = async (userId: string, kind: string) =>
    (await db.selectFrom('notificationPreferences').select('enabled').where('userId', '=', userId).where('kind', '=', kind).where('channel', '=', 'email').executeTakeFirst())?.enabled

  test("opening the link only asks; the mail client's one-click POST turns that kind of e-mail off, and only that", async () => {
    const user = await newUser()
    const link = `/unsubscribe/${unsubscribeToken(user.id, 'messages')}`
    const page = await appRequest(link)
    expect(page.status).toBe(200)
    expect(await page.text()).toContain('Stop e-mails about messages?')
    expect(await emailChoice(user.id, 'messages')).toBeUndefined()

    // RFC 8058: the mail client posts `List-Unsubscribe=One-Click`, with no cookie and no Origin.
    const oneClick = await appRequest(link, {
      method: 'POST',
      withoutOrigin: true,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    })
    expect(oneClick.status).toBe(200)
    expect(await oneClick.text()).toContain('You will no longer get e-mails about messages.')
    expect(await emailChoice(user.id, 'messages')).toBe(0)
    expect(await decideDelivery({ userId: user.id, kind: 'messages', channel: 'email' })).toEqual({ send: 'never' })
    expect(await decideDelivery({ userId: user.id, kind: 'messages', channel: 'push' })).not.toEqual({ send: 'never' })
    expect(await decideDelivery({ userId: user.id, kind: 'bookings', channel: 'email' })).toEqual({ send: 'now' })
  })

  test('a token cannot be forged, altered to name another user or kind, or used for anyone but its user', async () => {
    const [victim, attacker] = [await newUser(), await newUser()]
    const own = unsubscribeToken(attacker.id, 'bookings')
    const [, signature] = own.split('.')
    const payloadFor = (text: string) => Buffer.from(text).toString('base64url')
    const forged = [
      `${payloadFor(`${victim.id}:bookings`)}.${signature}`,
      `${payloadFor(`${attacker.id}:messages`)}.${signature}`,
      `${payloadFor(`${victim.id}:bookings`)}.`,
      payloadFor(`${victim.id}:bookings`),
      `${own}.extra`,
      `${own.split('.')[0]}.${signature?.startsWith('A') ? 'B' : 'A'}${signature?.slice(1)}`,
      'not-a-token',
    ]
    for (const token of forged) {
      const post = await appRequest(`/unsubscribe/${encodeURIComponent(token)}`, { method: 'POST', withoutOrigin: true, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
      expect(post.status, token).toBe(404)
      expect((await appRequest(`/unsubscribe/${encodeURIComponent(token)}`)).status, token).toBe(404)
    }
    expect(await db.selectFrom('notificationPreferences').selectAll().where('userId', 'in', [victim.id, attacker.id]).execute()).toEqual([])
    // A token of another server secret's signing: the same payload, a different key.
    const { createHmac } = await import('node:crypto')
    const payload = payloadFor(`${victim.id}:bookings`)
    const otherKey = `${payload}.${createHmac('sha256', 'another-secret').update(payload).digest('base64url')}`
    const oneClick = { method: 'POST', withoutOrigin: true, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }
    expect((await appRequest(`/unsubscribe/${otherKey}`, oneClick)).status).toBe(404)
  })

  const oneClickPost = { method: 'POST', withoutOrigin: true, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } }

  /** The link an e-mail sent `daysAgo` days ago carried. */
  function linkSentDaysAgo(userId: string, kind: 'bookings' | 'messages', daysAgo: number) {
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() - daysAgo * 24 * 60 * 60 * 1000)
      return `/unsubscribe/${unsubscribeToken(userId, kind)}`
    } finally {
      vi.useRealTimers()
    }
  }

  test("an e-mail's link still works by one-click POST 90 days after it was sent", async () => {
    const user = await newUser()
    const link = linkSentDaysAgo(user.id, 'bookings', 90)

    expect((await appRequest(link)).status).toBe(200)
    const oneClick = await appRequest(link, oneClickPost)

    expect(oneClick.status).toBe(200)
    expect(await oneClick.text()).toContain('You will no longer get e-mails about booking requests and answers.')
    expect(await emailChoice(user.id, 'bookings')).toBe(0)
  })

  test('91 days after its e-mail the link has expired: it says so, points to the settings and changes nothing', async () => {
    const user = await newUser()
    const link = linkSentDaysAgo(user.id, 'messages', 91)

    const page = await appRequest(link)
    expect(page.status).toBe(410)
    const html = await page.text()
    expect(html).toContain('This link has expired')
    expect(html).toContain('href="/profile/edit#notifications"')
    expect(html).not.toContain('Stop e-mails about')
    const oneClick = await appRequest(link, oneClickPost)
    expect(oneClick.status).toBe(410)
    expect(await emailChoice(user.id, 'messages')).toBeUndefined()
  })

  test('a link from before links expired (signed, without a last day) counts as expired', async () => {
    const user = await newUser()
    const { createHmac } = await import('node:crypto')
    const { deriveKey } = await import('#app/lib/secrets.server.ts')
    const payload = Buffer.from(`${user.id}:messages`).toString('base64url')
    const link = `/unsubscribe/${payload}.${createHmac('sha256', deriveKey('unsubscribe-links')).update(payload).digest('base64url')}`

    expect((await appRequest(link)).status).toBe(410)
    expect((await appRequest(link, oneClickPost)).status).toBe(410)
    expect(await emailChoice(user.id, 'messages')).toBeUndefined()
  })
})

describe('booking e-mails through the settings', () => {
  test('every booking e-mail has a text and an HTML part, the RFC 8058 headers and a plain link; a sitter who turned booking e-mails off gets none', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(5), timePeriod: 'afternoon' })
    const mailAbout = (id: string) => smtp.messages.find((mail) => mail.text.includes(`/bookings/${id}`))
    await vi.waitFor(() => expect(mailAbout(booking.id)).toBeDefined(), { timeout: 10_000, interval: 50 })
    const mail = mailAbout(booking.id)!
    const link = `http://localhost:3000/unsubscribe/${unsubscribeToken(sitter.id, 'bookings')}`
    expect(mail.headers.get('list-unsubscribe')).toBe(`<${link}>`)
    expect(mail.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    expect(mail.text).toContain(`Stop e-mails about booking requests and answers:\n${link}`)
    expect(mail.html).toContain(`<a href="${link}"`)
    expect(mail.html).toContain(`<a href="http://localhost:3000/bookings/${booking.id}"`)
    expect(mail.html).toContain('would like to book dog walking for Rex with you on')

    await appRequest(new URL(link).pathname, { method: 'POST', withoutOrigin: true, body: 'List-Unsubscribe=One-Click', headers: { 'content-type': 'application/x-www-form-urlencoded' } })
    const second = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(6), timePeriod: 'afternoon' })
    // The event was handled (its delivery recorded) and queued no e-mail.
    await vi.waitFor(
      async () => {
        const delivery = await db
          .selectFrom('eventDeliveries')
          .innerJoin('domainEvents', 'domainEvents.id', 'eventDeliveries.eventId')
          .select('eventDeliveries.deliveredAt')
          .where('domainEvents.subjectId', '=', second.id)
          .where('eventDeliveries.subscriber', '=', 'booking-emails')
          .executeTakeFirst()
        expect(delivery?.deliveredAt).toBeTruthy()
      },
      { timeout: 10_000, interval: 50 },
    )
    expect(await db.selectFrom('emailOutbox').select('key').where('key', 'like', `booking:${second.id}:%`).execute()).toEqual([])
  })
})

describe('the settings form on /profile/edit (without JavaScript)', () => {
  const formOf = (fields: Record<string, string>) => new URLSearchParams({ intent: 'notification-settings', ...fields })
  const ticked = { 'kinds.bookings.push': 'on', 'kinds.bookings.email': 'on', 'kinds.messages.push': 'on', 'quietHours.enabled': 'on' }

  test('shows the defaults as ticked boxes and times; a post saves exactly the ticked boxes and comes back to the section', async () => {
    const user = await insertUser()
    const cookie = await browserCookieFor(user)
    const page = await (await appRequest('/profile/edit', { headers: { cookie } })).text()
    expect(page).toContain('id="notifications"')
    expect(page).toMatch(/<input[^>]*type="checkbox"[^>]*name="kinds\.reminders\.push"[^>]*checked/)
    expect(page).not.toMatch(/<input[^>]*type="checkbox"[^>]*name="kinds\.reminders\.email"[^>]*checked/)
    expect(page).toMatch(/<input[^>]*type="text"[^>]*name="quietHours\.start"[^>]*value="22:00"/)
    expect(page).toContain('in your time zone (Europe/Zurich)')

    const saved = await appRequest('/profile/edit', { method: 'POST', headers: { cookie }, body: formOf({ ...ticked, 'quietHours.start': '21:00', 'quietHours.end': '06:30' }) })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/profile/edit#notifications')
    const { getNotificationSettings } = await import('#app/features/notification-settings/preferences.server.ts')
    expect(await getNotificationSettings(user.id)).toEqual({
      kinds: { bookings: everything(true, true), reminders: everything(false, false), messages: everything(true, false), reviews: everything(false, false) },
      quietHours: { enabled: true, start: '21:00', end: '06:30', timeZone: 'Europe/Zurich' },
    })
  })

  test('a wrong time is refused with its message beside the field and in the summary; nothing is saved', async () => {
    const user = await insertUser()
    const cookie = await browserCookieFor(user)
    const refused = await appRequest('/profile/edit', { method: 'POST', headers: { cookie }, body: formOf({ ...ticked, 'quietHours.start': '22:00', 'quietHours.end': '22:00' }) })
    expect(refused.status).toBe(400)
    const page = await refused.text()
    expect(page).toContain('Please fix 1 problem')
    expect(page).toContain('Quiet hours end must differ from the start')
    expect(page).toContain('Quiet hours end')
    expect(await db.selectFrom('notificationQuietHours').selectAll().where('userId', '=', user.id).execute()).toEqual([])
  })
})
