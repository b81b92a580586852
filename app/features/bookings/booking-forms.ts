import { z } from 'zod'
import { bookingFormMessages } from './form-messages.ts'
import { hourlySlotsOf, multiPeriods } from './periods.ts'
import { BookingRequestSchema } from './schema.ts'
import { bookingStatuses } from './transitions.ts'

// The booking screens' forms. Each names what is missing in the user's words, then hands the fields to
// the API's own BookingRequestSchema, so a page request is normalised and checked exactly as
// POST /api/bookings is (one set of rules).

const optionalText = z.string().optional()

type Issue = { path: PropertyKey[]; message: string }
type Context = { addIssue: (issue: { code: 'custom'; path: PropertyKey[]; message: string }) => void }

/** Runs the API schema on the form's fields; its issues become the form's, under the same field names. */
function asBookingRequest(input: Record<string, unknown>, ctx: Context) {
  const parsed = BookingRequestSchema.safeParse(input)
  if (parsed.success) return parsed.data
  for (const issue of parsed.error.issues as Issue[]) ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message })
  return z.NEVER
}

function requireFields(fields: Record<string, unknown>, required: Record<string, string>, summary: string, ctx: Context) {
  const missing = Object.entries(required).filter(([name]) => !fields[name])
  for (const [name, message] of missing) ctx.addIssue({ code: 'custom', path: [name], message })
  if (missing.length > 0) ctx.addIssue({ code: 'custom', path: [], message: summary })
  return missing.length === 0
}

/**
 * An owner's request to a sitter (/sitters/{id}/book, /booking/new?sitter=): a date, a period of the
 * day (or custom start and end times), a dog, optional service, notes and place. The route adds `sitterId`.
 */
export const OwnerRequestFormSchema = z
  .object({
    sitterId: z.string(),
    dogId: optionalText,
    date: optionalText,
    timePeriod: optionalText,
    startTime: optionalText,
    endTime: optionalText,
    service: optionalText,
    notes: optionalText,
    location: optionalText,
  })
  .transform((fields, ctx) => {
    const complete = requireFields(
      fields,
      { date: bookingFormMessages.chooseDate, timePeriod: bookingFormMessages.choosePeriod, dogId: bookingFormMessages.chooseDog },
      bookingFormMessages.missingInformation,
      ctx,
    )
    if (!complete) return z.NEVER
    // Times typed for 'Custom' and then left for another period are not part of the request.
    const custom = fields.timePeriod === 'custom'
    return asBookingRequest({ ...fields, startTime: custom ? fields.startTime : undefined, endTime: custom ? fields.endTime : undefined }, ctx)
  })

/**
 * The multi-period form (spec section 2, 'Multi-period booking dialog'; /sitters/{id}/book?periods=several):
 * a date, at least one of morning, afternoon and evening, and a dog; each period becomes its four hourly
 * ranges (variant c, a list of slots). The route adds `sitterId`.
 */
export const MultiPeriodFormSchema = z
  .object({
    sitterId: z.string(),
    dogId: optionalText,
    date: optionalText,
    timePeriods: z.array(z.string()).optional(),
    service: optionalText,
    notes: optionalText,
    location: optionalText,
  })
  .transform(({ timePeriods = [], ...fields }, ctx) => {
    const periods = multiPeriods.filter((period) => timePeriods.includes(period))
    const complete = requireFields(
      { ...fields, timePeriods: periods.length > 0 },
      { date: bookingFormMessages.chooseDate, timePeriods: bookingFormMessages.choosePeriods, dogId: bookingFormMessages.chooseDog },
      bookingFormMessages.missingInformation,
      ctx,
    )
    if (!complete) return z.NEVER
    return asBookingRequest({ ...fields, timeSlots: hourlySlotsOf(periods) }, ctx)
  })

/** A sitter's offer to walk a dog listed for sitting (/bookings/new?dogId): a date and one hourly slot. The route adds `sitterId` (the sitter). */
export const DogRequestFormSchema = z
  .object({ sitterId: z.string(), dogId: z.string(), date: optionalText, timeSlot: optionalText, notes: optionalText })
  .transform((fields, ctx) => {
    const complete = requireFields(
      fields,
      { date: bookingFormMessages.chooseDate, timeSlot: bookingFormMessages.chooseTime },
      bookingFormMessages.missingDateAndTime,
      ctx,
    )
    if (!complete) return z.NEVER
    return asBookingRequest(fields, ctx)
  })

/** Accept, decline, cancel or complete from a page: an unticked 'Add to Google Calendar' box sends nothing. */
export const StatusChangeFormSchema = z.object({
  status: z.enum(bookingStatuses, { error: `Status must be one of ${bookingStatuses.join(', ')}` }),
  addToCalendar: z.boolean().default(false),
})
