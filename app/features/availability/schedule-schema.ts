import { z } from 'zod'
import { clockTimeField, localDateField, timeZoneField } from '#app/lib/date-fields.ts'

// A sitter's availability (DESIGN.md ruling 7): a weekly schedule of time ranges per weekday and single
// blocked dates, in the sitter's time zone. Each weekly range ends after it starts and ranges of one day
// do not overlap (availabilityIssues, below, which the profile form applies too).

export const maxBlockedDates = 366

export const WeeklyRangeSchema = z.object({
  weekday: z.number({ error: 'Weekday must be 1 (Monday) to 7 (Sunday)' }).int().min(1).max(7),
  startTime: clockTimeField('Start time'),
  endTime: clockTimeField('End time'),
})

export const BlockedDatesSchema = z
  .array(localDateField('Blocked date'))
  .max(maxBlockedDates, { error: `At most ${maxBlockedDates} blocked dates` })
  .transform((dates) => [...new Set(dates)].sort())

/** PUT /api/users/me/schedule: the whole schedule; a field left out keeps its value. */
export const SitterScheduleSchema = z
  .object({
    timeZone: timeZoneField().optional(),
    weekly: z.array(WeeklyRangeSchema).max(70, { error: 'At most 70 weekly ranges' }).optional(),
    blockedDates: BlockedDatesSchema.optional(),
  })
  .superRefine((value, ctx) => {
    const ranges = (value.weekly ?? []).map((range, index) => ({ ...range, index }))
    for (const issue of availabilityIssues(ranges)) {
      ctx.addIssue({ code: 'custom', path: ['weekly', issue.index, issue.field], message: issue.message })
    }
  })

export type SitterScheduleInput = z.infer<typeof SitterScheduleSchema>
export type WeeklyRange = z.infer<typeof WeeklyRangeSchema>

/** `GET /api/users/{id}/availability?from&to`: local dates in the sitter's zone, at most 93 days. */
export const maxAvailabilityDays = 93
export const availabilityRangeMessages = {
  fromAfterTo: 'From must not be after to',
  tooLong: `Ask for at most ${maxAvailabilityDays} days at a time`,
} as const
export const AvailabilityQuerySchema = z
  .object({ from: localDateField('From').optional(), to: localDateField('To').optional() })
  .refine((range) => !range.from || !range.to || range.from <= range.to, { error: availabilityRangeMessages.fromAfterTo, path: ['to'] })

/** The sitter's bookings calendar: block or open one day. */
export const BlockedDayFormSchema = z.object({
  date: localDateField('Date'),
  blocked: z.enum(['true', 'false'], { error: 'Choose whether to block the day or open it' }).transform((value) => value === 'true'),
})

export type RangeIssue = { index: number; message: string; field: 'startTime' | 'endTime' }

export const rangeMessages = {
  endBeforeStart: 'End time must be after start time',
  overlap: 'Time ranges of one day must not overlap',
} as const

/** Each range must end after it starts, and ranges of one day must not overlap. */
export function availabilityIssues(ranges: readonly (WeeklyRange & { index: number })[]): RangeIssue[] {
  const issues: RangeIssue[] = []
  for (const range of ranges) {
    if (range.startTime >= range.endTime) {
      issues.push({ index: range.index, field: 'endTime', message: rangeMessages.endBeforeStart })
    }
  }
  const sorted = [...ranges].sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime))
  for (let i = 1; i < sorted.length; i++) {
    const previous = sorted[i - 1]
    const range = sorted[i]
    if (previous && range && previous.weekday === range.weekday && range.startTime < previous.endTime) {
      issues.push({ index: range.index, field: 'startTime', message: rangeMessages.overlap })
    }
  }
  return issues
}
