import { weekdays } from '#app/features/availability/weekdays.ts'
import { formatNameList } from './booking-format.ts'

// How a weekly series reads on its pages, in lists, notifications and e-mails.

/** 'Mondays, Wednesdays, and Fridays' for [1, 3, 5]. */
export function formatWeekdays(days: readonly number[]) {
  return formatNameList(weekdays.filter((day) => days.includes(day.value)).map((day) => `${day.label}s`))
}

/** 'Mon, Wed, Fri' for [1, 3, 5]: where room is short. */
export function formatShortWeekdays(days: readonly number[]) {
  return weekdays
    .filter((day) => days.includes(day.value))
    .map((day) => day.short)
    .join(', ')
}
