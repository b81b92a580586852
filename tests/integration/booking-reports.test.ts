import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'

// Reporting a booking (a report's fifth kind, DESIGN.md ruling 25), on both engines: either party reports it through
// POST /api/reports or the booking page's form (posted as a browser without JavaScript); the report names the other
// party and keeps the booking as the reporter saw it: its terms, history and visit log, never an address, contact
// details or a photo. An admin reads it on the report's page. A walk on Monday 10 March 2031, 10:00 to 11:00 in
// Zurich (09:00 to 10:00 UTC), with the clock moved by hand; expected values are written out here.

// The booking sweep runs once at start-up; by its timer under the moved clock it would act on these bookings.
process.env.BOOKING_SWEEP_SECONDS = '3600'
const { db } = await import('#app/lib/db.server.ts')
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')
const { startTestApp } = await import('./app.ts')
const { call } = await import('./booking-api.ts')
const { apiTokenFor, insertBooking, insertDog, insertSitter, insertUser } = await import('./fixtures.ts')
const { plainText, postAs, signedIn, textOf, toastOf, visitAs } = await import('./page-visits.ts')

beforeAll(async () => {
  await startTestApp()
})

const minute = 60_000
const start = Date.parse('2031-03-10T09:00:00.000Z')
const iso = (instant: number) => new Date(instant).toISOString()

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'], now: start - 10 * minute })
})
afterEach(async () => {
  await backgroundWorkDone()
  vi.useRealTimers()
})

type User = Awaited<ReturnType<typeof insertUser>>
type Actor = User & { token: string }
const withToken = async (user: User): Promise<Actor> => ({ ...user, token: await apiTokenFor(user) })

/** Olivia and Sam, both with their exact homes and phones, Olivia's dog Rex, and a walk of theirs. */
async function partiesWithBooking(status: 'pending' | 'accepted' = 'accepted') {
  const olivia = await withToken(await insertUser({ name: 'Olivia Owner', phoneNumber: '+41 44 123 45 67', home: { latitude: 47.3769, longitude: 8.5417, location: 'Bahnhofstrasse 1, Zürich' } }))
  const sam = await withToken(await insertSitter({ name: 'Sam Sitter', phoneNumber: '+41 79 765 43 21', home: { latitude: 47.39, longitude: 8.54, location: 'Weinbergstrasse 1, Zürich' } }))
  const dogId = await insertDog(olivia.id, { name: 'Rex' })
  const bookingId = await insertBooking({ dogId, ownerId: olivia.id, sitterId: sam.id }, { status, service: 'walking', date: '2031-03-10', timeZone: 'Europe/Zurich' })
  return { olivia, sam, bookingId }
}

const report = (reporter: Actor, body: unknown) => call<{ id?: string; message?: string; errors?: Record<string, string[]> }>('POST', '/api/reports', reporter.token, body)

const reportsBy = async (reporterId: string) => {
  const rows = await db.selectFrom('reports').selectAll().where('reporterId', '=', reporterId).execute()
  return rows.map((row) => ({ ...row, snapshot: JSON.parse(row.snapshot) as Record<string, unknown> }))
}

const visitPath = (bookingId: string, action: string) => `/api/bookings/${bookingId}/visit/${action}`

/** Sam walks Rex: checks in at 09:55 without a position, a pee at 10:10, a note at 10:40, checks out at 11:05 (local). */
async function walkDone(sam: Actor, bookingId: string) {
  vi.setSystemTime(start - 5 * minute)
  expect((await call('POST', visitPath(bookingId, 'check-in'), sam.token, {})).status).toBe(201)
  vi.setSystemTime(start + 10 * minute)
  expect((await call('POST', visitPath(bookingId, 'entries'), sam.token, { kind: 'pee' })).status).toBe(201)
  vi.setSystemTime(start + 40 * minute)
  expect((await call('POST', visitPath(bookingId, 'entries'), sam.token, { kind: 'note', note: 'Rex limped after the bridge.' })).status).toBe(201)
  vi.setSystemTime(start + 65 * minute)
  expect((await call('POST', visitPath(bookingId, 'check-out'), sam.token, { note: 'Home, water bowl filled.' })).status).toBe(200)
}

