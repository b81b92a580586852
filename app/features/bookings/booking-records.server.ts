import { type Expression, expressionBuilder, type Kysely, type Selectable, type SqlBool } from 'kysely'
import { lateCancellationFrom, termsOf } from '#app/features/sitters/cancellation-terms.ts'
import { db, type Database, isOneOf, schemaConstant } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import type { BookingsTable } from '#app/lib/db-schema.ts'
import type { SortOrder } from '#app/lib/keyset-paging.ts'
import type { TimeSlot } from './periods.ts'
import { bookingSpan } from './slots.ts'
import type { Party } from './transitions.ts'

// Bookings as stored: the row, its time slots in order, and who requested it. Every read of the
// bookings feature goes through `findBookings` (or its two halves); the where-clauses below say whose bookings they are.

export type BookingRecord = Selectable<BookingsTable> & {
  slots: TimeSlot[]
  /** Every dog of the booking in order; the first is `dogId`. */
  dogIds: string[]
  requestedBy: Party
  /** Why the last change happened when nobody made it ('expired'), else null. */
  statusReason: string | null
  /** When the sitter marked it completed (UTC ISO); null unless it is. */
  completedAt: string | null
}

const onBookings = () => expressionBuilder<Database, 'bookings'>()

/** Bookings where the user is the owner or the sitter. */
export const bookingsOfParty = (userId: string): Expression<SqlBool> =>
  onBookings().or([onBookings()('bookings.ownerId', '=', userId), onBookings()('bookings.sitterId', '=', userId)])

/** The bookings `where` selects; with `page`, the first `limit` of them by start (then id) in `order`. */
export async function findBookings(where: Expression<SqlBool>, executor: Kysely<Database> = db, page?: { order: SortOrder; limit: number }) {
  return withBookingDetails(await findBookingRows(where, executor, page), executor)
}

/** The rows alone, for reads that make records of several lists at once (`withBookingDetails`). */
export function bookingRowsQuery(where: Expression<SqlBool>, executor: Kysely<Database> = db, page?: { order: SortOrder; limit: number }) {
  const query = executor.selectFrom('bookings').selectAll().where(where)
  return page ? query.orderBy('bookings.startsAt', page.order).orderBy('bookings.id', page.order).limit(page.limit) : query
}

export const findBookingRows = (where: Expression<SqlBool>, executor: Kysely<Database> = db, page?: { order: SortOrder; limit: number }) =>
  bookingRowsQuery(where, executor, page).execute()

/** Records of booking rows: their slots, dogs and status reasons read once for all of them. */
export async function withBookingDetails(rows: readonly Selectable<BookingsTable>[], executor: Kysely<Database> = db): Promise<BookingRecord[]> {
  if (rows.length === 0) return []
  const ids = { bookingIds: JSON.stringify([...new Set(rows.map((row) => row.id))]) }
  const [slots, dogs, reasons] = await Promise.all([slotsOfBookings(ids, executor), dogsOfBookings(ids, executor), reasonsOfBookings(ids, executor)])
  const slotsOf = groupBy(slots, ({ startTime, endTime }) => ({ startTime, endTime }))
  const dogsOf = groupBy(dogs, ({ dogId }) => dogId)
  return rows.map((row) => ({
    ...row,
    slots: slotsOf.get(row.id) ?? [],
    dogIds: dogsOf.get(row.id) ?? [row.dogId],
    requestedBy: row.requestedById === row.sitterId ? 'sitter' : 'owner',
    statusReason: reasons.find((reason) => reason.bookingId === row.id && reason.toStatus === row.status)?.reason ?? null,
    completedAt: row.status === 'completed' ? (reasons.find((change) => change.bookingId === row.id && change.toStatus === 'completed')?.changedAt ?? null) : null,
  }))
}

// Every booking page and list asks these three: compiled once (decision 089).
type BookingIds = { bookingIds: string }

