import { afterEach, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { extendAcceptedSeries } from '#app/features/bookings/booking-series.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { backgroundWorkDone } from '#app/lib/work-queue.server.ts'
import { appRequest, bearer, startTestApp } from './app.ts'
import { type Actor, call, owner, sitter } from './booking-api.ts'
import { insertBooking, insertDog } from './fixtures.ts'

// Weekly series (issue 33 part 1, DESIGN.md ruling 28): an owner asks a sitter for the same walks every week; the
// sitter accepts or declines the series as a whole; accepting fixes the rate and makes the next eight weeks into
// ordinary accepted bookings, extended by the sweep; a date that does not fit is listed, never booked nor dropped.
// Through the production request handler, on both engines. The clock is Date alone, faked: Sunday 5 September 2027,
// 10:00 in Zurich (UTC+2), so every date below is written out or counted by hand.

// The sweep's own timer must not extend series between a test's steps: the tests run it by hand.
vi.hoisted(() => {
  process.env.BOOKING_SWEEP_SECONDS = '3600'
})

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const day = 86_400_000
/** Sunday 5 September 2027, 10:00 in Zurich. */
const sunday = Date.parse('2027-09-05T10:00:00+02:00')

beforeEach(() => {
  vi.useFakeTimers({ toFake: ['Date'] })
  // Before anything is made: sessions, tokens and requests all live on this clock.
  vi.setSystemTime(sunday)
})

afterEach(async () => {
  await backgroundWorkDone()
  vi.useRealTimers()
})

/** yyyy-MM-dd `days` after a date, on the calendar (no time zone involved). */
const plusDays = (date: string, days: number) => new Date(Date.parse(`${date}T00:00:00Z`) + days * day).toISOString().slice(0, 10)
/** ISO weekday, Monday 1 to Sunday 7. */
const weekdayOf = (date: string) => new Date(`${date}T00:00:00Z`).getUTCDay() || 7

/** Every Monday, Wednesday and Friday from `first` through `last`. */
function mondaysWednesdaysFridays(first: string, last: string) {
  const dates: string[] = []
  for (let date = first; date <= last; date = plusDays(date, 1)) if ([1, 3, 5].includes(weekdayOf(date))) dates.push(date)
  return dates
}

/** Eight weeks from Sunday 5 September: through Saturday 30 October; the first walk is Monday 6 September. */
const eightWeeks = mondaysWednesdaysFridays('2027-09-06', '2027-10-30')

type DateReason = { date: string; reason: string | null }
type Series = {
  id: string
  status: string
  viewerRole: string
  weekdays: number[]
  firstDate: string
  endDate: string | null
  hourlyRate: number | null
  extraDogRate: number | null
  pricePerVisit: number | null
  rateFixed: boolean
  dogs: { id: string; name: string }[]
  bookings: { id: string; date: string; seriesDate: string; status: string; startTime: string | null; lateFrom: string | null; cancelledLate: string | null }[]
  lateIfEndedNow: string[]
  conflicts: DateReason[]
  upcoming: DateReason[] | null
  actions: string[]
}
type Refusal = { message: string; errors: Record<string, string[]>; conflicts?: DateReason[] }
type Answer = Series & Refusal

/** Sam walks for $24 an hour and $10 more for each further dog, takes several dogs, and works weekdays 07:00-19:00. */
async function walker({ weekdays = [1, 2, 3, 4, 5], blockedDates = [] as string[] } = {}) {
  const theSitter = await sitter({
    name: 'Sam Sitter',
    services: [{ service: 'walking', hourlyRateCents: 2400 }],
    availability: weekdays.map((weekday) => ({ weekday, startTime: '07:00', endTime: '19:00' })),
    blockedDates,
  })
  await db.updateTable('sitterProfiles').set({ acceptsMultipleDogs: 1 }).where('userId', '=', theSitter.id).execute()
  await db.updateTable('sitterServices').set({ extraDogRateCents: 1000 }).where('sitterId', '=', theSitter.id).execute()
  return theSitter
}

/** Olivia with Rex and Luna. */
async function ownerWithTwoDogs(name = 'Olivia Owner') {
  const theOwner = await owner(name)
  return { owner: theOwner, rex: await insertDog(theOwner.id, { name: 'Rex' }), luna: await insertDog(theOwner.id, { name: 'Luna' }) }
}

/** Mon/Wed/Fri 30-minute walks at 08:00 from Monday 6 September, no end. */
const mondayWednesdayFridayWalks = (sitterId: string, dogIds: string[], extra: Record<string, unknown> = {}) => ({
  sitterId,
  dogIds,
  service: 'walking',
  weekdays: [5, 1, 3],
  startTime: '08:00',
  duration: 30,
  firstDate: '2027-09-06',
  ...extra,
})

const askForSeries = (actor: Actor, body: unknown) => call<Answer>('POST', '/api/booking-series', actor.token, body)
const getSeries = (actor: Actor, id: string) => call<Answer>('GET', `/api/booking-series/${id}`, actor.token)
const setSeriesStatus = (actor: Actor, id: string, body: unknown) => call<Answer>('PATCH', `/api/booking-series/${id}/status`, actor.token, body)

/** Olivia asks Sam for the Mon/Wed/Fri walks of Rex and Luna; the series' id. */
async function askedSeries(theSitter: Actor, extra: Record<string, unknown> = {}) {
  const { owner: theOwner, rex, luna } = await ownerWithTwoDogs()
  const asked = await askForSeries(theOwner, mondayWednesdayFridayWalks(theSitter.id, [rex, luna], extra))
  expect(asked.status, JSON.stringify(asked.body)).toBe(201)
  return { owner: theOwner, rex, luna, seriesId: asked.body.id, asked: asked.body }
}

const seriesBookings = (seriesId: string) =>
  db
    .selectFrom('bookings')
    .select(['id', 'date', 'seriesDate', 'status', 'priceCents', 'hourlyRateCents', 'extraDogRateCents', 'startsAt', 'lateCancellationBy'])
    .where('seriesId', '=', seriesId)
    .orderBy('date')
    .execute()
const acceptedBookingsOf = (sitterId: string) => db.selectFrom('bookings').select(['date', 'seriesId']).where('sitterId', '=', sitterId).where('status', '=', 'accepted').orderBy('date').execute()
const seriesRow = (seriesId: string) => db.selectFrom('bookingSeries').select(['status', 'hourlyRateCents', 'bookedThrough', 'endDate']).where('id', '=', seriesId).executeTakeFirstOrThrow()
const storedConflicts = (seriesId: string) => db.selectFrom('bookingSeriesConflicts').select(['date', 'reason']).where('seriesId', '=', seriesId).orderBy('date').execute()
const seriesCountOf = async (sitterId: string) => (await db.selectFrom('bookingSeries').select('id').where('sitterId', '=', sitterId).execute()).length

const overlap = 'The sitter already has an accepted booking at this time.'

describe('a weekly series asked, accepted and extended', () => {
  test('Mon/Wed/Fri 08:00 walks for two dogs: 24 dates wait for Sam; accepting books each at ($24 + $10) x 0.5 h = $17, the rate fixed for later weeks', async () => {
    const theSitter = await walker()
    const { owner: theOwner, rex, luna, seriesId, asked } = await askedSeries(theSitter)

    expect(eightWeeks).toHaveLength(24)
    expect([eightWeeks[0], eightWeeks.at(-1)]).toEqual(['2027-09-06', '2027-10-29'])
    expect(asked).toMatchObject({ status: 'pending', viewerRole: 'owner', weekdays: [1, 3, 5], hourlyRate: 24, extraDogRate: 10, pricePerVisit: 17, rateFixed: false, actions: ['cancelled'], bookings: [], conflicts: [] })
    expect(asked.dogs.map((dog) => dog.id)).toEqual([rex, luna])

    const waiting = await getSeries(theSitter, seriesId)
    expect(waiting.status).toBe(200)
    expect(waiting.body).toMatchObject({ status: 'pending', viewerRole: 'sitter', actions: ['accepted', 'declined'] })
    expect(waiting.body.upcoming).toEqual(eightWeeks.map((date) => ({ date, reason: null })))
    expect(await seriesBookings(seriesId)).toEqual([])

    const accepted = await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })

    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    expect(accepted.body).toMatchObject({ status: 'accepted', rateFixed: true, upcoming: null, conflicts: [], actions: ['ended'], pricePerVisit: 17 })
    expect(accepted.body.bookings.map((booking) => [booking.date, booking.status, booking.startTime])).toEqual(eightWeeks.map((date) => [date, 'accepted', '08:00']))
    const booked = await seriesBookings(seriesId)
    expect(booked.map(({ id: _id, startsAt: _startsAt, ...row }) => row)).toEqual(
      eightWeeks.map((date) => ({ date, seriesDate: date, status: 'accepted', priceCents: 1700, hourlyRateCents: 2400, extraDogRateCents: 1000, lateCancellationBy: null })),
    )
    // 08:00 in Zurich, summer time.
    expect(booked[0]?.startsAt).toBe('2027-09-06T06:00:00.000Z')
    const firstId = booked[0]?.id ?? ''
    expect((await db.selectFrom('bookingDogs').select('dogId').where('bookingId', '=', firstId).orderBy('position').execute()).map((row) => row.dogId)).toEqual([rex, luna])
    expect(await db.selectFrom('bookingTimeSlots').select(['startTime', 'endTime']).where('bookingId', '=', firstId).execute()).toEqual([{ startTime: '08:00', endTime: '08:30' }])
    // Each is an ordinary booking of both parties.
    const seenByOwner = await call<{ status: string; price: number; dogIds: string[]; seriesId: string }>('GET', `/api/bookings/${firstId}`, theOwner.token)
    expect(seenByOwner).toMatchObject({ status: 200, body: { status: 'accepted', price: 17, dogIds: [rex, luna], seriesId } })

    // Sam raises the rates; a week later the sweep books the ninth week at the rate of the acceptance.
    await db.updateTable('sitterServices').set({ hourlyRateCents: 3000, extraDogRateCents: 1500 }).where('sitterId', '=', theSitter.id).execute()
    await extendAcceptedSeries(sunday + 7 * day)

    const ninthWeek = ['2027-11-01', '2027-11-03', '2027-11-05']
    const extended = await seriesBookings(seriesId)
    expect(extended.map((row) => row.date)).toEqual([...eightWeeks, ...ninthWeek])
    expect(extended.slice(-3).map(({ date, priceCents, hourlyRateCents, extraDogRateCents, status }) => ({ date, priceCents, hourlyRateCents, extraDogRateCents, status }))).toEqual(
      ninthWeek.map((date) => ({ date, priceCents: 1700, hourlyRateCents: 2400, extraDogRateCents: 1000, status: 'accepted' })),
    )
    // Winter time from 31 October: 08:00 in Zurich is 07:00 UTC.
    expect(extended.at(-1)?.startsAt).toBe('2027-11-05T07:00:00.000Z')
    expect(await seriesRow(seriesId)).toMatchObject({ bookedThrough: '2027-11-06', hourlyRateCents: 2400 })

    // The sweep again (as another instance would run it): nothing more.
    await extendAcceptedSeries(sunday + 7 * day)
    await extendAcceptedSeries(sunday + 7 * day + 60_000)
    expect((await seriesBookings(seriesId)).map((row) => row.date)).toEqual([...eightWeeks, ...ninthWeek])
  })
})

