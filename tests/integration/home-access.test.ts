import { randomBytes, randomUUID } from 'node:crypto'
import { inspect } from 'node:util'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { fakeUserFor } from '#tests/fakes/google.ts'
import { start as startPushService } from '#tests/fakes/push-service.ts'
import { startAppWithFakeGoogle } from './fake-google-app.ts'

// The home-access vault (issue 32 part 3, DESIGN.md ruling 27, decision 070), on both engines: an owner's
// entry instructions and codes, sealed at rest (AES-256-GCM, keys from HOME_ACCESS_KEYS, the first sealing,
// any listed opening), shown only to the sitter of an accepted booking from 2 hours before its start until its
// end, each view recorded and listed to the owner, who is reminded to change the codes once such a booking is
// completed. The leak test drives a whole booking and finds the code nowhere else.

const currentKey = randomBytes(32)
const previousKey = randomBytes(32)
process.env.HOME_ACCESS_KEYS = `current:${currentKey.toString('base64')},previous:${previousKey.toString('base64')}`
const pushService = await startPushService()
process.env.PUSH_SERVICE_URL = pushService.url
const { google, db } = await startAppWithFakeGoogle()

const { env } = await import('#app/lib/env.server.ts')
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')
const { listingTimes } = await import('#app/features/bookings/slots.ts')
const { localDateTime } = await import('#app/lib/zoned-time.ts')
const { sealHomeAccess, openHomeAccess, homeAccessKeys } = await import('#app/features/home-access/sealing.server.ts')
const { resealAllHomeAccess } = await import('#app/features/home-access/home-access.server.ts')
const { calendarFeedUrlOf } = await import('#app/features/calendar/calendar-feed.server.ts')
const { saveNotificationSettings } = await import('#app/features/notification-settings/preferences.server.ts')
const { defaultChannels } = await import('#app/features/notification-settings/kinds.ts')
const { appRequest } = await import('./app.ts')
const { call, ownerDogAndSitter, owner: newOwner, sitter: newSitter, requestBooking, setStatus } = await import('./booking-api.ts')
const { browserCookieFor, insertBooking, linkGoogleAccount } = await import('./fixtures.ts')
const { plainText: plainTextOf } = await import('./page-visits.ts')

type Actor = Awaited<ReturnType<typeof newOwner>>
type BookingStatus = 'pending' | 'accepted' | 'rejected' | 'cancelled' | 'completed'

afterAll(async () => {
  await pushService.close()
  delete process.env.HOME_ACCESS_KEYS
  delete process.env.PUSH_SERVICE_URL
})

const minute = 60_000
const hour = 60 * minute

/** A booking of the owner's dog with the sitter whose one slot starts `startsIn` from now (negative: it began), in UTC. */
async function bookingAt(parties: { dogId: string; ownerId: string; sitterId: string }, startsIn: number, status: BookingStatus = 'accepted', length = hour) {
  const start = Math.ceil((Date.now() + startsIn) / (15 * minute)) * 15 * minute
  const from = localDateTime(start, 'UTC')
  const to = localDateTime(start + length, 'UTC')
  return insertBooking(parties, { status, date: from.date, timeZone: 'UTC', slots: [{ startTime: from.time, endTime: to.time }] })
}

const vault = (code: string) => ({
  instructions: 'Key under the blue pot.\nThe back door sticks: lift and push.',
  lockboxCode: code,
  doorCode: '4711',
  alarmCode: '0815',
  wifiNetwork: 'Rex-Home',
  wifiPassword: 'woof-woof-42',
})

const saveVault = (actor: Actor, body: unknown) => call('PUT', '/api/users/me/home-access', actor.token, body)
const readForBooking = (actor: Actor, bookingId: string) => call('GET', `/api/bookings/${bookingId}/home-access`, actor.token)
const viewsOf = async (actor: Actor) => (await call<{ data: { sitter: { id: string; name: string }; booking: { id: string } }[] }>('GET', '/api/users/me/home-access/views', actor.token)).body.data
const pageHtml = async (actor: { id: string }, path: string) => {
  const response = await appRequest(path, { headers: { cookie: await browserCookieFor(actor) } })
  return { status: response.status, html: await response.text() }
}

