import { beforeAll, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, bearer, startTestApp } from './app.ts'
import { call, owner, ownerDogAndSitter, requestBooking, sitter } from './booking-api.ts'
import { insertBooking, insertDog, insertSchedule, insertUser, localDateFromToday } from './fixtures.ts'

// POST /api/bookings through the production request handler: the four payload variants of spec section 3
// become the same time slots, the price is fixed at request time, and DESIGN.md ruling 3's rules refuse
// what cannot be booked. Every refusal leaves no booking behind.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const slotsOf = async (bookingId: string) =>
  db.selectFrom('bookingTimeSlots').select(['startTime', 'endTime']).where('bookingId', '=', bookingId).orderBy('position').execute()
const bookingCount = async (dogId: string) => (await db.selectFrom('bookings').select('id').where('dogId', '=', dogId).execute()).length

const inAWeek = localDateFromToday(7)

describe('the four payload variants', () => {
  test('a walk asked as a period, as a start and a duration, or as a slot is the same 60 minutes from the window start, at the hourly rate', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const base = { dogId, sitterId: sitter.id }

    // Three days: the same time asked twice on one day is one request waiting (see 'a request sent twice').
    const byPeriod = await requestBooking(owner.token, { ...base, date: inAWeek, timePeriod: 'morning' })
    const byDuration = await requestBooking(owner.token, { ...base, date: localDateFromToday(8), startTime: '08:00', duration: 60 })
    const bySlots = await requestBooking(owner.token, { ...base, date: localDateFromToday(9), timeSlots: [{ startTime: '08:00', endTime: '09:00' }] })

    for (const booking of [byPeriod, bySlots, byDuration]) {
      expect(await slotsOf(booking.id)).toEqual([{ startTime: '08:00', endTime: '09:00' }])
      expect(booking).toMatchObject({ timeSlots: [{ startTime: '08:00', endTime: '09:00' }], timeSlot: '08:00 - 09:00', status: 'pending', period: null })
      // $24 an hour for 1 hour.
      expect(booking.price).toBe(24)
    }
    const halfHour = await requestBooking(owner.token, { ...base, date: localDateFromToday(10), startTime: '08:15', duration: 30 })
    expect(halfHour).toMatchObject({ timeSlots: [{ startTime: '08:15', endTime: '08:45' }], price: 12 })
  })

  test('sitting takes its period window (08-12, 12-16, 16-20) or custom times, priced by the hour', async () => {
    const { owner, dogId } = await ownerDogAndSitter()
    const sitting = await sitter({ services: [{ service: 'sitting', hourlyRateCents: 2800 }] })
    const evening = await requestBooking(owner.token, { dogId, sitterId: sitting.id, date: inAWeek, timePeriod: 'evening' })
    expect(evening).toMatchObject({ period: 'evening', service: 'sitting', timeSlots: [{ startTime: '16:00', endTime: '20:00' }], price: 112 })
    const overnightSitting = await call('POST', '/api/bookings', owner.token, { dogId, sitterId: sitting.id, date: inAWeek, timePeriod: 'overnight' })
    expect(overnightSitting).toMatchObject({ status: 400, body: { errors: { slots: [expect.stringContaining('Dog Sitting is booked in the morning (08:00 - 12:00)')] } } })
  })

  test('a one-hour time slot (variant b, from a sitter) and the same hour as a slot list are the same booking time', async () => {
    const { owner, sitter } = await ownerDogAndSitter()
    const listedDog = await insertDog(owner.id, { name: 'Luna', listed: true })

    const offer = await requestBooking(sitter.token, { dogId: listedDog, sitterId: sitter.id, date: inAWeek, timeSlot: '9:00 AM', notes: 'Happy to walk Luna' })
    const asked = await requestBooking(owner.token, { dogId: listedDog, sitterId: sitter.id, date: inAWeek, timeSlots: [{ startTime: '09:00', endTime: '10:00' }] })

    expect(await slotsOf(offer.id)).toEqual([{ startTime: '09:00', endTime: '10:00' }])
    expect(await slotsOf(asked.id)).toEqual([{ startTime: '09:00', endTime: '10:00' }])
    expect(offer).toMatchObject({ requestedBy: 'sitter', confirmingParty: 'owner', ownerId: owner.id, sitterId: sitter.id, price: 24 })
    expect(asked).toMatchObject({ requestedBy: 'owner', confirmingParty: 'sitter' })
  })

  test('several slots are kept in order; a custom period needs its start and end', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const twoWalks = await requestBooking(owner.token, {
      dogId,
      sitterId: sitter.id,
      date: inAWeek,
      timeSlots: [
        { startTime: '17:00', endTime: '18:00' },
        { startTime: '08:00', endTime: '08:30' },
      ],
    })
    expect(await slotsOf(twoWalks.id)).toEqual([
      { startTime: '08:00', endTime: '08:30' },
      { startTime: '17:00', endTime: '18:00' },
    ])
    const positions = await db.selectFrom('bookingTimeSlots').select('position').where('bookingId', '=', twoWalks.id).orderBy('position').execute()
    expect(positions.map(({ position }) => position)).toEqual([1, 2])
    expect(twoWalks.price).toBe(36)

    const custom = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'custom', startTime: '13:15', endTime: '13:45' })
    expect(custom).toMatchObject({ timeSlots: [{ startTime: '13:15', endTime: '13:45' }], price: 12 })
    const customWithoutTimes = await call('POST', '/api/bookings', owner.token, { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'custom' })
    expect(customWithoutTimes).toMatchObject({ status: 400, body: { errors: { startTime: ['A custom period needs a start and an end time'] } } })
  })

  test('boarding overnight runs from 20:00 to 08:00 the next morning at the night rate; an overnight walk is a walk at 20:00', async () => {
    const { owner, sitter: walker, dogId } = await ownerDogAndSitter()
    const boarder = await sitter({ services: [{ service: 'boarding', hourlyRateCents: 6500 }] })
    const overnight = await requestBooking(owner.token, { dogId, sitterId: boarder.id, date: inAWeek, timePeriod: 'overnight' })
    expect(overnight).toMatchObject({ period: 'overnight', timeSlots: [{ startTime: '20:00', endTime: '08:00' }], price: 65 })
    expect(String(overnight.endDateTime).slice(0, 16)).toBe(`${localDateFromToday(8)}T08:00`)
    const walk = await requestBooking(owner.token, { dogId, sitterId: walker.id, date: inAWeek, timePeriod: 'overnight' })
    expect(walk).toMatchObject({ timeSlots: [{ startTime: '20:00', endTime: '21:00' }], price: 24 })
  })

  test('daycare is the whole day (08-20) at the day rate; a part of the day is refused', async () => {
    const { owner, dogId } = await ownerDogAndSitter()
    const daycare = await sitter({ services: [{ service: 'daycare', hourlyRateCents: 6000 }] })
    const day = await requestBooking(owner.token, { dogId, sitterId: daycare.id, date: inAWeek, timePeriod: 'all_day' })
    expect(day).toMatchObject({ period: 'all_day', timeSlots: [{ startTime: '08:00', endTime: '20:00' }], price: 60 })
    const morning = await call('POST', '/api/bookings', owner.token, { dogId, sitterId: daycare.id, date: localDateFromToday(8), timePeriod: 'morning' })
    expect(morning).toMatchObject({ status: 400, body: { errors: { slots: ['Daycare is booked by the day (08:00 - 20:00): choose the period all_day'] } } })
  })
})