describe('dates that do not fit', () => {
  test("Sam's blocked Monday and another owner's accepted 08:00 walk on a Wednesday are listed before and after accepting, and never booked", async () => {
    const theSitter = await walker({ blockedDates: ['2027-09-13'] })
    const other = await owner('Nina Neighbour')
    const otherDog = await insertDog(other.id, { name: 'Bello' })
    const parties = { dogId: otherDog, ownerId: other.id, sitterId: theSitter.id }
    await insertBooking(parties, { status: 'accepted', date: '2027-09-22', slots: [{ startTime: '08:00', endTime: '09:00' }] })
    // A request Sam has not accepted takes no time from the series.
    await insertBooking(parties, { status: 'pending', date: '2027-09-24', slots: [{ startTime: '08:00', endTime: '09:00' }] })
    const { owner: theOwner, seriesId } = await askedSeries(theSitter)
    const blocked = 'Sam is not available on Monday, September 13, 2027.'

    const waiting = await getSeries(theSitter, seriesId)
    expect(waiting.body.upcoming).toEqual(
      eightWeeks.map((date) => ({ date, reason: date === '2027-09-13' ? blocked : date === '2027-09-22' ? overlap : null })),
    )

    const accepted = await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })

    expect(accepted.status, JSON.stringify(accepted.body)).toBe(200)
    const expectedConflicts = [
      { date: '2027-09-13', reason: blocked },
      { date: '2027-09-22', reason: overlap },
    ]
    expect(accepted.body.conflicts).toEqual(expectedConflicts)
    const fitting = eightWeeks.filter((date) => date !== '2027-09-13' && date !== '2027-09-22')
    expect((await seriesBookings(seriesId)).map((row) => row.date)).toEqual(fitting)
    expect(await storedConflicts(seriesId)).toEqual(expectedConflicts)
    // The owner reads them too.
    expect((await getSeries(theOwner, seriesId)).body.conflicts).toEqual(expectedConflicts)
    expect((await acceptedBookingsOf(theSitter.id)).filter((row) => row.date === '2027-09-22')).toEqual([{ date: '2027-09-22', seriesId: null }])

    // The sweep neither books them later nor lists them twice.
    await extendAcceptedSeries(sunday + 7 * day)
    expect(await storedConflicts(seriesId)).toEqual(expectedConflicts)
    expect((await seriesBookings(seriesId)).map((row) => row.date).filter((date) => date === '2027-09-13' || date === '2027-09-22')).toEqual([])
  })

  test('a date blocked after the acceptance, reached by the sweep, becomes a conflict and is not booked', async () => {
    const theSitter = await walker({ blockedDates: ['2027-11-03'] })
    const { seriesId } = await askedSeries(theSitter)
    expect((await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })).status).toBe(200)

    await extendAcceptedSeries(sunday + 7 * day)

    expect((await seriesBookings(seriesId)).map((row) => row.date).slice(-2)).toEqual(['2027-11-01', '2027-11-05'])
    expect(await storedConflicts(seriesId)).toEqual([{ date: '2027-11-03', reason: 'Sam is not available on Wednesday, November 3, 2027.' }])
  })

  test('when no date fits (Sam works Tuesdays and Thursdays only), accepting is 409 with every date in conflicts, and the series keeps waiting', async () => {
    const theSitter = await walker({ weekdays: [2, 4] })
    const { owner: theOwner, seriesId } = await askedSeries(theSitter)

    const refused = await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })

    expect(refused.status, JSON.stringify(refused.body)).toBe(409)
    expect(refused.body.message).toBe('None of the dates of the next eight weeks fits: see the dates that do not fit')
    const dayName = (date: string) => ({ 1: 'Mondays', 3: 'Wednesdays', 5: 'Fridays' })[weekdayOf(date)]
    expect(refused.body.conflicts).toEqual(eightWeeks.map((date) => ({ date, reason: `Sam does not work on ${dayName(date)}.` })))
    expect(await seriesRow(seriesId)).toMatchObject({ status: 'pending', hourlyRateCents: null, bookedThrough: null })
    expect(await seriesBookings(seriesId)).toEqual([])
    expect(await storedConflicts(seriesId)).toEqual([])
    expect((await getSeries(theOwner, seriesId)).body).toMatchObject({ status: 'pending', actions: ['cancelled'] })
  })

  test("two owners' overlapping series accepted at once: one books every date, the other is 409 listing them all and keeps waiting", async () => {
    const theSitter = await walker()
    const first = await askedSeries(theSitter)
    const second = await askedSeries(theSitter)

    const answers = await Promise.all([first, second].map(({ seriesId }) => setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })))

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    const winner = answers[0]?.status === 200 ? first : second
    const loser = winner === first ? second : first
    expect(answers.find((answer) => answer.status === 409)?.body.conflicts).toEqual(eightWeeks.map((date) => ({ date, reason: overlap })))
    expect(await acceptedBookingsOf(theSitter.id)).toEqual(eightWeeks.map((date) => ({ date, seriesId: winner.seriesId })))
    expect(await seriesRow(loser.seriesId)).toMatchObject({ status: 'pending' })
  })
})

