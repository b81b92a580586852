import { expressionBuilder, type Kysely, type Transaction } from 'kysely'
import { db, type Database } from '#app/lib/db.server.ts'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import { deliverEmailsSoon, queueEmail } from '#app/lib/email-outbox.server.ts'
import { recordEvent, type StoredEvent, type Subscriber } from '#app/lib/events.server.ts'
import { addBookingToGoogleCalendars, type CalendarSync, removeBookingFromGoogleCalendars } from './booking-calendar.server.ts'
import { bookingEmail, loadBookingEmailContext } from './booking-emails.server.ts'
import { findBooking } from './booking-records.server.ts'
import type { Party } from './transitions.ts'

// Every change of a booking is recorded as a domain event in the transaction that made it (decision 038);
// its e-mail and its Google Calendar events follow from subscribers of these events, never from the writer.
// Reviews and replies record their own events (reviews/review-writes.server.ts).
// The live push of a change is wired by the composition root (app/event-subscribers.server.ts).

export const bookingChanges = ['requested', 'accepted', 'rejected', 'cancelled', 'expired', 'completed'] as const
export type BookingChange = (typeof bookingChanges)[number]

export const bookingEventType = (change: BookingChange) => `booking.${change}`
export const bookingEventTypes = bookingChanges.map(bookingEventType)

export type BookingChangeFacts = {
  /** The party that made the change; none for an expiry. */
  actor: Party | null
  from: BookingStatus | null
  /** An acceptance: whether the confirming party asked for Google Calendar events. */
  addToCalendar?: boolean
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

const on = expressionBuilder<Database, 'bookings'>()
const loadBooking = (bookingId: string) => findBooking(on('bookings.id', '=', bookingId))

/** Who a booking concerns and where it stands now, for the live push of its changes; null when it is gone. */
export async function bookingPartiesOf(bookingId: string) {
  const booking = await loadBooking(bookingId)
  return booking ? { ownerId: booking.ownerId, sitterId: booking.sitterId, status: booking.status } : null
}

const emailedChanges = ['requested', 'accepted', 'rejected', 'cancelled', 'expired'] as const satisfies readonly BookingChange[]

/** The e-mail of a change, queued in the e-mail outbox under a key per booking and change, so it is sent once. */
export const bookingEmailSubscriber: Subscriber = {
  name: 'booking-emails',
  types: emailedChanges.map(bookingEventType),
  async handle(event) {
    const facts = readBookingChange(event)
    const change = emailedChanges.find((candidate) => candidate === facts?.change)
    if (!facts || !change) return
    const booking = await loadBooking(facts.bookingId)
    if (!booking) return
    await queueEmail(db, bookingEmail(change, await loadBookingEmailContext(booking), facts.actor ?? undefined))
    void deliverEmailsSoon()
  },
}

/** Thrown so the delivery is retried; carries what to tell the party that accepted. */
export class CalendarSyncFailed extends Error {
  readonly sync: CalendarSync
  constructor(sync: CalendarSync) {
    super(sync.message)
    this.sync = sync
  }
}

/**
 * An accepted booking (when asked) goes into both parties' Google Calendars; a cancelled one that was
 * accepted leaves them. A party whose calendar failed is retried with the delivery; events already made
 * are found by their ids, so a retry never makes a second one.
 */
export const bookingCalendarSubscriber: Subscriber = {
  name: 'booking-google-calendar',
  types: [bookingEventType('accepted'), bookingEventType('cancelled')],
  async handle(event): Promise<CalendarSync | undefined> {
    const facts = readBookingChange(event)
    if (!facts) return undefined
    if (facts.change === 'cancelled') {
      if (facts.from === 'accepted' && !(await removeBookingFromGoogleCalendars(facts.bookingId))) {
        throw new Error(`Google Calendar events of booking ${facts.bookingId} are not all deleted yet`)
      }
      return undefined
    }
    if (!facts.addToCalendar) return undefined
    const booking = await loadBooking(facts.bookingId)
    if (!booking || booking.status !== 'accepted') return undefined
    const sync = await addBookingToGoogleCalendars(booking)
    if (sync.results.some((result) => result.outcome === 'failed')) throw new CalendarSyncFailed(sync)
    return sync
  },
}