describe('the booking record', () => {
  test('the price is the rate of the booked service times the hours, fixed when requested', async () => {
    const { owner, dogId } = await ownerDogAndSitter()
    const sitterWithServices = await sitter({
      services: [
        { service: 'walking', hourlyRateCents: 2000 },
        { service: 'sitting', hourlyRateCents: 3050 },
      ],
    })
    const booking = await requestBooking(owner.token, {
      dogId,
      sitterId: sitterWithServices.id,
      date: inAWeek,
      service: 'sitting',
      startTime: '09:00',
      endTime: '11:30',
    })
    // 2.5 hours at $30.50.
    expect(booking).toMatchObject({ service: 'sitting', price: 76.25, hourlyRate: 30.5 })
    await db.updateTable('sitterServices').set({ hourlyRateCents: 9900 }).where('sitterId', '=', sitterWithServices.id).execute()
    const later = await call('GET', `/api/bookings/${booking.id}`, owner.token)
    expect(later.body).toMatchObject({ price: 76.25 })
    expect(await db.selectFrom('bookings').select(['priceCents', 'hourlyRateCents']).where('id', '=', booking.id).executeTakeFirst()).toEqual({
      priceCents: 7625,
      hourlyRateCents: 3050,
    })
  })

  test('a service the sitter does not offer is refused', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const answer = await call('POST', '/api/bookings', owner.token, { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'morning', service: 'grooming' })
    expect(answer).toMatchObject({ status: 400, body: { message: 'This sitter does not offer grooming', errors: { service: ['This sitter does not offer grooming'] } } })
  })

  test('the request is the first row of the status history, by the requester', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const booking = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'evening' })
    const history = await db.selectFrom('bookingStatusHistory').selectAll().where('bookingId', '=', booking.id).execute()
    expect(history).toEqual([expect.objectContaining({ fromStatus: null, toStatus: 'pending', changedById: owner.id, reason: null })])
  })
})

