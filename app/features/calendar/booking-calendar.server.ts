import { createHash } from 'node:crypto'
import { getGoogleAccessToken } from '#app/features/accounts/google.server.ts'
import {
  findCalendarEvents,
  forgetCalendarEvent,
  saveCalendarEvent,
} from './calendar-events.server.ts'
import { deleteEvent, GoogleCalendarError, insertEvent, updateEvent } from './google-calendar.server.ts'
import { bookingEventType } from '#app/features/bookings/booking-change-types.ts'
import { readBookingChange } from '#app/features/bookings/booking-changes.server.ts'
import { type BookingRecord, findBookingById } from '#app/features/bookings/booking-records.server.ts'
import type { StatusChange } from '#app/features/bookings/schema.ts'
import { changeBookingStatus } from '#app/features/bookings/status-change.server.ts'
import type { Party } from '#app/features/bookings/transitions.ts'
import type { DeliveryResult, Subscriber } from '#app/lib/events.server.ts'
import { formatZonedIso } from '#app/lib/zoned-time.ts'
import { bookingEventContent, type BookingEventNames, loadEventNames } from './booking-events.server.ts'
import { ensureSeriesGoogleEvent } from './series-calendar.server.ts'

// Accepted bookings in the parties' Google Calendars (DESIGN.md ruling 11): one event in the sitter's
// and one in the owner's primary calendar, for each party that linked Google. The event id is derived
// from booking and user and stored, so a retry (or two at once) never makes a second event. A calendar
// that fails never fails the booking: the caller gets what happened per party. A cancelled booking's
// events are deleted; a deletion that fails is retried with the delivery of the cancellation's event.

export type CalendarOutcome = 'created' | 'exists' | 'not-linked' | 'failed'

export type CalendarPartyResult = { party: Party; outcome: CalendarOutcome; eventId: string | null; error?: string }

export type CalendarSync = {
  /** True when every party that linked Google has the event (and at least one did). */
  added: boolean
  results: CalendarPartyResult[]
  message: string
}

export const calendarMessages = {
  added: 'Added to Google Calendar.',
  nobodyLinked: 'Not added to Google Calendar: neither party has linked a Google account.',
  failed: (who: string, error: string) => `Could not add it to Google Calendar for the ${who}: ${error}`,
} as const

/** Our event id for a booking in a user's calendar (Google allows a-v and 0-9, so hex digits will do). */
export const googleEventIdFor = (bookingId: string, userId: string) =>
  createHash('sha256').update(`pawpal-booking:${bookingId}:${userId}`).digest('hex').slice(0, 40)

/** Thrown so the delivery is retried; carries what to tell the party that accepted. */
export class CalendarSyncFailed extends Error {
  readonly sync: CalendarSync
  constructor(sync: CalendarSync) {
    super(sync.message)
    this.sync = sync
  }
}

/**
 * Follows a booking's recorded changes (decision 038): an acceptance with 'Add to Google Calendar' adds
 * the booking to both parties' calendars, a cancelled acceptance removes it. A party whose calendar failed
 * is retried with the delivery; events already made are found by their ids, so none is made twice.
 */
export const bookingCalendarSubscriber: Subscriber = {
  name: 'booking-google-calendar',
  types: [bookingEventType('accepted'), bookingEventType('cancelled'), bookingEventType('changed')],
  async handle(event): Promise<CalendarSync | undefined> {
    const facts = readBookingChange(event)
    if (!facts) return undefined
    if (facts.change === 'changed') {
      if (!(await updateBookingInGoogleCalendars(facts.bookingId))) throw new Error(`Google Calendar events of booking ${facts.bookingId} are not all updated yet`)
      return undefined
    }
    if (facts.change === 'cancelled') {
      if (facts.from === 'accepted' && !(await removeBookingFromGoogleCalendars(facts.bookingId))) {
        throw new Error(`Google Calendar events of booking ${facts.bookingId} are not all deleted yet`)
      }
      return undefined
    }
    if (!facts.addToCalendar) return undefined
    const booking = await findBookingById(facts.bookingId)
    if (booking?.status !== 'accepted') return undefined
    const sync = await addBookingToGoogleCalendars(booking)
    if (sync.results.some((result) => result.outcome === 'failed')) throw new CalendarSyncFailed(sync)
    return sync
  },
}

/**
 * A status change by one of the parties (bookings' changeBookingStatus), with what became of the
 * calendars: the change has committed and its calendar events followed from its recorded event, so an
 * acceptance with 'Add to Google Calendar' reports them; a failure is retried later, never thrown.
 */
export async function changeBookingStatusAndCalendars(user: { id: string }, bookingId: string, change: StatusChange, now = Date.now()) {
  const outcome = await changeBookingStatus(user, bookingId, change, now)
  if (!outcome.ok) return outcome
  const calendar = change.status === 'accepted' && change.addToCalendar ? calendarReport(outcome.delivered.get(bookingCalendarSubscriber.name)) : null
  return { ...outcome, calendar }
}

