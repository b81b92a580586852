import { createHash } from 'node:crypto'
import { expressionBuilder } from 'kysely'
import { getGoogleAccessToken } from '#app/features/accounts/google.server.ts'
import { bookingEventType } from '#app/features/bookings/booking-change-types.ts'
import { readBookingChange } from '#app/features/bookings/booking-changes.server.ts'
import { type BookingRecord, findBookingById, findBookings } from '#app/features/bookings/booking-records.server.ts'
import { seriesEventType } from '#app/features/bookings/series-change-types.ts'
import { type BookingSeries, findSeries, readSeriesChange } from '#app/features/bookings/series-records.server.ts'
import type { Party } from '#app/features/bookings/transitions.ts'
import { db, type Database } from '#app/lib/db.server.ts'
import type { StoredEvent, Subscriber } from '#app/lib/events.server.ts'
import { formatZonedIso } from '#app/lib/zoned-time.ts'
import type { CalendarOutcome, CalendarPartyResult } from './booking-calendar.server.ts'
import { bookingEventContent, type BookingEventContent, loadEventNames } from './booking-events.server.ts'
import { deleteEvent, GoogleCalendarError, type GoogleEventInput, insertEvent, instanceIdOf, updateEvent, updateEventInstance } from './google-calendar.server.ts'
import { recurrenceLines } from './ics.ts'
import { patternStart, type SeriesOccurrences, seriesEventContent, seriesOccurrences } from './series-events.server.ts'

// A weekly series in the parties' Google Calendars (issue 33): ONE recurring event per party that linked Google,
// never one per booking. It is made when the sitter accepts with 'Add to Google Calendar', under an id derived from
// series and user (stored in seriesCalendarEvents), so a retry never makes a second. Every later change (a date
// skipped or moved, conflicts found by the sweep, the series ended) rewrites the same event: the whole recurrence
// (RRULE, EXDATE) on the event, each moved date as an override of its occurrence (kept in seriesCalendarOverrides),
// and a moved date's override deleted once its booking is cancelled. A calendar that fails never fails the series:
// the delivery of the change's event is retried.

/** Our event id for a series in a user's calendar (Google allows a-v and 0-9, so hex digits will do). */
export const seriesGoogleEventIdFor = (seriesId: string, userId: string) =>
  createHash('sha256').update(`pawpal-booking-series:${seriesId}:${userId}`).digest('hex').slice(0, 40)

const findSeriesCalendarEvents = (seriesId: string) => db.selectFrom('seriesCalendarEvents').select(['userId', 'eventId']).where('seriesId', '=', seriesId).execute()

async function saveSeriesCalendarEvent(seriesId: string, userId: string, eventId: string) {
  await db
    .insertInto('seriesCalendarEvents')
    .values({ seriesId, userId, eventId, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['seriesId', 'userId']).doNothing())
    .execute()
}

const parties = ['sitter', 'owner'] as const

/**
 * Brings the series' recurring event up to date in the calendar of each party (of `only` when given) that has one;
 * with `addMissing`, also makes it for each linked party that has none. Idempotent: run it after any change.
 */
export async function syncSeriesInGoogleCalendars(seriesId: string, { addMissing = false, only = parties }: { addMissing?: boolean; only?: readonly Party[] } = {}) {
  const series = await findSeries(seriesId)
  if (!series?.bookedThrough) return []
  const bookings = await findBookings(expressionBuilder<Database, 'bookings'>()('bookings.seriesId', '=', series.id))
  const [sample] = bookings
  if (!sample) return []
  const occurrences = seriesOccurrences(series, bookings)
  const stored = await findSeriesCalendarEvents(series.id)
  const results: CalendarPartyResult[] = []
  for (const party of only) {
    const userId = party === 'owner' ? series.ownerId : series.sitterId
    const storedId = stored.find((event) => event.userId === userId)?.eventId ?? null
    if (storedId || addMissing) results.push(await syncPartyEvent({ series, occurrences, sample, party, userId, storedId }))
  }
  return results
}

/** One party's event of a series booking (the 'Add to Google Calendar' of one of its bookings): the series' event. */
export async function ensureSeriesGoogleEvent(seriesId: string, party: Party): Promise<CalendarPartyResult> {
  const [result] = await syncSeriesInGoogleCalendars(seriesId, { addMissing: true, only: [party] })
  return result ?? { party, outcome: 'failed', eventId: null, error: 'The weekly series has no bookings' }
}

type PartySync = { series: BookingSeries; occurrences: SeriesOccurrences; sample: BookingRecord; party: Party; userId: string; storedId: string | null }

