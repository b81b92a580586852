import { expressionBuilder } from 'kysely'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { type Database, db, migrateToLatest } from '#app/lib/db.server.ts'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import { startTestApp } from './app.ts'
import { call, owner, ownerDogAndSitter, requestBooking, setStatus, sitter } from './booking-api.ts'
import { insertBooking, insertDog, localDateFromToday } from './fixtures.ts'
import { statementsOf } from './statements-of.ts'

// PATCH /api/bookings/{id}/status through the production request handler: DESIGN.md rulings 4 and 5.
// The expected answers are written out here by hand, case by case, not derived from transitions.ts.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

/** The changes recorded for the booking (decision 038), as type and facts. */
const eventsOf = async (id: string) =>
  (await db.selectFrom('domainEvents').select(['type', 'payload']).where('subjectId', '=', id).orderBy('occurredAt').execute()).map((row) => ({
    type: row.type,
    ...(JSON.parse(row.payload) as Record<string, unknown>),
  }))
const statusOf = async (id: string) => (await db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status
const historyOf = (id: string) =>
  db.selectFrom('bookingStatusHistory').select(['fromStatus', 'toStatus', 'changedById', 'reason']).where('bookingId', '=', id).orderBy('changedAt').orderBy('fromStatus').execute()

type Who = 'owner' | 'sitter'
type Case = { from: BookingStatus; when: 'ahead' | 'started'; requestedBy?: Who; who: Who; to: BookingStatus; answer: 200 | string }

const cases: Case[] = [
  // An owner's request: the sitter confirms.
  { from: 'pending', when: 'ahead', who: 'sitter', to: 'accepted', answer: 200 },
  { from: 'pending', when: 'ahead', who: 'sitter', to: 'rejected', answer: 200 },
  { from: 'pending', when: 'ahead', who: 'owner', to: 'accepted', answer: 'Only the sitter can accept this request.' },
  { from: 'pending', when: 'ahead', who: 'owner', to: 'rejected', answer: 'Only the sitter can decline this request.' },
  { from: 'pending', when: 'ahead', who: 'owner', to: 'cancelled', answer: 200 },
  { from: 'pending', when: 'ahead', who: 'sitter', to: 'cancelled', answer: 200 },
  { from: 'pending', when: 'ahead', who: 'sitter', to: 'completed', answer: 'A pending booking cannot be marked as completed.' },
  { from: 'pending', when: 'ahead', who: 'owner', to: 'pending', answer: 'This booking is already pending.' },
  // A sitter's offer: the owner confirms.
  { from: 'pending', when: 'ahead', requestedBy: 'sitter', who: 'owner', to: 'accepted', answer: 200 },
  { from: 'pending', when: 'ahead', requestedBy: 'sitter', who: 'owner', to: 'rejected', answer: 200 },
  { from: 'pending', when: 'ahead', requestedBy: 'sitter', who: 'sitter', to: 'accepted', answer: 'Only the owner can accept this request.' },
  { from: 'pending', when: 'ahead', requestedBy: 'sitter', who: 'sitter', to: 'cancelled', answer: 200 },
  { from: 'pending', when: 'ahead', requestedBy: 'sitter', who: 'owner', to: 'cancelled', answer: 200 },
  { from: 'pending', when: 'ahead', requestedBy: 'sitter', who: 'sitter', to: 'rejected', answer: 'Only the owner can decline this request.' },
  // A sitter's offer, accepted: still only the sitter marks the care as completed.
  { from: 'accepted', when: 'started', requestedBy: 'sitter', who: 'sitter', to: 'completed', answer: 200 },
  { from: 'accepted', when: 'started', requestedBy: 'sitter', who: 'owner', to: 'completed', answer: 'Only the sitter can mark this booking as completed.' },
  { from: 'accepted', when: 'ahead', requestedBy: 'sitter', who: 'owner', to: 'cancelled', answer: 200 },
  // Accepted, still ahead.
  { from: 'accepted', when: 'ahead', who: 'owner', to: 'cancelled', answer: 200 },
  { from: 'accepted', when: 'ahead', who: 'sitter', to: 'cancelled', answer: 200 },
  { from: 'accepted', when: 'ahead', who: 'sitter', to: 'completed', answer: 'A booking can only be marked as completed once it has started.' },
  { from: 'accepted', when: 'ahead', who: 'sitter', to: 'rejected', answer: 'An accepted booking cannot be declined.' },
  { from: 'accepted', when: 'ahead', who: 'sitter', to: 'accepted', answer: 'This booking is already accepted.' },
  { from: 'accepted', when: 'ahead', who: 'owner', to: 'pending', answer: 'An accepted booking cannot be set back to pending.' },
  // Accepted, started.
  { from: 'accepted', when: 'started', who: 'sitter', to: 'completed', answer: 200 },
  { from: 'accepted', when: 'started', who: 'owner', to: 'completed', answer: 'Only the sitter can mark this booking as completed.' },
  { from: 'accepted', when: 'started', who: 'owner', to: 'cancelled', answer: 'This booking has already started, so it can no longer be cancelled.' },
  { from: 'accepted', when: 'started', who: 'sitter', to: 'cancelled', answer: 'This booking has already started, so it can no longer be cancelled.' },
  // Final statuses.
  { from: 'completed', when: 'started', who: 'owner', to: 'cancelled', answer: 'A completed booking cannot be cancelled.' },
  { from: 'completed', when: 'started', who: 'sitter', to: 'accepted', answer: 'A completed booking cannot be accepted.' },
  { from: 'rejected', when: 'ahead', who: 'sitter', to: 'accepted', answer: 'A declined booking cannot be accepted.' },
  { from: 'rejected', when: 'ahead', who: 'owner', to: 'cancelled', answer: 'A declined booking cannot be cancelled.' },
  { from: 'cancelled', when: 'ahead', who: 'sitter', to: 'accepted', answer: 'A cancelled booking cannot be accepted.' },
  { from: 'cancelled', when: 'ahead', who: 'owner', to: 'cancelled', answer: 'This booking is already cancelled.' },
]

describe('every move, for each party', () => {
  const withRequester = cases.map((item) => ({ ...item, requestedBy: item.requestedBy ?? 'owner' }))
  test.each(withRequester)('$from ($when, requested by the $requestedBy) -> $to by the $who: $answer', async ({ from, when, requestedBy, who, to, answer }) => {
    const { owner: theOwner, sitter: theSitter, parties } = await ownerDogAndSitter()
    // 'started': the walk began an hour ago today, or (when it is not yet 01:00) yesterday.
    const date = when === 'ahead' ? localDateFromToday(2) : localDateFromToday(-1)
    const id = await insertBooking(parties, { status: from, date, requestedBy, slots: [{ startTime: '10:00', endTime: '11:00' }] })
    const actor = who === 'owner' ? theOwner : theSitter
    const before = await historyOf(id)

    const result = await setStatus(actor.token, id, to, { addToCalendar: false })

    if (answer === 200) {
      expect(result.status, JSON.stringify(result.body)).toBe(200)
      expect(result.body).toMatchObject({ id, status: to })
      expect(await statusOf(id)).toBe(to)
      expect(await historyOf(id)).toEqual([...before, { fromStatus: from, toStatus: to, changedById: actor.id, reason: null }])
      expect(await eventsOf(id)).toEqual([expect.objectContaining({ type: `booking.${to}`, actor: who, from })])
    } else {
      expect(result).toEqual({ status: 409, body: { message: answer, errors: {} } })
      expect(await statusOf(id)).toBe(from)
      expect(await historyOf(id)).toEqual(before)
      expect(await eventsOf(id)).toEqual([])
    }
  })

  test.each(['accepted', 'rejected', 'cancelled', 'completed'])("someone else's booking is not found (404) when moving it to %s", async (to) => {
    const { parties } = await ownerDogAndSitter()
    const id = await insertBooking(parties, { status: 'pending', date: localDateFromToday(2) })
    for (const stranger of [await owner('Nosy Owner'), await sitter({ name: 'Nosy Sitter' })]) {
      const result = await setStatus(stranger.token, id, to)
      expect(result).toEqual({ status: 404, body: { message: 'Booking not found', errors: {} } })
      expect((await call('GET', `/api/bookings/${id}`, stranger.token)).status).toBe(404)
    }
    expect(await statusOf(id)).toBe('pending')
  })

  test('the booking tells each party which moves it offers now', async () => {
    const { owner: theOwner, sitter: theSitter, parties } = await ownerDogAndSitter()
    const id = await insertBooking(parties, { status: 'pending', date: localDateFromToday(2) })
    expect((await call('GET', `/api/bookings/${id}`, theSitter.token)).body).toMatchObject({ viewerRole: 'sitter', actions: ['accepted', 'rejected', 'cancelled'] })
    expect((await call('GET', `/api/bookings/${id}`, theOwner.token)).body).toMatchObject({ viewerRole: 'owner', actions: ['cancelled'] })
  })
})

describe('two acceptances at once', () => {
  test('of overlapping requests from two owners: exactly one wins, the other gets 409', async () => {
    const theSitter = await sitter()
    const date = localDateFromToday(3)
    const requests = await Promise.all(
      ['Anna', 'Ben'].map(async (name) => {
        const anOwner = await owner(name)
        const dogId = await insertDog(anOwner.id, { name: `${name}'s dog` })
        return requestBooking(anOwner.token, { dogId, sitterId: theSitter.id, date, startTime: name === 'Anna' ? '09:00' : '09:30', duration: 60 })
      }),
    )

    const answers = await Promise.all(requests.map((booking) => setStatus(theSitter.token, booking.id, 'accepted', { addToCalendar: false })))

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ message: 'The sitter already has an accepted booking at this time.', errors: {} })
    const statuses = await Promise.all(requests.map((booking) => statusOf(booking.id)))
    expect(statuses.sort()).toEqual(['accepted', 'pending'])
  })

  test('of twenty overlapping requests accepted at once: exactly one is accepted, nineteen get 409', async () => {
    const theSitter = await sitter()
    const date = localDateFromToday(4)
    const requests = await Promise.all(
      Array.from({ length: 20 }, async (_, index) => {
        const anOwner = await owner(`Owner ${index}`)
        const dogId = await insertDog(anOwner.id, { name: `Dog ${index}` })
        return requestBooking(anOwner.token, { dogId, sitterId: theSitter.id, date, startTime: '09:00', endTime: '10:00' })
      }),
    )

    const answers = await Promise.all(requests.map((booking) => setStatus(theSitter.token, booking.id, 'accepted', { addToCalendar: false })))

    expect(answers.filter((answer) => answer.status === 200)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(19)
    const statuses = await Promise.all(requests.map((booking) => statusOf(booking.id)))
    expect(statuses.filter((status) => status === 'accepted')).toHaveLength(1)
  })

  test('of the same request by the sitter twice: one 200, one 409', async () => {
    const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
    const booking = await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date: localDateFromToday(3), timePeriod: 'morning' })
    const answers = await Promise.all([1, 2].map(() => setStatus(theSitter.token, booking.id, 'accepted', { addToCalendar: false })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(await historyOf(booking.id)).toHaveLength(2)
  })
})