describe('who may answer, cancel and end', () => {
  test('only the sitter accepts or declines (the owner 403); only the owner cancels the waiting request (the sitter 403); others 404', async () => {
    const theSitter = await walker()
    const { owner: theOwner, seriesId } = await askedSeries(theSitter)
    const strangerOwner = await owner('Nina Nobody')
    const strangerSitter = await walker()

    for (const status of ['accepted', 'declined']) {
      expect(await setSeriesStatus(theOwner, seriesId, { status })).toMatchObject({ status: 403, body: { message: 'Only the sitter can accept or decline a weekly series' } })
    }
    expect(await setSeriesStatus(theSitter, seriesId, { status: 'cancelled' })).toMatchObject({ status: 403, body: { message: 'Only the owner can cancel a weekly request' } })
    for (const stranger of [strangerOwner, strangerSitter]) {
      expect(await getSeries(stranger, seriesId)).toMatchObject({ status: 404, body: { message: 'Series not found' } })
      for (const status of ['accepted', 'declined', 'cancelled', 'ended']) {
        expect(await setSeriesStatus(stranger, seriesId, { status })).toMatchObject({ status: 404, body: { message: 'Series not found' } })
      }
    }
    expect(await seriesRow(seriesId)).toMatchObject({ status: 'pending' })

    const cancelled = await setSeriesStatus(theOwner, seriesId, { status: 'cancelled' })

    // Withdrawn before any answer: no rate was ever fixed.
    expect(cancelled).toMatchObject({ status: 200, body: { status: 'cancelled', actions: [], upcoming: null, rateFixed: false } })
    expect(await setSeriesStatus(theSitter, seriesId, { status: 'accepted' })).toMatchObject({ status: 409, body: { message: 'This weekly series has already been answered' } })
    expect(await seriesBookings(seriesId)).toEqual([])
  })

  test('the sitter declines: nothing is booked, and the declined series cannot be accepted or ended', async () => {
    const theSitter = await walker()
    const { owner: theOwner, seriesId } = await askedSeries(theSitter)

    expect(await setSeriesStatus(theSitter, seriesId, { status: 'declined' })).toMatchObject({ status: 200, body: { status: 'declined', actions: [], rateFixed: false } })

    expect((await setSeriesStatus(theSitter, seriesId, { status: 'accepted' })).status).toBe(409)
    expect(await setSeriesStatus(theOwner, seriesId, { status: 'ended' })).toMatchObject({ status: 409, body: { message: 'Only an accepted weekly series can be ended' } })
    expect(await seriesBookings(seriesId)).toEqual([])
  })

  test('ending from Monday 4 October cancels the bookings from that day on, keeps the earlier ones, and the sweep books no more', async () => {
    const theSitter = await walker()
    const { owner: theOwner, seriesId } = await askedSeries(theSitter)
    expect(await setSeriesStatus(theOwner, seriesId, { status: 'ended' })).toMatchObject({ status: 409, body: { message: 'Only an accepted weekly series can be ended' } })
    expect((await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })).status).toBe(200)
    expect(await setSeriesStatus(theOwner, seriesId, { status: 'ended', from: '2027-09-04' })).toMatchObject({
      status: 400,
      body: { errors: { from: ['Please choose a date from today on'] } },
    })

    const ended = await setSeriesStatus(theOwner, seriesId, { status: 'ended', from: '2027-10-04' })

    expect(ended.status, JSON.stringify(ended.body)).toBe(200)
    expect(ended.body).toMatchObject({ status: 'ended', endDate: '2027-10-03', actions: [] })
    const before = eightWeeks.filter((date) => date < '2027-10-04')
    const after = eightWeeks.filter((date) => date >= '2027-10-04')
    expect([before.length, after.length]).toEqual([12, 12])
    expect((await seriesBookings(seriesId)).map((row) => [row.date, row.status])).toEqual([...before.map((date) => [date, 'accepted']), ...after.map((date) => [date, 'cancelled'])])
    // Flexible terms, four weeks ahead: none of them is late.
    expect((await seriesBookings(seriesId)).filter((row) => row.lateCancellationBy !== null)).toEqual([])
    expect(await setSeriesStatus(theSitter, seriesId, { status: 'ended' })).toMatchObject({ status: 409 })

    await extendAcceptedSeries(sunday + 7 * day)
    await extendAcceptedSeries(sunday + 28 * day)

    expect(await seriesBookings(seriesId)).toHaveLength(24)
    expect(await seriesRow(seriesId)).toMatchObject({ status: 'ended', endDate: '2027-10-03' })
  })

  test('ending from after the booked weeks is refused (400) and changes nothing: the series could be ended again no more', async () => {
    const theSitter = await walker()
    const { owner: theOwner, seriesId } = await askedSeries(theSitter)
    expect((await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })).status).toBe(200)
    // Eight weeks from Sunday 5 September: through Saturday 30 October.
    expect((await getSeries(theOwner, seriesId)).body).toMatchObject({ bookedThrough: '2027-10-30' })
    const before = await seriesBookings(seriesId)

    for (const from of ['2027-11-01', '2099-01-01']) {
      expect(await setSeriesStatus(theOwner, seriesId, { status: 'ended', from }), from).toMatchObject({
        status: 400,
        body: { errors: { from: ['Please choose a date up to the day after the series is booked through'] } },
      })
    }

    expect(await seriesRow(seriesId)).toMatchObject({ status: 'accepted', endDate: null })
    expect(await seriesBookings(seriesId)).toEqual(before)
    expect(await setSeriesStatus(theSitter, seriesId, { status: 'ended', from: '2027-10-31' })).toMatchObject({ status: 200, body: { status: 'ended', endDate: '2027-10-30' } })
    expect(await seriesBookings(seriesId)).toEqual(before)
  })

  test("ending inside the strict terms' notice counts each booking it cancels late, to the party who ended it, as skipping one would", async () => {
    const theSitter = await walker()
    await db.updateTable('sitterProfiles').set({ cancellationTerms: 'strict' }).where('userId', '=', theSitter.id).execute()
    const { owner: theOwner, seriesId } = await askedSeries(theSitter)
    expect((await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })).status).toBe(200)
    // Strict: late from 72 hours before the start. Now is Sunday 5 September 10:00 (08:00 UTC); the walks are at 08:00 in
    // Zurich (06:00 UTC): Monday's is 22 hours away, Wednesday's 70, Friday's 118.
    const seen = await getSeries(theOwner, seriesId)
    expect(seen.body.bookings.slice(0, 3).map(({ date, lateFrom, cancelledLate }) => ({ date, lateFrom, cancelledLate }))).toEqual([
      { date: '2027-09-06', lateFrom: '2027-09-03T06:00:00.000Z', cancelledLate: null },
      { date: '2027-09-08', lateFrom: '2027-09-05T06:00:00.000Z', cancelledLate: null },
      { date: '2027-09-10', lateFrom: '2027-09-07T06:00:00.000Z', cancelledLate: null },
    ])
    expect(seen.body.lateIfEndedNow).toEqual(['2027-09-06', '2027-09-08'])

    const ended = await setSeriesStatus(theSitter, seriesId, { status: 'ended' })

    expect(ended.status, JSON.stringify(ended.body)).toBe(200)
    const rows = await seriesBookings(seriesId)
    expect(rows.map((row) => [row.date, row.status, row.lateCancellationBy])).toEqual(
      eightWeeks.map((date) => [date, 'cancelled', date === '2027-09-06' || date === '2027-09-08' ? 'sitter' : null]),
    )
    expect(ended.body.bookings.slice(0, 3).map((booking) => [booking.date, booking.lateFrom, booking.cancelledLate])).toEqual([
      ['2027-09-06', null, 'sitter'],
      ['2027-09-08', null, 'sitter'],
      ['2027-09-10', null, null],
    ])
    expect(ended.body.lateIfEndedNow).toEqual([])
    // The sitter's public profile counts them among the bookings ever accepted.
    expect(await (await appRequest(`/sitters/${theSitter.id}`)).text()).toContain('Cancelled late: 2 of 24 bookings')
  })

  test('the owner and the sitter ending at once: one end goes through, its late cancellations counted once, to its party only', async () => {
    const theSitter = await walker()
    await db.updateTable('sitterProfiles').set({ cancellationTerms: 'strict' }).where('userId', '=', theSitter.id).execute()
    const { owner: theOwner, seriesId } = await askedSeries(theSitter)
    expect((await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })).status).toBe(200)

    const answers = await Promise.all([theOwner, theSitter, theOwner].map((actor) => setSeriesStatus(actor, seriesId, { status: 'ended' })))

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409, 409])
    const winner = answers.findIndex((answer) => answer.status === 200) === 1 ? 'sitter' : 'owner'
    for (const refused of answers.filter((answer) => answer.status === 409)) expect(refused.body.message).toBe('Only an accepted weekly series can be ended')
    const late = (await seriesBookings(seriesId)).filter((row) => row.lateCancellationBy !== null)
    expect(late.map((row) => [row.date, row.lateCancellationBy])).toEqual([
      ['2027-09-06', winner],
      ['2027-09-08', winner],
    ])
    const ends = await db.selectFrom('domainEvents').select('id').where('subjectId', '=', seriesId).where('type', '=', 'booking-series.ended').execute()
    expect(ends).toHaveLength(1)
  })

  test('on moderate terms the owner ending from a date after the late booking counts nothing; ending from today counts it, to the owner', async () => {
    const theSitter = await walker()
    await db.updateTable('sitterProfiles').set({ cancellationTerms: 'moderate' }).where('userId', '=', theSitter.id).execute()
    const { owner: theOwner, seriesId } = await askedSeries(theSitter)
    expect((await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })).status).toBe(200)
    // Moderate: late from 24 hours before. Monday's 08:00 walk (22 hours away) is late; Wednesday's (70) is not.
    expect((await setSeriesStatus(theOwner, seriesId, { status: 'ended', from: '2027-09-08' })).status).toBe(200)
    expect((await seriesBookings(seriesId)).filter((row) => row.lateCancellationBy !== null)).toEqual([])

    // The same walks at 09:00 (07:00 UTC: 23 hours away on Monday), beside the first series' Monday walk it kept.
    const second = await askedSeries(theSitter, { startTime: '09:00' })
    expect((await setSeriesStatus(theSitter, second.seriesId, { status: 'accepted', addToCalendar: false })).status).toBe(200)
    expect((await setSeriesStatus(second.owner, second.seriesId, { status: 'ended' })).status).toBe(200)
    const late = (await seriesBookings(second.seriesId)).filter((row) => row.lateCancellationBy !== null)
    expect(late.map((row) => [row.date, row.lateCancellationBy])).toEqual([['2027-09-06', 'owner']])
  })

  test("a block stops a series (DESIGN.md ruling 31): a blocked owner's request is refused with 403, and so is the sitter's acceptance after a block", async () => {
    const theSitter = await walker()
    const blocked = await askedSeries(theSitter)
    const block = (blockerId: string, blockedId: string) => db.insertInto('userBlocks').values({ blockerId, blockedId, createdAt: new Date().toISOString() }).execute()
    await block(theSitter.id, blocked.owner.id)

    const refusal = { message: "You can't book with this person" }
    expect(await setSeriesStatus(theSitter, blocked.seriesId, { status: 'accepted', addToCalendar: false })).toMatchObject({ status: 403, body: refusal })
    expect(await seriesBookings(blocked.seriesId)).toEqual([])
    expect(await seriesRow(blocked.seriesId)).toMatchObject({ status: 'pending' })

    const { owner: blockingOwner, rex } = await ownerWithTwoDogs('Bea Blocker')
    await block(blockingOwner.id, theSitter.id)
    expect(await askForSeries(blockingOwner, mondayWednesdayFridayWalks(theSitter.id, [rex]))).toMatchObject({ status: 403, body: refusal })
    expect(await seriesCountOf(theSitter.id)).toBe(1)
  })

  test('the sweep makes no new bookings after a block between the two or while the sitter is suspended; those made stay', async () => {
    const block = (blockerId: string, blockedId: string) => db.insertInto('userBlocks').values({ blockerId, blockedId, createdAt: new Date().toISOString() }).execute()
    const blockingSitter = await walker()
    const blocked = { ...(await askedSeries(blockingSitter)), sitter: blockingSitter }
    const suspendedSitter = await walker()
    const suspended = { ...(await askedSeries(suspendedSitter)), sitter: suspendedSitter }
    for (const { seriesId, sitter: theSitter } of [blocked, suspended]) {
      expect((await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })).status).toBe(200)
    }
    await block(blocked.owner.id, blocked.sitter.id)
    await db.updateTable('users').set({ accountStatus: 'suspended' }).where('id', '=', suspended.sitter.id).execute()

    await extendAcceptedSeries(sunday + 7 * day)

    for (const { seriesId } of [blocked, suspended]) {
      expect((await seriesBookings(seriesId)).map((row) => row.date)).toEqual(eightWeeks)
      expect(await seriesRow(seriesId)).toMatchObject({ status: 'accepted', bookedThrough: '2027-10-30' })
    }
  })

  test('a series with an end date is booked through that date only, by the acceptance and by the sweep', async () => {
    const theSitter = await walker()
    const { seriesId } = await askedSeries(theSitter, { endDate: '2027-09-17' })

    expect((await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })).status).toBe(200)
    await extendAcceptedSeries(sunday + 14 * day)

    expect((await seriesBookings(seriesId)).map((row) => row.date)).toEqual(['2027-09-06', '2027-09-08', '2027-09-10', '2027-09-13', '2027-09-15', '2027-09-17'])
    expect(await seriesRow(seriesId)).toMatchObject({ status: 'accepted', bookedThrough: '2027-09-17' })
  })

  test('a request still waiting after its last date expires: the sweep cancels it at midnight in Zurich, both hear of it, and it can no longer be accepted', async () => {
    const theSitter = await walker()
    const { owner: theOwner, seriesId } = await askedSeries(theSitter, { endDate: '2027-09-17' })
    const { badgeCountsFor } = await import('#app/badge-counts.server.ts')
    const { expireUnansweredSeries } = await import('#app/features/bookings/booking-series.server.ts')
    // Friday 17 September, 23:30 in Zurich: its last day has not passed yet.
    await expireUnansweredSeries(Date.parse('2027-09-17T23:30:00+02:00'))
    expect(await seriesRow(seriesId)).toMatchObject({ status: 'pending' })
    // Saturday 18 September, 00:30 in Zurich (still the 17th in UTC).
    vi.setSystemTime(Date.parse('2027-09-18T00:30:00+02:00'))
    expect(await expireUnansweredSeries()).toBe(1)
    expect(await expireUnansweredSeries()).toBe(0)

    expect(await seriesRow(seriesId)).toMatchObject({ status: 'cancelled', bookedThrough: null })
    expect(await seriesBookings(seriesId)).toEqual([])
    expect((await badgeCountsFor(theSitter.id)).requestsToAnswer).toBe(0)
    // Thirteen days on, the test's API tokens have expired: the sitter's page and answer through the feature.
    const { getSeriesFor } = await import('#app/features/bookings/series-reads.server.ts')
    const { changeSeriesStatus } = await import('#app/features/bookings/booking-series.server.ts')
    expect(await getSeriesFor(theSitter.id, seriesId)).toMatchObject({ status: 'cancelled', expired: true, actions: [] })
    expect(await changeSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })).toMatchObject({ ok: false, status: 409 })

    await backgroundWorkDone()
    const noticeOf = (userId: string) => db.selectFrom('notifications').select('text').where('userId', '=', userId).where('type', '=', 'booking-series.cancelled').execute()
    const expired = [{ text: 'The request for weekly dog walking for Rex and Luna expired: its last date passed before it was answered.' }]
    await expect.poll(() => noticeOf(theSitter.id)).toEqual(expired)
    await expect.poll(() => noticeOf(theOwner.id)).toEqual(expired)
  })

  test('a waiting request without an end date does not expire', async () => {
    const theSitter = await walker()
    const open = await askedSeries(theSitter)
    const ended = await askedSeries(theSitter, { endDate: '2027-09-17' })
    const { expireUnansweredSeries } = await import('#app/features/bookings/booking-series.server.ts')

    expect(await expireUnansweredSeries(Date.parse('2027-12-31T12:00:00+01:00'))).toBe(1)
    expect(await seriesRow(open.seriesId)).toMatchObject({ status: 'pending' })
    expect(await seriesRow(ended.seriesId)).toMatchObject({ status: 'cancelled' })
  })
})

