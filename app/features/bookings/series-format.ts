import { weekdays } from '#app/features/availability/weekdays.ts'

// How a weekly series reads on its pages, in lists, notifications and e-mails.

const dayList = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' })

/** 'Mondays, Wednesdays, and Fridays' for [1, 3, 5]. */
export function formatWeekdays(days: readonly number[]) {
  return dayList.format(weekdays.filter((day) => days.includes(day.value)).map((day) => `${day.label}s`))
}

/** 'Mon, Wed, Fri' for [1, 3, 5]: where room is short. */
export function formatShortWeekdays(days: readonly number[]) {
  return weekdays
    .filter((day) => days.includes(day.value))
    .map((day) => day.short)
    .join(', ')
}

const weekdayDate = new Intl.DateTimeFormat('en-US', { weekday: 'short', month: 'short', day: 'numeric', timeZone: 'UTC' })

/** 'Tue, Dec 1' for '2026-12-01': a date among the series' next weeks. */
export const formatSeriesDate = (date: string) => weekdayDate.format(new Date(`${date}T00:00:00Z`))