describe("the sitter's accepted bookings", () => {
  test('a request overlapping one of them can still be declined by the sitter or cancelled by its owner', async () => {
    const { owner: theOwner, sitter: theSitter, parties } = await ownerDogAndSitter()
    const date = localDateFromToday(5)
    await insertBooking(parties, { status: 'accepted', date, slots: [{ startTime: '10:00', endTime: '11:00' }] })
    const declined = await insertBooking(parties, { status: 'pending', date, slots: [{ startTime: '10:30', endTime: '11:30' }] })
    const cancelled = await insertBooking(parties, { status: 'pending', date, slots: [{ startTime: '10:00', endTime: '11:00' }] })

    expect((await setStatus(theSitter.token, declined, 'rejected')).status).toBe(200)
    expect((await setStatus(theOwner.token, cancelled, 'cancelled')).status).toBe(200)
    expect([await statusOf(declined), await statusOf(cancelled)]).toEqual(['rejected', 'cancelled'])
  })
})

describe('a change that lands meanwhile', () => {
  test('the owner cancels while the sitter is declining: the cancellation stands, the sitter is told to reload', async () => {
    const { owner: theOwner, sitter: theSitter, parties } = await ownerDogAndSitter()
    const id = await insertBooking(parties, { status: 'pending', date: localDateFromToday(2) })
    // The sitter's request has read the booking as pending; the owner's cancellation commits before it writes.
    const transaction = db.transaction.bind(db)
    const meanwhile = vi.spyOn(db, 'transaction').mockImplementationOnce(() => {
      meanwhile.mockRestore()
      const builder = transaction()
      return Object.assign(Object.create(builder) as typeof builder, {
        execute: async <T>(work: Parameters<typeof builder.execute<T>>[0]) => {
          expect((await setStatus(theOwner.token, id, 'cancelled')).status).toBe(200)
          return builder.execute(work)
        },
      })
    })

    const declined = await setStatus(theSitter.token, id, 'rejected')

    expect(declined).toEqual({ status: 409, body: { message: 'This booking was changed meanwhile. Please reload it.', errors: {} } })
    expect(await statusOf(id)).toBe('cancelled')
    expect(await historyOf(id)).toEqual([
      { fromStatus: null, toStatus: 'pending', changedById: theOwner.id, reason: null },
      { fromStatus: 'pending', toStatus: 'cancelled', changedById: theOwner.id, reason: null },
    ])
  })
})

