import { beforeAll, describe, expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, startTestApp } from './app.ts'
import { call, owner, ownerDogAndSitter, sitter } from './booking-api.ts'
import { insertBooking, insertSchedule, localDateFromToday } from './fixtures.ts'

// A sitter's availability (DESIGN.md ruling 7): the schedule a sitter keeps (PUT/GET /api/users/me/schedule)
// and the busy times everyone signed in may read (GET /api/users/{id}/availability), through the
// production request handler.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

type Item = { start: { dateTime: string; timeZone: string }; end: { dateTime: string; timeZone: string }; reason: string }
type Availability = { sitterId: string; timeZone: string; from: string; to: string; items: Item[] }

/** Each item as [local start, local end, reason] (without the zone offset, which depends on the season). */
const local = (items: Item[]) => items.map((item) => [item.start.dateTime.slice(0, 16), item.end.dateTime.slice(0, 16), item.reason])
const weekdayOf = (date: string) => new Date(`${date}T12:00:00Z`).getUTCDay() || 7

describe('GET /api/users/{id}/availability', () => {
  test('accepted bookings, blocked days and the hours outside the weekly schedule are busy; pending requests are not', async () => {
    const { owner: theOwner, sitter: theSitter, parties } = await ownerDogAndSitter()
    const day = localDateFromToday(10)
    const next = localDateFromToday(11)
    const after = localDateFromToday(12)
    await insertSchedule(theSitter.id, {
      weekly: [
        { weekday: weekdayOf(day), startTime: '08:00', endTime: '12:00' },
        { weekday: weekdayOf(day), startTime: '14:00', endTime: '18:00' },
        { weekday: weekdayOf(after), startTime: '09:00', endTime: '23:59' },
      ],
      blockedDates: [next],
    })
    await insertBooking(parties, { status: 'accepted', date: day, slots: [{ startTime: '09:00', endTime: '10:00' }] })
    await insertBooking(parties, { status: 'pending', date: day, slots: [{ startTime: '15:00', endTime: '16:00' }] })
    await insertBooking(parties, { status: 'cancelled', date: day, slots: [{ startTime: '16:00', endTime: '17:00' }] })

    const answer = await call<Availability>('GET', `/api/users/${theSitter.id}/availability?from=${day}&to=${after}`, theOwner.token)

    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ sitterId: theSitter.id, timeZone: 'Europe/Zurich', from: day, to: after })
    expect(local(answer.body.items)).toEqual([
      [`${day}T00:00`, `${day}T08:00`, 'unavailable'],
      [`${day}T09:00`, `${day}T10:00`, 'booked'],
      [`${day}T12:00`, `${day}T14:00`, 'unavailable'],
      [`${day}T18:00`, `${after}T09:00`, 'unavailable'],
      [`${next}T00:00`, `${after}T00:00`, 'blocked'],
    ])
    for (const item of answer.body.items) {
      expect(item.start.dateTime).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:00[+-]\d{2}:\d{2}$/)
      expect(item.start.timeZone).toBe('Europe/Zurich')
    }
  })

  test('a sitter without a weekly schedule is busy only when booked or blocked', async () => {
    const { owner: theOwner, sitter: theSitter, parties } = await ownerDogAndSitter()
    const day = localDateFromToday(10)
    await insertBooking(parties, { status: 'accepted', date: day, slots: [{ startTime: '20:00', endTime: '08:00' }] })

    const answer = await call<Availability>('GET', `/api/users/${theSitter.id}/availability?from=${day}&to=${day}`, theOwner.token)

    // The overnight booking runs past the asked range and is cut at its end.
    expect(local(answer.body.items)).toEqual([[`${day}T20:00`, `${localDateFromToday(11)}T00:00`, 'booked']])
  })

  test('without a range: from today, 31 days', async () => {
    const theOwner = await owner()
    const theSitter = await sitter()
    const answer = await call<Availability>('GET', `/api/users/${theSitter.id}/availability`, theOwner.token)
    expect(answer.body).toMatchObject({ from: localDateFromToday(0), to: localDateFromToday(30), items: [] })
  })

  test('refusals: no sitter (404), a range too long or backwards (400), signed out (401)', async () => {
    const theOwner = await owner()
    const theSitter = await sitter()
    expect((await call('GET', `/api/users/${theOwner.id}/availability`, theOwner.token)).status).toBe(404)
    expect((await call('GET', `/api/users/${crypto.randomUUID()}/availability`, theOwner.token)).status).toBe(404)
    const long = await call('GET', `/api/users/${theSitter.id}/availability?from=${localDateFromToday(0)}&to=${localDateFromToday(100)}`, theOwner.token)
    expect(long).toMatchObject({ status: 400, body: { message: 'Ask for at most 93 days at a time' } })
    const backwards = await call('GET', `/api/users/${theSitter.id}/availability?from=${localDateFromToday(5)}&to=${localDateFromToday(1)}`, theOwner.token)
    expect(backwards.status).toBe(400)
    expect((await appRequest(`/api/users/${theSitter.id}/availability`)).status).toBe(401)
  })
})

