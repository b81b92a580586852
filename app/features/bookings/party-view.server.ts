import type { BookingStatus } from '#app/lib/db-schema.ts'
import { localDateTime } from '#app/lib/zoned-time.ts'
import { type BookingRecord, hasStarted, partyOf } from './booking-records.server.ts'
import type { SitterBookingTimes } from './booking-rules.server.ts'
import { bookingSpan } from './slots.ts'
import { allowedTransitions, confirmingParty, type Party } from './transitions.ts'

// What one party of a booking sees of it and may do with it, for every view of a booking (the API's JSON, the
// list pages' cards), so each rule is written once.

/** DESIGN.md ruling 8: your own details always; the other party's exact place and contacts once accepted. */
export const seesDetailsOf = (booking: Pick<BookingRecord, 'status'>, viewer: Party, party: Party) => viewer === party || booking.status === 'accepted'

/**
 * The moves the viewer may make now (transitions.ts), without Accept while an accepted booking of the sitter
 * overlaps; `overlap` says when that booking starts, in the request's zone, and its id only for its sitter.
 * `overlapping` is the sitter's accepted booking this request overlaps, when the viewer would answer it.
 */
export function movesOf(booking: BookingRecord, viewer: Party, overlapping: SitterBookingTimes | null | undefined, now: number) {
  const moves = allowedTransitions({ status: booking.status, requestedBy: booking.requestedBy, started: hasStarted(booking, now) }, viewer)
  if (!moves.includes('accepted') || !overlapping) return { actions: moves, overlap: null }
  const start = localDateTime(bookingSpan(overlapping).start, booking.timeZone)
  const withoutAccept: BookingStatus[] = moves.filter((move) => move !== 'accepted')
  return {
    actions: withoutAccept,
    overlap: { bookingId: viewer === 'sitter' ? overlapping.id : null, date: start.date, startTime: start.time },
  }
}

/** A pending request made by the other party: the viewer is the one who accepts or declines it (DESIGN.md ruling 4). */
export const awaitsAnswerFrom = (booking: BookingRecord, viewerId: string) =>
  booking.status === 'pending' && confirmingParty(booking.requestedBy) === partyOf(booking, viewerId)
