// iCalendar (RFC 5545) text for calendar feeds: what any calendar app can subscribe to. Times are UTC,
// so no VTIMEZONE blocks are needed; text is escaped and lines are folded at 75 octets with CRLF.

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
}

const utc = (instant: number) => new Date(instant).toISOString().replace(/[-:]/g, '').replace(/\.\d{3}/, '')

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

export function renderIcsCalendar(calendar: { name: string; events: readonly IcsEvent[] }) {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Pawpal//Bookings//EN',
    'CALSCALE:GREGORIAN',
    'METHOD:PUBLISH',
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
  ]
  for (const event of calendar.events) {
    lines.push(
      'BEGIN:VEVENT',
      `UID:${escapeText(event.uid)}`,
      `DTSTAMP:${utc(event.updatedAt)}`,
      `DTSTART:${utc(event.start)}`,
      `DTEND:${utc(event.end)}`,
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
