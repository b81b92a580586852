import { expect, test } from 'vitest'
import { formatBritishDate, formatBritishDay } from './british-dates.ts'

// The short dates en-GB writes, spelled out, against Intl's en-GB (which writes September 'Sept').
const britishIntl = (options: Intl.DateTimeFormatOptions, date: string) =>
  new Intl.DateTimeFormat('en-GB', { ...options, timeZone: 'UTC' }).format(Date.parse(`${date}T00:00:00Z`))

test("every month and weekday of the short British dates is the one Intl's en-GB writes", () => {
  const days = Array.from({ length: 12 }, (_, index) => `2027-${String(index + 1).padStart(2, '0')}-${String(index + 9).padStart(2, '0')}`)
  expect(days.map(formatBritishDay)).toEqual(days.map((date) => britishIntl({ weekday: 'short', day: 'numeric', month: 'short' }, date)))
  expect(days.map(formatBritishDate)).toEqual(days.map((date) => britishIntl({ day: 'numeric', month: 'short', year: 'numeric' }, date)))
  expect([formatBritishDay('2026-09-07'), formatBritishDate('2024-02-29')]).toEqual(['Mon 7 Sept', '29 Feb 2024'])
})
