import { expect, test } from 'vitest'
import { formatClock, formatDayHeading, formatListTime } from './message-format.ts'

const now = '2026-03-10T12:00:00.000Z'

test("days read as the viewer's zone sees them", () => {
  expect(formatDayHeading('2026-03-10T08:00:00.000Z', now, 'Europe/Zurich')).toBe('Today')
  expect(formatDayHeading('2026-03-09T23:30:00.000Z', now, 'Europe/Zurich')).toBe('Today') // 00:30 in Zurich
  expect(formatDayHeading('2026-03-09T23:30:00.000Z', now, 'America/New_York')).toBe('Yesterday')
  expect(formatDayHeading('2026-03-02T10:00:00.000Z', now, 'Europe/Zurich')).toBe('Monday, March 2, 2026')
})

test('clock times read on the 24-hour clock', () => {
  expect(formatListTime('2026-03-10T15:39:00.000Z', now, 'Europe/Zurich')).toBe('16:39')
})

test('the list shows the clock today, Yesterday, then the date', () => {
  expect(formatListTime('2026-03-10T08:05:00.000Z', now, 'Europe/Zurich')).toBe('09:05')
  expect(formatListTime('2026-03-09T08:05:00.000Z', now, 'Europe/Zurich')).toBe('Yesterday')
  expect(formatListTime('2026-03-02T08:05:00.000Z', now, 'Europe/Zurich')).toBe('Mar 2')
  expect(formatListTime('2025-12-24T08:05:00.000Z', now, 'Europe/Zurich')).toBe('Dec 24, 2025')
})

test("clock times and day headings are Intl's en-US readings in the viewer's zone (they are written out, not made by Intl)", () => {
  for (const timeZone of ['Europe/Zurich', 'America/New_York', 'Australia/Lord_Howe', 'Asia/Kolkata']) {
    const clock = new Intl.DateTimeFormat('en-US', { hour: '2-digit', minute: '2-digit', hourCycle: 'h23', timeZone })
    const heading = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone })
    const listDate = new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone })
    for (let instant = Date.parse('2025-01-01T00:00:00Z'); instant < Date.parse('2026-03-01T00:00:00Z'); instant += 53 * 3_600_000 + 7 * 60_000) {
      const iso = new Date(instant).toISOString()
      expect(formatClock(iso, timeZone)).toBe(clock.format(instant))
      expect(formatDayHeading(iso, now, timeZone)).toBe(heading.format(instant))
      expect(formatListTime(iso, now, timeZone)).toBe(listDate.format(instant).replace(/, 2026$/, ''))
    }
  }
})
