import { localDateTime } from '#app/lib/zoned-time.ts'
import { vTimezoneLines } from './ics-time-zones.ts'

// iCalendar (RFC 5545) text for calendar feeds: what any calendar app can subscribe to. A single event's times
// are UTC; a weekly one (RRULE) and its moved occurrences are written in their zone's local time, with that zone's
// VTIMEZONE, so they keep their clock time across daylight-saving changes. Text is escaped and lines are folded
// at 75 octets with CRLF.

export type IcsEvent = {
  /** Stable across feed refreshes, so calendar apps update an event instead of adding another. */
  uid: string
  start: number
  end: number
  summary: string
  description?: string | null
  location?: string | null
  url?: string | null
  /** When the event last changed (DTSTAMP). */
  updatedAt: number
  status?: 'CONFIRMED' | 'CANCELLED'
  /** An IANA zone: the times are written as its local times (DTSTART;TZID=...), as a weekly event needs. */
  timeZone?: string
  /** Repeats weekly on these ISO weekdays (in `timeZone`) until `until`, except the occurrences starting at `exceptions`. */
  recurrence?: { weekdays: readonly number[]; until: number | null; exceptions: readonly number[] }
  /** One occurrence of the recurring event with the same uid, moved: the start it had (RECURRENCE-ID). */
  recurrenceId?: number
}

const utc = (instant: number) => new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

const byDay = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const

/** A DATE-TIME property: UTC, or the zone's local time with its TZID. */
function timeProperty(name: string, instant: number, timeZone: string | undefined) {
  if (!timeZone) return `${name}:${utc(instant)}`
  const { date, time } = localDateTime(instant, timeZone)
  return `${name};TZID=${timeZone}:${date.replace(/-/g, '')}T${time.replace(':', '')}00`
}

export type IcsRecurrence = NonNullable<IcsEvent['recurrence']>

/** The RRULE and EXDATE lines of a weekly event in its zone: the feed writes them, and Google Calendar takes the same lines. */
export function recurrenceLines({ weekdays, until, exceptions }: IcsRecurrence, timeZone: string | undefined) {
  const days = weekdays.map((day) => byDay[day - 1]).join(',')
  return [
    // UNTIL is UTC when DTSTART has a TZID (RFC 5545 3.3.10).
    `RRULE:FREQ=WEEKLY;BYDAY=${days}${until === null ? '' : `;UNTIL=${utc(until)}`}`,
    ...exceptions.map((start) => timeProperty('EXDATE', start, timeZone)),
  ]
}

/**
 * VTIMEZONE blocks for the zones the events name, from the year before their first time through two years past their
 * last (or now): a weekly event without an end repeats past them, and the feed is read again long before that.
 */
function timeZoneLines(events: readonly IcsEvent[], now: number) {
  const zones = new Map<string, number[]>()
  for (const event of events) {
    if (!event.timeZone) continue
    const times = zones.get(event.timeZone) ?? []
    times.push(event.start, event.end, ...(event.recurrence?.exceptions ?? []))
    if (event.recurrence?.until) times.push(event.recurrence.until)
    if (event.recurrenceId !== undefined) times.push(event.recurrenceId)
    zones.set(event.timeZone, times)
  }
  return [...zones].flatMap(([timeZone, times]) => {
    const from = Date.UTC(new Date(Math.min(...times)).getUTCFullYear() - 1, 0, 1)
    const to = Date.UTC(new Date(Math.max(...times, now)).getUTCFullYear() + 3, 0, 1)
    return vTimezoneLines(timeZone, from, to)
  })
}

/** TEXT values: backslash, semicolon, comma and line breaks escaped. */
export const escapeText = (text: string) => text.replace(/\\/g, '\\\\').replace(/;/g, '\\;').replace(/,/g, '\\,').replace(/\r?\n/g, '\\n')

/** Splits a content line into 75-octet pieces, continued with CRLF and a space, never inside a character. */
export function foldLine(line: string) {
  const encoder = new TextEncoder()
  const pieces: string[] = []
  let current = ''
  let octets = 0
  for (const character of line) {
    const size = encoder.encode(character).length
    const limit = pieces.length === 0 ? 75 : 74 // continuation lines start with a space
    if (octets + size > limit) {
      pieces.push(current)
      current = ''
      octets = 0
    }
    current += character
    octets += size
  }
  pieces.push(current)
  return pieces.join('\r\n ')
}

export function renderIcsCalendar(calendar: { name: string; events: readonly IcsEvent[] }, now = Date.now()) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Pawpal//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...timeZoneLines(calendar.events, now),
  ]
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utc(event.updatedAt)}`,
      ...(event.recurrenceId === undefined ? [] : [timeProperty('RECURRENCE-ID', event.recurrenceId, event.timeZone)]),
      timeProperty('DTSTART', event.start, event.timeZone),
      timeProperty('DTEND', event.end, event.timeZone),
      ...(event.recurrence ? recurrenceLines(event.recurrence, event.timeZone) : []),
      `SUMMARY:${escapeText(event.summary)}`,
      ...(event.description ? [`DESCRIPTION:${escapeText(event.description)}`] : []),
      ...(event.location ? [`LOCATION:${escapeText(event.location)}`] : []),
      ...(event.url ? [`URL:${event.url}`] : []),
      `STATUS:${event.status ?? 'CONFIRMED'}`,
      'END:VEVENT',
    )
  }
  lines.push('END:VCALENDAR')
  return `${lines.map(foldLine).join('\r\n')}\r\n`
}
