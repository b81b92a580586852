import { z } from 'zod'
import { chosenDogs, requireFields, styleOf } from './booking-forms.ts'
import { bookingFormMessages } from './form-messages.ts'
import { SeriesRequestSchema, seriesMessages } from './schema.ts'
import { requestFieldsOf, timeProblems } from './service-times.ts'

// The weekly request form (/bookings/series/new?sitter=): what is missing in the user's words, then the API's own
// SeriesRequestSchema, so the page and POST /api/booking-series check a series with one set of rules.

const optionalText = z.string().optional()

export const SeriesRequestFormSchema = z
  .object({
    sitterId: z.string(),
    dogId: optionalText,
    dogIds: z.array(z.string()).optional(),
    service: optionalText,
    weekdays: z.array(z.string()).optional(),
    firstDate: optionalText,
    endDate: optionalText,
    timePeriod: optionalText,
    startTime: optionalText,
    endTime: optionalText,
    duration: optionalText,
    notes: optionalText,
    location: optionalText,
  })
  .transform(({ timePeriod, startTime, endTime, duration, dogId, dogIds, weekdays = [], endDate, ...fields }, ctx) => {
    const style = styleOf(fields.service)
    const time = { timePeriod, startTime, endTime, duration }
    const dogs = chosenDogs({ dogId, dogIds })
    const complete = requireFields(
      { ...fields, dogId: 'dogId' in dogs || 'dogIds' in dogs, weekdays: weekdays.length > 0 },
      { dogId: bookingFormMessages.chooseDog, weekdays: seriesMessages.weekdaysMissing, firstDate: bookingFormMessages.chooseDate },
      bookingFormMessages.missingInformation,
      ctx,
      timeProblems(style, time),
    )
    if (!complete) return z.NEVER
    const parsed = SeriesRequestSchema.safeParse({ ...fields, ...dogs, weekdays: weekdays.map(Number), endDate: endDate || null, ...requestFieldsOf(style, time) })
    if (parsed.success) return parsed.data
    for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: issue.path[0] === 'dogIds' ? ['dogId'] : issue.path, message: issue.message })
    return z.NEVER
  })
