import { z } from 'zod'
import { bookingFormMessages } from './form-messages.ts'
import { sitterServices, type SitterService } from '#app/features/sitters/options.ts'
import { bookingStyles, dayPeriods, slotsOfPeriods } from './periods.ts'
import { BookingRequestSchema } from './schema.ts'
import { requestFieldsOf, timeProblems } from './service-times.ts'
import { bookingStatuses } from './transitions.ts'

// The booking screens' forms. Each names what is missing in the user's words, then hands the fields to
// the API's own BookingRequestSchema, so a page request is normalised and checked exactly as
// POST /api/bookings is (one set of rules).

const optionalText = z.string().optional()

type Issue = { path: PropertyKey[]; message: string }
type Context = { addIssue: (issue: { code: 'custom'; path: PropertyKey[]; message: string }) => void }

/** Runs the API schema on the form's fields; its issues become the form's, under the same field names (the dogs' at the dog fieldset, `dogId`). */
function asBookingRequest(input: Record<string, unknown>, ctx: Context) {
  const parsed = BookingRequestSchema.safeParse(input)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues as Issue[]) {
    ctx.addIssue({ code: 'custom', path: issue.path[0] === 'dogIds' ? ['dogId'] : issue.path, message: issue.message })
  }
  return z.NEVER
}

/** Reports what is missing: `required` names the fields that must be filled, `problems` what else is missing (the time), by field. */
export function requireFields(fields: Record<string, unknown>, required: Record<string, string>, summary: string, ctx: Context, problems: Record<string, string> = {}) {
  const missing = [...Object.entries(required).filter(([name]) => !fields[name]), ...Object.entries(problems)]
  for (const [name, message] of missing) ctx.addIssue({ code: 'custom', path: [name], message })
  if (missing.length > 0) ctx.addIssue({ code: 'custom', path: [], message: summary })
  return missing.length === 0
}

/**
 * The dogs a form chose: the checkboxes `dogIds` of a sitter who takes several dogs, else the radio `dogId`.
 * Either way a missing choice is named at `dogId`, the dog fieldset's name.
 */
export function chosenDogs({ dogId, dogIds }: { dogId?: string | undefined; dogIds?: string[] | undefined }) {
  const ids = dogIds?.filter(Boolean) ?? []
  if (ids.length > 0) return { dogIds: ids }
  return dogId ? { dogId } : {}
}

/** How the form's service is booked (the page always sends its service; an unknown one is the API's to refuse). */
export const styleOf = (service: string | undefined) => bookingStyles[(sitterServices as readonly string[]).includes(service ?? '') ? (service as SitterService) : 'sitting']

/**
 * An owner's request to a sitter (/sitters/{id}/book, /booking/new?sitter=): a date, the time as the
 * service is booked (a walk's start and duration, a period of the day or custom times, the day, the
 * night), a dog, the service, notes and place. The route adds `sitterId`.
 */
export const OwnerRequestFormSchema = z
  .object({
    sitterId: z.string(),
    dogId: optionalText,
    dogIds: z.array(z.string()).optional(),
    date: optionalText,
    timePeriod: optionalText,
    startTime: optionalText,
    endTime: optionalText,
    duration: optionalText,
    service: optionalText,
    notes: optionalText,
    location: optionalText,
  })
  .transform(({ timePeriod, startTime, endTime, duration, dogId, dogIds, ...fields }, ctx) => {
    const style = styleOf(fields.service)
    const time = { timePeriod, startTime, endTime, duration }
    const dogs = chosenDogs({ dogId, dogIds })
    const required = { date: bookingFormMessages.chooseDate, dogId: bookingFormMessages.chooseDog }
    if (!requireFields({ ...fields, dogId: 'dogId' in dogs || 'dogIds' in dogs }, required, bookingFormMessages.missingInformation, ctx, timeProblems(style, time))) return z.NEVER
    // Only the fields of the service's way of booking are sent: times chosen for 'Custom' and then left are not part of the request.
    return asBookingRequest({ ...fields, ...dogs, ...requestFieldsOf(style, time) }, ctx)
  })

/**
 * The multi-period form (spec section 2, 'Multi-period booking dialog'; /sitters/{id}/book?periods=several):
 * a date, at least one of morning, afternoon and evening, and a dog; each period becomes its window, or
 * for a walk a 60-minute walk as the window starts (variant c, a list of slots). The route adds `sitterId`.
 */
export const MultiPeriodFormSchema = z
  .object({
    sitterId: z.string(),
    dogId: optionalText,
    dogIds: z.array(z.string()).optional(),
    date: optionalText,
    timePeriods: z.array(z.string()).optional(),
    service: optionalText,
    notes: optionalText,
    location: optionalText,
  })
  .transform(({ timePeriods = [], dogId, dogIds, ...fields }, ctx) => {
    const periods = dayPeriods.filter((period) => timePeriods.includes(period))
    const dogs = chosenDogs({ dogId, dogIds })
    const complete = requireFields(
      { ...fields, dogId: 'dogId' in dogs || 'dogIds' in dogs, timePeriods: periods.length > 0 },
      { date: bookingFormMessages.chooseDate, timePeriods: bookingFormMessages.choosePeriods, dogId: bookingFormMessages.chooseDog },
      bookingFormMessages.missingInformation,
      ctx,
    )
    if (!complete) return z.NEVER
    return asBookingRequest({ ...fields, ...dogs, timeSlots: slotsOfPeriods(styleOf(fields.service), periods) }, ctx)
  })

/** A sitter's offer to walk a dog listed for sitting (/bookings/new?dogId): a date, a start time and a duration. The route adds `sitterId` (the sitter). */
export const DogRequestFormSchema = z
  .object({ sitterId: z.string(), dogId: z.string(), date: optionalText, startTime: optionalText, duration: optionalText, notes: optionalText })
  .transform(({ startTime, duration, ...fields }, ctx) => {
    const time = { startTime, duration }
    if (!requireFields(fields, { date: bookingFormMessages.chooseDate }, bookingFormMessages.missingDateAndTime, ctx, timeProblems('walk', time))) return z.NEVER
    return asBookingRequest({ ...fields, service: 'walking', ...requestFieldsOf('walk', time) }, ctx)
  })

/** Accept, decline, cancel or complete from a page: an unticked 'Add to Google Calendar' box sends nothing. */
export const StatusChangeFormSchema = z.object({
  status: z.enum(bookingStatuses, { error: `Status must be one of ${bookingStatuses.join(', ')}` }),
  addToCalendar: z.boolean().default(false),
})
