import { getTimeZoneOf } from '#app/features/accounts/users.server.ts'
import { addDays, daysBetween, formatZonedIso, fromMinutes, isoWeekday, localDateTime, toMinutes, zonedInstant } from '#app/lib/zoned-time.ts'
import { availabilityRangeMessages, maxAvailabilityDays } from './schedule-schema.ts'
import { getSitterSchedule, type SitterSchedule } from './schedule.server.ts'

// GET /api/users/{id}/availability?from&to (DESIGN.md ruling 7): when a sitter is busy, as intervals in
// the shape of Google's event list, {items: [{start: {dateTime}, end: {dateTime}}]}, each with a reason:
// 'booked' (an accepted booking), 'blocked' (a day the sitter blocked) or 'unavailable' (outside the
// weekly hours, when the sitter set any). A day the intervals cover entirely is full. Pending requests
// are not busy time: the sitter has not agreed to them. Times carry the sitter's zone offset.

export type BusyReason = 'booked' | 'blocked' | 'unavailable'
type Interval = { start: number; end: number }
type Busy = Interval & { reason: BusyReason }

/**
 * What the availability read needs from the features above it (bookings provides them): whether an id
 * names a sitter anyone may see, and the sitter's accepted bookings between two local dates, as instants.
 */
export type AvailabilitySources = {
  isSitter: (sitterId: string) => Promise<boolean>
  bookedTimes: (sitterId: string, range: { from: string; to: string }) => Promise<Interval[]>
}

export const defaultAvailabilityDays = 31

export type AvailabilityOutcome =
  | {
      ok: true
      availability: {
        sitterId: string
        timeZone: string
        from: string
        to: string
        items: { start: { dateTime: string; timeZone: string }; end: { dateTime: string; timeZone: string }; reason: BusyReason }[]
      }
    }
  | { ok: false; status: 400 | 404; message: string; field?: 'from' | 'to' }

export async function getSitterAvailability(
  sitterId: string,
  range: { from?: string; to?: string },
  sources: AvailabilitySources,
  now = Date.now(),
): Promise<AvailabilityOutcome> {
  const timeZone = (await sources.isSitter(sitterId)) && (await getTimeZoneOf(sitterId))
  if (!timeZone) return { ok: false, status: 404, message: 'Sitter not found' }
  const from = range.from ?? localDateTime(now, timeZone).date
  const to = range.to ?? addDays(from, defaultAvailabilityDays - 1)
  if (to < from) return { ok: false, status: 400, message: availabilityRangeMessages.fromAfterTo, field: 'to' }
  if (daysBetween(from, to) + 1 > maxAvailabilityDays) return { ok: false, status: 400, message: availabilityRangeMessages.tooLong, field: 'to' }
  const schedule = await getSitterSchedule(sitterId, { from, to })
  if (!schedule) return { ok: false, status: 404, message: 'Sitter not found' }
  const window = { start: zonedInstant(from, '00:00', timeZone), end: zonedInstant(addDays(to, 1), '00:00', timeZone) }
  const booked = (await sources.bookedTimes(sitterId, { from, to })).map((interval) => ({ ...interval, reason: 'booked' as const }))
  const busy = [...booked, ...blockedDays(schedule, timeZone), ...offHours(schedule, from, to, timeZone)]
    .map((interval) => ({ ...interval, start: Math.max(interval.start, window.start), end: Math.min(interval.end, window.end) }))
    .filter((interval) => interval.start < interval.end)
  const items = mergeAdjacent(busy).map((interval) => ({
    start: { dateTime: formatZonedIso(interval.start, timeZone), timeZone },
    end: { dateTime: formatZonedIso(interval.end, timeZone), timeZone },
    reason: interval.reason,
  }))
  return { ok: true, availability: { sitterId, timeZone, from, to, items } }
}

function blockedDays(schedule: SitterSchedule, timeZone: string): Busy[] {
  return schedule.blockedDates.map((date) => ({
    start: zonedInstant(date, '00:00', timeZone),
    end: zonedInstant(addDays(date, 1), '00:00', timeZone),
    reason: 'blocked' as const,
  }))
}

/** The hours of each day outside the weekly ranges; none when the sitter set no weekly hours. */
function offHours(schedule: SitterSchedule, from: string, to: string, timeZone: string): Busy[] {
  if (schedule.weekly.length === 0) return []
  const busy: Busy[] = []
  const endOfDay = 24 * 60
  const instant = (date: string, minutes: number) =>
    minutes >= endOfDay ? zonedInstant(addDays(date, 1), '00:00', timeZone) : zonedInstant(date, fromMinutes(minutes), timeZone)
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const ranges = schedule.weekly
      .filter((range) => range.weekday === isoWeekday(date))
      .map((range) => ({ from: toMinutes(range.startTime), to: range.endTime === '23:59' ? endOfDay : toMinutes(range.endTime) }))
      .sort((a, b) => a.from - b.from)
    let free = 0
    for (const range of ranges) {
      if (range.from > free) busy.push({ start: instant(date, free), end: instant(date, range.from), reason: 'unavailable' })
      free = Math.max(free, range.to)
    }
    if (free < endOfDay) busy.push({ start: instant(date, free), end: instant(date, endOfDay), reason: 'unavailable' })
  }
  return busy
}

/** Sorted by start; intervals of one reason that touch or overlap become one. */
function mergeAdjacent(intervals: readonly Busy[]): Busy[] {
  const sorted = [...intervals].sort((a, b) => a.start - b.start || a.reason.localeCompare(b.reason))
  const merged: Busy[] = []
  for (const interval of sorted) {
    const open = merged.findLast((candidate) => candidate.reason === interval.reason)
    if (open && interval.start <= open.end) open.end = Math.max(open.end, interval.end)
    else merged.push({ ...interval })
  }
  return merged
}
