import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { countLateCancellations } from '#app/features/bookings/booking-reads.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import * as profileEditPage from '#app/routes/profile-edit.tsx'
import { startTestApp } from './app.ts'
import { type Answer, call, owner, requestBooking, setStatus } from './booking-api.ts'
import { apiTokenFor, insertBooking, insertDog, insertSitter } from './fixtures.ts'
import { asResponse, contextFor, settle } from './route-calls.ts'

// Cancellation terms (issue 33 part 4, DESIGN.md ruling 28): the sitter sets them through the API and the edit-profile
// page; a booking keeps the terms it was requested under; cancelling an accepted booking later than 2 (flexible),
// 24 (moderate) or 72 (strict) hours before its start is late and records who did it; withdrawing a request never is.
// The clock is Date alone, faked and set by hand: July 2027 in Zurich (UTC+2), so each edge is an exact instant.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  // Before anything is made: sessions (7 days), tokens and requests all live on this clock.
  vi.setSystemTime(weekBefore)
})

afterEach(() => {
  vi.useRealTimers()
})

const hour = 3_600_000
/** Sunday 11 July 2027, 10:00 in Zurich: the week of the bookings below begins. */
const weekBefore = Date.parse('2027-07-11T10:00:00+02:00')
const termsMessage = 'Cancellation terms must be flexible, moderate or strict'

/** A day's 10:00-11:00 walk in Zurich: its start as an instant, written out by hand (summer time, UTC+2). */
const walkOn = (date: string) => ({ date, start: Date.parse(`${date}T10:00:00+02:00`) })
const july15 = walkOn('2027-07-15')

type Terms = 'flexible' | 'moderate' | 'strict'
type Sitter = SessionUser & { token: string }

async function sitterWithTerms(terms?: Terms): Promise<Sitter> {
  const user = await insertSitter({ services: [{ service: 'walking', hourlyRateCents: 2400 }] })
  if (terms) await db.updateTable('sitterProfiles').set({ cancellationTerms: terms }).where('userId', '=', user.id).execute()
  return { ...user, token: await apiTokenFor(user) }
}

async function ownerSitterAndDog(terms?: Terms) {
  const theOwner = await owner()
  const dogId = await insertDog(theOwner.id, { name: 'Rex' })
  const theSitter = await sitterWithTerms(terms)
  return { owner: theOwner, sitter: theSitter, dogId, parties: { dogId, ownerId: theOwner.id, sitterId: theSitter.id } }
}

/** A booking stored as the app stores it, requested under `terms` (null: made before terms existed). */
async function bookingUnder(parties: { dogId: string; ownerId: string; sitterId: string }, terms: Terms | null, status: 'pending' | 'accepted', date = july15.date) {
  const id = await insertBooking(parties, { status, date, slots: [{ startTime: '10:00', endTime: '11:00' }] })
  await db.updateTable('bookings').set({ cancellationTerms: terms }).where('id', '=', id).execute()
  return id
}

const termsRow = async (sitterId: string) =>
  (await db.selectFrom('sitterProfiles').select('cancellationTerms').where('userId', '=', sitterId).executeTakeFirstOrThrow()).cancellationTerms
const bookingRow = (id: string) => db.selectFrom('bookings').select(['status', 'cancellationTerms', 'lateCancellationBy']).where('id', '=', id).executeTakeFirstOrThrow()
const patchProfile = (user: Sitter, body: unknown) => call('PATCH', `/api/users/${user.id}`, user.token, body)

