import { describe, expect, test } from 'vitest'
import {
  datesBetween,
  dayStrip,
  dayStripDates,
  formatDayTitle,
  formatMonthTitle,
  formatNearDate,
  formatShortDate,
  formatWeekday,
  formatWeekdayAndDay,
  formatWeekdayShort,
  monthWeeks,
} from './calendar-dates.ts'

// What the day strip and the month grids write (spec section 9), whatever the zone the process runs in.

test("the dashboard's cards name yesterday, today and tomorrow, across a month's and a year's end, and write other days out", () => {
  expect(['2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03', '2026-12-30'].map((date) => formatNearDate(date, '2027-01-01'))).toEqual([
    'Yesterday',
    'Today',
    'Tomorrow',
    'Jan 3, 2027',
    'Dec 30, 2026',
  ])
})

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
    expect(['2026-12-01', '2027-01-31'].map(formatWeekdayAndDay)).toEqual(['Tue, Dec 1', 'Sun, Jan 31'])
  })

  test('every month and weekday name is the one Intl writes in en-US (the names are spelled out, not made by Intl)', () => {
    const intl = (options: Intl.DateTimeFormatOptions, date: string) => new Intl.DateTimeFormat('en-US', { ...options, timeZone: 'UTC' }).format(Date.parse(`${date}T00:00:00Z`))
    const firsts = Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, '0')}-01`)
    expect(firsts.map(formatDayTitle)).toEqual(firsts.map((date) => `${intl({ month: 'long' }, date)} 1, 2027`))
    expect(firsts.map(formatShortDate)).toEqual(firsts.map((date) => `${intl({ month: 'short' }, date)} 1, 2027`))
    const week = datesBetween('2027-03-01', '2027-03-07')
    expect(week.map(formatWeekday)).toEqual(week.map((date) => intl({ weekday: 'long' }, date)))
    expect(week.map(formatWeekdayShort)).toEqual(week.map((date) => intl({ weekday: 'short' }, date)))
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

  test("a strip's weekday names are its dates' own, also for a strip asked again after 30 others", () => {
    const weekday = new Intl.DateTimeFormat('en-US', { weekday: 'short', timeZone: 'UTC' })
    const expected = (month: string) => dayStripDates(month).map((date) => weekday.format(Date.parse(`${date}T00:00:00Z`)))
    expect(dayStrip('2024-02').weekdays).toEqual(expected('2024-02'))
    for (let month = 1; month <= 30; month += 1) dayStrip(`20${30 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`)
    expect(dayStrip('2024-02')).toEqual({ dates: dayStripDates('2024-02'), weekdays: expected('2024-02') })
    expect(dayStrip('2024-02').dates).toHaveLength(7 + 29 + 7)
  })

  test("a month grid's weeks start on Monday, also for a month asked again after 30 others", () => {
    // February 2027 begins on a Monday and fills four weeks; March 2026 begins on a Sunday and spans six.
    const february = Array.from({ length: 28 }, (_, index) => `2027-02-${String(index + 1).padStart(2, '0')}`)
    expect(monthWeeks('2027-02')).toEqual([february.slice(0, 7), february.slice(7, 14), february.slice(14, 21), february.slice(21, 28)])
    const march = monthWeeks('2026-03')
    expect(march).toHaveLength(6)
    expect(march[0]).toEqual([null, null, null, null, null, null, '2026-03-01'])
    expect(march[5]).toEqual(['2026-03-30', '2026-03-31', null, null, null, null, null])
    for (let month = 1; month <= 30; month += 1) monthWeeks(`20${40 + Math.floor(month / 12)}-${String((month % 12) + 1).padStart(2, '0')}`)
    expect(monthWeeks('2026-03')).toEqual(march)
  })
})

describe('a card’s date and the days between two dates', () => {
  test('a card writes the short month, the day without a leading zero and the year', () => {
    expect(['2026-01-05', '2026-02-28', '2026-03-02', '2026-12-31', '2024-02-29'].map(formatShortDate)).toEqual([
      'Jan 5, 2026',
      'Feb 28, 2026',
      'Mar 2, 2026',
      'Dec 31, 2026',
      'Feb 29, 2024',
    ])
    expect(['2027-04-10', '2027-05-11', '2027-06-12', '2027-07-13', '2027-08-14', '2027-09-15', '2027-10-16', '2027-11-17'].map(formatShortDate)).toEqual([
      'Apr 10, 2027',
      'May 11, 2027',
      'Jun 12, 2027',
      'Jul 13, 2027',
      'Aug 14, 2027',
      'Sep 15, 2027',
      'Oct 16, 2027',
      'Nov 17, 2027',
    ])
  })

  test('a day’s title writes the whole month, the day without a leading zero and the year', () => {
    expect(['2026-01-05', '2026-02-28', '2026-03-02', '2026-12-31', '2024-02-29', '2027-09-15'].map(formatDayTitle)).toEqual([
      'January 5, 2026',
      'February 28, 2026',
      'March 2, 2026',
      'December 31, 2026',
      'February 29, 2024',
      'September 15, 2027',
    ])
  })

  test('every date from the first to the last, across a leap day, a year’s end and a clock change', () => {
    expect(datesBetween('2024-02-27', '2024-03-02')).toEqual(['2024-02-27', '2024-02-28', '2024-02-29', '2024-03-01', '2024-03-02'])
    expect(datesBetween('2026-12-30', '2027-01-02')).toEqual(['2026-12-30', '2026-12-31', '2027-01-01', '2027-01-02'])
    expect(datesBetween('2026-03-28', '2026-03-30')).toEqual(['2026-03-28', '2026-03-29', '2026-03-30'])
    expect(datesBetween('2026-05-04', '2026-05-04')).toEqual(['2026-05-04'])
    expect(datesBetween('2026-05-05', '2026-05-04')).toEqual([])
  })
})
