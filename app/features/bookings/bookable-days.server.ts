import { getTimeZoneOf } from '#app/features/accounts/users.server.ts'
import { getSitterSchedule } from '#app/features/availability/schedule.server.ts'
import { addDays, localDateTime, zonedInstant } from '#app/lib/zoned-time.ts'
import { getSitterAvailability } from '#app/features/availability/availability.server.ts'
import { availabilitySources } from './availability-sources.server.ts'
import { overlapMessage, scheduleRefusal } from './booking-rules.server.ts'
import { datesBetween, type DayState, firstDayOf, lastDayOf, monthOf, readMonth } from '#app/features/availability/calendar-dates.ts'
import { createBookingMessages, maxBookingDaysAhead } from './create-booking.server.ts'
import type { TimeSlot } from './periods.ts'
import { bookingIntervals, intervalsOverlap, slotInterval } from './slots.ts'

// Which days of a range a request screen lets the user pick (DESIGN.md ruling 7: booking UIs disable
// days that are blocked or full), read from the sitter's busy times, the same intervals the
// availability API publishes. Once a day is chosen, each time on offer that day says whether it is free
// and, if not, why (the reason createBooking would give). The server still checks every request.

export type BookableDays = { timeZone: string; today: string; days: { date: string; state: DayState }[] }

/** Each day from `from` to `to` (at most 93) in the sitter's zone; null when there is no such sitter. */
export async function getBookableDays(sitterId: string, range: { from: string; to: string }, now = Date.now()): Promise<BookableDays | null> {
  const outcome = await getSitterAvailability(sitterId, range, availabilitySources, now)
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

export type BookableMonth = BookableDays & { month: string; firstMonth: string; lastMonth: string }

/** The month a request screen shows (requestMonth) with each day's state in the sitter's zone; null when there is no such sitter. */
export async function getBookableMonth(sitterId: string, asked: { month?: string | null; date?: string | null }): Promise<BookableMonth | null> {
  const timeZone = await getTimeZoneOf(sitterId)
  if (!timeZone) return null
  const months = requestMonth(localDateTime(Date.now(), timeZone).date, asked)
  const bookable = await getBookableDays(sitterId, { from: firstDayOf(months.month), to: lastDayOf(months.month) })
  return bookable && { ...bookable, ...months }
}

/** The month a request screen shows: asked, else the chosen date's, else this month; kept within the year ahead. */
export function requestMonth(today: string, asked: { month?: string | null; date?: string | null }) {
  const firstMonth = monthOf(today)
  const lastMonth = monthOf(addDays(today, maxBookingDaysAhead))
  const wanted = readMonth(asked.month) ?? monthOf(asked.date ?? today)
  const month = wanted < firstMonth ? firstMonth : wanted > lastMonth ? lastMonth : wanted
  return { month, firstMonth, lastMonth }
}

/**
 * Why each time on offer cannot be requested on `date` (passed, outside the sitter's hours or days, or
 * taken by an accepted booking), or null when it can: the checks of createBooking, asked before the
 * request is sent. Null when there is no such sitter.
 */
export async function getTimeRefusals<Key extends string>(
  sitter: { id: string; name: string },
  request: { date: string; service: string },
  times: Record<Key, readonly TimeSlot[]>,
  now = Date.now(),
): Promise<Record<Key, string | null> | null> {
  const schedule = await getSitterSchedule(sitter.id, { from: request.date, to: addDays(request.date, 1) })
  const availability = await getSitterAvailability(sitter.id, { from: addDays(request.date, -1), to: addDays(request.date, 1) }, availabilitySources, now)
  if (!schedule || !availability.ok) return null
  const { timeZone, items } = availability.availability
  const booked = items.filter((item) => item.reason === 'booked').map((item) => ({ start: Date.parse(item.start.dateTime), end: Date.parse(item.end.dateTime) }))
  const refusalOf = (slots: readonly TimeSlot[]) => {
    const first = slots[0]
    if (!first || slotInterval(request.date, first, timeZone).start <= now) return createBookingMessages.pastTime
    const outside = scheduleRefusal(sitter.name, { date: request.date, slots, service: request.service }, schedule)
    if (outside) return outside
    const wanted = bookingIntervals({ date: request.date, timeZone, slots })
    return wanted.some((slot) => booked.some((taken) => intervalsOverlap(slot, taken))) ? overlapMessage : null
  }
  return Object.fromEntries(Object.entries<readonly TimeSlot[]>(times).map(([key, slots]) => [key, refusalOf(slots)])) as Record<Key, string | null>
}
