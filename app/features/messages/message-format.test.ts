import { expect, test } from 'vitest'
import { formatDayHeading, formatListTime } from './message-format.ts'

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
