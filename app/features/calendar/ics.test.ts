import { describe, expect, test } from 'vitest'
import { escapeText, foldLine, renderIcsCalendar } from './ics.ts'

describe('iCalendar text', () => {
  test('escapes backslashes, semicolons, commas and line breaks', () => {
    expect(escapeText('a\\b;c,d\ne')).toBe('a\\\\b\\;c\\,d\\ne')
  })

  test('folds lines at 75 octets without splitting a character', () => {
    const line = `DESCRIPTION:${'ü'.repeat(60)}`
    const folded = foldLine(line)
    const pieces = folded.split('\r\n')
    expect(pieces.length).toBeGreaterThan(1)
    for (const piece of pieces) expect(Buffer.byteLength(piece)).toBeLessThanOrEqual(75)
    expect(pieces.map((piece, index) => (index === 0 ? piece : piece.slice(1))).join('')).toBe(line)
  })

  test('renders events in UTC with CRLF line ends', () => {
    const text = renderIcsCalendar({
      name: 'Pawpal bookings',
      events: [
        {
          uid: 'booking-1@pawpal',
          start: Date.parse('2026-03-02T08:00:00Z'),
          end: Date.parse('2026-03-02T09:00:00Z'),
          summary: 'Walk, Rex',
          updatedAt: Date.parse('2026-03-01T10:00:00.123Z'),
        },
      ],
    })
    expect(text).toContain('\r\nDTSTART:20260302T080000Z\r\nDTEND:20260302T090000Z\r\nSUMMARY:Walk\\, Rex\r\n')
    expect(text).toContain('DTSTAMP:20260301T100000Z')
    expect(text.startsWith('BEGIN:VCALENDAR\r\n')).toBe(true)
    expect(text.endsWith('END:VCALENDAR\r\n')).toBe(true)
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/)
  })
})
