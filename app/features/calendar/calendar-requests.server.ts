import { expressionBuilder } from 'kysely'
import { getGoogleAccessToken } from '#app/features/accounts/google.server.ts'
import { getTimeZoneOf } from '#app/features/accounts/users.server.ts'
import { GoogleCalendarError, insertEvent, listEvents } from './google-calendar.server.ts'
import type { CalendarEventInput } from './schema.ts'
import type { Database } from '#app/lib/db.server.ts'
import { addDays, defaultTimeZone, localDateTime, zonedInstant } from '#app/lib/zoned-time.ts'
import { addBookingToGoogleCalendars, type CalendarPartyResult, type CalendarSync, ensureGoogleEvent } from './booking-calendar.server.ts'
import { loadEventNames } from './booking-events.server.ts'
import { type BookingRecord, bookingsOfParty, findBookingOfParty, findBookings, partyOf } from '#app/features/bookings/booking-records.server.ts'
import { bookingMessages } from '#app/features/bookings/schema.ts'
import { bookingSpan } from '#app/features/bookings/slots.ts'
import type { Party } from '#app/features/bookings/transitions.ts'

// The spec's calendar calls (section 7, Calendar; section 6: 'Calendar events can be created for the
// current user or for a given owner. Sitter events can be read by sitterId.'), made safe:
// - reading is your own Google Calendar only (someone else's busy times come from the availability read);
// - you may add any event to your own calendar; when it is one of your accepted bookings (same start,
//   and the other party if named) it is that booking's event, so it is never added twice;
// - a sitter may add an event to an owner's calendar only for an accepted booking with that owner, and
//   it is the booking's own event (no free text goes into someone else's calendar).

export const calendarRequestMessages = {
  notLinked: 'Link your Google account to use Google Calendar: sign in with Google once.',
  ownerNotLinked: 'This owner has not linked a Google account, so the booking cannot be added to their calendar.',
  notYourBooking: "You can add an event to an owner's calendar only for an accepted booking of yours with them, at its start time.",
  refused: 'Google no longer grants access to your calendar. Please sign in with Google again.',
  notAccepted: 'Only an accepted booking can be added to a calendar.',
} as const

/**
 * POST /api/bookings/{id}/calendar: adds an accepted booking to both parties' Google Calendars, as an
 * acceptance with 'Add to Google Calendar' does (a retry after a failure, or when the box was unticked).
 */
export async function addAcceptedBookingToCalendars(
  userId: string,
  bookingId: string,
): Promise<{ ok: true; calendar: CalendarSync } | { ok: false; status: 404 | 409; message: string }> {
  const booking = await findBookingOfParty(userId, bookingId)
  if (!booking) return { ok: false, status: 404, message: bookingMessages.bookingNotFound }
  if (booking.status !== 'accepted') return { ok: false, status: 409, message: calendarRequestMessages.notAccepted }
  return { ok: true, calendar: await addBookingToGoogleCalendars(booking) }
}

type Failure = { ok: false; status: 403 | 409 | 502; message: string }

export type CalendarEventAdded = { ok: true; created: boolean; eventId: string; bookingId: string | null }

/** GET /api/auth/google/calendar: the events of your own primary Google Calendar from `from` to `to` (local dates). */
export async function listOwnGoogleEvents(userId: string, range: { from?: string; to?: string }, now = Date.now()) {
  const timeZone = (await getTimeZoneOf(userId)) ?? defaultTimeZone
  const from = range.from ?? localDateTime(now, timeZone).date
  const to = range.to ?? addDays(from, 30)
  const token = await accessTokenOf(userId)
  if (typeof token !== 'string') return token
  try {
    const events = await listEvents(token, {
      timeMin: new Date(zonedInstant(from, '00:00', timeZone)).toISOString(),
      timeMax: new Date(zonedInstant(addDays(to, 1), '00:00', timeZone)).toISOString(),
    })
    return {
      ok: true as const,
      items: events.map((event) => ({
        id: event.id,
        summary: event.summary ?? null,
        location: event.location ?? null,
        htmlLink: event.htmlLink ?? null,
        start: event.start ?? null,
        end: event.end ?? null,
      })),
    }
  } catch (error) {
    return googleFailure(error)
  }
}

