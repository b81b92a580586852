import { formatLongLocalDate, shortMonthNames, weekdayNames } from '#app/lib/calendar-names.ts'
import { localDateOf, localDateTimeOf } from '#app/lib/zoned-time.ts'

// How times read in the messages screens, in the viewer's own time zone (stored with their account), so
// the server's render and the browser's agree. US English words, 24-hour clock times as on every
// booking screen (issue 19). Written out from the zone's reading, not made by Intl (decision 120).

/** '14:05'. */
export const formatClock = (iso: string, timeZone: string) => localDateTimeOf(iso, timeZone).time

/** The heading of a day in a thread: 'Today', 'Yesterday' or 'Monday, March 2, 2026'. */
export function formatDayHeading(iso: string, now: string, timeZone: string) {
  const day = localDateOf(iso, timeZone)
  if (day === localDateOf(now, timeZone)) return 'Today'
  if (day === localDateOf(new Date(Date.parse(now) - 86_400_000).toISOString(), timeZone)) return 'Yesterday'
  return `${weekdayNames[new Date(`${day}T00:00:00Z`).getUTCDay()]}, ${formatLongLocalDate(day)}`
}

export function isSameDay(a: string, b: string, timeZone: string) {
  return localDateOf(a, timeZone) === localDateOf(b, timeZone)
}

/** A conversation's time in the list: the clock today, 'Yesterday', else 'Mar 2' (with the year when not this year). */
export function formatListTime(iso: string, now: string, timeZone: string) {
  const heading = formatDayHeading(iso, now, timeZone)
  if (heading === 'Today') return formatClock(iso, timeZone)
  if (heading === 'Yesterday') return heading
  const day = localDateOf(iso, timeZone)
  const monthDay = `${shortMonthNames[Number(day.slice(5, 7)) - 1]} ${Number(day.slice(8, 10))}`
  return day.slice(0, 4) === localDateOf(now, timeZone).slice(0, 4) ? monthDay : `${monthDay}, ${Number(day.slice(0, 4))}`
}
