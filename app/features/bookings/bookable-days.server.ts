import { addDays, localDateTime, zonedInstant } from '#app/lib/zoned-time.ts'
import { getSitterAvailability } from './availability.server.ts'
import { datesBetween, type DayState } from './calendar-dates.ts'

// Which days of a range a request screen lets the user pick (DESIGN.md ruling 7: booking UIs disable
// days that are blocked or full), read from the sitter's busy times, the same intervals the
// availability API publishes. The server still checks the exact time of every request.

export type BookableDays = { timeZone: string; today: string; days: { date: string; state: DayState }[] }

/** Each day from `from` to `to` (at most 93) in the sitter's zone; null when there is no such sitter. */
export async function getBookableDays(sitterId: string, range: { from: string; to: string }, now = Date.now()): Promise<BookableDays | null> {
  const outcome = await getSitterAvailability(sitterId, range, now)
  if (!outcome.ok) return null
  const { timeZone, items } = outcome.availability
  const busy = items.map((item) => ({ start: Date.parse(item.start.dateTime), end: Date.parse(item.end.dateTime), reason: item.reason }))
  const today = localDateTime(now, timeZone).date
  const days = datesBetween(range.from, range.to).map((date) => {
    if (date < today) return { date, state: 'past' as const }
    const start = zonedInstant(date, '00:00', timeZone)
    const end = zonedInstant(addDays(date, 1), '00:00', timeZone)
    const touching = busy.filter((interval) => interval.start < end && start < interval.end)
    if (touching.some((interval) => interval.reason === 'blocked' && interval.start <= start && end <= interval.end)) {
      return { date, state: 'blocked' as const }
    }
    if (!covers(touching, start, end)) return { date, state: 'open' as const }
    return { date, state: touching.every((interval) => interval.reason === 'unavailable') ? ('off' as const) : ('full' as const) }
  })
  return { timeZone, today, days }
}

/** Whether the intervals together cover [start, end) without a gap. */
function covers(intervals: readonly { start: number; end: number }[], start: number, end: number) {
  let reached = start
  for (const interval of [...intervals].sort((a, b) => a.start - b.start)) {
    if (interval.start > reached) return false
    reached = Math.max(reached, interval.end)
    if (reached >= end) return true
  }
  return reached >= end
}