describe('expiry', () => {
  test('a pending request whose start has passed is shown cancelled as expired, and cannot be accepted', async () => {
    const { owner: theOwner, sitter: theSitter, parties } = await ownerDogAndSitter()
    const id = await insertBooking(parties, { status: 'pending', date: localDateFromToday(-1), slots: [{ startTime: '10:00', endTime: '11:00' }] })

    const read = await call('GET', `/api/bookings/${id}`, theOwner.token)

    expect(read.body).toMatchObject({ status: 'cancelled', statusReason: 'expired', actions: [] })
    expect(await statusOf(id)).toBe('cancelled')
    expect((await historyOf(id)).at(-1)).toEqual({ fromStatus: 'pending', toStatus: 'cancelled', changedById: null, reason: 'expired' })
    // Its e-mail follows from the recorded change, just after the commit.
    await vi.waitFor(async () => {
      const outbox = await db.selectFrom('emailOutbox').select(['key', 'subject']).where('key', '=', `booking:${id}:expired`).execute()
      expect(outbox).toEqual([{ key: `booking:${id}:expired`, subject: expect.stringMatching(/^Booking request expired: Rex on /) }])
    })
    expect(await setStatus(theSitter.token, id, 'accepted')).toEqual({
      status: 409,
      body: { message: 'This request expired: it was not answered before it was due to start.', errors: {} },
    })
  })

  test('cancelling an expired request says it is already cancelled, and changes nothing', async () => {
    const { owner: theOwner, parties } = await ownerDogAndSitter()
    const id = await insertBooking(parties, { status: 'pending', date: localDateFromToday(-1), slots: [{ startTime: '10:00', endTime: '11:00' }] })
    expect((await call('GET', `/api/bookings/${id}`, theOwner.token)).body).toMatchObject({ status: 'cancelled', statusReason: 'expired' })
    const before = await historyOf(id)

    expect(await setStatus(theOwner.token, id, 'cancelled')).toEqual({ status: 409, body: { message: 'This booking is already cancelled.', errors: {} } })
    expect(await historyOf(id)).toEqual(before)
  })

  test('the sweep expires stale requests of everyone, and leaves answered and future ones alone', async () => {
    const { parties } = await ownerDogAndSitter()
    const stale = await insertBooking(parties, { status: 'pending', date: localDateFromToday(-2) })
    const future = await insertBooking(parties, { status: 'pending', date: localDateFromToday(2) })
    const acceptedPast = await insertBooking(parties, { status: 'accepted', date: localDateFromToday(-2), slots: [{ startTime: '12:00', endTime: '13:00' }] })
    const { expireStaleRequests } = await import('#app/features/bookings/expiry.server.ts')

    await expireStaleRequests()

    expect(await statusOf(stale)).toBe('cancelled')
    expect(await statusOf(future)).toBe('pending')
    expect(await statusOf(acceptedPast)).toBe('accepted')
  })

  test('the check before every read is one statement, also when requests are due by tomorrow but have not started', async () => {
    const { owner: theOwner, parties } = await ownerDogAndSitter()
    const dueTomorrow = await insertBooking(parties, { status: 'pending', date: localDateFromToday(1), slots: [{ startTime: '23:00', endTime: '23:30' }] })
    const alsoDue = await insertBooking(parties, { status: 'pending', date: localDateFromToday(1), slots: [{ startTime: '22:00', endTime: '23:00' }] })
    const { expireStaleRequests } = await import('#app/features/bookings/expiry.server.ts')
    const theOwnersBookings = expressionBuilder<Database, 'bookings'>()('bookings.ownerId', '=', theOwner.id)

    const { result: expired, statements } = await statementsOf(() => expireStaleRequests(Date.now(), theOwnersBookings))

    expect(expired).toBe(0)
    expect(statements).toHaveLength(1)
    expect([await statusOf(dueTomorrow), await statusOf(alsoDue)]).toEqual(['pending', 'pending'])
  })
})

