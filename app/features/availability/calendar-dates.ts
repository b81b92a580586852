import { formatLongLocalDate, monthNames, shortMonthNames, shortWeekdayNames, weekdayNames } from '#app/lib/calendar-names.ts'
import { addDays, isLocalDate, isoWeekday } from '#app/lib/zoned-time.ts'

// Local dates (yyyy-MM-dd) and months (yyyy-MM) on the booking screens: the formats of spec section 9
// and the days a month grid or day strip shows. Dates in UTC, so a date reads the same on the
// server and in any browser, whatever their zones. Safe in the browser.

const utc = (date: string) => new Date(`${date}T00:00:00Z`)

// A day strip names 45 days, twice each, a sitter's month calendar 42, and a list's cards their dates: names looked
// up, not formatted one by one (a fifth of the strip's CPU), nor made by Intl (app/lib/calendar-names.ts).

/** 'MMM d, yyyy': 'Mar 2, 2026' (booking cards). */
export const formatShortDate = (date: string) =>
  `${shortMonthNames[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}, ${Number(date.slice(0, 4))}`
/** A dashboard's day: 'Yesterday' (a stay still under way), 'Today' and 'Tomorrow' as such (for `today` in the viewer's zone), others 'MMM d, yyyy'. */
export const formatNearDate = (date: string, today: string) =>
  date === today ? 'Today' : date === addDays(today, 1) ? 'Tomorrow' : date === addDays(today, -1) ? 'Yesterday' : formatShortDate(date)
/** 'MMMM d, yyyy': 'March 2, 2026' (the bookings panel's title). */
export const formatDayTitle = formatLongLocalDate
/** 'March 2026' for '2026-03'. */
export const formatMonthTitle = (month: string) => `${monthNames[Number(month.slice(5, 7)) - 1]} ${Number(month.slice(0, 4))}`
/** 'Mon' */
export const formatWeekdayShort = (date: string) => shortWeekdayNames[utc(date).getUTCDay()] as string
/** 'Dec 1' */
export const formatMonthDay = (date: string) => `${shortMonthNames[Number(date.slice(5, 7)) - 1]} ${Number(date.slice(8, 10))}`
/** 'Tue, Dec 1' */
export const formatWeekdayAndDay = (date: string) => `${formatWeekdayShort(date)}, ${formatMonthDay(date)}`
/** 'Monday' */
export const formatWeekday = (date: string) => weekdayNames[utc(date).getUTCDay()] as string

/** Whether a request screen lets the user pick a day: 'open' days can be picked, the others say why not. */
export type DayState = 'open' | 'past' | 'blocked' | 'off' | 'full'

export const closedDayLabels: Record<Exclude<DayState, 'open'>, string> = {
  past: 'in the past',
  blocked: 'not available',
  off: 'not working',
  full: 'fully booked',
}

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/

/** A month written yyyy-MM, from a query parameter; null when it is not one. */
export function readMonth(text: string | null | undefined) {
  return text && monthPattern.test(text) ? text : null
}

/** A date written yyyy-MM-dd, from a query parameter; null when it is not a real date. */
export function readDate(text: string | null | undefined) {
  return text && isLocalDate(text) ? text : null
}

export const monthOf = (date: string) => date.slice(0, 7)

export function addMonths(month: string, months: number) {
  const [year = 0, number = 1] = month.split('-').map(Number)
  const index = year * 12 + (number - 1) + months
  return `${Math.floor(index / 12)}-${String((index % 12) + 1).padStart(2, '0')}`
}

export const firstDayOf = (month: string) => `${month}-01`
export const lastDayOf = (month: string) => addDays(firstDayOf(addMonths(month, 1)), -1)

/** Every date from `from` to `to`, both included. */
export function datesBetween(from: string, to: string) {
  const dates: string[] = []
  const last = utc(to).getTime()
  for (const day = utc(from); day.getTime() <= last; day.setUTCDate(day.getUTCDate() + 1)) dates.push(day.toISOString().slice(0, 10))
  return dates
}

// Every visit of /bookings draws a strip (twice on the server: its loader and its page), and of /bookings-sitter a
// month grid, nearly always of the months around today: the ones last asked are kept.
const monthsKept = 24

/** `make(month)` for a month, made once while it is among the months last asked. */
function keptByMonth<Value>(make: (month: string) => Value) {
  const kept = new Map<string, Value>()
  return (month: string): Value => {
    const found = kept.get(month)
    if (found) return found
    const value = make(month)
    if (kept.size >= monthsKept) kept.delete(kept.keys().next().value as string)
    kept.set(month, value)
    return value
  }
}

/** The weeks (Monday first) a month grid shows: whole weeks, with the neighbouring months' days as null. */
export const monthWeeks = keptByMonth((month): readonly (readonly (string | null)[])[] => {
  const first = firstDayOf(month)
  const cells: (string | null)[] = [...Array.from({ length: isoWeekday(first) - 1 }, () => null), ...datesBetween(first, lastDayOf(month))]
  while (cells.length % 7 !== 0) cells.push(null)
  return Array.from({ length: cells.length / 7 }, (_, week) => cells.slice(week * 7, week * 7 + 7))
})

type DayStrip = { dates: readonly string[]; weekdays: readonly string[] }

/** Spec section 9's date strip: the month with 7 days before and after it, with their short weekday names. */
export const dayStrip = keptByMonth((month): DayStrip => {
  const dates = datesBetween(addDays(firstDayOf(month), -7), addDays(lastDayOf(month), 7))
  return { dates, weekdays: dates.map(formatWeekdayShort) }
})

export const dayStripDates = (month: string) => dayStrip(month).dates