function calendarReport(result: DeliveryResult | undefined): CalendarSync {
  if (!result) return calendarFailed
  if (result.ok) return (result.value as CalendarSync | undefined) ?? calendarFailed
  return result.error instanceof CalendarSyncFailed ? result.error.sync : calendarFailed
}

const calendarFailed: CalendarSync = {
  added: false,
  results: [],
  message: 'Could not add it to Google Calendar. You can try again from the booking.',
}

/** Makes sure the booking is in the Google Calendar of each party that linked Google. */
export async function addBookingToGoogleCalendars(booking: BookingRecord): Promise<CalendarSync> {
  const names = (await loadEventNames([booking]))(booking)
  const results: CalendarPartyResult[] = []
  for (const party of ['sitter', 'owner'] as const) results.push(await ensureGoogleEvent(booking, names, party))
  return { added: summarise(results).added, results, message: summarise(results).message }
}

function summarise(results: readonly CalendarPartyResult[]) {
  const linked = results.filter((result) => result.outcome !== 'not-linked')
  const failed = results.find((result) => result.outcome === 'failed')
  if (failed) return { added: false, message: calendarMessages.failed(failed.party, failed.error ?? 'Google Calendar failed') }
  if (linked.length === 0) return { added: false, message: calendarMessages.nobodyLinked }
  return { added: true, message: calendarMessages.added }
}

/** One party's event for the booking: created now, already there, or why not. */
export async function ensureGoogleEvent(booking: BookingRecord, names: BookingEventNames, party: Party): Promise<CalendarPartyResult> {
  // A booking of a weekly series is an occurrence of the series' one recurring event (series-calendar.server.ts).
  if (booking.seriesId) return ensureSeriesGoogleEvent(booking.seriesId, party)
  const userId = party === 'owner' ? booking.ownerId : booking.sitterId
  const stored = (await findCalendarEvents(booking.id)).find((event) => event.userId === userId)
  if (stored) return { party, outcome: 'exists', eventId: stored.eventId }
  let accessToken: string | null
  try {
    accessToken = await getGoogleAccessToken(userId)
  } catch {
    return { party, outcome: 'failed', eventId: null, error: 'Google no longer grants access. Please sign in with Google again.' }
  }
  if (!accessToken) return { party, outcome: 'not-linked', eventId: null }
  const eventId = googleEventIdFor(booking.id, userId)
  let outcome: CalendarOutcome = 'created'
  try {
    await insertEvent(accessToken, { id: eventId, ...googleEventOf(booking, names, party) })
  } catch (error) {
    // 409: an event with our id exists already (an earlier attempt whose answer was lost, or one racing this).
    if (!(error instanceof GoogleCalendarError)) throw error
    if (error.status !== 409) return { party, outcome: 'failed', eventId: null, error: error.message }
    outcome = 'exists'
  }
  await saveCalendarEvent(booking.id, userId, eventId)
  return { party, outcome, eventId }
}

/** Rewrites the events the booking already has after a change both sides agreed to (its id stays, so never a second). */
export async function updateBookingInGoogleCalendars(bookingId: string) {
  const booking = await findBookingById(bookingId)
  const stored = await findCalendarEvents(bookingId)
  if (!booking || stored.length === 0) return true
  const names = (await loadEventNames([booking]))(booking)
  let complete = true
  for (const { userId, eventId } of stored) {
    try {
      const accessToken = await getGoogleAccessToken(userId)
      if (accessToken) await updateEvent(accessToken, eventId, googleEventOf(booking, names, userId === booking.ownerId ? 'owner' : 'sitter'))
    } catch (error) {
      complete = false
      console.warn(`Could not update Google Calendar event ${eventId} of booking ${bookingId}:`, error instanceof Error ? error.message : error)
    }
  }
  return complete
}

/** A party's Google event of the booking: its summary, description, place and times in the booking's zone. */
function googleEventOf(booking: BookingRecord, names: BookingEventNames, party: Party) {
  const content = bookingEventContent(booking, names, party)
  return {
    summary: content.summary,
    description: content.description,
    ...(content.location ? { location: content.location } : {}),
    start: { dateTime: formatZonedIso(content.start, booking.timeZone), timeZone: booking.timeZone },
    end: { dateTime: formatZonedIso(content.end, booking.timeZone), timeZone: booking.timeZone },
  }
}

/** Deletes the booking's events from the parties' calendars; what fails stays stored for a retry. */
export async function removeBookingFromGoogleCalendars(bookingId: string) {
  let complete = true
  for (const { userId, eventId } of await findCalendarEvents(bookingId)) {
    try {
      const accessToken = await getGoogleAccessToken(userId)
      if (accessToken) await deleteEvent(accessToken, eventId)
      await forgetCalendarEvent(bookingId, userId)
    } catch (error) {
      complete = false
      console.warn(`Could not delete Google Calendar event ${eventId} of booking ${bookingId}:`, error instanceof Error ? error.message : error)
    }
  }
  return complete
}