async function syncPartyEvent({ series, occurrences, sample, party, userId, storedId }: PartySync): Promise<CalendarPartyResult> {
  let accessToken: string | null
  try {
    accessToken = await getGoogleAccessToken(userId)
  } catch {
    return { party, outcome: 'failed', eventId: storedId, error: 'Google no longer grants access. Please sign in with Google again.' }
  }
  if (!accessToken) return { party, outcome: 'not-linked', eventId: storedId }
  const eventId = storedId ?? seriesGoogleEventIdFor(series.id, userId)
  const recurring = {
    ...googleEventOf(await seriesEventContent(series, sample, party), series.timeZone),
    recurrence: recurrenceLines({ weekdays: series.weekdays, until: occurrences.until, exceptions: occurrences.exceptions }, series.timeZone),
  }
  try {
    const outcome = storedId ? 'exists' : await insertOnce(accessToken, eventId, recurring)
    if (outcome === 'exists') await updateEvent(accessToken, eventId, recurring)
    if (!storedId) await saveSeriesCalendarEvent(series.id, userId, eventId)
    await syncOverrides({ series, occurrences, party, userId, accessToken, eventId })
    return { party, outcome, eventId }
  } catch (error) {
    if (!(error instanceof GoogleCalendarError)) throw error
    return { party, outcome: 'failed', eventId: storedId, error: error.message }
  }
}

/**
 * Each moved date's occurrence is an override at its new time, kept in seriesCalendarOverrides. One whose date moved
 * back is rewritten at the pattern time (the override would keep the old one), and one whose booking was cancelled is
 * deleted, once: the date's EXDATE leaves out its pattern occurrence, but not the override, an event of its own.
 */
async function syncOverrides({ series, occurrences, party, userId, accessToken, eventId }: Omit<PartySync, 'sample' | 'storedId'> & { accessToken: string; eventId: string }) {
  const overridden = await findOverriddenDates(series.id, userId)
  const moved = new Set(occurrences.moved.map(({ booking }) => booking.seriesDate))
  for (const [date, booking] of occurrences.standing) {
    if (!moved.has(date) && !overridden.has(date)) continue
    const names = (await loadEventNames([booking]))(booking)
    await updateEventInstance(accessToken, eventId, googleTime(patternStart(series, date), series.timeZone), googleEventOf(bookingEventContent(booking, names, party), booking.timeZone))
    if (!overridden.has(date)) await saveOverriddenDate(series.id, userId, date)
  }
  for (const date of overridden) {
    if (occurrences.standing.has(date)) continue
    await deleteEvent(accessToken, instanceIdOf(eventId, patternStart(series, date)))
    await forgetOverriddenDate(series.id, userId, date)
  }
}

async function findOverriddenDates(seriesId: string, userId: string) {
  const rows = await db.selectFrom('seriesCalendarOverrides').select('seriesDate').where('seriesId', '=', seriesId).where('userId', '=', userId).execute()
  return new Set(rows.map((row) => row.seriesDate))
}

async function saveOverriddenDate(seriesId: string, userId: string, seriesDate: string) {
  await db
    .insertInto('seriesCalendarOverrides')
    .values({ seriesId, userId, seriesDate, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['seriesId', 'userId', 'seriesDate']).doNothing())
    .execute()
}

async function forgetOverriddenDate(seriesId: string, userId: string, seriesDate: string) {
  await db.deleteFrom('seriesCalendarOverrides').where('seriesId', '=', seriesId).where('userId', '=', userId).where('seriesDate', '=', seriesDate).execute()
}

/** Inserts the event under our id; 409 says an earlier attempt (whose answer was lost) or one racing this made it. */
async function insertOnce(accessToken: string, eventId: string, event: GoogleEventInput): Promise<CalendarOutcome> {
  try {
    await insertEvent(accessToken, { id: eventId, ...event })
    return 'created'
  } catch (error) {
    if (error instanceof GoogleCalendarError && error.status === 409) return 'exists'
    throw error
  }
}

const googleTime = (instant: number, timeZone: string) => ({ dateTime: formatZonedIso(instant, timeZone), timeZone })

function googleEventOf(content: BookingEventContent, timeZone: string): GoogleEventInput {
  return {
    summary: content.summary,
    description: content.description,
    ...(content.location ? { location: content.location } : {}),
    start: googleTime(content.start, timeZone),
    end: googleTime(content.end, timeZone),
  }
}

/** The series an event concerns: its own, or the series of the booking it names (null for a single booking). */
async function seriesOf(event: StoredEvent) {
  const change = readSeriesChange(event)
  if (change) return { seriesId: change.seriesId, addMissing: change.change === 'accepted' && change.addToCalendar }
  const booking = readBookingChange(event)
  const seriesId = booking && (await findBookingById(booking.bookingId))?.seriesId
  return seriesId ? { seriesId, addMissing: false } : null
}

/**
 * Follows a series' recorded changes (decision 038): its acceptance with 'Add to Google Calendar' makes the recurring
 * events, and the changes after it (a booking of it cancelled or moved, new conflicts, the end) rewrite them.
 * A party whose calendar failed is retried with the delivery.
 */
export const seriesCalendarSubscriber: Subscriber = {
  name: 'series-google-calendar',
  types: [seriesEventType('accepted'), seriesEventType('conflicts'), seriesEventType('ended'), bookingEventType('cancelled'), bookingEventType('changed')],
  async handle(event) {
    const target = await seriesOf(event)
    if (!target) return undefined
    const results = await syncSeriesInGoogleCalendars(target.seriesId, { addMissing: target.addMissing })
    const failed = results.find((result) => result.outcome === 'failed')
    if (failed) throw new Error(`Google Calendar event of weekly series ${target.seriesId} not updated for the ${failed.party}: ${failed.error ?? 'Google Calendar failed'}`)
    return results
  },
}
