import { z } from 'zod'
import { localDateField } from '#app/lib/date-fields.ts'
import { plainText } from '#app/lib/plain-text.ts'

// The spec's calendar calls (section 7, Calendar): the event payload of POST /api/auth/calendar/event
// (spec section 3, 'Calendar event payload') and the range of GET /api/auth/google/calendar.

const isoDateTime = (error: string) => z.iso.datetime({ offset: true, error })

/**
 * What zod's ISO date-time takes (a real calendar day, seconds, an offset or Z, upper-case T): narrower than
 * JSON Schema's `date-time` (RFC 3339 also allows 't', 'z' and a space), so the OpenAPI document states it.
 */
export const isoDateTimePattern = (isoDateTime('').def.pattern ?? z.regexes.datetime({ offset: true, local: false, precision: null })).source

const dateTime = (label: string) =>
  z
    .string({ error: `${label} is required` })
    .max(40, { error: `${label} must be an ISO date and time like 2026-03-02T09:00:00+01:00`, abort: true })
    .pipe(isoDateTime(`${label} must be an ISO date and time like 2026-03-02T09:00:00+01:00`))
    .meta({ format: 'date-time', pattern: isoDateTimePattern, examples: ['2026-03-02T09:00:00+01:00'] })

export const calendarEventMessages = { endAfterStart: 'End must be after start' } as const

const userId = (label: string) => plainText(label).min(1).max(100).optional()

export const CalendarEventSchema = z
  .object({
    summary: plainText('Summary', { error: 'Summary is required' })
      .min(1, { error: 'Summary is required' })
      .max(300, { error: 'Summary must be at most 300 characters' }),
    description: plainText('Description', { multiline: true }).max(4000, { error: 'Description must be at most 4000 characters' }).nullish(),
    startDateTime: dateTime('Start'),
    endDateTime: dateTime('End'),
    location: plainText('Location').max(300, { error: 'Location must be at most 300 characters' }).nullish(),
    sitterId: userId('sitterId'),
    ownerId: userId('ownerId'),
  })
  .refine((event) => Date.parse(event.endDateTime) > Date.parse(event.startDateTime), {
    error: calendarEventMessages.endAfterStart,
    path: ['endDateTime'],
  })

export type CalendarEventInput = z.output<typeof CalendarEventSchema>

/** GET /api/auth/google/calendar?sitterId&from&to. */
export const CalendarQuerySchema = z.object({
  sitterId: userId('sitterId'),
  from: localDateField('From').optional(),
  to: localDateField('To').optional(),
})
