import type { SitterService } from '#app/features/sitters/options.ts'
import type { BookingsTable } from '#app/lib/db-schema.ts'
import { fromMinutes, isClockTime, toMinutes } from '#app/lib/zoned-time.ts'

// Time periods of a booking and how each service is booked (DESIGN.md ruling 21, which retires the
// spec's 09-12/12-17/17-21 dialog slots: one set of windows in every booking screen). Times are local
// HH:mm in the sitter's zone, always on a quarter hour; a window whose end comes before its start runs
// past midnight (overnight ends the next morning).

export const bookingPeriods = ['morning', 'afternoon', 'evening', 'overnight', 'all_day', 'custom'] as const
export type BookingPeriod = NonNullable<BookingsTable['period']> & (typeof bookingPeriods)[number]

export type TimeSlot = { startTime: string; endTime: string }

export const periodWindows: Record<Exclude<BookingPeriod, 'custom'>, TimeSlot> = {
  morning: { startTime: '08:00', endTime: '12:00' },
  afternoon: { startTime: '12:00', endTime: '16:00' },
  evening: { startTime: '16:00', endTime: '20:00' },
  overnight: { startTime: '20:00', endTime: '08:00' },
  all_day: { startTime: '08:00', endTime: '20:00' },
}

export const periodLabels: Record<BookingPeriod, string> = {
  morning: 'Morning',
  afternoon: 'Afternoon',
  evening: 'Evening',
  overnight: 'Overnight',
  all_day: 'All day',
  custom: 'Custom',
}

/** The periods of the day an hourly service is booked in (and the multi-period dialog offers). */
export const dayPeriods = ['morning', 'afternoon', 'evening'] as const
export type DayPeriod = (typeof dayPeriods)[number]

/**
 * How a service is booked: a walk is a start time and a duration; sitting, training and grooming a
 * period of the day or custom times; daycare the whole day (all_day); boarding a night (overnight).
 */
export type BookingStyle = 'walk' | 'periods' | 'day' | 'night'
export const bookingStyles: Record<SitterService, BookingStyle> = {
  walking: 'walk',
  sitting: 'periods',
  training: 'periods',
  grooming: 'periods',
  daycare: 'day',
  boarding: 'night',
}

export const walkDurations = [30, 60] as const
export type WalkDuration = (typeof walkDurations)[number]

/** Whether a clock time falls on a quarter hour (anything that is no clock time is left to its own check). */
export const isQuarterHour = (time: string) => !isClockTime(time) || toMinutes(time) % 15 === 0

/** A walk of `minutes` from `startTime`. */
export const walkSlot = (startTime: string, minutes: number): TimeSlot => ({
  startTime,
  endTime: fromMinutes((toMinutes(startTime) + minutes) % (24 * 60)),
})

/** The slots the multi-period dialog books: each period's window, or for walks a 60-minute walk as each window starts. */
export function slotsOfPeriods(style: BookingStyle, periods: readonly DayPeriod[]): TimeSlot[] {
  return dayPeriods
    .filter((period) => periods.includes(period))
    .map((period) => (style === 'walk' ? walkSlot(periodWindows[period].startTime, 60) : periodWindows[period]))
}
