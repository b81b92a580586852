import { beforeAll, describe, expect, test } from 'vitest'
import { findOverlappingAcceptedBookings } from '#app/features/bookings/booking-rules.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { insertBooking, insertDog, insertSitter, insertUser } from './fixtures.ts'
import { tablesScannedWhole } from './query-plans.ts'
import { statementsOf } from './statements-of.ts'

// Which of the sitter's accepted bookings a request overlaps (DESIGN.md ruling 3), asked for several requests
// in one read as the booking lists do. The requests are not stored: only their times and sitter count.

beforeAll(() => migrateToLatest())

const day = '2030-03-12'
const dayBefore = (days: number) => new Date(Date.parse(`${day}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10)

async function acceptedBooking(slots: { startTime: string; endTime: string }[], options: { date?: string; timeZone?: string; service?: string } = {}) {
  const owner = await insertUser()
  const sitter = await insertSitter()
  const id = await insertBooking({ ownerId: owner.id, sitterId: sitter.id, dogId: await insertDog(owner.id) }, { status: 'accepted', date: day, slots, ...options })
  return { id, sitterId: sitter.id }
}

const request = (sitterId: string, slots: { startTime: string; endTime: string }[], date = day, timeZone = 'Europe/Zurich') => ({
  id: crypto.randomUUID(),
  sitterId,
  date,
  timeZone,
  slots,
})

describe('a request against accepted bookings of several periods', () => {
  test('overlapping only the second period of an accepted booking is an overlap', async () => {
    const accepted = await acceptedBooking([
      { startTime: '08:00', endTime: '09:00' },
      { startTime: '14:00', endTime: '15:00' },
    ])
    const wanted = request(accepted.sitterId, [{ startTime: '14:30', endTime: '15:30' }])
    const overlaps = await findOverlappingAcceptedBookings(db, [wanted])
    expect(overlaps.get(wanted.id)?.id).toBe(accepted.id)
  })

  test('a request of two periods overlapping with only its second one is an overlap', async () => {
    const accepted = await acceptedBooking([{ startTime: '08:00', endTime: '09:00' }])
    const wanted = request(accepted.sitterId, [
      { startTime: '06:00', endTime: '07:00' },
      { startTime: '08:30', endTime: '09:30' },
    ])
    const overlaps = await findOverlappingAcceptedBookings(db, [wanted])
    expect(overlaps.get(wanted.id)?.id).toBe(accepted.id)
  })

  test('periods that only touch (one ends as the next starts) do not overlap', async () => {
    const accepted = await acceptedBooking([{ startTime: '08:00', endTime: '09:00' }])
    const before = request(accepted.sitterId, [{ startTime: '07:00', endTime: '08:00' }])
    const after = request(accepted.sitterId, [{ startTime: '09:00', endTime: '10:00' }])
    expect([...(await findOverlappingAcceptedBookings(db, [before, after])).keys()]).toEqual([])
  })
})

describe('several requests asked at once', () => {
  test("only the request to the sitter who is busy overlaps: another sitter's acceptance at that time does not count", async () => {
    const busy = await acceptedBooking([{ startTime: '10:00', endTime: '11:00' }])
    const free = await insertSitter()
    const toBusy = request(busy.sitterId, [{ startTime: '10:30', endTime: '11:30' }])
    const toFree = request(free.id, [{ startTime: '10:30', endTime: '11:30' }])
    const overlaps = await findOverlappingAcceptedBookings(db, [toFree, toBusy])
    expect([...overlaps.keys()]).toEqual([toBusy.id])
    expect(overlaps.get(toBusy.id)?.id).toBe(busy.id)
  })

  test('an accepted booking checked against the list does not overlap itself', async () => {
    const accepted = await acceptedBooking([{ startTime: '10:00', endTime: '11:00' }])
    const itself = { ...request(accepted.sitterId, [{ startTime: '10:00', endTime: '11:00' }]), id: accepted.id }
    expect([...(await findOverlappingAcceptedBookings(db, [itself])).keys()]).toEqual([])
  })
})

describe('a sitter who changed time zone', () => {
  test('a night accepted two days earlier in Pago Pago (UTC-11) still overlaps a morning in Kiritimati (UTC+14)', async () => {
    // 20:00 on day-2 in UTC-11 is 07:00Z on day-1; 10:00 the next morning there is 21:00Z on day-1.
    // 07:00 on day in UTC+14 is 17:00Z on day-1: inside that night.
    const accepted = await acceptedBooking([{ startTime: '20:00', endTime: '10:00' }], {
      date: dayBefore(2),
      timeZone: 'Pacific/Pago_Pago',
      service: 'boarding',
    })
    const wanted = request(accepted.sitterId, [{ startTime: '07:00', endTime: '08:00' }], day, 'Pacific/Kiritimati')
    const overlaps = await findOverlappingAcceptedBookings(db, [wanted])
    expect(overlaps.get(wanted.id)?.id).toBe(accepted.id)
  })
})

describe('what the check reads', () => {
  test("an accepted booking's times and nothing else of it: one statement of bookings and their slots however many are near", async () => {
    const accepted = await acceptedBooking([
      { startTime: '08:00', endTime: '09:00' },
      { startTime: '14:00', endTime: '15:00' },
    ])
    const wanted = request(accepted.sitterId, [{ startTime: '14:30', endTime: '15:30' }])
    const { result: overlaps, statements } = await statementsOf(() => findOverlappingAcceptedBookings(db, [wanted]))
    const tables = statements.map((query) => [...query.sql.matchAll(/(?:from|join) "(\w+)"/g)].map((match) => match[1]))

    expect(overlaps.get(wanted.id)).toEqual({
      id: accepted.id,
      sitterId: accepted.sitterId,
      date: day,
      timeZone: 'Europe/Zurich',
      slots: [
        { startTime: '08:00', endTime: '09:00' },
        { startTime: '14:00', endTime: '15:00' },
      ],
    })
    expect(tables).toEqual([['bookings', 'bookingTimeSlots']])
  })

  test('the same statement for one request or a page of them over several sitters and days, read by index', async () => {
    const first = await acceptedBooking([{ startTime: '08:00', endTime: '09:00' }])
    const second = await acceptedBooking([{ startTime: '10:00', endTime: '11:00' }], { date: dayBefore(3) })
    const one = await statementsOf(() => findOverlappingAcceptedBookings(db, [request(first.sitterId, [{ startTime: '08:30', endTime: '09:30' }])]))
    const page = [
      request(first.sitterId, [{ startTime: '08:30', endTime: '09:30' }]),
      request(second.sitterId, [{ startTime: '10:30', endTime: '11:30' }], dayBefore(3)),
      request(second.sitterId, [{ startTime: '07:00', endTime: '07:30' }], dayBefore(9)),
    ]
    const many = await statementsOf(() => findOverlappingAcceptedBookings(db, page))

    expect([...many.result.keys()]).toEqual([page[0]!.id, page[1]!.id])
    // The SQL does not grow with the lists (they go in as one JSON value each): prepared once for every page.
    expect(many.statements.map((statement) => statement.sql)).toEqual(one.statements.map((statement) => statement.sql))
    for (const statement of many.statements) expect(await tablesScannedWhole(db, { compile: () => statement })).toEqual([])
  })
})
