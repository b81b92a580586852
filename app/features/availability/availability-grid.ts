import { weekdays } from './weekdays.ts'

// The weekly availability grid of a sitter's profile (spec section 2, About tab), from the real weekly
// schedule: a day part is marked when one of the sitter's ranges that day overlaps it. The day parts are
// the period windows of spec section 9. Pure, safe in the browser.

export const dayParts = [
  { part: 'morning', label: 'Morning', startTime: '08:00', endTime: '12:00' },
  { part: 'afternoon', label: 'Afternoon', startTime: '12:00', endTime: '16:00' },
  { part: 'evening', label: 'Evening', startTime: '16:00', endTime: '20:00' },
] as const

export type DayPart = (typeof dayParts)[number]['part']

export type WeeklyRange = { weekday: number; startTime: string; endTime: string }

export type AvailabilityGridDay = { weekday: number; day: string } & Record<DayPart, boolean>

/** Monday to Sunday, each with the day parts the sitter works in. */
export function weeklyAvailabilityGrid(schedule: readonly WeeklyRange[]): AvailabilityGridDay[] {
  return weekdays.map(({ value, short }) => {
    const ranges = schedule.filter((range) => range.weekday === value)
    const covers = (window: (typeof dayParts)[number]) =>
      ranges.some((range) => range.startTime < window.endTime && range.endTime > window.startTime)
    const [morning, afternoon, evening] = dayParts.map(covers) as [boolean, boolean, boolean]
    return { weekday: value, day: short, morning, afternoon, evening }
  })
}