describe('what cannot be booked', () => {
  test('a date in the past, or a time today that has passed', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const yesterday = await call('POST', '/api/bookings', owner.token, { dogId, sitterId: sitter.id, date: localDateFromToday(-1), timePeriod: 'morning' })
    expect(yesterday).toMatchObject({ status: 400, body: { message: 'Please choose a date from today on', errors: { date: ['Please choose a date from today on'] } } })
    const midnightToday = await call('POST', '/api/bookings', owner.token, {
      dogId,
      sitterId: sitter.id,
      date: localDateFromToday(0),
      startTime: '00:00',
      endTime: '00:30',
    })
    expect(midnightToday).toMatchObject({ status: 400, body: { message: 'This time has already passed. Please choose a later time.' } })
    expect(await bookingCount(dogId)).toBe(0)
  })

  test('an end before the start', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const answer = await call('POST', '/api/bookings', owner.token, { dogId, sitterId: sitter.id, date: inAWeek, startTime: '12:00', endTime: '09:00' })
    expect(answer).toMatchObject({ status: 400, body: { errors: { endTime: ['End time must be after start time'] } } })
    const inSlots = await call('POST', '/api/bookings', owner.token, {
      dogId,
      sitterId: sitter.id,
      date: inAWeek,
      timeSlots: [{ startTime: '10:00', endTime: '10:00' }],
    })
    expect(inSlots).toMatchObject({ status: 400, body: { errors: { timeSlots: ['End time must be after start time'] } } })
    expect(await bookingCount(dogId)).toBe(0)
  })

  test("someone else's dog", async () => {
    const { sitter, dogId } = await ownerDogAndSitter()
    const stranger = await owner('Nosy Neighbour')
    const answer = await call('POST', '/api/bookings', stranger.token, { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'morning' })
    expect(answer).toMatchObject({ status: 400, body: { errors: { dogId: ['Dog not found'] } } })
    expect(await bookingCount(dogId)).toBe(0)
  })

  test('a user who is not a sitter, or no user at all', async () => {
    const { owner: theOwner, dogId } = await ownerDogAndSitter()
    const anotherOwner = await insertUser({ name: 'Not Asitter' })
    const notASitter = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: anotherOwner.id, date: inAWeek, timePeriod: 'morning' })
    expect(notASitter).toMatchObject({ status: 400, body: { errors: { sitterId: ['This user is not a sitter'] } } })
    const nobody = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: crypto.randomUUID(), date: inAWeek, timePeriod: 'morning' })
    expect(nobody).toMatchObject({ status: 400, body: { errors: { sitterId: ['Sitter not found'] } } })
    expect(await bookingCount(dogId)).toBe(0)
  })

  test('a sitter whose account is suspended', async () => {
    const { owner: theOwner, dogId } = await ownerDogAndSitter()
    const suspended = await sitter({ name: 'Suspended Sitter', accountStatus: 'suspended' })
    const answer = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: suspended.id, date: inAWeek, timePeriod: 'morning' })
    expect(answer).toMatchObject({ status: 400, body: { errors: { sitterId: ['Sitter not found'] } } })
    expect(await bookingCount(dogId)).toBe(0)
  })

  test('an owner who is not a sitter cannot offer to care for a dog listed for sitting', async () => {
    const { owner: theOwner } = await ownerDogAndSitter()
    const listed = await insertDog(theOwner.id, { name: 'Sociable', listed: true })
    const ownerOnly = await owner('Olga Owneronly')
    const answer = await call('POST', '/api/bookings', ownerOnly.token, { dogId: listed, sitterId: ownerOnly.id, date: inAWeek, timeSlot: '10:00' })
    expect(answer).toMatchObject({ status: 400, body: { errors: { sitterId: ['Only sitters can offer to care for a dog'] } } })
    expect(await bookingCount(listed)).toBe(0)
  })

  test('yourself: a sitter who owns the dog cannot book it with themself', async () => {
    const both = await sitter({ role: 'both', name: 'Bo Both' })
    const ownDog = await insertDog(both.id, { name: 'Mine', listed: true })
    const answer = await call('POST', '/api/bookings', both.token, { dogId: ownDog, sitterId: both.id, date: inAWeek, timePeriod: 'morning' })
    expect(answer).toMatchObject({ status: 400, body: { errors: { sitterId: ['You cannot book yourself'] } } })
    expect(await bookingCount(ownDog)).toBe(0)
  })

  test("a time overlapping one of the sitter's accepted bookings; a pending one or a touching one does not block", async () => {
    const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
    const otherOwner = await owner('Oscar Other')
    const otherDog = await insertDog(otherOwner.id, { name: 'Bella' })
    await insertBooking({ dogId: otherDog, ownerId: otherOwner.id, sitterId: theSitter.id }, { status: 'accepted', date: inAWeek, slots: [{ startTime: '10:00', endTime: '11:00' }] })
    await insertBooking({ dogId: otherDog, ownerId: otherOwner.id, sitterId: theSitter.id }, { status: 'pending', date: inAWeek, slots: [{ startTime: '14:00', endTime: '15:00' }] })

    const overlapping = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: theSitter.id, date: inAWeek, startTime: '10:30', endTime: '11:30' })
    expect(overlapping).toMatchObject({ status: 409, body: { message: 'The sitter already has an accepted booking at this time.' } })
    expect(await bookingCount(dogId)).toBe(0)

    await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date: inAWeek, startTime: '11:00', endTime: '12:00' })
    await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date: inAWeek, startTime: '14:30', endTime: '15:30' })
    expect(await bookingCount(dogId)).toBe(2)
  })

  test("an accepted overnight booking blocks the sitter's next morning until it ends at 08:00", async () => {
    const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
    const otherOwner = await owner('Oscar Other')
    const otherDog = await insertDog(otherOwner.id, { name: 'Bella' })
    await insertBooking({ dogId: otherDog, ownerId: otherOwner.id, sitterId: theSitter.id }, { status: 'accepted', date: inAWeek, slots: [{ startTime: '20:00', endTime: '08:00' }] })
    const nextMorning = localDateFromToday(8)

    const early = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: theSitter.id, date: nextMorning, startTime: '06:00', endTime: '07:00' })
    expect(early).toMatchObject({ status: 409, body: { message: 'The sitter already has an accepted booking at this time.' } })
    expect(await bookingCount(dogId)).toBe(0)

    await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date: nextMorning, startTime: '08:00', endTime: '09:00' })
    expect(await bookingCount(dogId)).toBe(1)
  })

  test('a day the sitter blocked', async () => {
    const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
    await insertSchedule(theSitter.id, { blockedDates: [inAWeek] })
    const answer = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: theSitter.id, date: inAWeek, timePeriod: 'afternoon' })
    expect(answer.status).toBe(409)
    expect(answer.body.message).toMatch(/^Sam is not available on \w+day, \w+ \d{1,2}, \d{4}\.$/)
    expect(await bookingCount(dogId)).toBe(0)
  })

  test('outside the weekly hours when the sitter set some; any day when the sitter set none', async () => {
    const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
    const weekday = new Date(`${inAWeek}T12:00:00Z`).getUTCDay() || 7
    await insertSchedule(theSitter.id, { weekly: [{ weekday, startTime: '09:00', endTime: '12:00' }] })

    const tooEarly = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: theSitter.id, date: inAWeek, startTime: '08:00', endTime: '09:00' })
    expect(tooEarly.status).toBe(409)
    expect(tooEarly.body.message).toMatch(/^Sam does not work at that time\. On \w+days: 09:00 - 12:00\.$/)
    const nextDay = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: theSitter.id, date: localDateFromToday(8), timePeriod: 'morning' })
    expect(nextDay.status).toBe(409)
    expect(nextDay.body.message).toMatch(/^Sam does not work on \w+days\.$/)
    await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date: inAWeek, startTime: '11:00', endTime: '12:00' })

    const freeSitter = await sitter({ name: 'Free Spirit' })
    await requestBooking(theOwner.token, { dogId, sitterId: freeSitter.id, date: localDateFromToday(8), startTime: '05:00', endTime: '06:00' })
  })

  test('a sitter may only offer to care for a dog listed for sitting', async () => {
    const { owner: theOwner, sitter: theSitter } = await ownerDogAndSitter()
    const unlisted = await insertDog(theOwner.id, { name: 'Homebody', listed: false })
    const answer = await call('POST', '/api/bookings', theSitter.token, { dogId: unlisted, sitterId: theSitter.id, date: inAWeek, timeSlot: '10:00' })
    expect(answer).toMatchObject({ status: 400, body: { errors: { dogId: ['Dog not found'] } } })
  })
})