/** An owner with a saved vault holding a unique lockbox code, a dog, and a sitter. */
async function ownerWithVault() {
  const setup = await ownerDogAndSitter()
  const code = `LB-${randomUUID()}`
  expect((await saveVault(setup.owner, vault(code))).status).toBe(200)
  return { ...setup, code }
}

describe("the owner's own vault", () => {
  test('is saved and read back through the API, and the stored row holds none of it in plain text', async () => {
    const { owner, code } = await ownerWithVault()
    const read = await call<Record<string, unknown>>('GET', '/api/users/me/home-access', owner.token)
    expect(read).toMatchObject({ status: 200, body: { ...vault(code), updatedAt: expect.any(String) } })

    const row = await db.selectFrom('homeAccess').selectAll().where('ownerId', '=', owner.id).executeTakeFirstOrThrow()
    expect(row.keyId).toBe('current')
    for (const value of Object.values(vault(code))) {
      for (const part of value.split('\n')) expect(JSON.stringify(row)).not.toContain(part)
    }
    // Base64 of the plain text is not stored either: it is sealed, and opens with the current key only.
    expect(openHomeAccess(owner.id, row, [{ id: 'current', key: new Uint8Array(currentKey) }])).toContain(code)
  })

  test('is saved with the page form without JavaScript, shown on the page, and a refused save keeps what was typed', async () => {
    const { owner } = await ownerDogAndSitter()
    const cookie = await browserCookieFor(owner)
    const saved = await appRequest('/home-access', { method: 'POST', headers: { cookie }, body: new URLSearchParams({ doorCode: 'D-1234', instructions: 'Ring twice' }) })
    expect(saved.status).toBe(302)
    expect(saved.headers.get('location')).toBe('/home-access')
    const page = await pageHtml(owner, '/home-access')
    expect(page.html).toContain('D-1234')
    expect(page.html).toMatch(/<input[^>]*name="lockboxCode"[^>]*autocomplete="off"|<input[^>]*autocomplete="off"[^>]*name="lockboxCode"/i)

    const refused = await appRequest('/home-access', { method: 'POST', headers: { cookie }, body: new URLSearchParams({ doorCode: 'X'.repeat(101), wifiNetwork: 'Typed-Net' }) })
    expect(refused.status).toBe(400)
    const html = await refused.text()
    expect(html).toContain('Door code must be at most 100 characters')
    expect(html).toContain('Typed-Net')
    expect((await call('GET', '/api/users/me/home-access', owner.token)).body).toMatchObject({ doorCode: 'D-1234', wifiNetwork: null })
  })

  test('an empty save clears it', async () => {
    const { owner } = await ownerWithVault()
    expect((await saveVault(owner, { lockboxCode: '', doorCode: '  ' })).body).toMatchObject({ lockboxCode: null, doorCode: null, updatedAt: null })
    expect(await db.selectFrom('homeAccess').select('ownerId').where('ownerId', '=', owner.id).execute()).toEqual([])
  })

  test('hostile input is refused with 400 and changes nothing', async () => {
    const { owner, code } = await ownerWithVault()
    const bodies: unknown[] = [
      { lockboxCode: 'x'.repeat(101) },
      { instructions: 'x'.repeat(2001) },
      { doorCode: 1234 },
      { alarmCode: ['1', '2'] },
      { wifiPassword: { nested: true } },
      { doorCode: 'ab\u0000cd' },
      { instructions: 'line\u0007bell' },
      ['not', 'an', 'object'],
      'a string',
      42,
      null,
    ]
    for (const body of bodies) {
      const answer = await saveVault(owner, JSON.stringify(body))
      expect(answer.status, JSON.stringify(body)).toBe(400)
    }
    expect((await call('PUT', '/api/users/me/home-access', owner.token, '{"doorCode":')).status).toBe(400)
    expect((await call('GET', '/api/users/me/home-access', owner.token)).body).toMatchObject(vault(code))
  })

  test('saves at the same moment leave one whole row, one of the saves', async () => {
    const { owner } = await ownerDogAndSitter()
    const saves = Array.from({ length: 8 }, (_, index) => vault(`C-${index}`))
    const answers = await Promise.all(saves.map((body) => saveVault(owner, body)))
    expect(answers.map((answer) => answer.status)).toEqual(saves.map(() => 200))
    const rows = await db.selectFrom('homeAccess').selectAll().where('ownerId', '=', owner.id).execute()
    expect(rows).toHaveLength(1)
    const read = (await call<Record<string, string>>('GET', '/api/users/me/home-access', owner.token)).body
    expect(saves).toContainEqual({ ...vault(read.lockboxCode ?? ''), lockboxCode: read.lockboxCode })
  })
})

