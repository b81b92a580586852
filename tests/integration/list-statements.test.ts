import { beforeAll, expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { startTestApp } from './app.ts'
import { insertBooking, insertDog, insertSitter, insertUser, localDateFromToday } from './fixtures.ts'

// Decision 089: a booking list's first page, its day counts and the expiry check before it run SQL compiled at
// their first call. Every later call must bind its own values: another user, another day, another instant.

beforeAll(async () => {
  await startTestApp()
})

const day = 86_400_000

async function ownerAndSitter(ownerName: string) {
  const owner = await insertUser({ name: ownerName })
  const sitter = await insertSitter({ services: [{ service: 'walking', hourlyRateCents: 2400 }] })
  const dogId = await insertDog(owner.id, { name: 'Rex', breed: 'Beagle' })
  return { owner, sitter, parties: { dogId, ownerId: owner.id, sitterId: sitter.id } }
}

const statusOf = async (id: string) => (await db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

test("each list's first page, counts and expiry answer the user, the day and the instant of that call", async () => {
  const { listOwnerBookingCards, listSitterBookingCards, countBookingsByDay } = await import('#app/features/bookings/booking-reads.server.ts')
  const olivia = await ownerAndSitter('Olivia Owner')
  const otto = await ownerAndSitter('Otto Owner')
  const [inTwoDays, inFiveDays] = [localDateFromToday(2), localDateFromToday(5)]
  const oliviaAccepted = await insertBooking(olivia.parties, { status: 'accepted', date: inTwoDays })
  const oliviaPending = await insertBooking(olivia.parties, { status: 'pending', date: inFiveDays })
  const ottoAccepted = await insertBooking(otto.parties, { status: 'accepted', date: localDateFromToday(3) })
  const ottoStale = await insertBooking(otto.parties, { status: 'pending', date: localDateFromToday(-1) })
  const ids = (list: { bookings: { id: string }[] }) => list.bookings.map((booking) => booking.id)
  const now = Date.now()

  expect(ids(await listOwnerBookingCards(olivia.owner.id, { tab: 'upcoming' }, now))).toEqual([oliviaAccepted, oliviaPending])
  // Olivia's check before her list left Otto's request alone; his own cancels it.
  expect(await statusOf(ottoStale)).toBe('pending')
  expect(ids(await listOwnerBookingCards(otto.owner.id, { tab: 'upcoming' }, now))).toEqual([ottoAccepted])
  expect(await statusOf(ottoStale)).toBe('cancelled')

  // Four days on, the walk in two days is behind her and the request still ahead.
  expect(ids(await listOwnerBookingCards(olivia.owner.id, { tab: 'upcoming' }, now + 4 * day))).toEqual([oliviaPending])
  expect(ids(await listOwnerBookingCards(olivia.owner.id, { tab: 'past' }, now + 4 * day))).toEqual([oliviaAccepted])
  expect(ids(await listOwnerBookingCards(olivia.owner.id, { date: inFiveDays }, now))).toEqual([oliviaPending])
  expect(ids(await listOwnerBookingCards(olivia.owner.id, { date: inTwoDays }, now))).toEqual([oliviaAccepted])

  expect(ids(await listSitterBookingCards(olivia.sitter.id, { tab: 'pending' }, now))).toEqual([oliviaPending])
  expect(ids(await listSitterBookingCards(otto.sitter.id, { tab: 'pending' }, now))).toEqual([])
  expect(ids(await listSitterBookingCards(otto.sitter.id, { tab: 'upcoming' }, now))).toEqual([ottoAccepted])

  const days = { from: localDateFromToday(-7), to: localDateFromToday(7) }
  expect(await countBookingsByDay(olivia.owner.id, 'owner', days)).toEqual({ [inTwoDays]: 1, [inFiveDays]: 1 })
  expect(await countBookingsByDay(otto.owner.id, 'owner', days)).toEqual({ [localDateFromToday(-1)]: 1, [localDateFromToday(3)]: 1 })
  expect(await countBookingsByDay(olivia.sitter.id, 'sitter', { ...days, statuses: ['accepted'] })).toEqual({ [inTwoDays]: 1 })
  expect(await countBookingsByDay(olivia.sitter.id, 'sitter', { ...days, statuses: ['pending', 'accepted'] })).toEqual({ [inTwoDays]: 1, [inFiveDays]: 1 })
  expect(await countBookingsByDay(olivia.sitter.id, 'sitter', { from: inFiveDays, to: inFiveDays })).toEqual({ [inFiveDays]: 1 })
})
