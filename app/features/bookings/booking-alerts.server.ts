import { db } from '#app/lib/db.server.ts'
import { dispatchEvents, recordEvent, type StoredEvent } from '#app/lib/events.server.ts'

// Alerts that come from the clock, not from a change (issue 20, DESIGN.md ruling 24): a warning to the party
// who must confirm a request that it will expire within two hours, and a reminder to both parties an hour
// before an accepted booking starts. The booking sweep records each as a domain event once per booking (a row
// in bookingAlerts, written in the event's transaction), so the notifications subscribe to them like to any
// other change. A request made less than two hours before its start gets no warning: its own notification
// is the warning.

export const bookingAlertKinds = ['expiring', 'reminder'] as const
export type BookingAlertKind = (typeof bookingAlertKinds)[number]

export const bookingAlertEventType = (kind: BookingAlertKind) => `booking.${kind}`
export const bookingAlertEventTypes = bookingAlertKinds.map(bookingAlertEventType)

/** How long before its start a pending request warns and an accepted booking reminds. */
export const alertLeadMs: Record<BookingAlertKind, number> = { expiring: 2 * 60 * 60_000, reminder: 60 * 60_000 }

const statusAlerted: Record<BookingAlertKind, 'pending' | 'accepted'> = { expiring: 'pending', reminder: 'accepted' }

export type BookingAlertFacts = {
  /** Who the alert is for: the confirming party of an expiring request, both parties of a reminder. */
  userIds: string[]
  startsAt: string
}

const iso = (instant: number) => new Date(instant).toISOString()

/** Records the alerts that have come due and dispatches their events; returns how many were recorded. */
export async function recordDueBookingAlerts(now = Date.now()) {
  const events: string[] = []
  for (const kind of bookingAlertKinds) {
    const due = await db
      .selectFrom('bookings')
      .select(['id', 'ownerId', 'sitterId', 'requestedById', 'startsAt', 'createdAt'])
      .where('status', '=', statusAlerted[kind])
      .where('startsAt', '>', iso(now))
      .where('startsAt', '<=', iso(now + alertLeadMs[kind]))
      .where((eb) =>
        eb.not(eb.exists(eb.selectFrom('bookingAlerts').select('bookingAlerts.bookingId').whereRef('bookingAlerts.bookingId', '=', 'bookings.id').where('bookingAlerts.kind', '=', kind))),
      )
      .execute()
    for (const booking of due) {
      if (kind === 'expiring' && Date.parse(booking.startsAt) - Date.parse(booking.createdAt) < alertLeadMs.expiring) continue
      const userIds = kind === 'reminder' ? [booking.ownerId, booking.sitterId] : [booking.requestedById === booking.ownerId ? booking.sitterId : booking.ownerId]
      const eventId = await recordAlert(kind, booking.id, { userIds, startsAt: booking.startsAt }, now)
      if (eventId) events.push(eventId)
    }
  }
  void dispatchEvents(events, now)
  return events.length
}

/** Records one alert and its event, unless another sweep recorded it meanwhile; the event's id when this call did. */
function recordAlert(kind: BookingAlertKind, bookingId: string, facts: BookingAlertFacts, now: number) {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('bookingAlerts')
      .values({ bookingId, kind, recordedAt: iso(now) })
      .onConflict((oc) => oc.columns(['bookingId', 'kind']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null
    return recordEvent(trx, { type: bookingAlertEventType(kind), subjectId: bookingId, payload: facts }, now)
  })
}

/** The alert an event reports, or null when it is not a booking alert. */
export function readBookingAlert(event: StoredEvent) {
  const kind = bookingAlertKinds.find((candidate) => bookingAlertEventType(candidate) === event.type)
  if (!kind) return null
  return { kind, bookingId: event.subjectId, ...(event.payload as BookingAlertFacts) }
}