describe('hostile input gets 400 with {message, errors}, never a 500', () => {
  test('walk durations and quarter hours are refused in the words of the spec', async () => {
    const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
    const post = (fields: object) => call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: theSitter.id, date: inAWeek, ...fields })
    expect(await post({ startTime: '09:00', duration: 45 })).toMatchObject({ status: 400, body: { errors: { duration: ['Duration must be 30 or 60 minutes'] } } })
    expect(await post({ startTime: '09:10', duration: 30 })).toMatchObject({ status: 400, body: { errors: { startTime: ['Start time must be on the quarter hour, like 09:00 or 09:15'] } } })
    expect(await post({ startTime: '09:00', endTime: '10:30' })).toMatchObject({
      status: 400,
      body: { message: 'A walk lasts 30 or 60 minutes: send startTime with duration 30 or 60' },
    })
    expect(await bookingCount(dogId)).toBe(0)
  })


  test.each([
    ['wrong types', { dogId: 5, sitterId: ['x'], date: 20260302, timePeriod: 'morning' }],
    ['an impossible date', { date: '2026-02-30', timePeriod: 'morning' }],
    ['a date in another format', { date: '02/03/2026', timePeriod: 'morning' }],
    ['an hour that does not exist', { startTime: '25:00', endTime: '26:00' }],
    ['a time without leading zero', { startTime: '9:00', endTime: '10:00' }],
    ['a time slot that is no time', { timeSlot: '25:00' }],
    ['a time slot of the wrong type', { timeSlot: 9 }],
    ['time slots that are not a list', { timeSlots: 'morning' }],
    ['overlapping time slots', { timeSlots: [{ startTime: '09:00', endTime: '11:00' }, { startTime: '10:00', endTime: '12:00' }] }],
    ['an unknown period', { timePeriod: 'midnight' }],
    ['two ways of giving the time', { timePeriod: 'morning', timeSlot: '09:00' }],
    ['no time at all', {}],
    ['notes of 100,000 characters', { timePeriod: 'morning', notes: 'x'.repeat(100_000) }],
    ['notes with control characters', { timePeriod: 'morning', notes: 'hello\u0000world' }],
    ['a latitude without longitude', { timePeriod: 'morning', latitude: 47.3 }],
    ['an unknown service', { timePeriod: 'morning', service: 'cuddling' }],
    ['a walk of 45 minutes', { startTime: '09:00', duration: 45 }],
    ['a duration as text', { startTime: '09:00', duration: '30' }],
    ['a duration without a start', { duration: 30 }],
    ['a duration and an end time', { startTime: '09:00', endTime: '10:00', duration: 60 }],
    ['a walk of 90 minutes as start and end', { startTime: '09:00', endTime: '10:30' }],
    ['a start off the quarter hour', { startTime: '09:10', duration: 30 }],
    ['slots off the quarter hour', { timeSlots: [{ startTime: '09:05', endTime: '10:05' }] }],
    ['a time slot off the quarter hour', { timeSlot: '9:20 AM' }],
  ])('%s', async (_name, fields) => {
    const { owner: theOwner, sitter: theSitter, dogId } = await ownerDogAndSitter()
    const answer = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: theSitter.id, date: inAWeek, ...fields })
    expect(answer.status).toBe(400)
    expect(answer.body).toEqual({ message: expect.any(String), errors: expect.any(Object) })
    expect(Object.keys(answer.body.errors as object).length).toBeGreaterThan(0)
    expect(await bookingCount(dogId)).toBe(0)
  })

  test('a body that is not JSON, or not an object', async () => {
    const theOwner = await owner()
    const broken = await appRequest('/api/bookings', {
      method: 'POST',
      headers: { ...bearer(theOwner.token), 'content-type': 'application/json' },
      body: '{"dogId": ',
    })
    expect(broken.status).toBe(400)
    expect((await call('POST', '/api/bookings', theOwner.token, '[1,2,3]')).status).toBe(400)
    expect((await call('POST', '/api/bookings', theOwner.token, 'null')).status).toBe(400)
    const asForm = await appRequest('/api/bookings', { method: 'POST', headers: bearer(theOwner.token), body: new URLSearchParams({ dogId: 'x' }) })
    expect(asForm.status).toBe(415)
  })

  test('list filters and status changes are validated too', async () => {
    const theOwner = await owner()
    expect((await call('GET', '/api/bookings?tab=everything', theOwner.token)).status).toBe(400)
    expect((await call('GET', '/api/bookings?date=2026-13-01', theOwner.token)).status).toBe(400)
    expect((await call('PATCH', `/api/bookings/${crypto.randomUUID()}/status`, theOwner.token, { status: 'done' })).status).toBe(400)
    expect((await call('PATCH', `/api/bookings/${crypto.randomUUID()}/status`, theOwner.token, { status: 'accepted', addToCalendar: 'yes' })).status).toBe(400)
    expect((await call('GET', `/api/users/${crypto.randomUUID()}/availability?from=2026-02-30`, theOwner.token)).status).toBe(400)
  })

  test('signed out is 401', async () => {
    const answer = await appRequest('/api/bookings', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })
    expect(answer.status).toBe(401)
  })
})