/** Each booking's time slots in order, of bookings named by a JSON list of ids. */
const slotsOfBookings = precompiledQuery(({ bookingIds }: BookingIds) =>
  db
    .selectFrom('bookingTimeSlots')
    .select(['bookingId', 'startTime', 'endTime'])
    .where((eb) => isOneOf(eb.ref('bookingId'), bookingIds))
    .orderBy('bookingId')
    .orderBy('position'),
)

const dogsOfBookings = precompiledQuery(({ bookingIds }: BookingIds) =>
  db
    .selectFrom('bookingDogs')
    .select(['bookingId', 'dogId'])
    .where((eb) => isOneOf(eb.ref('bookingId'), bookingIds))
    .orderBy('bookingId')
    .orderBy('position'),
)

const reasonsOfBookings = precompiledQuery(({ bookingIds }: BookingIds) =>
  db
    .selectFrom('bookingStatusHistory')
    .select(['bookingId', 'reason', 'toStatus', 'changedAt'])
    .where((eb) => eb.and([isOneOf(eb.ref('bookingId'), bookingIds), eb.or([eb('reason', 'is not', null), eb('toStatus', '=', schemaConstant('completed'))])])),
)

/** Rows of a booking's list table as lists by booking, in the order read. */
function groupBy<Row extends { bookingId: string }, Item>(rows: readonly Row[], item: (row: Row) => Item) {
  const lists = new Map<string, Item[]>()
  for (const row of rows) {
    const list = lists.get(row.bookingId) ?? []
    list.push(item(row))
    lists.set(row.bookingId, list)
  }
  return lists
}

export async function findBooking(where: Expression<SqlBool>, executor: Kysely<Database> = db) {
  const [booking] = await findBookings(where, executor)
  return booking ?? null
}

/** The booking when the user is one of its two parties; null for anyone else (who gets 'Booking not found'). */
export const findBookingById = (bookingId: string) => findBooking(expressionBuilder<Database, 'bookings'>()('bookings.id', '=', bookingId))

export async function findBookingOfParty(userId: string, bookingId: string) {
  const [booking] = await withBookingDetails(await bookingOfParty({ userId, bookingId }))
  return booking ?? null
}

// Every booking page and action asks it: compiled once (decision 089).
const bookingOfParty = precompiledQuery(({ userId, bookingId }: { userId: string; bookingId: string }) =>
  bookingRowsQuery(onBookings().and([onBookings()('bookings.id', '=', bookingId), bookingsOfParty(userId)])),
)

/** The column naming a party of a booking. */
export const partyColumn = { owner: 'bookings.ownerId', sitter: 'bookings.sitterId' } as const

export const partyOf = (booking: { ownerId: string }, userId: string): Party => (booking.ownerId === userId ? 'owner' : 'sitter')

export const startOf = (booking: BookingRecord) => bookingSpan(booking).start

/** While the booking is accepted: the instant (UTC ISO) after which a cancellation by either party is late; null otherwise. */
export const lateFromOf = (booking: BookingRecord) =>
  booking.status === 'accepted' ? new Date(lateCancellationFrom(termsOf(booking.cancellationTerms), startOf(booking))).toISOString() : null

/** Whether the booking's first slot has begun. */
export const hasStarted = (booking: BookingRecord, now: number) => now >= startOf(booking)

/** For the review rules: the booking when it is completed and `userId` is its `party`, else null. */
export async function findCompletedBookingOf(party: Party, userId: string, bookingId: string) {
  const on = onBookings()
  const booking = await findBooking(on.and([on('bookings.id', '=', bookingId), on(partyColumn[party], '=', userId), on('bookings.status', '=', 'completed')]))
  return booking?.completedAt ? { ...booking, completedAt: booking.completedAt } : null
}

/** A user's latest bookings on either side, the latest start first (the admins' user page). */
export const findLatestBookingsOf = (userId: string, limit: number) => findBookings(bookingsOfParty(userId), db, { order: 'desc', limit })
