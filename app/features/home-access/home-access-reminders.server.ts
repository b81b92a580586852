import { bookingEventType } from '#app/features/bookings/booking-change-types.ts'
import { findBookingById } from '#app/features/bookings/booking-records.server.ts'
import { db } from '#app/lib/db.server.ts'
import { dispatchEvents, recordEvent, type StoredEvent, type Subscriber } from '#app/lib/events.server.ts'
import { wasHomeAccessViewedFor } from './home-access.server.ts'

// When a booking whose sitter was shown the owner's home access is completed, the owner is reminded to change
// their codes (issue 32 part 3): this subscriber of the completion records a reminder event, once per booking
// (the homeAccessReminders row is spent in the transaction that records it); the notification centre
// (notifications/notification-events.server.ts) turns it into the owner's notification. No code in either.

export const homeAccessEventTypes = { changeReminder: 'homeAccess.changeReminder' } as const

export const homeAccessReminderSubscriber: Subscriber = {
  name: 'home-access-reminders',
  types: [bookingEventType('completed')],
  async handle(event) {
    if (!(await wasHomeAccessViewedFor(event.subjectId))) return
    const booking = await findBookingById(event.subjectId)
    if (!booking) return
    const eventId = await db.transaction().execute(async (trx) => {
      const spent = await trx
        .insertInto('homeAccessReminders')
        .values({ bookingId: booking.id, remindedAt: new Date().toISOString() })
        .onConflict((oc) => oc.column('bookingId').doNothing())
        .returning('bookingId')
        .executeTakeFirst()
      if (!spent) return null
      return recordEvent(trx, { type: homeAccessEventTypes.changeReminder, subjectId: booking.id, payload: { ownerId: booking.ownerId, sitterId: booking.sitterId } })
    })
    if (eventId) await dispatchEvents([eventId])
  },
}

/** The owner to remind, of a reminder event; null for any other event. */
export function readHomeAccessReminder(event: StoredEvent) {
  if (event.type !== homeAccessEventTypes.changeReminder) return null
  return { bookingId: event.subjectId, ownerId: (event.payload as { ownerId: string }).ownerId }
}
