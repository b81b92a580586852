import type { Kysely, Transaction } from 'kysely'
import { db, type Database } from '#app/lib/db.server.ts'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import { deliverEmailsSoon, queueEmail } from '#app/lib/email-outbox.server.ts'
import { decideDelivery } from '#app/features/notification-settings/preferences.server.ts'
import { recordEvent, type StoredEvent, type Subscriber } from '#app/lib/events.server.ts'
import { bookingEmail, loadBookingEmailContext } from './booking-emails.server.ts'
import { findBookingById } from './booking-records.server.ts'
import type { Party } from './transitions.ts'
import { bookingChanges, type BookingChange, bookingEventType } from './booking-change-types.ts'

// Every change of a booking is recorded as a domain event in the transaction that made it (decision 038);
// its e-mail (below), its Google Calendar events (calendar/booking-calendar.server.ts) and its live push
// follow from subscribers of these events, never from the writer.
// Reviews and replies record their own events (reviews/review-writes.server.ts).
// The composition root (app/event-subscribers.server.ts) registers the subscribers.


export type BookingChangeFacts = {
  /** The party that made the change; none for an expiry. */
  actor: Party | null
  from: BookingStatus | null
  /** An acceptance: whether the confirming party asked for Google Calendar events. */
  addToCalendar?: boolean
  /** A proposed change and its answers: the proposal. */
  proposalId?: string
}

export function recordBookingChange(trx: Transaction<Database> | Kysely<Database>, change: BookingChange, bookingId: string, facts: BookingChangeFacts, now = Date.now()) {
  return recordEvent(trx, { type: bookingEventType(change), subjectId: bookingId, payload: facts }, now)
}

/** The change an event reports, or null when it is not a booking event. */
export function readBookingChange(event: StoredEvent) {
  const change = bookingChanges.find((candidate) => bookingEventType(candidate) === event.type)
  if (!change) return null
  return { change, bookingId: event.subjectId, ...(event.payload as BookingChangeFacts) }
}

/** Who a booking concerns and where it stands now, for the live push of its changes; null when it is gone. */
export async function bookingPartiesOf(bookingId: string) {
  const booking = await findBookingById(bookingId)
  return booking ? { ownerId: booking.ownerId, sitterId: booking.sitterId, status: booking.status } : null
}

const emailedChanges = ['requested', 'accepted', 'rejected', 'cancelled', 'expired', 'change-proposed', 'changed', 'change-declined'] as const satisfies readonly BookingChange[]

/**
 * The e-mail of a change, queued in the e-mail outbox under a key per booking and change, so it is sent
 * once; unless its recipient turned booking e-mails off.
 */
export const bookingEmailSubscriber: Subscriber = {
  name: 'booking-emails',
  types: emailedChanges.map(bookingEventType),
  async handle(event) {
    const facts = readBookingChange(event)
    const change = emailedChanges.find((candidate) => candidate === facts?.change)
    if (!facts || !change) return
    const booking = await findBookingById(facts.bookingId)
    if (!booking) return
    const email = bookingEmail(change, await loadBookingEmailContext(booking), facts.actor ?? undefined, facts.proposalId)
    const decision = await decideDelivery({ userId: email.recipientId, kind: 'bookings', channel: 'email' })
    if (decision.send === 'never') return
    await queueEmail(db, email)
    void deliverEmailsSoon()
  },
}
