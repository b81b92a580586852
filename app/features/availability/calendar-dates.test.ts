import { describe, expect, test } from 'vitest'
import { dayStripDates, formatMonthTitle, formatWeekdayShort } from './calendar-dates.ts'

// What the day strip and the month grids write (spec section 9), whatever the zone the process runs in.

describe('the names a day strip shows', () => {
  test('names each weekday of a week, Sunday to Saturday', () => {
    expect(['2026-11-29', '2026-11-30', '2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04', '2026-12-05'].map(formatWeekdayShort)).toEqual([
      'Sun',
      'Mon',
      'Tue',
      'Wed',
      'Thu',
      'Fri',
      'Sat',
    ])
    expect(formatWeekdayShort('2024-02-29')).toBe('Thu')
  })

  test('names every month with its year', () => {
    expect(formatMonthTitle('2026-01')).toBe('January 2026')
    expect(formatMonthTitle('2026-03')).toBe('March 2026')
    expect(formatMonthTitle('2027-12')).toBe('December 2027')
  })

  test('a strip from a week before the month to a week after it', () => {
    const days = dayStripDates('2026-03')
    expect(days).toHaveLength(7 + 31 + 7)
    expect([days[0], days.at(-1)]).toEqual(['2026-02-22', '2026-04-07'])
  })
})