describe('lists', () => {
  test("the owner's tabs and the sitter's tabs follow spec section 4", async () => {
    const { owner: theOwner, sitter: theSitter, parties } = await ownerDogAndSitter()
    const ahead = localDateFromToday(4)
    const past = localDateFromToday(-4)
    const ids = {
      pendingAhead: await insertBooking(parties, { status: 'pending', date: ahead, slots: [{ startTime: '08:00', endTime: '09:00' }] }),
      acceptedAhead: await insertBooking(parties, { status: 'accepted', date: ahead, slots: [{ startTime: '10:00', endTime: '11:00' }] }),
      acceptedPast: await insertBooking(parties, { status: 'accepted', date: past }),
      completed: await insertBooking(parties, { status: 'completed', date: localDateFromToday(-5) }),
      rejected: await insertBooking(parties, { status: 'rejected', date: ahead, slots: [{ startTime: '14:00', endTime: '15:00' }] }),
    }
    const list = async (token: string, query: string) => ((await call<{ id: string }[]>('GET', query, token)).body).map((booking) => booking.id)

    expect(await list(theOwner.token, '/api/bookings?tab=upcoming')).toEqual([ids.pendingAhead, ids.acceptedAhead])
    expect(await list(theOwner.token, '/api/bookings?tab=pending')).toEqual([ids.pendingAhead])
    expect(await list(theOwner.token, '/api/bookings?tab=past')).toEqual([ids.rejected, ids.acceptedPast, ids.completed])
    expect(await list(theSitter.token, '/api/bookings/sitter?tab=pending')).toEqual([ids.pendingAhead])
    expect(await list(theSitter.token, '/api/bookings/sitter?tab=upcoming')).toEqual([ids.acceptedAhead])
    expect(await list(theSitter.token, '/api/bookings/sitter?tab=completed')).toEqual([ids.acceptedPast, ids.completed])
    expect(await list(theSitter.token, `/api/bookings/sitter?date=${ahead}`)).toEqual([ids.pendingAhead, ids.acceptedAhead, ids.rejected])
    // The owner is no sitter: no sitter list, and the sitter's own bookings as owner are none.
    expect((await call('GET', '/api/bookings/sitter', theOwner.token)).status).toBe(403)
    expect(await list(theSitter.token, '/api/bookings')).toEqual([])
  })

  test('a stay past midnight is upcoming until it ends the next morning, then past to the owner and completed to the sitter (decision 108)', async () => {
    const { owner: theOwner, sitter: theSitter, parties } = await ownerDogAndSitter()
    const night = localDateFromToday(3)
    const morning = localDateFromToday(4)
    const overnight = await insertBooking(parties, { status: 'accepted', service: 'boarding', date: night, timeZone: 'UTC', slots: [{ startTime: '20:00', endTime: '08:00' }] })
    const walkThatNight = await insertBooking(parties, { status: 'accepted', date: night, timeZone: 'UTC', slots: [{ startTime: '18:00', endTime: '19:00' }] })
    const list = async (token: string, query: string) => ((await call<{ id: string }[]>('GET', query, token)).body).map((booking) => booking.id)
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      // 07:30 the next morning: the stay's date is past, the stay is not.
      vi.setSystemTime(Date.parse(`${morning}T07:30:00Z`))
      expect(await list(theOwner.token, '/api/bookings?tab=upcoming')).toEqual([overnight])
      expect(await list(theOwner.token, '/api/bookings?tab=past')).toEqual([walkThatNight])
      expect(await list(theSitter.token, '/api/bookings/sitter?tab=upcoming')).toEqual([overnight])
      expect(await list(theSitter.token, '/api/bookings/sitter?tab=completed')).toEqual([walkThatNight])

      vi.setSystemTime(Date.parse(`${morning}T08:00:00Z`))
      expect(await list(theOwner.token, '/api/bookings?tab=upcoming')).toEqual([])
      expect(await list(theOwner.token, '/api/bookings?tab=past')).toEqual([overnight, walkThatNight])
      expect(await list(theSitter.token, '/api/bookings/sitter?tab=upcoming')).toEqual([])
      expect(await list(theSitter.token, '/api/bookings/sitter?tab=completed')).toEqual([overnight, walkThatNight])
    } finally {
      vi.useRealTimers()
    }
  })

  test('previous sitters: the sitters an owner booked, the most recent first', async () => {
    const { owner: theOwner, sitter: first, parties } = await ownerDogAndSitter()
    const second = await sitter({ name: 'Second Sitter' })
    await insertBooking(parties, { status: 'completed', date: localDateFromToday(-10) })
    await insertBooking({ ...parties, sitterId: second.id }, { status: 'completed', date: localDateFromToday(-3) })
    await insertBooking(parties, { status: 'cancelled', date: localDateFromToday(-20) })

    const answer = await call<Record<string, unknown>[]>('GET', '/api/bookings/previous-sitters', theOwner.token)

    expect(answer.body).toEqual([
      expect.objectContaining({ id: second.id, name: 'Second Sitter', bookingCount: 1, lastBookingDate: localDateFromToday(-3), hasProfile: true }),
      expect.objectContaining({ id: first.id, name: 'Sam Sitter', bookingCount: 2, lastBookingDate: localDateFromToday(-10), hasProfile: true }),
    ])

    // A sitter who gave up their profile is still listed, without one (the chooser then books by /sitters/{id}/book).
    await db.deleteFrom('sitterProfiles').where('userId', '=', second.id).execute()
    const later = await call<Record<string, unknown>[]>('GET', '/api/bookings/previous-sitters', theOwner.token)
    expect(later.body.map(({ id, hasProfile }) => ({ id, hasProfile }))).toEqual([
      { id: second.id, hasProfile: false },
      { id: first.id, hasProfile: true },
    ])
  })

  test('previous sitters are read in the same number of statements for one sitter as for five', async () => {
    const { owner: theOwner, parties } = await ownerDogAndSitter()
    await insertBooking(parties, { status: 'completed', date: localDateFromToday(-10) })
    const statementsOfOneRead = async () => {
      const { result: answer, statements } = await statementsOf(() => call<unknown[]>('GET', '/api/bookings/previous-sitters', theOwner.token))
      return { sitters: answer.body.length, statements: statements.length }
    }
    const withOne = await statementsOfOneRead()
    for (const day of [-9, -8, -7, -6]) {
      const another = await sitter({ name: `Sitter ${day}` })
      await insertBooking({ ...parties, sitterId: another.id }, { status: 'completed', date: localDateFromToday(day) })
    }
    const withFive = await statementsOfOneRead()

    expect(withOne.sitters).toBe(1)
    expect(withFive.sitters).toBe(5)
    expect(withFive.statements).toBe(withOne.statements)
  })
})