describe('key rotation', () => {
  test('a vault sealed with a previous key still listed opens; the next save seals it with the current key', async () => {
    const { owner } = await ownerDogAndSitter()
    const details = { ...vault('OLD-1'), updatedAt: undefined }
    const sealed = sealHomeAccess(owner.id, JSON.stringify(details), [{ id: 'previous', key: new Uint8Array(previousKey) }])
    await db.insertInto('homeAccess').values({ ownerId: owner.id, ...sealed, updatedAt: new Date().toISOString() }).execute()
    expect((await call('GET', '/api/users/me/home-access', owner.token)).body).toMatchObject(vault('OLD-1'))
    await saveVault(owner, vault('NEW-1'))
    expect((await db.selectFrom('homeAccess').select('keyId').where('ownerId', '=', owner.id).executeTakeFirstOrThrow()).keyId).toBe('current')
  })

  test('a vault under a key no longer listed fails closed, saying nothing of what it holds', async () => {
    const { owner } = await ownerDogAndSitter()
    const code = `GONE-${randomUUID()}`
    const sealed = sealHomeAccess(owner.id, JSON.stringify(vault(code)), [{ id: 'retired', key: new Uint8Array(randomBytes(32)) }])
    await db.insertInto('homeAccess').values({ ownerId: owner.id, ...sealed, updatedAt: new Date().toISOString() }).execute()
    const logged = captureConsole()
    try {
      const answer = await appRequest('/api/users/me/home-access', { headers: { authorization: `Bearer ${owner.token}` } })
      expect(answer.status).toBe(503)
      expect(await answer.text()).not.toContain(code)
      const page = await pageHtml(owner, '/home-access')
      expect(page.html).toContain('cannot be opened')
      expect(page.html).not.toContain(code)
    } finally {
      logged.restore()
    }
    expect(logged.text()).not.toContain(code)
  })

  test('the rekey re-seals with the current key what a previous key and the key derived from SESSION_SECRET sealed, and names what no key opens', async () => {
    const [sealedBefore, sealedBySession, lost] = await Promise.all([ownerDogAndSitter(), ownerDogAndSitter(), ownerDogAndSitter()])
    const derived = homeAccessKeys().find((key) => key.id === 'session')
    expect(derived).toBeDefined()
    const rows = [
      [sealedBefore.owner, [{ id: 'previous', key: new Uint8Array(previousKey) }]],
      [sealedBySession.owner, derived ? [derived] : []],
      [lost.owner, [{ id: 'retired', key: new Uint8Array(randomBytes(32)) }]],
    ] as const
    for (const [owner, keys] of rows) {
      const sealed = sealHomeAccess(owner.id, JSON.stringify(vault(`R-${owner.id}`)), keys)
      await db.insertInto('homeAccess').values({ ownerId: owner.id, ...sealed, updatedAt: new Date().toISOString() }).execute()
    }
    const { unopenable } = await resealAllHomeAccess()
    expect(unopenable).toContain(lost.owner.id)
    for (const owner of [sealedBefore.owner, sealedBySession.owner]) {
      const row = await db.selectFrom('homeAccess').selectAll().where('ownerId', '=', owner.id).executeTakeFirstOrThrow()
      expect(row.keyId).toBe('current')
      expect(JSON.parse(openHomeAccess(owner.id, row, [{ id: 'current', key: new Uint8Array(currentKey) }]))).toMatchObject(vault(`R-${owner.id}`))
    }
    expect((await db.selectFrom('homeAccess').select('keyId').where('ownerId', '=', lost.owner.id).executeTakeFirstOrThrow()).keyId).toBe('retired')
  })

  test('HOME_ACCESS_KEYS is checked at start-up, and a refusal does not repeat the keys it was given', async () => {
    const { parseEnv } = await import('#app/lib/env.server.ts')
    const secret = randomBytes(32).toString('base64')
    const withKeys = (keys: string) => parseEnv({ ...process.env, HOME_ACCESS_KEYS: keys })
    expect(withKeys(`new:${secret},old:${previousKey.toString('base64')}`).HOME_ACCESS_KEYS?.map((key) => key.id)).toEqual(['new', 'old'])
    for (const given of [`new:${secret},new:${secret}`, `new:${secret.slice(4)}`, `new ${secret}`, `:${secret}`, `new:${secret}:x`]) {
      expect(() => withKeys(given), given).toThrow(/^Invalid configuration: HOME_ACCESS_KEYS must be/)
      expect(() => withKeys(given)).not.toThrow(secret.slice(4, 20))
    }
  })

  test('a sealed vault copied onto another owner does not open', async () => {
    const { owner: first } = await ownerWithVault()
    const second = await newOwner('Oscar Other')
    const row = await db.selectFrom('homeAccess').selectAll().where('ownerId', '=', first.id).executeTakeFirstOrThrow()
    expect(() => openHomeAccess(second.id, row)).toThrow(/cannot be opened/)
  })
})

