// The changes of a booking that are recorded as domain events (booking-changes.server.ts), by name and event type:
// without the database, for the demo data (db/seed.ts), which seeds the notifications of its bookings' changes.

export const bookingChanges = [
  'requested',
  'accepted',
  'rejected',
  'cancelled',
  'expired',
  'completed',
  // A change both sides agree to (booking-proposals.server.ts): proposed, then accepted ('changed'), declined or withdrawn.
  'change-proposed',
  'changed',
  'change-declined',
  'change-withdrawn',
] as const
export type BookingChange = (typeof bookingChanges)[number]

export const bookingEventType = (change: BookingChange) => `booking.${change}`
export const bookingEventTypes = bookingChanges.map(bookingEventType)
