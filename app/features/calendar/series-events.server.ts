import { expressionBuilder } from 'kysely'
import { href } from 'react-router'
import { datesOf } from '#app/features/bookings/booking-series.server.ts'
import { type BookingRecord, partyOf } from '#app/features/bookings/booking-records.server.ts'
import { type BookingSeries, findSeriesWhere } from '#app/features/bookings/series-records.server.ts'
import { formatWeekdays } from '#app/features/bookings/series-format.ts'
import { bookingSpan, formatSlot } from '#app/features/bookings/slots.ts'
import type { Party } from '#app/features/bookings/transitions.ts'
import type { Database } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { addDays, zonedInstant } from '#app/lib/zoned-time.ts'
import { bookingEventContent, type BookingEventContent, loadEventNames } from './booking-events.server.ts'
import type { IcsEvent } from './ics.ts'

// A weekly series as ONE recurring calendar event, in Google Calendar and in the ICS feed alike (issue 33): it
// starts on the series' first date at its time and repeats on its weekdays (until its end date, when it has one).
// Each date of the pattern up to the last one made into bookings that has no accepted or completed booking (a
// conflict, a skipped date) is an exception; each booking moved by a change both sides agreed to is an occurrence
// of its own at its new time, in place of its pattern date's.

/** Bookings that stand in a calendar; the rest (cancelled, declined) leave their date out. */
const standing = (booking: BookingRecord) => booking.status === 'accepted' || booking.status === 'completed'

export type SeriesOccurrences = {
  /** The end of the series' last day, when it has one. */
  until: number | null
  /** The starts of the pattern dates without a standing booking. */
  exceptions: number[]
  /** Standing bookings no longer at their pattern date's time, with the start they replace. */
  moved: { booking: BookingRecord; originalStart: number }[]
  /** The standing booking of each pattern date that has one. */
  standing: ReadonlyMap<string, BookingRecord>
}

const patternSpan = (series: BookingSeries, date: string) => bookingSpan({ date, timeZone: series.timeZone, slots: series.slots })

/** Where a pattern date's occurrence starts: what names it (its instance id, its RECURRENCE-ID). */
export const patternStart = (series: BookingSeries, date: string) => patternSpan(series, date).start

/** The first date of the pattern at the series' time (the series' first date, or the first of its weekdays after it). */
function firstOccurrence(series: BookingSeries) {
  const [firstDate = series.firstDate] = datesOf(series, series.firstDate, addDays(series.firstDate, 6))
  return patternSpan(series, firstDate)
}

/** The recurring event of a series from its bookings (any of them; those not standing count as absent). */
export function seriesOccurrences(series: BookingSeries, bookings: readonly BookingRecord[]): SeriesOccurrences {
  const booked = new Map<string, BookingRecord>()
  for (const booking of bookings) if (standing(booking) && booking.seriesId === series.id && booking.seriesDate) booked.set(booking.seriesDate, booking)
  const moved = [...booked].flatMap(([date, booking]) => {
    const pattern = patternSpan(series, date)
    const span = bookingSpan(booking)
    return span.start === pattern.start && span.end === pattern.end ? [] : [{ booking, originalStart: pattern.start }]
  })
  return {
    until: series.endDate ? zonedInstant(addDays(series.endDate, 1), '00:00', series.timeZone) - 1000 : null,
    exceptions: datesOf(series, series.firstDate, series.bookedThrough ?? addDays(series.firstDate, -1))
      .filter((date) => !booked.has(date))
      .map((date) => patternStart(series, date)),
    moved: moved.sort((a, b) => a.originalStart - b.originalStart),
    standing: booked,
  }
}

export const seriesUrl = (seriesId: string) => `${env.PUBLIC_URL}${href('/bookings/series/:id', { id: seriesId })}`

/**
 * How the series reads in a party's calendar: its first occurrence's times (the recurring event's own), the summary
 * and place of its bookings (from one of them, with the series' dogs), and a description of the weekly pattern.
 */
export async function seriesEventContent(series: BookingSeries, booking: BookingRecord, viewer: Party): Promise<BookingEventContent> {
  const asSeries = { ...booking, dogIds: series.dogIds, service: series.service, notes: series.notes }
  const names = (await loadEventNames([asSeries]))(asSeries)
  const { summary, location } = bookingEventContent(asSeries, names, viewer)
  const other = viewer === 'sitter' ? names.owner : names.sitter
  const url = seriesUrl(series.id)
  const description = [
    `${formatWeekdays(series.weekdays)}, ${series.slots.map(formatSlot).join(' and ')} (${series.timeZone})`,
    `${viewer === 'sitter' ? 'Owner' : 'Sitter'}: ${other.name}${other.phoneNumber ? `, ${other.phoneNumber}` : ''}`,
    ...(series.notes ? [`Notes: ${series.notes}`] : []),
    `Weekly series: ${url}`,
  ].join('\n')
  return { ...firstOccurrence(series), summary, description, location, url }
}

/**
 * The feed's events of a user's series bookings (those standing): per series one recurring event in the series'
 * zone, and one event with its uid and RECURRENCE-ID per moved booking.
 */
export async function seriesIcsEvents(userId: string, bookings: readonly BookingRecord[]): Promise<IcsEvent[]> {
  const seriesIds = [...new Set(bookings.flatMap((booking) => (booking.seriesId ? [booking.seriesId] : [])))]
  if (seriesIds.length === 0) return []
  const seriesList = await findSeriesWhere(expressionBuilder<Database, 'bookingSeries'>()('bookingSeries.id', 'in', seriesIds))
  const events: IcsEvent[] = []
  for (const series of seriesList) {
    const own = bookings.filter((booking) => booking.seriesId === series.id)
    const [sample] = own
    if (!sample) continue
    const viewer = partyOf(series, userId)
    const uid = `booking-series-${series.id}@pawpal`
    const { until, exceptions, moved } = seriesOccurrences(series, own)
    const updatedAt = Math.max(Date.parse(series.updatedAt), ...own.map((booking) => Date.parse(booking.updatedAt)))
    const content = await seriesEventContent(series, sample, viewer)
    events.push({ uid, ...content, updatedAt, timeZone: series.timeZone, recurrence: { weekdays: series.weekdays, until, exceptions } })
    const namesOf = await loadEventNames(moved.map(({ booking }) => booking))
    for (const { booking, originalStart } of moved) {
      events.push({ uid, ...bookingEventContent(booking, namesOf(booking), viewer), updatedAt: Date.parse(booking.updatedAt), timeZone: series.timeZone, recurrenceId: originalStart })
    }
  }
  return events
}
