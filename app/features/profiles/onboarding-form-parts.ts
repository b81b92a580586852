import type { WeeklyRange } from '#app/features/availability/schedule-schema.ts'
import { weekdays } from '#app/features/availability/weekdays.ts'
import type { SitterService } from '#app/features/sitters/options.ts'

// What the onboarding step forms show and the server reads alike. The browser loads this module with the
// step forms, so it stays free of zod (DESIGN.md section 8: the schemas live in onboarding-steps.ts).

/** Messages by field name, as the step forms show them. */
export type StepErrors = Record<string, string[]>

/**
 * The weekly hours a new sitter starts from (DESIGN.md ruling 23): the last step shows them, and the sitter
 * confirms or changes them there. API clients that send no `availability` get the same.
 */
export const defaultWeeklyHours = { weekdays: [1, 2, 3, 4, 5], startTime: '08:00', endTime: '18:00' } as const
export const defaultWeeklyHoursText = 'Monday to Friday, 08:00-18:00'

/** The sitter's weekly hours: what the draft holds, else the default. */
export function weeklyHoursOf(draft: { availability?: WeeklyRange[] }): WeeklyRange[] {
  const { weekdays: days, startTime, endTime } = defaultWeeklyHours
  return draft.availability ?? days.map((weekday) => ({ weekday, startTime, endTime }))
}

/** The stepper's form of weekly hours: the same hours on each chosen day. */
export function weeklyHoursFormOf(draft: { availability?: WeeklyRange[] }) {
  const ranges = weeklyHoursOf(draft)
  const first = ranges[0]
  return {
    weekdays: weekdays.filter((day) => ranges.some((range) => range.weekday === day.value)).map((day) => day.value),
    startTime: first?.startTime ?? defaultWeeklyHours.startTime,
    endTime: first?.endTime ?? defaultWeeklyHours.endTime,
  }
}

/** What sitters charge around the new sitter, by service (median, in cents), and where: 'near you', 'around Zurich'. */
export type RateHints = { around: string; medianCents: Partial<Record<SitterService, number>> }

/** Where a rate's field and its messages live: `rates.walking`, as the API names it too. */
export const rateFieldName = (service: SitterService) => `rates.${service}`
