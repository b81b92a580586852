import type { BookingsTable } from '#app/lib/db-schema.ts'

// Time periods of a booking (spec section 3, 'Time period enumeration') and their windows (spec
// section 9, 'Period windows'; DESIGN.md ruling 3). Times are local HH:mm in the sitter's zone; a window
// whose end comes before its start runs past midnight (overnight ends the next morning).

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

/** The periods the multi-period dialog offers (spec section 2): overnight, all day and custom send nothing there. */
export const multiPeriods = ['morning', 'afternoon', 'evening'] as const
export type MultiPeriod = (typeof multiPeriods)[number]

/** Each chosen period as its four hourly ranges (morning: 08:00-09:00 ... 11:00-12:00), in the day's order. */
export function hourlySlotsOf(periods: readonly MultiPeriod[]): TimeSlot[] {
  const hour = (value: number) => `${String(value).padStart(2, '0')}:00`
  return multiPeriods
    .filter((period) => periods.includes(period))
    .flatMap((period) => {
      const start = Number(periodWindows[period].startTime.slice(0, 2))
      return [0, 1, 2, 3].map((offset) => ({ startTime: hour(start + offset), endTime: hour(start + offset + 1) }))
    })
}
