import { beforeAll, describe, expect, test, vi } from 'vitest'
import { createBooking } from '#app/features/bookings/create-booking.server.ts'
import { BookingRequestSchema } from '#app/features/bookings/schema.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { startTestApp } from './app.ts'
import { call, owner, ownerDogAndSitter, requestBooking, sitter } from './booking-api.ts'
import { insertBooking, insertDog, insertSchedule, insertUser, localDateFromToday } from './fixtures.ts'

// A booking request at its edges (DESIGN.md ruling 3): the field each refusal names, the last day of the year
// ahead, a start at this very moment, and the change it records and sends on at once. The clock is the
// request's own `now` (a July day in Zurich, UTC+2), so the edges hold to the millisecond.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const july15 = '2027-07-15'
/** 10:00 on 15 July 2027 in Zurich (summer time, UTC+2). */
const tenOClock = Date.parse(`${july15}T10:00:00+02:00`)
const walk = (dogId: string, sitterId: string, date: string, startTime = '10:00', endTime = '11:00') =>
  BookingRequestSchema.parse({ dogId, sitterId, date, timeSlots: [{ startTime, endTime }] })

async function zurichParties() {
  const parties = await ownerDogAndSitter()
  const { timeZone } = await db.selectFrom('users').select('timeZone').where('id', '=', parties.sitter.id).executeTakeFirstOrThrow()
  expect(timeZone, 'the clock of these tests is Zurich time').toBe('Europe/Zurich')
  return { ...parties, asker: { id: parties.owner.id, role: 'owner' as const } }
}

describe('the time a request may take', () => {
  test('a walk starting at this very moment has passed; a millisecond earlier it is still ahead', async () => {
    const { asker, sitter, dogId } = await zurichParties()

    expect(await createBooking(asker, walk(dogId, sitter.id, july15), tenOClock)).toEqual({
      ok: false,
      status: 400,
      message: 'This time has already passed. Please choose a later time.',
      field: 'date',
    })
    expect(await createBooking(asker, walk(dogId, sitter.id, july15), tenOClock - 1)).toMatchObject({ ok: true })
  })

  test('the 365th day ahead may be asked for; the 366th is refused on the date', async () => {
    const { asker, sitter, dogId } = await zurichParties()
    // 2028 is a leap year: 365 days after 15 July 2027 is 14 July 2028.
    const dayAhead = (days: number) => new Date(Date.UTC(2027, 6, 15) + days * 86_400_000).toISOString().slice(0, 10)
    expect(dayAhead(365)).toBe('2028-07-14')

    expect(await createBooking(asker, walk(dogId, sitter.id, dayAhead(365)), tenOClock)).toMatchObject({ ok: true })
    expect(await createBooking(asker, walk(dogId, sitter.id, dayAhead(366)), tenOClock)).toEqual({
      ok: false,
      status: 400,
      message: 'Bookings can be requested at most a year ahead',
      field: 'date',
    })
  })

  test('a blocked day and an overlap with an accepted booking are refused on the date', async () => {
    const { asker, sitter, dogId, parties } = await zurichParties()
    const blocked = '2027-07-20'
    await insertSchedule(sitter.id, { blockedDates: [blocked] })
    await insertBooking(parties, { status: 'accepted', date: '2027-07-21', slots: [{ startTime: '10:00', endTime: '11:00' }] })

    expect(await createBooking(asker, walk(dogId, sitter.id, blocked), tenOClock)).toMatchObject({ ok: false, status: 409, field: 'date' })
    expect(await createBooking(asker, walk(dogId, sitter.id, '2027-07-21', '10:30', '11:30'), tenOClock)).toEqual({
      ok: false,
      status: 409,
      message: 'The sitter already has an accepted booking at this time.',
      field: 'date',
    })
  })
})

describe('who is asked', () => {
  test('a sitter who has not finished their sitter profile is refused on the sitter', async () => {
    const { owner: theOwner, dogId } = await ownerDogAndSitter()
    const unfinished = await insertUser({ role: 'sitter', name: 'Una Unfinished' })
    const answer = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: unfinished.id, date: localDateFromToday(7), timePeriod: 'morning' })
    expect(answer).toMatchObject({ status: 400, body: { errors: { sitterId: ['This sitter has not finished their sitter profile yet'] } } })
  })

  test('a sitter who offers no service yet is refused on the sitter with 409', async () => {
    const { owner: theOwner, dogId } = await ownerDogAndSitter()
    const idle = await sitter({ services: [] })
    const answer = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: idle.id, date: localDateFromToday(7), timePeriod: 'morning' })
    expect(answer).toMatchObject({ status: 409, body: { errors: { sitterId: ['This sitter does not offer any service yet'] } } })
  })
})

describe('what a request records', () => {
  test("an owner's request records a 'requested' change by the owner, delivered to its subscribers at once", async () => {
    const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
    const booking = await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date: localDateFromToday(7), timePeriod: 'morning' })

    const event = await db.selectFrom('domainEvents').select(['id', 'type', 'payload']).where('subjectId', '=', booking.id).executeTakeFirstOrThrow()
    expect(event.type).toBe('booking.requested')
    expect(JSON.parse(event.payload)).toEqual({ actor: 'owner', from: null })
    // Sent on by the request itself, not by a later sweep.
    await vi.waitFor(async () => {
      const pending = await db.selectFrom('eventDeliveries').select('subscriber').where('eventId', '=', event.id).where('deliveredAt', 'is', null).execute()
      expect(pending).toEqual([])
    })
  })

  test("a sitter's offer records the change by the sitter", async () => {
    const dogOwner = await owner()
    const offering = await sitter()
    const listed = await insertDog(dogOwner.id, { name: 'Sociable', listed: true })
    const booking = await requestBooking(offering.token, { dogId: listed, sitterId: offering.id, date: localDateFromToday(7), timePeriod: 'morning' })

    const event = await db.selectFrom('domainEvents').select('payload').where('subjectId', '=', booking.id).executeTakeFirstOrThrow()
    expect(JSON.parse(event.payload)).toEqual({ actor: 'sitter', from: null })
  })
})
