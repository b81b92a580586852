import { beforeAll, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { startTestApp } from './app.ts'
import { ownerDogAndSitter } from './booking-api.ts'
import { insertBooking } from './fixtures.ts'

// Issue 20: the booking sweep records a warning to the confirming party of a request that will expire within
// two hours, and a reminder to both parties an hour before an accepted booking, each once. The instants are
// written out by hand: 10:00 in Zurich on 10 March 2031 (winter time, UTC+1) is 09:00 UTC.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const start = '2031-03-10T09:00:00.000Z'
const at = (utc: string) => Date.parse(`2031-03-10T${utc}:00.000Z`)

const alertsOf = async (id: string) =>
  (await db.selectFrom('domainEvents').select(['type', 'payload']).where('subjectId', '=', id).where('type', 'like', 'booking.%').execute())
    .filter((row) => row.type === 'booking.expiring' || row.type === 'booking.reminder')
    .map((row) => ({ type: row.type, ...(JSON.parse(row.payload) as Record<string, unknown>) }))

async function sweep(now: number) {
  const { recordDueBookingAlerts } = await import('#app/features/bookings/booking-alerts.server.ts')
  return recordDueBookingAlerts(now)
}

test("a request warns the party who must confirm it two hours before it would expire, once", async () => {
  const { owner, sitter, parties } = await ownerDogAndSitter()
  const request = await insertBooking(parties, { status: 'pending', date: '2031-03-10' })
  const offer = await insertBooking(parties, { status: 'pending', date: '2031-03-10', requestedBy: 'sitter', slots: [{ startTime: '10:00', endTime: '10:30' }] })

  await sweep(at('06:59'))
  expect(await alertsOf(request)).toEqual([])

  await sweep(at('07:00'))
  await sweep(at('07:01'))
  expect(await alertsOf(request)).toEqual([{ type: 'booking.expiring', userIds: [sitter.id], startsAt: start }])
  expect(await alertsOf(offer)).toEqual([{ type: 'booking.expiring', userIds: [owner.id], startsAt: start }])
})

test('an accepted booking reminds both parties an hour before it starts, once; a declined one never', async () => {
  const { owner, sitter, parties } = await ownerDogAndSitter()
  const accepted = await insertBooking(parties, { status: 'accepted', date: '2031-03-10', slots: [{ startTime: '10:00', endTime: '11:00' }] })
  const declined = await insertBooking(parties, { status: 'rejected', date: '2031-03-10', slots: [{ startTime: '10:00', endTime: '11:00' }] })

  await sweep(at('07:30'))
  expect(await alertsOf(accepted)).toEqual([])
  await sweep(at('08:00'))
  await sweep(at('08:30'))
  await sweep(at('09:00')) // started: nothing more to remind of
  expect(await alertsOf(accepted)).toEqual([{ type: 'booking.reminder', userIds: [owner.id, sitter.id], startsAt: start }])
  expect(await alertsOf(declined)).toEqual([])
})

test('a request made less than two hours before its start is its own warning', async () => {
  const { parties } = await ownerDogAndSitter()
  const late = await insertBooking(parties, { status: 'pending', date: '2031-03-10' })
  await db.updateTable('bookings').set({ createdAt: '2031-03-10T07:30:00.000Z' }).where('id', '=', late).execute()

  await sweep(at('07:45'))
  expect(await alertsOf(late)).toEqual([])
})

test('sweeps at the same time record each alert once', async () => {
  const { parties } = await ownerDogAndSitter()
  const request = await insertBooking(parties, { status: 'pending', date: '2031-03-11' })
  const nextDay = Date.parse('2031-03-11T08:00:00.000Z')

  await Promise.all(Array.from({ length: 6 }, () => sweep(nextDay)))

  expect((await alertsOf(request)).map((alert) => alert.type)).toEqual(['booking.expiring'])
  expect(await db.selectFrom('bookingAlerts').select('kind').where('bookingId', '=', request).execute()).toEqual([{ kind: 'expiring' }])
})