describe("the sitter's window", () => {
  test('the sitter of an accepted booking sees it from 2 hours before the start; each view is recorded and listed to the owner', async () => {
    const { owner, sitter, parties, code } = await ownerWithVault()
    const bookingId = await bookingAt(parties, 90 * minute)
    const first = await readForBooking(sitter, bookingId)
    expect(first).toMatchObject({ status: 200, body: { bookingId, ...vault(code) } })
    expect((await pageHtml(sitter, `/bookings/${bookingId}`)).html).toContain(code)

    const views = await viewsOf(owner)
    expect(views).toHaveLength(2)
    expect(views.every((view) => view.sitter.id === sitter.id && view.sitter.name === 'Sam Sitter' && view.booking.id === bookingId)).toBe(true)
    const ownerPage = (await pageHtml(owner, '/home-access')).html
    expect(ownerPage).toContain('Sam Sitter</bdi> viewed it')
    expect(ownerPage).toMatch(/Sam Sitter<\/bdi>(?:\s|<!-- -->)*sees this now/)
  })

  test('while the booking runs the sitter sees it; once it has ended, 403 saying it closed, and the page shows no code', async () => {
    const { sitter, parties, code } = await ownerWithVault()
    const running = await bookingAt(parties, -30 * minute)
    expect((await readForBooking(sitter, running)).status).toBe(200)
    const ended = await bookingAt(parties, -3 * hour)
    expect(await readForBooking(sitter, ended)).toMatchObject({ status: 403, body: { message: 'Home access closed when this booking ended.' } })
    const page = await pageHtml(sitter, `/bookings/${ended}`)
    expect(page.html).toContain('Home access closed when this booking ended.')
    expect(page.html).not.toContain(code)
  })

  test('more than 2 hours before the start: 403 saying when it opens, and no code on the page', async () => {
    const { owner, sitter, parties, code } = await ownerWithVault()
    const bookingId = await bookingAt(parties, 3 * hour)
    const answer = await readForBooking(sitter, bookingId)
    expect(answer.status).toBe(403)
    expect((answer.body as { message: string }).message).toMatch(/^Home access opens at \d\d:\d\d on .+, 2 hours before the booking starts\.$/)
    const page = await pageHtml(sitter, `/bookings/${bookingId}`)
    expect(page.html).toContain('Home access opens at')
    expect(page.html).not.toContain(code)
    expect(await viewsOf(owner)).toEqual([])
    expect((await pageHtml(owner, '/home-access')).html).toMatch(/Sam Sitter<\/bdi>(?:\s|<!-- -->)*sees this from \d\d:\d\d on /)
  })

  test("after midnight, an overnight booking dated yesterday is still listed to the owner as seen now, and yesterday morning's ended one is not", async () => {
    const { owner, sitter, parties } = await ownerWithVault()
    const night = new Date(Date.now() + 3 * 24 * hour).toISOString().slice(0, 10)
    const dayBefore = new Date(Date.parse(`${night}T00:00:00Z`) - 24 * hour).toISOString().slice(0, 10)
    const morning = new Date(Date.parse(`${night}T00:00:00Z`) + 24 * hour).toISOString().slice(0, 10)
    const overnight = { status: 'accepted' as const, service: 'boarding', timeZone: 'UTC', slots: [{ startTime: '20:00', endTime: '08:00' }] }
    const underWay = await insertBooking(parties, { ...overnight, date: night })
    const ended = await insertBooking(parties, { ...overnight, date: dayBefore })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.parse(`${morning}T02:00:00Z`))
      expect((await readForBooking(sitter, underWay)).status).toBe(200)
      const page = (await pageHtml(owner, '/home-access')).html
      const endsAt = new Date(`${morning}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
      expect(plainTextOf(page)).toContain(`Sam Sitter sees this now, until the Boarding booking ends at 08:00 on ${endsAt}.`)
      expect(page).toContain(`/bookings/${underWay}"`)
      expect(page).not.toContain(`/bookings/${ended}"`)
    } finally {
      vi.useRealTimers()
    }
  })

  test("a weekly round is listed once, at its next booking, with its days and last date; a single booking keeps its own line", async () => {
    const { owner, sitter, parties } = await ownerWithVault()
    const { requestSeries, changeSeriesStatus } = await import('#app/features/bookings/booking-series.server.ts')
    const { SeriesRequestSchema, SeriesStatusSchema } = await import('#app/features/bookings/schema.ts')
    const today = localDateTime(Date.now(), 'Europe/Zurich').date
    const dayAfter = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * 24 * hour).toISOString().slice(0, 10)
    const monday = [2, 3, 4, 5, 6, 7, 8].map((days) => dayAfter(today, days)).find((date) => new Date(`${date}T00:00:00Z`).getUTCDay() === 1) ?? ''
    const lastFriday = dayAfter(monday, 18)
    const request = SeriesRequestSchema.parse({ sitterId: sitter.id, dogIds: [parties.dogId], weekdays: [1, 3, 5], firstDate: monday, endDate: lastFriday, startTime: '08:00', duration: 30 })
    const requested = await requestSeries(owner, request, Date.now())
    if (!requested.ok) throw new Error(requested.message)
    expect(await changeSeriesStatus(sitter, requested.seriesId, SeriesStatusSchema.parse({ status: 'accepted' }), Date.now())).toEqual({ ok: true, seriesId: requested.seriesId })
    const walks = await db.selectFrom('bookings').select(['id', 'date']).where('seriesId', '=', requested.seriesId).orderBy('date').execute()
    expect(walks.length).toBe(9)
    const single = await bookingAt(parties, 30 * minute)

    const page = (await pageHtml(owner, '/home-access')).html
    const lastDay = new Date(`${lastFriday}T12:00:00Z`).toLocaleDateString('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
    const text = plainTextOf(page)
    expect(text).toContain(`then from 2 hours before each later booking of your weekly round (Mon, Wed, Fri, until ${lastDay}).`)
    expect(text.split('sees this').length - 1).toBe(2)
    expect(page).toContain(`/bookings/${walks[0]?.id}"`)
    for (const later of walks.slice(1)) expect(page).not.toContain(`/bookings/${later.id}"`)
    expect(page).toContain(`/bookings/series/${requested.seriesId}"`)
    expect(page).toContain(`/bookings/${single}"`)
  })

  test('a weekly round with no end date says so', async () => {
    const { owner, sitter, parties } = await ownerWithVault()
    const { requestSeries, changeSeriesStatus } = await import('#app/features/bookings/booking-series.server.ts')
    const { SeriesRequestSchema, SeriesStatusSchema } = await import('#app/features/bookings/schema.ts')
    const firstDate = new Date(Date.now() + 2 * 24 * hour).toISOString().slice(0, 10)
    const request = SeriesRequestSchema.parse({ sitterId: sitter.id, dogIds: [parties.dogId], weekdays: [2, 4], firstDate, startTime: '08:00', duration: 30 })
    const requested = await requestSeries(owner, request, Date.now())
    if (!requested.ok) throw new Error(requested.message)
    await changeSeriesStatus(sitter, requested.seriesId, SeriesStatusSchema.parse({ status: 'accepted' }), Date.now())

    const text = plainTextOf((await pageHtml(owner, '/home-access')).html)
    expect(text).toContain('then from 2 hours before each later booking of your weekly round (Tue, Thu, with no end date).')
  })

  test.each(['pending', 'rejected', 'cancelled', 'completed'] as const)('a %s booking inside the hours: 403', async (status) => {
    const { sitter, parties } = await ownerWithVault()
    const bookingId = await bookingAt(parties, 30 * minute, status)
    expect(await readForBooking(sitter, bookingId)).toMatchObject({ status: 403, body: { message: 'Home access is shown only for an accepted booking.' } })
  })

  test('the owner is sent to their own page; a stranger, another owner and an unknown id get 404', async () => {
    const { owner, sitter, parties, code } = await ownerWithVault()
    const bookingId = await bookingAt(parties, 30 * minute)
    expect(await readForBooking(owner, bookingId)).toMatchObject({ status: 403, body: { message: 'Your home access is on your own page, /home-access.' } })
    const ownerPage = await pageHtml(owner, `/bookings/${bookingId}`)
    expect(ownerPage.html).toContain('sees your home access from')
    expect(ownerPage.html).not.toContain(code)

    const stranger = await newSitter({ name: 'Stan Stranger' })
    const otherOwner = await newOwner('Oscar Other')
    for (const someone of [stranger, otherOwner]) {
      expect(await readForBooking(someone, bookingId)).toMatchObject({ status: 404, body: { message: 'Booking not found' } })
    }
    expect(await readForBooking(sitter, randomUUID())).toMatchObject({ status: 404, body: { message: 'Booking not found' } })
    expect(await viewsOf(owner)).toEqual([])
  })

  test("another owner's booking with the same sitter does not open this owner's vault", async () => {
    const { sitter, code } = await ownerWithVault()
    const other = await ownerDogAndSitter()
    const theirs = await bookingAt({ ...other.parties, sitterId: sitter.id }, 30 * minute)
    const answer = await readForBooking(sitter, theirs)
    expect(answer.status).toBe(200)
    expect(JSON.stringify(answer.body)).not.toContain(code)
    expect(await readForBooking(other.sitter, theirs)).toMatchObject({ status: 404 })
  })
})

