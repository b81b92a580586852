import { getSitterSchedule } from './schedule.server.ts'
import { defaultTimeZone, localDateTime } from '#app/lib/zoned-time.ts'
import { monthOf, readDate, readMonth } from './calendar-dates.ts'

/**
 * What the sitter's own calendar shows (/bookings-sitter, /profile/edit): the month and day the query asks
 * for (`?month=yyyy-MM`, `?date=yyyy-MM-dd`; by default the chosen day's month, or today's), today in the
 * sitter's zone, the weekly hours and the blocked days from today on.
 */
export async function getSitterCalendar(sitterId: string, query: URLSearchParams, now = Date.now()) {
  const schedule = await getSitterSchedule(sitterId)
  const timeZone = schedule?.timeZone ?? defaultTimeZone
  const today = localDateTime(now, timeZone).date
  const date = readDate(query.get('date'))
  return {
    timeZone,
    today,
    date,
    month: readMonth(query.get('month')) ?? monthOf(date ?? today),
    weekly: schedule?.weekly ?? [],
    blockedDates: (schedule?.blockedDates ?? []).filter((blocked) => blocked >= today),
  }
}