describe('what each party sees', () => {
  test("the exact address and contacts of the other party only once the booking is accepted", async () => {
    const exactOwner = await owner('Olivia Exact')
    await db
      .updateTable('users')
      .set({ location: 'Birmensdorferstrasse 1, 8003 Zürich', publicLocation: 'Wiedikon, Zürich', latitude: 47.37, longitude: 8.51, phoneNumber: '+41 79 123 45 67' })
      .where('id', '=', exactOwner.id)
      .execute()
    const dogId = await insertDog(exactOwner.id)
    const theSitter = await sitter()
    const booking = await requestBooking(exactOwner.token, {
      dogId,
      sitterId: theSitter.id,
      date: localDateFromToday(5),
      timePeriod: 'morning',
      location: 'Meet at the Bäckeranlage gate',
      latitude: 47.3762,
      longitude: 8.5235,
    })

    const pending = (await call('GET', `/api/bookings/${booking.id}`, theSitter.token)).body
    expect(pending).toMatchObject({
      location: null,
      latitude: null,
      owner: { location: 'Wiedikon, Zürich', latitude: null, phone: null, email: null },
      dog: { name: 'Rex', bio: 'Rex loves long walks.' },
    })
    expect(JSON.stringify(pending)).not.toContain('Birmensdorferstrasse')

    await setStatus(theSitter.token, booking.id, 'accepted', { addToCalendar: false })
    const accepted = (await call('GET', `/api/bookings/${booking.id}`, theSitter.token)).body
    expect(accepted).toMatchObject({
      location: 'Meet at the Bäckeranlage gate',
      latitude: 47.3762,
      owner: { location: 'Birmensdorferstrasse 1, 8003 Zürich', latitude: 47.37, phone: '+41 79 123 45 67' },
    })
  })
})
