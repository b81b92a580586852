import { formatBookingDate } from '#app/features/bookings/booking-format.ts'
import { localDateTime } from '#app/lib/zoned-time.ts'

// The one rule of when a sitter sees an owner's home access (DESIGN.md ruling 27): the booking is accepted,
// and now lies from 2 hours before its start until its end. Every reader of the vault for a booking asks this.

const windowOpensBeforeStartMs = 2 * 60 * 60_000

type AccessWindow = { opensAt: number; closesAt: number }

type AccessWindowState = 'open' | 'not-yet' | 'closed' | 'not-accepted'

/** `span`: the booking's start and end instants (bookings/slots.ts, bookingSpan). */
export const accessWindowOf = (span: { start: number; end: number }): AccessWindow => ({ opensAt: span.start - windowOpensBeforeStartMs, closesAt: span.end })

export function accessWindowState(booking: { status: string; span: { start: number; end: number } }, now: number): AccessWindowState {
  if (booking.status !== 'accepted') return 'not-accepted'
  const { opensAt, closesAt } = accessWindowOf(booking.span)
  if (now < opensAt) return 'not-yet'
  return now < closesAt ? 'open' : 'closed'
}

/** '08:00 on Wednesday, December 3, 2026' in the booking's zone. */
export function formatWindowMoment(instant: number, timeZone: string) {
  const local = localDateTime(instant, timeZone)
  return `${local.time} on ${formatBookingDate(local.date)}`
}
