import { getOwnWeekAndBlockedDates } from './schedule.server.ts'
import { localDateTime } from '#app/lib/zoned-time.ts'
import { monthOf, readDate, readMonth } from './calendar-dates.ts'

/**
 * What the sitter's own calendar shows (/bookings-sitter, /profile/edit): the month and day the query asks
 * for (`?month=yyyy-MM`, `?date=yyyy-MM-dd`; by default the chosen day's month, or today's), today in the
 * sitter's zone (their session's), the weekly hours and the blocked days from today on.
 */
export async function getSitterCalendar(sitter: { id: string; timeZone: string }, query: URLSearchParams, now = Date.now()) {
  const { weekly, blockedDates } = await getOwnWeekAndBlockedDates(sitter.id)
  const { timeZone } = sitter
  const today = localDateTime(now, timeZone).date
  const date = readDate(query.get('date'))
  return {
    timeZone,
    today,
    date,
    month: readMonth(query.get('month')) ?? monthOf(date ?? today),
    weekly,
    blockedDates: blockedDates.filter((blocked) => blocked >= today),
  }
}
