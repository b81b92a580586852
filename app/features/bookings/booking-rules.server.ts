import { expressionBuilder, type Kysely, type Transaction } from 'kysely'
import { weekdays } from '#app/features/availability/weekdays.ts'
import type { SitterSchedule } from '#app/features/availability/schedule.server.ts'
import { type Database, db, isOneOf, schemaConstant, serializeOn } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { addDays, isoWeekday, toMinutes } from '#app/lib/zoned-time.ts'
import { formatBookingDate } from './booking-format.ts'
import { findBookings } from './booking-records.server.ts'
import type { TimeSlot } from './periods.ts'
import { type BookingTimes, bookingIntervals, daySegments, formatSlot, intervalsOverlap } from './slots.ts'

// The sitter's side of DESIGN.md ruling 3: a request must fit the sitter's availability (no blocked day,
// inside the weekly hours when the sitter set any) and must not overlap one of the sitter's accepted
// bookings. The overlap check runs inside the transaction that writes, so two requests or acceptances
// at once cannot both pass it.

export const overlapMessage = 'The sitter already has an accepted booking at this time.'
export const repeatedRequestMessage = 'You have already asked for this time. The request is waiting for an answer.'

/** A weekly range that ends at 23:59 runs to midnight (the profile form cannot write 24:00). */
const rangeEnd = (endTime: string) => (endTime === '23:59' ? 24 * 60 : toMinutes(endTime))

/**
 * Why the slots do not fit the sitter's schedule, or null when they do. Blocked days refuse anything
 * touching them. Weekly hours bind every part of every slot; boarding and daycare (the dog stays at the
 * sitter's home for the night or the whole day, ruling 21) are bound by blocked days only. Without weekly
 * hours the sitter takes requests any day.
 */
export function scheduleRefusal(
  sitterName: string,
  booking: { date: string; slots: readonly TimeSlot[]; service: string },
  schedule: Pick<SitterSchedule, 'weekly' | 'blockedDates'>,
): string | null {
  const segments = booking.slots.flatMap((slot) => daySegments(booking.date, slot))
  const blocked = segments.find((segment) => schedule.blockedDates.includes(segment.date))
  if (blocked) return `${sitterName} is not available on ${formatBookingDate(blocked.date)}.`
  if (booking.service === 'boarding' || booking.service === 'daycare' || schedule.weekly.length === 0) return null
  for (const segment of segments) {
    const weekday = isoWeekday(segment.date)
    const ranges = schedule.weekly.filter((range) => range.weekday === weekday)
    const fits = ranges.some((range) => toMinutes(range.startTime) <= segment.from && segment.to <= rangeEnd(range.endTime))
    if (fits) continue
    const dayName = weekdays.find((day) => day.value === weekday)?.label ?? 'that day'
    if (ranges.length === 0) return `${sitterName} does not work on ${dayName}s.`
    return `${sitterName} does not work at that time. On ${dayName}s: ${ranges.map(formatSlot).join(', ')}.`
  }
  return null
}

/**
 * Makes the writing transactions of one sitter's bookings run one after the other, so that written-first-
 * then-checked holds on PostgreSQL as under SQLite's single writer: of two overlapping accepts, or two equal
 * requests, the second sees the first. Call it before the write.
 */
export const serializeSitterBookings = (trx: Transaction<Database>, sitterId: string) => serializeOn(trx, [`bookings-of-sitter:${sitterId}`])

/**
 * The first accepted booking of its sitter that the booking overlaps (itself excluded), or null: what
 * refuses a request and an acceptance, and what a pending request shows instead of Accept. Run it in the
 * writing transaction when it decides a write.
 */
export async function findOverlappingAcceptedBooking(executor: Kysely<Database>, booking: SitterBookingTimes): Promise<SitterBookingTimes | null> {
  return (await findOverlappingAcceptedBookings(executor, [booking])).get(booking.id) ?? null
}

/** A booking's times and whose they are: all an overlap needs. */
export type SitterBookingTimes = BookingTimes & { id: string; sitterId: string }