describe('no copy on the phone', () => {
  // The API's answers carry `private, no-store`; so do the pages that hold the same fields, as a document, as the
  // data of a navigation with JavaScript, and as a refused form's answer with what was typed.
  test("the owner's /home-access and the sitter's booking page with the codes are never stored by the browser", async () => {
    const { owner, sitter, parties, code } = await ownerWithVault()
    const bookingId = await bookingAt(parties, 30 * minute)
    const [ownerCookie, sitterCookie] = [await browserCookieFor(owner), await browserCookieFor(sitter)]
    const cacheControlOf = async (path: string, cookie: string, init: { method?: string; body?: URLSearchParams } = {}) => {
      const response = await appRequest(path, { ...init, headers: { cookie } })
      return { status: response.status, cacheControl: response.headers.get('cache-control'), holdsCode: (await response.text()).includes(code) }
    }

    expect(await cacheControlOf('/home-access', ownerCookie)).toEqual({ status: 200, cacheControl: 'private, no-store', holdsCode: true })
    expect(await cacheControlOf('/home-access.data', ownerCookie)).toEqual({ status: 200, cacheControl: 'private, no-store', holdsCode: true })
    expect(await cacheControlOf('/home-access', ownerCookie, { method: 'POST', body: new URLSearchParams({ lockboxCode: code, doorCode: 'X'.repeat(101) }) })).toEqual({
      status: 400,
      cacheControl: 'private, no-store',
      holdsCode: true,
    })
    expect(await cacheControlOf(`/bookings/${bookingId}`, sitterCookie)).toEqual({ status: 200, cacheControl: 'private, no-store', holdsCode: true })
    expect(await cacheControlOf(`/bookings/${bookingId}.data`, sitterCookie)).toEqual({ status: 200, cacheControl: 'private, no-store', holdsCode: true })
  })
})

