import { cancelsLate } from '#app/features/sitters/cancellation-terms.ts'
import { db } from '#app/lib/db.server.ts'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import { type DeliveryResult, dispatchEvents } from '#app/lib/events.server.ts'
import { recordBookingChange } from './booking-changes.server.ts'
import { findBookingOfParty, hasStarted, partyOf, startOf } from './booking-records.server.ts'
import { findOverlappingAcceptedBooking, overlapMessage, serializeSitterBookings } from './booking-rules.server.ts'
import { expiredReason, expireStaleRequest } from './expiry.server.ts'
import { bookingMessages, type StatusChange } from './schema.ts'
import { decideTransition } from './transitions.ts'

// PATCH /api/bookings/{id}/status: one move of the status machine (transitions.ts) by one of the two
// parties. The move, its history row and its recorded change (the event its e-mail, calendar events and
// pushes follow from, decision 038) are one transaction whose update only applies to the status it was
// decided on; an acceptance then checks the sitter's accepted bookings for an overlap inside that
// transaction, so of two overlapping requests accepted at once exactly one wins. The change's side effects
// run after the commit and never undo it; the outcome carries what each subscriber made of it (the
// calendars report theirs: calendar/booking-calendar.server.ts). An accepted booking cancelled inside the notice
// period of the terms it was requested under records who cancelled late (sitters/cancellation-terms.ts).

export const statusMessages = {
  expired: 'This request expired: it was not answered before it was due to start.',
  changedMeanwhile: 'This booking was changed meanwhile. Please reload it.',
} as const

export type StatusChangeOutcome =
  | {
      ok: true
      bookingId: string
      status: BookingStatus
      /** What each subscriber of the change's event made of it, by subscriber name. */
      delivered: ReadonlyMap<string, DeliveryResult>
    }
  | { ok: false; status: 404 | 409; message: string }

class Refusal extends Error {}

export async function changeBookingStatus(
  user: { id: string },
  bookingId: string,
  change: StatusChange,
  now = Date.now(),
): Promise<StatusChangeOutcome> {
  await expireStaleRequest(bookingId, now)
  const booking = await findBookingOfParty(user.id, bookingId)
  if (!booking) return { ok: false, status: 404, message: bookingMessages.bookingNotFound }
  const actor = partyOf(booking, user.id)
  const from = booking.status
  if (from === 'cancelled' && booking.statusReason === expiredReason && change.status !== 'cancelled') {
    return { ok: false, status: 409, message: statusMessages.expired }
  }
  const decision = decideTransition({ status: from, requestedBy: booking.requestedBy, started: hasStarted(booking, now) }, actor, change.status)
  if (!decision.ok) return { ok: false, status: 409, message: decision.message }

  const changedAt = new Date(now).toISOString()
  let eventId: string
  try {
    eventId = await db.transaction().execute(async (trx) => {
      if (change.status === 'accepted') await serializeSitterBookings(trx, booking.sitterId)
      const lateCancellationBy = change.status === 'cancelled' && cancelsLate(booking, startOf(booking), now) ? actor : null
      const updated = await trx
        .updateTable('bookings')
        .set({ status: change.status, updatedAt: changedAt, ...(lateCancellationBy ? { lateCancellationBy } : {}) })
        .where('id', '=', booking.id)
        .where('status', '=', from)
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) throw new Refusal(statusMessages.changedMeanwhile)
      // Written first, then checked: no other acceptance runs in between (SQLite's write lock, PostgreSQL's lock on the sitter).
      if (change.status === 'accepted' && (await findOverlappingAcceptedBooking(trx, booking))) throw new Refusal(overlapMessage)
      await trx
        .insertInto('bookingStatusHistory')
        .values({ id: crypto.randomUUID(), bookingId: booking.id, fromStatus: from, toStatus: change.status, changedById: user.id, changedAt, reason: null })
        .execute()
      const addToCalendar = change.status === 'accepted' ? change.addToCalendar : undefined
      return recordBookingChange(trx, change.status === 'pending' ? 'requested' : change.status, booking.id, { actor, from, addToCalendar }, now)
    })
  } catch (error) {
    if (error instanceof Refusal) return { ok: false, status: 409, message: error.message }
    throw error
  }
  const delivered = (await dispatchEvents([eventId])).get(eventId) ?? new Map<string, DeliveryResult>()
  return { ok: true, bookingId: booking.id, status: change.status, delivered }
}