describe('hostile bodies', () => {
  const longId = 'x'.repeat(101)
  const asking: [string, (dogs: string[]) => Record<string, unknown>, string, string][] = [
    ['weekdays [0]', () => ({ weekdays: [0] }), 'weekdays.0', 'Weekdays must be a list of ISO weekdays, Monday 1 to Sunday 7'],
    ['weekdays [8]', () => ({ weekdays: [8] }), 'weekdays.0', 'Weekdays must be a list of ISO weekdays, Monday 1 to Sunday 7'],
    ["weekdays ['1']", () => ({ weekdays: ['1'] }), 'weekdays.0', 'Weekdays must be a list of ISO weekdays, Monday 1 to Sunday 7'],
    ['weekdays 1.5', () => ({ weekdays: [1.5] }), 'weekdays.0', 'Weekdays must be a list of ISO weekdays, Monday 1 to Sunday 7'],
    ["weekdays 'monday'", () => ({ weekdays: 'monday' }), 'weekdays', 'Weekdays must be a list of ISO weekdays, Monday 1 to Sunday 7'],
    ['no weekdays', () => ({ weekdays: [] }), 'weekdays', 'Please choose at least one weekday'],
    ['a weekday twice', () => ({ weekdays: [1, 3, 1] }), 'weekdays', 'Each weekday can be listed once'],
    ['nine weekdays', () => ({ weekdays: [1, 2, 3, 4, 5, 6, 7, 1, 2] }), 'weekdays', 'Each weekday can be listed once'],
    ['an end date before the first date', () => ({ endDate: '2027-09-05' }), 'endDate', 'The last date must be on or after the first date'],
    ['more than a year', () => ({ endDate: '2028-09-06' }), 'endDate', 'A series with an end date lasts at most 365 days'],
    ['no chosen weekday between the dates', () => ({ firstDate: '2027-09-07', endDate: '2027-09-07' }), 'weekdays', 'None of the chosen weekdays falls between the first and the last date'],
    ['a number for the first date', () => ({ firstDate: 20270906 }), 'firstDate', ''],
    ['no first date', () => ({ firstDate: undefined }), 'firstDate', ''],
    ['a first date in the past', () => ({ firstDate: '2027-09-03' }), 'firstDate', 'Please choose a date from today on'],
    ['5000 characters of notes', () => ({ notes: 'n'.repeat(5000) }), 'notes', 'Notes must be at most 2000 characters'],
    ['a duration as text', () => ({ duration: '30' }), 'duration', 'Duration must be 30 or 60 minutes'],
    ['an oversized sitter id', () => ({ sitterId: longId }), 'sitterId', 'Sitter is not valid'],
    ['an oversized dog id', () => ({ dogIds: ['x'.repeat(5000)] }), 'dogIds.0', 'Dog is not valid'],
    ['a number for the sitter', () => ({ sitterId: 42 }), 'sitterId', 'Sitter is required'],
    ['the same dog twice', (dogs) => ({ dogIds: [dogs[0], dogs[0]] }), 'dogIds', 'Each dog can be listed once'],
    ["another owner's dog", () => ({ dogIds: ['not-a-dog-of-hers'] }), 'dogIds', 'Dog not found'],
    ['an unknown service', () => ({ service: 'grooming' }), 'service', ''],
  ]

  test.each(asking)('POST /api/booking-series refuses %s with 400 naming the field, and stores nothing', async (_name, change, field, message) => {
    const theSitter = await walker()
    const { owner: theOwner, rex, luna } = await ownerWithTwoDogs()

    const answer = await askForSeries(theOwner, mondayWednesdayFridayWalks(theSitter.id, [rex, luna], change([rex, luna])))

    expect(answer.status, JSON.stringify(answer.body)).toBe(400)
    expect(answer.body).toEqual({ message: expect.any(String), errors: expect.objectContaining({ [field]: expect.any(Array) }) })
    if (message) expect(answer.body.errors[field]).toContain(message)
    expect(await seriesCountOf(theSitter.id)).toBe(0)
  })

  test('the same weekly request sent five times at once, or again later, is stored once; another time or another dog is a request of its own', async () => {
    const theSitter = await walker()
    const { owner: theOwner, rex, luna } = await ownerWithTwoDogs()
    const body = mondayWednesdayFridayWalks(theSitter.id, [rex, luna])

    const answers = await Promise.all(Array.from({ length: 5 }, () => askForSeries(theOwner, body)))

    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409, 409, 409])
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ message: 'You have already asked for this weekly care. The request is waiting for an answer.', errors: {} })
    expect((await askForSeries(theOwner, { ...body, weekdays: [1], dogIds: [luna] })).status).toBe(409)
    expect(await seriesCountOf(theSitter.id)).toBe(1)
    expect((await askForSeries(theOwner, { ...body, startTime: '17:00' })).status).toBe(201)
    const another = await insertDog(theOwner.id, { name: 'Bella' })
    expect((await askForSeries(theOwner, { ...body, dogIds: [another] })).status).toBe(201)
    expect((await askForSeries(theOwner, { ...body, weekdays: [2, 4] })).status).toBe(201)
    expect(await seriesCountOf(theSitter.id)).toBe(4)
  })

  test('POST /api/booking-series refuses malformed JSON (400), another media type (415) and two dogs for a sitter who takes one (400)', async () => {
    const theSitter = await walker()
    const { owner: theOwner, rex, luna } = await ownerWithTwoDogs()

    expect(await askForSeries(theOwner, '{"weekdays": [1, 3,')).toEqual({ status: 400, body: { message: 'Request body is not valid JSON', errors: {} } })
    const asText = await appRequest('/api/booking-series', { method: 'POST', headers: { ...bearer(theOwner.token), 'content-type': 'text/plain' }, body: '{}' })
    expect(asText.status).toBe(415)
    await db.updateTable('sitterProfiles').set({ acceptsMultipleDogs: 0 }).where('userId', '=', theSitter.id).execute()
    const oneDogOnly = 'This sitter takes one dog at a time. Please choose one dog.'
    expect(await askForSeries(theOwner, mondayWednesdayFridayWalks(theSitter.id, [rex, luna]))).toEqual({ status: 400, body: { message: oneDogOnly, errors: { dogIds: [oneDogOnly] } } })
    expect(await seriesCountOf(theSitter.id)).toBe(0)
  })

  test('PATCH /api/booking-series/{id}/status refuses an unknown status, wrong types, malformed JSON and an oversized id; the series keeps waiting', async () => {
    const theSitter = await walker()
    const { seriesId } = await askedSeries(theSitter)
    const statusMessage = 'Status must be one of accepted, declined, cancelled, ended'

    expect(await setSeriesStatus(theSitter, seriesId, { status: 'approved' })).toEqual({ status: 400, body: { message: statusMessage, errors: { status: [statusMessage] } } })
    expect(await setSeriesStatus(theSitter, seriesId, {})).toMatchObject({ status: 400, body: { errors: { status: [statusMessage] } } })
    expect(await setSeriesStatus(theSitter, seriesId, { status: ['accepted'] })).toMatchObject({ status: 400, body: { errors: { status: [statusMessage] } } })
    expect(await setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: 'yes' })).toMatchObject({
      status: 400,
      body: { errors: { addToCalendar: ['addToCalendar must be true or false'] } },
    })
    const badFrom = await setSeriesStatus(theSitter, seriesId, { status: 'ended', from: 'next monday' })
    expect(badFrom.status).toBe(400)
    expect(Object.keys(badFrom.body.errors)).toEqual(['from'])
    expect(await setSeriesStatus(theSitter, seriesId, '{"status": "accepted"')).toEqual({ status: 400, body: { message: 'Request body is not valid JSON', errors: {} } })
    expect(await setSeriesStatus(theSitter, 'x'.repeat(5000), { status: 'accepted' })).toMatchObject({ status: 404, body: { message: 'Series not found' } })
    expect((await getSeries(theSitter, 'x'.repeat(5000))).status).toBe(404)

    expect(await seriesRow(seriesId)).toMatchObject({ status: 'pending', bookedThrough: null })
    expect(await seriesBookings(seriesId)).toEqual([])
  })

  test('a waiting series accepted twice at once: one 200, one 409, and its bookings are made once', async () => {
    const theSitter = await walker()
    const { seriesId } = await askedSeries(theSitter)

    const answers = await Promise.all([1, 2].map(() => setSeriesStatus(theSitter, seriesId, { status: 'accepted', addToCalendar: false })))

    expect(answers.map((answer) => answer.status).sort()).toEqual([200, 409])
    expect(answers.find((answer) => answer.status === 409)?.body.message).toBe('This weekly series has already been answered')
    expect((await seriesBookings(seriesId)).map((row) => row.date)).toEqual(eightWeeks)
    const acceptances = await db.selectFrom('domainEvents').select('id').where('type', '=', 'booking-series.accepted').where('subjectId', '=', seriesId).execute()
    expect(acceptances).toHaveLength(1)
  })
})