describe('the reminder to change the codes', () => {
  const notificationsOf = async (actor: Actor) => {
    await backgroundWorkDone()
    return (await call<{ type: string; text: string; href: string }[]>('GET', '/api/notifications', actor.token)).body
  }

  test('a completed booking whose sitter viewed the vault reminds the owner once, without any code', async () => {
    const { owner, sitter, parties, code } = await ownerWithVault()
    const bookingId = await bookingAt(parties, -15 * minute)
    expect((await readForBooking(sitter, bookingId)).status).toBe(200)
    expect((await setStatus(sitter.token, bookingId, 'completed')).status).toBe(200)
    const reminders = (await notificationsOf(owner)).filter((notification) => notification.type === 'homeAccess.changeReminder')
    expect(reminders).toHaveLength(1)
    expect(reminders[0]?.text).toMatch(/^Sam Sitter viewed your home access for a walk for Rex on .+\. You may want to change your codes\.$/)
    expect(reminders[0]?.href).toBe('/home-access')
    expect(JSON.stringify(reminders)).not.toContain(code)
    expect((await notificationsOf(sitter)).some((notification) => notification.type === 'homeAccess.changeReminder')).toBe(false)
  })

  test('no reminder when the sitter never viewed it', async () => {
    const { owner, sitter, parties } = await ownerWithVault()
    const bookingId = await bookingAt(parties, -15 * minute)
    expect((await setStatus(sitter.token, bookingId, 'completed')).status).toBe(200)
    const types = (await notificationsOf(owner)).map((notification) => notification.type)
    expect(types).toContain('booking.completed')
    expect(types).not.toContain('homeAccess.changeReminder')
  })
})