/** `findOverlappingAcceptedBooking` of a whole page of requests in one read, by the requests' ids (those that overlap one). */
export async function findOverlappingAcceptedBookings(executor: Kysely<Database>, bookings: readonly SitterBookingTimes[]): Promise<Map<string, SitterBookingTimes>> {
  const overlaps = new Map<string, SitterBookingTimes>()
  if (bookings.length === 0) return overlaps
  // A booking spans at most into the next day; two days either side also covers zones changed since. Each
  // sitter with each day is one lookup in the index on (sitterId, date, status).
  const days = new Set(bookings.flatMap((booking) => [-2, -1, 0, 1, 2].map((offset) => addDays(booking.date, offset))))
  const neighbours = await findAcceptedTimes(executor, [...new Set(bookings.map((booking) => booking.sitterId))], [...days])
  const taken = neighbours.map((other) => ({ other, intervals: bookingIntervals(other) }))
  for (const booking of bookings) {
    const wanted = bookingIntervals(booking)
    const overlapping = taken.find(
      ({ other, intervals }) =>
        other.sitterId === booking.sitterId && other.id !== booking.id && intervals.some((interval) => wanted.some((slot) => intervalsOverlap(slot, interval))),
    )
    if (overlapping) overlaps.set(booking.id, overlapping.other)
  }
  return overlaps
}

/** The sitters' accepted bookings on the days, with their times only (not the whole records `findBookings` reads). */
async function findAcceptedTimes(executor: Kysely<Database>, sitterIds: readonly string[], days: readonly string[]): Promise<SitterBookingTimes[]> {
  const rows = await acceptedSlotsOnDays({ sitterIds: JSON.stringify(sitterIds), days: JSON.stringify(days) }, executor)
  return [...Map.groupBy(rows, (row) => row.id).values()].map((slots) => {
    const { id, sitterId, date, timeZone } = slots[0] as (typeof rows)[number]
    return { id, sitterId, date, timeZone, slots: slots.map(({ startTime, endTime }) => ({ startTime, endTime })) }
  })
}

// Every list of a sitter's requests asks it (decision 089): the lists go in as JSON values, so the SQL is the same
// for any number of sitters and days, compiled once and prepared once. Each booking with its slots in order, one
// row a slot: one statement, not one for the bookings and another for their slots.
const acceptedSlotsOnDays = precompiledQuery(({ sitterIds, days }: { sitterIds: string; days: string }) =>
  db
    .selectFrom('bookings')
    .innerJoin('bookingTimeSlots', 'bookingTimeSlots.bookingId', 'bookings.id')
    .select(['bookings.id', 'bookings.sitterId', 'bookings.date', 'bookings.timeZone', 'bookingTimeSlots.startTime', 'bookingTimeSlots.endTime'])
    .where('bookings.status', '=', schemaConstant('accepted'))
    .where((eb) => eb.and([isOneOf(eb.ref('bookings.sitterId'), sitterIds), isOneOf(eb.ref('bookings.date'), days)]))
    .orderBy('bookings.id')
    .orderBy('bookingTimeSlots.position'),
)

/**
 * Whether the same person already asked the same sitter for the same dog at the same times and is
 * still waiting (a second tap on Confirm, a form sent twice). Run it in the writing transaction.
 */
export async function repeatsPendingRequest(
  executor: Kysely<Database>,
  booking: { id: string; requestedById: string; sitterId: string; dogId: string; date: string; slots: readonly TimeSlot[] },
) {
  const on = expressionBuilder<Database, 'bookings'>()
  const waiting = await findBookings(
    on.and([
      on('bookings.requestedById', '=', booking.requestedById),
      on('bookings.sitterId', '=', booking.sitterId),
      on('bookings.dogId', '=', booking.dogId),
      on('bookings.date', '=', booking.date),
      on('bookings.status', '=', 'pending'),
      on('bookings.id', '!=', booking.id),
    ]),
    executor,
  )
  const times = (slots: readonly TimeSlot[]) => slots.map(formatSlot).join()
  return waiting.some((other) => times(other.slots) === times(booking.slots))
}