describe('a request sent twice', () => {
  test('the same request twice at once (a double tap) stores one booking; the other gets 409 and the reason', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const request = { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'afternoon' }

    const answers = await Promise.all([call('POST', '/api/bookings', owner.token, request), call('POST', '/api/bookings', owner.token, request)])

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(answers.find((answer) => answer.status === 409)?.body).toMatchObject({
      message: 'You have already asked for this time. The request is waiting for an answer.',
    })
    expect(await bookingCount(dogId)).toBe(1)
  })

  test('the same request ten times at once stores one booking; the other nine get 409', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const request = { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'evening' }

    const answers = await Promise.all(Array.from({ length: 10 }, () => call('POST', '/api/bookings', owner.token, request)))

    expect(answers.filter((answer) => answer.status === 201)).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 409)).toHaveLength(9)
    expect(await bookingCount(dogId)).toBe(1)
  })

  test('another time the same day, or the same time once the first request was declined, is a new request', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const first = await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'morning' })
    await requestBooking(owner.token, { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'evening' })
    await db.updateTable('bookings').set({ status: 'rejected' }).where('id', '=', first.id).execute()

    const again = await call('POST', '/api/bookings', owner.token, { dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'morning' })

    expect(again.status).toBe(201)
    expect(await bookingCount(dogId)).toBe(3)
  })
})