describe('the sitter sets their terms through the API', () => {
  test('a new sitter has flexible terms; PATCH {cancellationTerms: strict} saves them, and every profile answer says so', async () => {
    const sitter = await sitterWithTerms()
    expect(await termsRow(sitter.id)).toBe('flexible')
    expect((await call('GET', '/api/users/me', sitter.token)).body).toMatchObject({ cancellationTerms: 'flexible' })

    const answer = await patchProfile(sitter, { cancellationTerms: 'strict' })

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ id: sitter.id, cancellationTerms: 'strict' })
    expect(await termsRow(sitter.id)).toBe('strict')
    expect((await call('GET', '/api/users/me', sitter.token)).body).toMatchObject({ cancellationTerms: 'strict' })
    expect((await call('GET', `/api/users/${sitter.id}`, sitter.token)).body).toMatchObject({ cancellationTerms: 'strict', lateCancellations: { late: 0, accepted: 0 } })
  })

  test('a client that does not know the field keeps working, and the saved terms stay', async () => {
    const sitter = await sitterWithTerms('moderate')

    const answer = await patchProfile(sitter, { bio: 'Long walks by the lake.', experience: '5+' })

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ bio: 'Long walks by the lake.', experience: '5+', cancellationTerms: 'moderate' })
    expect(await termsRow(sitter.id)).toBe('moderate')
  })

  test.each([
    ['an unknown name', 'lenient'],
    ['another case', 'Strict'],
    ['blank', ''],
    ['padded', ' strict'],
    ['a control character', 'strict\u0007'],
    ['a line break', 'strict\n'],
    ['a number', 72],
    ['true', true],
    ['null', null],
    ['a list', ['strict']],
    ['an object', { terms: 'strict' }],
  ])('%s is refused (400) on cancellationTerms, and nothing changes', async (_, value) => {
    const sitter = await sitterWithTerms('moderate')

    const answer = await patchProfile(sitter, { bio: 'Changed?', cancellationTerms: value })

    expect(answer).toEqual({ status: 400, body: { message: termsMessage, errors: { cancellationTerms: [termsMessage] } } })
    expect(await termsRow(sitter.id)).toBe('moderate')
    expect((await db.selectFrom('users').select('bio').where('id', '=', sitter.id).executeTakeFirstOrThrow()).bio).toBeNull()
  })
})

describe('the sitter sets their terms on the edit-profile page', () => {
  type ActionData = { result?: { error?: Record<string, string[] | null> } }

  async function saveForm(user: SessionUser, terms?: string) {
    const fields = new URLSearchParams([
      ['sitterSections', 'on'],
      ['name', 'Sam Sitter'],
      ['services', 'walking'],
      ['rates.walking', '24'],
      ...(terms === undefined ? [] : [['cancellationTerms', terms]]),
    ])
    const request = new Request('http://localhost/profile/edit', { method: 'POST', body: fields })
    return settle(() => profileEditPage.action({ request, url: new URL(request.url), params: {}, pattern: '/profile/edit', context: contextFor(user) }))
  }

  test('choosing strict saves it and goes to /profile', async () => {
    const sitter = await sitterWithTerms()

    const response = asResponse(await saveForm(sitter, 'strict'))

    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/profile')
    expect(await termsRow(sitter.id)).toBe('strict')
  })

  test('a form without the field (an older page) keeps the saved terms', async () => {
    const sitter = await sitterWithTerms('moderate')

    expect(asResponse(await saveForm(sitter)).status).toBe(302)
    expect(await termsRow(sitter.id)).toBe('moderate')
  })

  test.each(['lenient', 'strict\u001b', 'STRICT'])('%j is refused (400) on the field, and nothing changes', async (value) => {
    const sitter = await sitterWithTerms('moderate')

    const answer = (await saveForm(sitter, value)) as { data: ActionData; init: ResponseInit | null }

    expect(answer.init?.status).toBe(400)
    expect(answer.data.result?.error?.cancellationTerms).toEqual([termsMessage])
    expect(await termsRow(sitter.id)).toBe('moderate')
  })
})

describe('a booking keeps the terms it was requested under', () => {
  test('a request made under moderate stays moderate after the sitter switches to strict', async () => {
    const { owner: theOwner, sitter, dogId } = await ownerSitterAndDog()
    expect((await patchProfile(sitter, { cancellationTerms: 'moderate' })).status).toBe(200)
    const { id } = await requestBooking(theOwner.token, { dogId, sitterId: sitter.id, date: july15.date, timeSlots: [{ startTime: '10:00', endTime: '11:00' }] })
    expect(await bookingRow(id)).toMatchObject({ cancellationTerms: 'moderate' })

    expect((await patchProfile(sitter, { cancellationTerms: 'strict' })).status).toBe(200)
    expect((await setStatus(sitter.token, id, 'accepted', { addToCalendar: false })).status).toBe(200)

    expect(await bookingRow(id)).toMatchObject({ status: 'accepted', cancellationTerms: 'moderate' })
    const read = await call('GET', `/api/bookings/${id}`, theOwner.token)
    // 24 hours before 10:00 (08:00 UTC) on 15 July: under strict it would be 72.
    expect(read.body).toMatchObject({ cancellationTerms: 'moderate', cancelledLate: null, lateFrom: '2027-07-14T08:00:00.000Z' })

    // 30 hours ahead: late under strict, in time under moderate.
    vi.setSystemTime(july15.start - 30 * hour)
    const cancelled = await setStatus(theOwner.token, id, 'cancelled')
    expect(cancelled.body).toMatchObject({ status: 'cancelled', cancellationTerms: 'moderate', cancelledLate: null, lateFrom: null })
    expect(await bookingRow(id)).toMatchObject({ status: 'cancelled', lateCancellationBy: null })
  })

  test('a booking made before terms existed is read as flexible', async () => {
    const { owner: theOwner, parties } = await ownerSitterAndDog('strict')
    const id = await bookingUnder(parties, null, 'accepted')

    expect((await call('GET', `/api/bookings/${id}`, theOwner.token)).body).toMatchObject({ cancellationTerms: 'flexible', lateFrom: '2027-07-15T06:00:00.000Z' })
  })
})

