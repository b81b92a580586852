import { expressionBuilder } from 'kysely'
import type { AvailabilitySources } from '#app/features/availability/availability.server.ts'
import { isPublicSitter } from '#app/features/sitters/public-sitter.server.ts'
import { type Database, schemaConstant } from '#app/lib/db.server.ts'
import { addDays } from '#app/lib/zoned-time.ts'
import { findBookings } from './booking-records.server.ts'
import { bookingIntervals } from './slots.ts'

// The availability read (features/availability) knows a sitter's weekly hours and blocked days; what it
// asks the features above it comes from here: whether the id names a sitter anyone may see, and the
// sitter's accepted bookings, which are busy time too (pending requests are not: nobody agreed to them).
export const availabilitySources: AvailabilitySources = {
  isSitter: isPublicSitter,
  bookedTimes: async (sitterId, { from, to }) => {
    const on = expressionBuilder<Database, 'bookings'>()
    const accepted = await findBookings(
      on.and([
        on('bookings.sitterId', '=', sitterId),
        on('bookings.status', '=', schemaConstant('accepted')),
        // A booking of the day before may run past midnight (overnight) into the range.
        on('bookings.date', '>=', addDays(from, -1)),
        on('bookings.date', '<=', to),
      ]),
    )
    return accepted.flatMap(bookingIntervals)
  },
}