describe('/api/users/me/schedule', () => {
  test('a sitter sets weekly hours, blocked dates and a time zone, and reads them back', async () => {
    const theSitter = await sitter()
    const blocked = [localDateFromToday(20), localDateFromToday(3), localDateFromToday(3)]
    const saved = await call('PUT', '/api/users/me/schedule', theSitter.token, {
      timeZone: 'America/New_York',
      weekly: [
        { weekday: 2, startTime: '13:00', endTime: '17:00' },
        { weekday: 2, startTime: '08:00', endTime: '12:00' },
      ],
      blockedDates: blocked,
    })
    const expected = {
      timeZone: 'America/New_York',
      weekly: [
        { weekday: 2, startTime: '08:00', endTime: '12:00' },
        { weekday: 2, startTime: '13:00', endTime: '17:00' },
      ],
      blockedDates: [localDateFromToday(3), localDateFromToday(20)],
    }
    expect(saved).toEqual({ status: 200, body: expected })
    expect((await call('GET', '/api/users/me/schedule', theSitter.token)).body).toEqual(expected)

    // Only the blocked dates change; the weekly hours stay.
    const unblocked = await call('PUT', '/api/users/me/schedule', theSitter.token, { blockedDates: [] })
    expect(unblocked.body).toEqual({ ...expected, blockedDates: [] })
  })

  test.each([
    ['overlapping ranges', { weekly: [{ weekday: 1, startTime: '08:00', endTime: '12:00' }, { weekday: 1, startTime: '11:00', endTime: '13:00' }] }],
    ['an end before the start', { weekly: [{ weekday: 1, startTime: '12:00', endTime: '08:00' }] }],
    ['weekday 8', { weekly: [{ weekday: 8, startTime: '08:00', endTime: '12:00' }] }],
    ['25:00', { weekly: [{ weekday: 1, startTime: '08:00', endTime: '25:00' }] }],
    ['an impossible blocked date', { blockedDates: ['2026-02-30'] }],
    ['an unknown time zone', { timeZone: 'Mars/Olympus_Mons' }],
  ])('%s is refused with 400', async (_name, body) => {
    const theSitter = await sitter()
    expect((await call('PUT', '/api/users/me/schedule', theSitter.token, body)).status).toBe(400)
    expect((await call('GET', '/api/users/me/schedule', theSitter.token)).body).toEqual({ timeZone: 'Europe/Zurich', weekly: [], blockedDates: [] })
  })

  test('an owner has no schedule (403)', async () => {
    const theOwner = await owner()
    expect((await call('GET', '/api/users/me/schedule', theOwner.token)).status).toBe(403)
    expect((await call('PUT', '/api/users/me/schedule', theOwner.token, { blockedDates: [] })).status).toBe(403)
  })
})
