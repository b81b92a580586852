import { addDays, localDateTime, toMinutes, zonedInstant } from '#app/lib/zoned-time.ts'

export type QuietHours = {
  enabled: boolean
  /** 24-hour clock times in `timeZone`; `start` after `end` runs over midnight (22:00-07:00). */
  start: string
  end: string
  timeZone: string
}

/** The instant the quiet hours that `now` falls in end, or null when `now` is not in them. */
export function quietHoursEndAfter(quiet: QuietHours, now: number): number | null {
  if (!quiet.enabled) return null
  const start = toMinutes(quiet.start)
  const end = toMinutes(quiet.end)
  if (start === end) return null
  const local = localDateTime(now, quiet.timeZone)
  const overMidnight = start > end
  const inQuiet = overMidnight ? local.minutes >= start || local.minutes < end : local.minutes >= start && local.minutes < end
  if (!inQuiet) return null
  const endDate = overMidnight && local.minutes >= start ? addDays(local.date, 1) : local.date
  return zonedInstant(endDate, quiet.end, quiet.timeZone)
}