describe('when cancelling an accepted booking is late', () => {
  type Case = { terms: Terms | null; hoursBefore: number; who: 'owner' | 'sitter'; late: boolean; lateFrom: string }
  const cases: Case[] = [
    { terms: 'moderate', hoursBefore: 25, who: 'owner', late: false, lateFrom: '2027-07-14T08:00:00.000Z' },
    { terms: 'moderate', hoursBefore: 23, who: 'owner', late: true, lateFrom: '2027-07-14T08:00:00.000Z' },
    { terms: 'moderate', hoursBefore: 23, who: 'sitter', late: true, lateFrom: '2027-07-14T08:00:00.000Z' },
    { terms: 'flexible', hoursBefore: 3, who: 'owner', late: false, lateFrom: '2027-07-15T06:00:00.000Z' },
    { terms: 'flexible', hoursBefore: 1, who: 'owner', late: true, lateFrom: '2027-07-15T06:00:00.000Z' },
    { terms: 'flexible', hoursBefore: 1, who: 'sitter', late: true, lateFrom: '2027-07-15T06:00:00.000Z' },
    { terms: 'strict', hoursBefore: 73, who: 'sitter', late: false, lateFrom: '2027-07-12T08:00:00.000Z' },
    { terms: 'strict', hoursBefore: 71, who: 'owner', late: true, lateFrom: '2027-07-12T08:00:00.000Z' },
    { terms: 'strict', hoursBefore: 71, who: 'sitter', late: true, lateFrom: '2027-07-12T08:00:00.000Z' },
    { terms: null, hoursBefore: 1, who: 'sitter', late: true, lateFrom: '2027-07-15T06:00:00.000Z' },
  ]

  test.each(cases)('$terms, $hoursBefore h before, by the $who: late $late', async ({ terms, hoursBefore, who, late, lateFrom }) => {
    const { owner: theOwner, sitter, parties } = await ownerSitterAndDog()
    const id = await bookingUnder(parties, terms, 'accepted')
    const actor = who === 'owner' ? theOwner : sitter
    expect((await call('GET', `/api/bookings/${id}`, actor.token)).body).toMatchObject({ status: 'accepted', cancelledLate: null, lateFrom })

    vi.setSystemTime(july15.start - hoursBefore * hour)
    const answer = await setStatus(actor.token, id, 'cancelled')

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ status: 'cancelled', cancelledLate: late ? who : null, lateFrom: null })
    expect(await bookingRow(id)).toEqual({ status: 'cancelled', cancellationTerms: terms, lateCancellationBy: late ? who : null })
    const other = who === 'owner' ? sitter : theOwner
    expect((await call('GET', `/api/bookings/${id}`, other.token)).body).toMatchObject({ cancelledLate: late ? who : null })
  })

  test.each(['owner', 'sitter'] as const)('withdrawing a pending request an hour before the start is never late (by the %s)', async (who) => {
    const { owner: theOwner, sitter, parties } = await ownerSitterAndDog()
    const id = await bookingUnder(parties, 'strict', 'pending')
    expect((await call('GET', `/api/bookings/${id}`, theOwner.token)).body).toMatchObject({ status: 'pending', lateFrom: null })

    vi.setSystemTime(july15.start - hour)
    const answer = await setStatus((who === 'owner' ? theOwner : sitter).token, id, 'cancelled')

    expect(answer.status, JSON.stringify(answer.body)).toBe(200)
    expect(answer.body).toMatchObject({ status: 'cancelled', cancelledLate: null })
    expect(await bookingRow(id)).toMatchObject({ status: 'cancelled', lateCancellationBy: null })
  })
})