/** POST /api/auth/calendar/event: an event in your own calendar (a booking's own event when it is one). */
export async function addEventToOwnCalendar(userId: string, input: CalendarEventInput): Promise<CalendarEventAdded | Failure> {
  const booking = await acceptedBookingStartingAt(userId, input.startDateTime, (candidate) =>
    (!input.sitterId || candidate.sitterId === input.sitterId) && (!input.ownerId || candidate.ownerId === input.ownerId),
  )
  if (booking) return bookingEvent(booking, partyOf(booking, userId), calendarRequestMessages.notLinked)
  const token = await accessTokenOf(userId)
  if (typeof token !== 'string') return token
  try {
    const event = await insertEvent(token, {
      summary: input.summary,
      ...(input.description ? { description: input.description } : {}),
      ...(input.location ? { location: input.location } : {}),
      start: { dateTime: input.startDateTime },
      end: { dateTime: input.endDateTime },
    })
    return { ok: true, created: true, eventId: event.id, bookingId: null }
  } catch (error) {
    return googleFailure(error)
  }
}

/** POST /api/auth/calendar/event/{ownerId}: a sitter adds an accepted booking to the owner's calendar. */
export async function addBookingEventForOwner(userId: string, ownerId: string, input: CalendarEventInput): Promise<CalendarEventAdded | Failure> {
  if (ownerId === userId) return addEventToOwnCalendar(userId, input)
  const booking = await acceptedBookingStartingAt(userId, input.startDateTime, (candidate) => candidate.sitterId === userId && candidate.ownerId === ownerId)
  if (!booking) return { ok: false, status: 403, message: calendarRequestMessages.notYourBooking }
  return bookingEvent(booking, 'owner', calendarRequestMessages.ownerNotLinked)
}

async function bookingEvent(booking: BookingRecord, party: Party, notLinkedMessage: string): Promise<CalendarEventAdded | Failure> {
  const names = (await loadEventNames([booking]))(booking)
  const result: CalendarPartyResult = await ensureGoogleEvent(booking, names, party)
  if (result.outcome === 'not-linked') return { ok: false, status: 409, message: notLinkedMessage }
  if (result.outcome === 'failed' || !result.eventId) return { ok: false, status: 502, message: result.error ?? 'Google Calendar failed' }
  return { ok: true, created: result.outcome === 'created', eventId: result.eventId, bookingId: booking.id }
}

/** The user's accepted booking that starts at that instant (and passes `matches`), if any. */
async function acceptedBookingStartingAt(userId: string, startDateTime: string, matches: (booking: BookingRecord) => boolean) {
  const start = Date.parse(startDateTime)
  const day = new Date(start).toISOString().slice(0, 10)
  const on = expressionBuilder<Database, 'bookings'>()
  const candidates = await findBookings(
    on.and([
      bookingsOfParty(userId),
      on('bookings.status', '=', 'accepted'),
      on('bookings.date', '>=', addDays(day, -1)),
      on('bookings.date', '<=', addDays(day, 1)),
    ]),
  )
  return candidates.find((booking) => bookingSpan(booking).start === start && matches(booking)) ?? null
}

async function accessTokenOf(userId: string): Promise<string | Failure> {
  try {
    return (await getGoogleAccessToken(userId)) ?? { ok: false, status: 409, message: calendarRequestMessages.notLinked }
  } catch {
    return { ok: false, status: 502, message: calendarRequestMessages.refused }
  }
}

function googleFailure(error: unknown): Failure {
  if (!(error instanceof GoogleCalendarError)) throw error
  return { ok: false, status: 502, message: `Google Calendar failed: ${error.message}` }
}
