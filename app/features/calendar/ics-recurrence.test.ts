import ICAL from 'ical.js'
import { describe, expect, test } from 'vitest'
import { offsetChanges } from './ics-time-zones.ts'
import { renderIcsCalendar } from './ics.ts'

// A weekly event in the feed, read back by ical.js (as a calendar app would read it): its local time holds across
// a daylight-saving change, its exceptions are left out and a moved occurrence is at its new time.

/** The starts ical.js expands from a feed's recurring event (with its moved occurrences), up to `until`, as UTC ISO. */
function expandedStarts(text: string, until: string) {
  const calendar = ICAL.Component.fromString(text)
  const vevents = calendar.getAllSubcomponents('vevent')
  const master = vevents.find((vevent) => vevent.hasProperty('rrule'))
  if (!master) throw new Error('No recurring event in the feed')
  const event = new ICAL.Event(master, { exceptions: vevents.filter((vevent) => vevent !== master) })
  const iterator = event.iterator()
  const starts: string[] = []
  for (let next = iterator.next(); next && next.toJSDate().toISOString() <= until; next = iterator.next()) {
    starts.push(event.getOccurrenceDetails(next).startDate.toJSDate().toISOString())
  }
  return starts
}

describe('a weekly event in the feed', () => {
  // Mondays and Fridays 08:00-08:30 in Zurich from Friday 27 March 2026; summer time begins on Sunday 29 March.
  const weekly = {
    uid: 'booking-series-1@pawpal',
    start: Date.parse('2026-03-27T07:00:00Z'),
    end: Date.parse('2026-03-27T07:30:00Z'),
    summary: 'Dog Walking for Rex with Sam Sitter',
    updatedAt: Date.parse('2026-03-20T10:00:00Z'),
    timeZone: 'Europe/Zurich',
    recurrence: { weekdays: [1, 5], until: Date.parse('2026-04-10T21:59:59Z'), exceptions: [Date.parse('2026-04-03T06:00:00Z')] },
  }
  const moved = { ...weekly, recurrence: undefined, start: Date.parse('2026-04-06T09:00:00Z'), end: Date.parse('2026-04-06T09:30:00Z'), recurrenceId: Date.parse('2026-03-30T06:00:00Z') }

  test('is written in its zone with RRULE, EXDATE, RECURRENCE-ID and the zone defined', () => {
    const text = renderIcsCalendar({ name: 'Pawpal bookings', events: [weekly, moved] }, Date.parse('2026-03-20T10:00:00Z'))
    const lines = text.replace(/\r\n /g, '').split('\r\n')
    expect(lines).toEqual(
      expect.arrayContaining([
        'TZID:Europe/Zurich',
        'DTSTART;TZID=Europe/Zurich:20260327T080000',
        'DTEND;TZID=Europe/Zurich:20260327T083000',
        'RRULE:FREQ=WEEKLY;BYDAY=MO,FR;UNTIL=20260410T215959Z',
        'EXDATE;TZID=Europe/Zurich:20260403T080000',
        'RECURRENCE-ID;TZID=Europe/Zurich:20260330T080000',
        'DTSTART;TZID=Europe/Zurich:20260406T110000',
      ]),
    )
    expect(lines.filter((line) => line.startsWith('UID:'))).toEqual(['UID:booking-series-1@pawpal', 'UID:booking-series-1@pawpal'])
  })

  test('ical.js reads it at 08:00 Zurich time before and after summer time begins, without the exception, the moved one moved', () => {
    const text = renderIcsCalendar({ name: 'Pawpal bookings', events: [weekly, moved] }, Date.parse('2026-03-20T10:00:00Z'))
    expect(expandedStarts(text, '2026-12-31T00:00:00.000Z')).toEqual([
      '2026-03-27T07:00:00.000Z', // Friday, winter time
      '2026-04-06T09:00:00.000Z', // Monday 30 March moved to Monday 6 April at 11:00
      '2026-04-06T06:00:00.000Z', // Monday, summer time (Friday 3 April is skipped)
      '2026-04-10T06:00:00.000Z', // Friday, the last
    ])
  })
})

describe("a zone's offset changes", () => {
  test('are found to the minute, from Intl', () => {
    expect(offsetChanges('Europe/Zurich', Date.parse('2026-01-01T00:00:00Z'), Date.parse('2027-01-01T00:00:00Z'))).toEqual([
      { at: Date.parse('2026-03-29T01:00:00Z'), before: 60, after: 120 },
      { at: Date.parse('2026-10-25T01:00:00Z'), before: 120, after: 60 },
    ])
    expect(offsetChanges('Asia/Kolkata', Date.parse('2026-01-01T00:00:00Z'), Date.parse('2027-01-01T00:00:00Z'))).toEqual([])
  })
})