describe('a report of a booking through the API', () => {
  test("the owner's report names the sitter and keeps the booking, its history and its visit log, with no address, phone or e-mail", async () => {
    const { olivia, sam, bookingId } = await partiesWithBooking()
    await walkDone(sam, bookingId)

    const answer = await report(olivia, { kind: 'booking', subjectId: bookingId, reason: 'safety', details: 'Rex came home limping.' })

    expect(answer.status).toBe(201)
    const [stored, ...others] = await reportsBy(olivia.id)
    expect(others).toEqual([])
    expect(stored).toMatchObject({ id: answer.body.id, kind: 'booking', subjectId: bookingId, reportedUserId: sam.id, reason: 'safety', details: 'Rex came home limping.', state: 'open' })
    expect(stored?.snapshot).toEqual({
      kind: 'booking',
      ownerName: 'Olivia Owner',
      sitterName: 'Sam Sitter',
      dogNames: ['Rex'],
      service: 'walking',
      date: '2031-03-10',
      timeZone: 'Europe/Zurich',
      slots: [{ startTime: '10:00', endTime: '11:00' }],
      status: 'accepted',
      statusReason: null,
      history: expect.arrayContaining([expect.objectContaining({ what: 'requested', by: 'owner' })]),
      visit: {
        checkIn: { at: iso(start - 5 * minute), place: 'no_position', distanceMeters: null },
        entries: [
          { at: iso(start + 10 * minute), kind: 'pee', note: null },
          { at: iso(start + 40 * minute), kind: 'note', note: 'Rex limped after the bridge.' },
        ],
        photoCount: 0,
        routeMeters: null,
        checkOut: { at: iso(start + 65 * minute), note: 'Home, water bowl filled.' },
        alarms: [],
      },
    })
    const kept = JSON.stringify(stored?.snapshot)
    for (const secret of ['Bahnhofstrasse', 'Weinbergstrasse', '123 45 67', '765 43 21', olivia.email, sam.email, '47.3769']) expect(kept).not.toContain(secret)
  })

  test("the sitter's report of a request names the owner; a booking never accepted has no visit log", async () => {
    const { olivia, sam, bookingId } = await partiesWithBooking('pending')

    const answer = await report(sam, { kind: 'booking', subjectId: bookingId, reason: 'scam' })

    expect(answer.status).toBe(201)
    const [stored] = await reportsBy(sam.id)
    expect(stored).toMatchObject({ kind: 'booking', reportedUserId: olivia.id, reason: 'scam', details: '' })
    expect(stored?.snapshot).toMatchObject({ kind: 'booking', status: 'pending', visit: null })
  })

  test('someone who is not a party, and an unknown id, get 404; nothing is stored', async () => {
    const { bookingId } = await partiesWithBooking()
    const stranger = await withToken(await insertSitter({ name: 'Stan Stranger' }))

    expect(await report(stranger, { kind: 'booking', subjectId: bookingId, reason: 'no_show' })).toEqual({
      status: 404,
      body: { message: 'Booking not found', errors: { subjectId: ['Booking not found'] } },
    })
    expect((await report(stranger, { kind: 'booking', subjectId: crypto.randomUUID(), reason: 'no_show' })).status).toBe(404)
    expect(await reportsBy(stranger.id)).toEqual([])
  })

  test("each kind takes only its own reasons: a booking's reason on a profile, a profile's on a booking, and wrong types are 400 naming the field", async () => {
    const { olivia, sam, bookingId } = await partiesWithBooking()

    const bookingReasonOnProfile = await report(olivia, { kind: 'sitter', subjectId: sam.id, reason: 'no_show' })
    const profileReasonOnBooking = await report(olivia, { kind: 'booking', subjectId: bookingId, reason: 'spam' })
    const numberAsId = await report(olivia, { kind: 'booking', subjectId: 42, reason: 'no_show' })
    const reasonList = await report(olivia, { kind: 'booking', subjectId: bookingId, reason: ['no_show'] })
    const longDetails = await report(olivia, { kind: 'booking', subjectId: bookingId, reason: 'no_show', details: 'x'.repeat(1001) })

    expect(bookingReasonOnProfile).toMatchObject({ status: 400, body: { errors: { reason: ['Choose a reason'] } } })
    expect(profileReasonOnBooking).toMatchObject({ status: 400, body: { errors: { reason: ['Choose a reason'] } } })
    expect(numberAsId).toMatchObject({ status: 400, body: { errors: { subjectId: [expect.any(String)] } } })
    expect(reasonList).toMatchObject({ status: 400, body: { errors: { reason: ['Choose a reason'] } } })
    expect(longDetails).toMatchObject({ status: 400, body: { errors: { details: ['Details must be at most 1000 characters'] } } })
    expect(await reportsBy(olivia.id)).toEqual([])
  })

  test('five identical reports at once store one row, and every answer names it', async () => {
    const { olivia, bookingId } = await partiesWithBooking()

    const answers = await Promise.all(Array.from({ length: 5 }, () => report(olivia, { kind: 'booking', subjectId: bookingId, reason: 'no_show' })))

    const stored = await reportsBy(olivia.id)
    expect(stored).toHaveLength(1)
    expect(answers.map((answer) => answer.body.id)).toEqual(Array(5).fill(stored[0]?.id))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 200, 200, 200, 201])
  })
})