describe('a flood of requests', () => {
  test('after 30 requests in an hour, refused ones included, the next gets 429 with Retry-After and books nothing; others are not held up', async () => {
    const { owner, sitter, dogId } = await ownerDogAndSitter()
    const yesterday = localDateFromToday(-1)
    for (let i = 0; i < 30; i++) {
      const refused = await call('POST', '/api/bookings', owner.token, { dogId, sitterId: sitter.id, date: yesterday, timePeriod: 'morning' })
      expect(refused.status).toBe(400)
    }

    const response = await appRequest('/api/bookings', {
      method: 'POST',
      headers: { ...bearer(owner.token), 'content-type': 'application/json' },
      body: JSON.stringify({ dogId, sitterId: sitter.id, date: inAWeek, timePeriod: 'morning' }),
    })

    expect(response.status).toBe(429)
    // The first of the 30 ages out of the hour's window in an hour, less the moments the loop took.
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThan(3500)
    expect(Number(response.headers.get('retry-after'))).toBeLessThanOrEqual(3600)
    expect(await response.json()).toEqual({ message: 'Too many booking requests. Please try again later.', errors: {} })
    expect(await bookingCount(dogId)).toBe(0)
    const other = await ownerDogAndSitter()
    const booked = await requestBooking(other.owner.token, { dogId: other.dogId, sitterId: other.sitter.id, date: inAWeek, timePeriod: 'morning' })
    expect(booked.status).toBe('pending')
  })
})