describe('late cancellations are counted', () => {
  test('of three accepted bookings, one cancelled late by each side: 1 of 3 for the sitter and 1 of 3 for the owner', async () => {
    const { owner: theOwner, sitter, parties } = await ownerSitterAndDog('moderate')
    const [a, b, c, d] = ['2027-07-14', '2027-07-15', '2027-07-16', '2027-07-17'].map(walkOn) as [ReturnType<typeof walkOn>, ReturnType<typeof walkOn>, ReturnType<typeof walkOn>, ReturnType<typeof walkOn>]
    const lateBySitter = await bookingUnder(parties, 'moderate', 'accepted', a.date)
    const lateByOwner = await bookingUnder(parties, 'moderate', 'accepted', b.date)
    const inTime = await bookingUnder(parties, 'moderate', 'accepted', c.date)
    // Never accepted: withdrawn late, it counts on neither side.
    const withdrawn = await bookingUnder(parties, 'moderate', 'pending', d.date)

    const cancelAt = async (token: string, id: string, at: number) => {
      vi.setSystemTime(at)
      expect((await setStatus(token, id, 'cancelled')).status).toBe(200)
    }
    await cancelAt(sitter.token, inTime, c.start - 48 * hour)
    await cancelAt(sitter.token, lateBySitter, a.start - 23 * hour)
    await cancelAt(theOwner.token, lateByOwner, b.start - 2 * hour)
    await cancelAt(theOwner.token, withdrawn, d.start - hour)

    expect(await countLateCancellations(sitter.id, 'sitter')).toEqual({ late: 1, accepted: 3 })
    expect(await countLateCancellations(theOwner.id, 'owner')).toEqual({ late: 1, accepted: 3 })
    // Each side counts its own bookings only: this owner has none as a sitter.
    expect(await countLateCancellations(theOwner.id, 'sitter')).toEqual({ late: 0, accepted: 0 })
    expect((await call('GET', `/api/users/${sitter.id}`, theOwner.token)).body).toMatchObject({ cancellationTerms: 'moderate', lateCancellations: { late: 1, accepted: 3 } })
  })
})

describe('a cancellation and an acceptance at once', () => {
  type Outcome = { cancel: number; accept: number; status: string; late: string | null; moves: string[] }
  const possible: Outcome[] = [
    // The withdrawal came first: the acceptance finds it cancelled.
    { cancel: 200, accept: 409, status: 'cancelled', late: null, moves: ['pending>cancelled'] },
    // The acceptance came first, and the cancellation had read the request as pending.
    { cancel: 409, accept: 200, status: 'accepted', late: null, moves: ['pending>accepted'] },
    // The acceptance came first, and the cancellation read it accepted: 23 hours before, under moderate, late.
    { cancel: 200, accept: 200, status: 'cancelled', late: 'owner', moves: ['accepted>cancelled', 'pending>accepted'] },
  ]

  test('leave a row that agrees with its history and the answers', async () => {
    for (let round = 0; round < 3; round++) {
      vi.setSystemTime(weekBefore)
      const { owner: theOwner, sitter, parties } = await ownerSitterAndDog()
      const id = await bookingUnder(parties, 'moderate', 'pending')
      vi.setSystemTime(july15.start - 23 * hour)

      const [cancel, accept] = (await Promise.all([setStatus(theOwner.token, id, 'cancelled'), setStatus(sitter.token, id, 'accepted', { addToCalendar: false })])) as [Answer, Answer]

      const row = await bookingRow(id)
      const history = await db.selectFrom('bookingStatusHistory').select(['fromStatus', 'toStatus']).where('bookingId', '=', id).where('fromStatus', 'is not', null).execute()
      const outcome: Outcome = { cancel: cancel.status, accept: accept.status, status: row.status, late: row.lateCancellationBy, moves: history.map((move) => `${move.fromStatus}>${move.toStatus}`).sort() }
      expect(possible).toContainEqual(outcome)
      const read = await call('GET', `/api/bookings/${id}`, theOwner.token)
      expect(read.body).toMatchObject({ status: row.status, cancelledLate: row.lateCancellationBy, lateFrom: row.status === 'accepted' ? '2027-07-14T08:00:00.000Z' : null })
    }
  })
})