describe("the booking page's Report form (no JavaScript)", () => {
  test("both parties see it with the booking's reasons; a report sent comes back to the page with the toast", async () => {
    const { olivia, sam, bookingId } = await partiesWithBooking()
    const samSignedIn = await signedIn(sam)
    for (const person of [await signedIn(olivia), samSignedIn]) {
      const text = await textOf(await visitAs(person, `/bookings/${bookingId}`))
      expect(text).toContain('Report a problem with this booking')
      expect(text).toContain('Did not show up')
      expect(text).toContain('A dog or a person was at risk')
      expect(text).not.toContain('Spam or advertising')
    }

    const answer = await postAs(samSignedIn, `/bookings/${bookingId}`, { intent: 'report', kind: 'booking', subjectId: bookingId, reason: 'harassment', details: 'Shouted at me at the door.' })

    expect(answer.status).toBe(302)
    expect(answer.headers.get('location')).toBe(`/bookings/${bookingId}`)
    expect(await toastOf(answer)).toMatchObject({ type: 'success', title: 'Report sent' })
    expect(await reportsBy(sam.id)).toEqual([expect.objectContaining({ kind: 'booking', subjectId: bookingId, reportedUserId: olivia.id, reason: 'harassment', details: 'Shouted at me at the door.' })])
  })

  test('while the report is open the reporter sees the day they sent it instead of the form; the other party still sees the form; resolved, it is back', async () => {
    const { olivia, sam, bookingId } = await partiesWithBooking()
    const samSignedIn = await signedIn(sam)
    // 23:30 UTC on Sunday 9 March is already Monday in Zurich, Sam's zone.
    vi.setSystemTime(Date.parse('2031-03-09T23:30:00.000Z'))
    expect((await postAs(samSignedIn, `/bookings/${bookingId}`, { intent: 'report', kind: 'booking', subjectId: bookingId, reason: 'harassment' })).status).toBe(302)

    const samsPage = await textOf(await visitAs(samSignedIn, `/bookings/${bookingId}`))
    expect(samsPage).toContain('You reported this booking on Mar 10, 2031. Our team will review it.')
    expect(samsPage).not.toContain('Report a problem with this booking')
    const oliviasPage = await textOf(await visitAs(await signedIn(olivia), `/bookings/${bookingId}`))
    expect(oliviasPage).toContain('Report a problem with this booking')
    expect(oliviasPage).not.toContain('You reported')

    await db.updateTable('reports').set({ state: 'dismissed' }).where('reporterId', '=', sam.id).execute()
    const afterDismissal = await textOf(await visitAs(samSignedIn, `/bookings/${bookingId}`))
    expect(afterDismissal).toContain('Report a problem with this booking')
    expect(afterDismissal).not.toContain('You reported')
  })

  test('without a reason: 400 naming the reason, with the details kept; nothing stored', async () => {
    const { olivia, bookingId } = await partiesWithBooking()

    const answer = await postAs(await signedIn(olivia), `/bookings/${bookingId}`, { intent: 'report', kind: 'booking', subjectId: bookingId, details: 'Nobody came at ten.' })

    expect(answer.status).toBe(400)
    const html = await answer.text()
    expect(html).toMatch(/<textarea[^>]*>Nobody came at ten.<\/textarea>/)
    expect(plainText(html)).toContain('Choose a reason')
    expect(await reportsBy(olivia.id)).toEqual([])
  })

  test('the 21st report within an hour: the booking page answers 429 with Retry-After and keeps the details; nothing stored', async () => {
    const { olivia, bookingId } = await partiesWithBooking()
    const sitters = await Promise.all(Array.from({ length: 20 }, (_, index) => insertSitter({ name: `Sitter ${index + 1}` })))
    for (const one of sitters) expect((await report(olivia, { kind: 'sitter', subjectId: one.id, reason: 'spam' })).status).toBe(201)

    const answer = await postAs(await signedIn(olivia), `/bookings/${bookingId}`, { intent: 'report', kind: 'booking', subjectId: bookingId, reason: 'no_show', details: 'Keep me' })

    expect(answer.status).toBe(429)
    expect(Number(answer.headers.get('retry-after'))).toBeGreaterThan(3500)
    const html = await answer.text()
    expect(html).toContain('Too many reports. Please try again later.')
    expect(html).toMatch(/<textarea[^>]*>Keep me<\/textarea>/)
    expect(await db.selectFrom('reports').select('id').where('subjectId', '=', bookingId).execute()).toEqual([])
  })

  test("another booking's id sent from this page, and a stranger's post, are 404; nothing stored", async () => {
    const { olivia, bookingId } = await partiesWithBooking()
    const other = await partiesWithBooking()
    const stranger = await insertSitter({ name: 'Stan Stranger' })

    const otherFromHere = await postAs(await signedIn(olivia), `/bookings/${bookingId}`, { intent: 'report', kind: 'booking', subjectId: other.bookingId, reason: 'no_show' })
    const strangers = await postAs(await signedIn(stranger), `/bookings/${bookingId}`, { intent: 'report', kind: 'booking', subjectId: bookingId, reason: 'no_show' })

    expect([otherFromHere.status, strangers.status]).toEqual([404, 404])
    expect(await reportsBy(olivia.id)).toEqual([])
    expect(await reportsBy(stranger.id)).toEqual([])
  })
})

test("an admin reads the reported walk on the report's page: who, when, the history and the visit log, and no address", async () => {
  const { olivia, sam, bookingId } = await partiesWithBooking()
  await walkDone(sam, bookingId)
  const filed = await report(olivia, { kind: 'booking', subjectId: bookingId, reason: 'no_show', details: 'He came an hour late.' })
  const admin = await signedIn(await insertUser({ name: 'Ada Admin', role: 'admin' }))

  const text = await textOf(await visitAs(admin, `/admin/reports/${filed.body.id}`))

  expect(text).toContain('Booking report')
  expect(text).toContain('Did not show up')
  expect(text).toContain('Dog Walking for Rex')
  expect(text).toContain('Monday, March 10, 2031, 10:00 - 11:00 (Europe/Zurich)')
  expect(text).toMatch(/Owner Olivia Owner ?, sitter Sam Sitter/)
  expect(text).toContain('Requested by Olivia Owner')
  expect(text).toContain('Checked in: No position shared')
  expect(text).toContain('Pee')
  expect(text).toContain('Rex limped after the bridge.')
  expect(text).toContain('Checked out Home, water bowl filled.')
  expect(text).toContain('No photos in the visit log.')
  expect(text).not.toContain('Bahnhofstrasse')
})