/** Everything written to the console while it runs, as text. */
function captureConsole() {
  const lines: string[] = []
  const spies = (['log', 'info', 'warn', 'error', 'debug'] as const).map((level) =>
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      lines.push(args.map((arg) => (typeof arg === 'string' ? arg : inspect(arg, { depth: 8 }))).join(' '))
    }),
  )
  return { text: () => lines.join('\n'), restore: () => spies.forEach((spy) => spy.mockRestore()) }
}

describe('where the code never goes', () => {
  let logged: ReturnType<typeof captureConsole>
  beforeAll(() => {
    logged = captureConsole()
  })
  afterAll(() => logged.restore())

  /** A phone of the user with every notification on and no quiet hours. */
  async function phoneOf(user: Actor) {
    const device = pushService.subscribe(env.vapid.publicKey)
    expect((await call('POST', '/api/push/subscriptions', user.token, device)).status).toBe(201)
    await saveNotificationSettings(user.id, { kinds: structuredClone(defaultChannels), quietHours: { enabled: false, start: '22:00', end: '07:00' } })
  }

  async function linkGoogle(actor: Actor) {
    const user = fakeUserFor(`${actor.id}@example.com`)
    await linkGoogleAccount(actor.id, { sub: user.sub, accessToken: google.grantAccessToken(user) })
  }

  test('a whole booking, requested to completed with a view inside the window: the code is only on the sitter view and the owner page', async () => {
    const code = `LEAK-${randomUUID()}`
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    await Promise.all([phoneOf(owner), phoneOf(sitter), linkGoogle(owner), linkGoogle(sitter)])
    expect((await saveVault(owner, vault(code))).status).toBe(200)
    const pushesBefore = pushService.received.length
    const googleBefore = google.events.length

    // Requested to start in an hour (the sitter's zone), accepted with Google Calendar, messages both ways.
    const start = localDateTime(Math.ceil((Date.now() + hour) / (15 * minute)) * 15 * minute, 'Europe/Zurich')
    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: start.date, startTime: start.time, duration: 60 })
    expect((await setStatus(sitter.token, booking.id, 'accepted')).status).toBe(200)
    await call('POST', '/api/messages', owner.token, { recipientId: sitter.id, content: 'The codes are on the booking page.', clientId: randomUUID() })
    await call('POST', '/api/messages', sitter.token, { recipientId: owner.id, content: 'Thanks, see you soon.', clientId: randomUUID() })

    // Inside the window: the sitter's page and API answer show it.
    const sitterApi = await readForBooking(sitter, booking.id)
    expect(JSON.stringify(sitterApi.body)).toContain(code)
    const sitterPage = await pageHtml(sitter, `/bookings/${booking.id}`)
    expect(sitterPage.html).toContain(code)
    expect((await pageHtml(owner, '/home-access')).html).toContain(code)
    expect(JSON.stringify((await call('GET', '/api/users/me/home-access', owner.token)).body)).toContain(code)

    // The visit began half an hour ago: the sitter completes it.
    const began = Date.now() - 30 * minute
    const slot = { startTime: localDateTime(began, 'Europe/Zurich').time, endTime: localDateTime(began + hour, 'Europe/Zurich').time }
    const date = localDateTime(began, 'Europe/Zurich').date
    await db.updateTable('bookingTimeSlots').set(slot).where('bookingId', '=', booking.id).execute()
    await db.updateTable('bookings').set({ date, ...listingTimes({ date, timeZone: 'Europe/Zurich', slots: [slot] }) }).where('id', '=', booking.id).execute()
    expect((await setStatus(sitter.token, booking.id, 'completed')).status).toBe(200)
    await backgroundWorkDone()

    // Everywhere else: nothing.
    const elsewhere: [string, unknown][] = [
      ['e-mails', await db.selectFrom('emailOutbox').selectAll().execute()],
      ['notification rows', await db.selectFrom('notifications').selectAll().execute()],
      ['domain events', await db.selectFrom('domainEvents').selectAll().execute()],
      ['messages', await db.selectFrom('messages').selectAll().execute()],
      ['push payloads', pushService.received.slice(pushesBefore).map((push) => pushService.decrypt(push))],
      ['Google Calendar events', google.events.slice(googleBefore)],
    ]
    for (const actor of [owner, sitter]) {
      for (const path of [`/api/bookings/${booking.id}`, '/api/bookings', '/api/bookings/sitter', '/api/notifications', '/api/messages/conversations', `/api/messages/conversations/${actor.id === owner.id ? sitter.id : owner.id}`]) {
        elsewhere.push([`${actor.name}: ${path}`, (await call('GET', path, actor.token)).body])
      }
      const feed = await appRequest(new URL(await calendarFeedUrlOf(actor.id)).pathname)
      elsewhere.push([`${actor.name}: ICS feed`, await feed.text()])
      for (const path of ['/bookings', '/bookings-sitter', '/notifications', '/messages', '/profile']) {
        elsewhere.push([`${actor.name}: page ${path}`, (await pageHtml(actor, path)).html])
      }
    }
    elsewhere.push(['owner: booking page', (await pageHtml(owner, `/bookings/${booking.id}`)).html])
    // After the end the sitter's page and API answer are closed.
    elsewhere.push(['sitter: booking page after the end', (await pageHtml(sitter, `/bookings/${booking.id}`)).html])
    elsewhere.push(['sitter: API after the end', (await readForBooking(sitter, booking.id)).body])
    elsewhere.push(['console', logged.text()])

    for (const [where, what] of elsewhere) {
      expect(typeof what === 'string' ? what : JSON.stringify(what), where).not.toContain(code)
    }
    // The drive did happen: e-mails, pushes, events, the reminder.
    expect(pushService.received.length).toBeGreaterThan(pushesBefore)
    expect(google.events.length).toBeGreaterThan(googleBefore)
    expect((await call<{ type: string }[]>('GET', '/api/notifications', owner.token)).body.map((n) => n.type)).toContain('homeAccess.changeReminder')
    expect(await viewsOf(owner)).toHaveLength(2)
  })
})
