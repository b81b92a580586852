import { z } from 'zod'
import { sitterServices } from '#app/features/sitters/options.ts'
import { clockTimeField, localDateField } from '#app/lib/date-fields.ts'
import { cursorMessages, cursorParameter } from '#app/lib/keyset-paging.ts'
import { limitParameter } from '#app/lib/paging.ts'
import { plainText } from '#app/lib/plain-text.ts'
import { addDays, daysBetween, fromMinutes, isoWeekday, toMinutes } from '#app/lib/zoned-time.ts'
import { bookingFormMessages } from './form-messages.ts'
import { bookingPeriods, type BookingPeriod, isQuarterHour, periodWindows, type TimeSlot, walkDurations, walkSlot } from './periods.ts'
import { bookingStatuses } from './transitions.ts'

// The zod schemas of bookings, shared by the API and (later) the booking pages. A request names its
// time in one of the four ways of spec section 3, and every way becomes the same list of slots
// (DESIGN.md ruling 3): (a) `timePeriod` becomes its window ('custom' needs startTime and endTime),
// (b) `timeSlot` becomes a one-hour slot, (c) `timeSlots` are taken as they are, (d) `startTime` with
// `endTime` or with a `duration` (30 or 60 minutes: a walk) becomes one slot. Every time is on a quarter
// hour (ruling 21). How the slots fit the service is decided once the service is known
// (service-times.ts). Whether the request is the owner's or a sitter's offer (variant b) depends
// on who sends it, not on how the time is written.

/** How many dogs one booking may hold (DESIGN.md ruling 28: one overlap, whatever the number). */
export const maxDogsPerBooking = 5

/** How long a series with an end date may run (a year, as far ahead as a single request). */
const maxBookingDaysAheadOfSeries = 365

export const bookingMessages = {
  bookingNotFound: 'Booking not found',
  timeMissing: 'Please choose a time: a period, a time slot, or a start and an end time',
  timeTwice: 'Please give the time one way only: timePeriod, timeSlot, timeSlots, or startTime with endTime',
  endBeforeStart: bookingFormMessages.endBeforeStart,
  slotsOverlap: 'Time slots must not overlap',
  customNeedsTimes: 'A custom period needs a start and an end time',
  timeSlotFormat: 'Time slot must be a time like 09:00 or 9:00 AM',
  quarterHour: (label: string) => `${label} must be on the quarter hour, like 09:00 or 09:15`,
  duration: `Duration must be ${walkDurations.join(' or ')} minutes`,
  durationNeedsStart: 'A duration needs a start time',
  endOrDuration: 'Give an end time or a duration, not both',
  startWithEnd: 'Start time and end time go together',
  coordinatesTogether: 'Latitude and longitude go together',
  dogMissing: 'Dog is required',
  dogsTooMany: `At most ${maxDogsPerBooking} dogs in one booking`,
  dogTwice: 'Each dog can be listed once',
  dogIdNotInDogIds: 'dogId must be one of dogIds (or leave it out)',
} as const

/** A booking's clock time: HH:mm on a quarter hour. */
const bookingTimeField = (label: string) =>
  clockTimeField(label)
    .refine(isQuarterHour, { error: bookingMessages.quarterHour(label) })
    .meta({ pattern: '^([01][0-9]|2[0-3]):(00|15|30|45)$' })

/** `timeSlot` as the OpenAPI document states it: a quarter hour as 09:15, or 9:15 AM (readTimeSlot also takes more spaces). */
const timeSlotPattern = '^(([01][0-9]|2[0-3]):(00|15|30|45)|(0?[1-9]|1[0-2]):(00|15|30|45) ?[AaPp][Mm])$'

const id = (label: string) =>
  plainText(label, { error: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .max(100, { error: `${label} is not valid` })

const SlotSchema = z.object({ startTime: bookingTimeField('Start time'), endTime: bookingTimeField('End time') })

const latitude = z.number({ error: 'Latitude must be a number between -90 and 90' }).min(-90).max(90)
const longitude = z.number({ error: 'Longitude must be a number between -180 and 180' }).min(-180).max(180)

/** '09:00', '9:00 AM', '08:00 PM' as minutes past midnight; null when unreadable. */
export function readTimeSlot(text: string): number | null {
  const match = /^(\d{1,2}):([0-5]\d)\s*([AaPp][Mm])?$/.exec(text.trim())
  if (!match) return null
  const [, hourText = '', minuteText = '', meridiem] = match
  let hour = Number(hourText)
  if (meridiem) {
    if (hour < 1 || hour > 12) return null
    hour = (hour % 12) + (meridiem.toLowerCase() === 'pm' ? 12 : 0)
  } else if (hourText.length !== 2 || hour > 23) {
    return null
  }
  return hour * 60 + Number(minuteText)
}

/** Every dog of a booking, in order; the first is the booking's `dogId`. */
const dogIdList = z
  .array(id('Dog'), { error: 'dogIds must be a list of dog ids' })
  .min(1, { error: bookingMessages.dogMissing })
  .max(maxDogsPerBooking, { error: bookingMessages.dogsTooMany })
  .refine((ids) => new Set(ids).size === ids.length, { error: bookingMessages.dogTwice })

/** A booking's time in one of the four ways of spec section 3 (normaliseTime turns them into slots). */
const timeFields = {
  timePeriod: z.enum(bookingPeriods, { error: `Time period must be one of ${bookingPeriods.join(', ')}` }).optional(),
  timeSlot: z
    .string({ error: bookingMessages.timeSlotFormat })
    .max(20, { error: bookingMessages.timeSlotFormat })
    .meta({ pattern: timeSlotPattern, examples: ['09:00', '9:00 AM'] })
    .optional(),
  timeSlots: z.array(SlotSchema, { error: 'Time slots must be a list of {startTime, endTime}' }).max(24, { error: 'At most 24 time slots' }).optional(),
  startTime: bookingTimeField('Start time').optional(),
  endTime: bookingTimeField('End time').optional(),
  /** Minutes from startTime, instead of endTime: how a walk is asked for. */
  duration: z.literal(walkDurations, { error: bookingMessages.duration }).optional(),
}

const notesField = plainText('Notes', { multiline: true }).max(2000, { error: 'Notes must be at most 2000 characters' })

const BookingRequestFields = z.object({
  /** One dog, as clients before several dogs send it. */
  dogId: id('Dog').optional(),
  dogIds: dogIdList.optional(),
  sitterId: id('Sitter'),
  date: localDateField('Date'),
  ...timeFields,
  service: z.enum(sitterServices, { error: `Service must be one of ${sitterServices.join(', ')}` }).optional(),
  notes: notesField.nullish(),
  location: plainText('Location').max(300, { error: 'Location must be at most 300 characters' }).nullish(),
  latitude: latitude.nullish(),
  longitude: longitude.nullish(),
})

type Fields = z.infer<typeof BookingRequestFields>
type TimeFields = Pick<Fields, keyof typeof timeFields>
type Issue = { path: string; message: string }

/** The slots and period the fields name, or what is wrong with them. */
function normaliseTime(fields: TimeFields): { period: BookingPeriod | null; slots: TimeSlot[] } | Issue {
  const { timePeriod, timeSlot, timeSlots, startTime, endTime, duration } = fields
  const startAndEnd = startTime !== undefined || endTime !== undefined || duration !== undefined
  const ways = [
    timePeriod !== undefined,
    timeSlot !== undefined,
    timeSlots !== undefined,
    startAndEnd && timePeriod !== 'custom',
  ].filter(Boolean).length
  if (ways === 0) return { path: 'timePeriod', message: bookingMessages.timeMissing }
  if (ways > 1) return { path: 'timePeriod', message: bookingMessages.timeTwice }

  if (timePeriod !== undefined && timePeriod !== 'custom') return { period: timePeriod, slots: [periodWindows[timePeriod]] }
  if (timeSlot !== undefined) {
    const start = readTimeSlot(timeSlot)
    if (start === null) return { path: 'timeSlot', message: bookingMessages.timeSlotFormat }
    if (start % 15 !== 0) return { path: 'timeSlot', message: bookingMessages.quarterHour('Time slot') }
    return { period: null, slots: [{ startTime: fromMinutes(start), endTime: fromMinutes((start + 60) % (24 * 60)) }] }
  }
  if (timeSlots !== undefined) {
    if (timeSlots.length === 0) return { path: 'timeSlots', message: bookingMessages.timeMissing }
    const sorted = [...timeSlots].sort((a, b) => toMinutes(a.startTime) - toMinutes(b.startTime))
    if (sorted.some((slot) => slot.endTime <= slot.startTime)) return { path: 'timeSlots', message: bookingMessages.endBeforeStart }
    if (sorted.some((slot, index) => index > 0 && slot.startTime < (sorted[index - 1]?.endTime ?? ''))) {
      return { path: 'timeSlots', message: bookingMessages.slotsOverlap }
    }
    return { period: null, slots: sorted }
  }
  if (duration !== undefined) {
    if (startTime === undefined) return { path: 'startTime', message: bookingMessages.durationNeedsStart }
    if (endTime !== undefined) return { path: 'duration', message: bookingMessages.endOrDuration }
    return { period: timePeriod ?? null, slots: [walkSlot(startTime, duration)] }
  }
  if (startTime === undefined || endTime === undefined) {
    const message = timePeriod === 'custom' ? bookingMessages.customNeedsTimes : bookingMessages.startWithEnd
    return { path: startTime === undefined ? 'startTime' : 'endTime', message }
  }
  if (endTime <= startTime) return { path: 'endTime', message: bookingMessages.endBeforeStart }
  return { period: timePeriod ?? null, slots: [{ startTime, endTime }] }
}

/** The dogs the fields name: `dogIds` in its order, else the one `dogId`; or what is wrong with them. */
function dogsOf({ dogId, dogIds }: Fields): string[] | Issue {
  if (dogIds === undefined) return dogId === undefined ? { path: 'dogId', message: bookingMessages.dogMissing } : [dogId]
  if (dogId !== undefined && !dogIds.includes(dogId)) return { path: 'dogId', message: bookingMessages.dogIdNotInDogIds }
  return dogIds
}

/** `POST /api/bookings`: any of the four variants, normalised to {dogIds, date, period, slots}. */
export const BookingRequestSchema = BookingRequestFields.transform((fields, ctx) => {
  const dogIds = dogsOf(fields)
  if ('message' in dogIds) {
    ctx.addIssue({ code: 'custom', path: [dogIds.path], message: dogIds.message })
    return z.NEVER
  }
  const time = normaliseTime(fields)
  if ('message' in time) {
    ctx.addIssue({ code: 'custom', path: [time.path], message: time.message })
    return z.NEVER
  }
  if ((fields.latitude == null) !== (fields.longitude == null)) {
    ctx.addIssue({ code: 'custom', path: ['longitude'], message: bookingMessages.coordinatesTogether })
    return z.NEVER
  }
  return {
    dogIds,
    sitterId: fields.sitterId,
    date: fields.date,
    period: time.period,
    slots: time.slots,
    service: fields.service ?? null,
    notes: fields.notes || null,
    location: fields.location || null,
    latitude: fields.latitude ?? null,
    longitude: fields.longitude ?? null,
  }
})

export type BookingRequest = z.output<typeof BookingRequestSchema>

/** The field a refusal about the dogs names: the one the client sent (`dogId` from clients before several dogs). */
export const dogsFieldOf = (body: unknown) => (body !== null && typeof body === 'object' && 'dogIds' in body ? 'dogIds' : 'dogId')

export const seriesMessages = {
  weekdaysMissing: 'Please choose at least one weekday',
  weekdayFormat: 'Weekdays must be a list of ISO weekdays, Monday 1 to Sunday 7',
  weekdayTwice: 'Each weekday can be listed once',
  endBeforeFirst: 'The last date must be on or after the first date',
  tooLong: `A series with an end date lasts at most ${maxBookingDaysAheadOfSeries} days`,
  noDate: 'None of the chosen weekdays falls between the first and the last date',
} as const

/** ISO weekdays, Monday 1 to Sunday 7, each once. */
const weekdayList = z
  .array(z.int({ error: seriesMessages.weekdayFormat }).min(1, { error: seriesMessages.weekdayFormat }).max(7, { error: seriesMessages.weekdayFormat }), {
    error: seriesMessages.weekdayFormat,
  })
  .min(1, { error: seriesMessages.weekdaysMissing })
  .max(7, { error: seriesMessages.weekdayTwice })
  .refine((days) => new Set(days).size === days.length, { error: seriesMessages.weekdayTwice })

/**
 * `POST /api/booking-series` (issue 33 part 1): a booking request whose `date` is a first date, repeated on
 * `weekdays` every week until `endDate` (or with no end); normalised as a booking request is, weekdays sorted.
 */
export const SeriesRequestSchema = BookingRequestFields.omit({ date: true })
  .extend({ weekdays: weekdayList, firstDate: localDateField('First date'), endDate: localDateField('End date').nullish() })
  .transform((fields, ctx) => {
    const { weekdays, firstDate, endDate, ...rest } = fields
    const request = BookingRequestSchema.safeParse({ ...rest, date: firstDate })
    if (!request.success) {
      for (const issue of request.error.issues) ctx.addIssue({ code: 'custom', path: issue.path.map((part) => (part === 'date' ? 'firstDate' : part)), message: issue.message })
      return z.NEVER
    }
    if (endDate && endDate < firstDate) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: seriesMessages.endBeforeFirst })
      return z.NEVER
    }
    if (endDate && daysBetween(firstDate, endDate) > maxBookingDaysAheadOfSeries) {
      ctx.addIssue({ code: 'custom', path: ['endDate'], message: seriesMessages.tooLong })
      return z.NEVER
    }
    if (endDate && daysBetween(firstDate, endDate) < 6 && !weekdays.some((day) => datesBetween(firstDate, endDate).some((date) => isoWeekday(date) === day))) {
      ctx.addIssue({ code: 'custom', path: ['weekdays'], message: seriesMessages.noDate })
      return z.NEVER
    }
    const { date: _first, ...booking } = request.data
    return { ...booking, weekdays: [...weekdays].sort((a, b) => a - b), firstDate, endDate: endDate ?? null }
  })

export type SeriesRequest = z.output<typeof SeriesRequestSchema>

const datesBetween = (from: string, to: string) => Array.from({ length: daysBetween(from, to) + 1 }, (_, index) => addDays(from, index))

export const seriesAnswers = ['accepted', 'declined', 'cancelled', 'ended'] as const

/**
 * `PATCH /api/booking-series/{id}/status`: the sitter accepts or declines a waiting series, its owner cancels the
 * request; either party ends an accepted one `from` a date (today when left out).
 */
export const SeriesStatusSchema = z.object({
  status: z.enum(seriesAnswers, { error: `Status must be one of ${seriesAnswers.join(', ')}` }),
  from: localDateField('From').optional(),
  /** On accept: one recurring event in both parties' Google Calendars. */
  addToCalendar: z.boolean({ error: 'addToCalendar must be true or false' }).default(true),
})

export type SeriesStatusChange = z.output<typeof SeriesStatusSchema>

export const bookingChangeMessages = {
  nothing: 'Please change the date, the time, the dogs or the notes',
} as const

/**
 * `POST /api/bookings/{id}/changes` (DESIGN.md ruling 28): a new date, a new time in any of the four ways, other
 * dogs or other notes (null clears them); what is left out stays as booked. The booking decides the rest.
 */
export const BookingChangeSchema = z
  .object({ date: localDateField('Date').optional(), ...timeFields, dogIds: dogIdList.optional(), notes: notesField.nullable().optional() })
  .transform((fields, ctx) => {
    const { date, dogIds, notes, ...time } = fields
    const timeGiven = Object.values(time).some((value) => value !== undefined)
    const slots = timeGiven ? normaliseTime(time) : null
    if (slots && 'message' in slots) {
      ctx.addIssue({ code: 'custom', path: [slots.path], message: slots.message })
      return z.NEVER
    }
    if (date === undefined && !slots && dogIds === undefined && notes === undefined) {
      ctx.addIssue({ code: 'custom', path: [], message: bookingChangeMessages.nothing })
      return z.NEVER
    }
    return { date, time: slots, dogIds, notes: notes === undefined ? undefined : notes || null }
  })

export type BookingChangeInput = z.output<typeof BookingChangeSchema>

export const proposalAnswers = ['accepted', 'declined', 'withdrawn'] as const

/** `PATCH /api/bookings/{id}/changes/{changeId}`: the other party accepts or declines, its author withdraws it. */
export const ProposalAnswerSchema = z.object({
  status: z.enum(proposalAnswers, { error: `Status must be one of ${proposalAnswers.join(', ')}` }),
})

/** `PATCH /api/bookings/{id}/status`. */
export const StatusChangeSchema = z.object({
  status: z.enum(bookingStatuses, { error: `Status must be one of ${bookingStatuses.join(', ')}` }),
  /** On accept: add the booking to both parties' Google Calendars (spec section 9: checked by default). */
  addToCalendar: z.boolean({ error: 'addToCalendar must be true or false' }).default(true),
})

export type StatusChange = z.output<typeof StatusChangeSchema>

// The list tabs of spec section 4.
export const ownerTabs = ['upcoming', 'pending', 'past', 'all'] as const
export const sitterTabs = ['pending', 'upcoming', 'completed', 'all'] as const
export type OwnerTab = (typeof ownerTabs)[number]
export type SitterTab = (typeof sitterTabs)[number]

/** Bookings in one page of a list; an API client may ask for up to `maxBookingPageSize`. */
export const bookingPageSize = 20
export const maxBookingPageSize = 100

/** The list a booking cursor belongs to: the party's side with its tab and day (each has its own order). */
export const bookingListName = (side: 'owner' | 'sitter', { tab, date }: { tab?: string | undefined; date?: string | undefined }) =>
  `${side}-bookings:${tab ?? ''}:${date ?? ''}`

const listFilters = <Tabs extends readonly [string, ...string[]]>(side: 'owner' | 'sitter', tabs: Tabs) =>
  z
    .object({
      tab: z.enum(tabs, { error: `Tab must be one of ${tabs.join(', ')}` }).optional(),
      /** A selected day: every booking on that date. */
      date: localDateField('Date').optional(),
      /** The last booking of the page before (lib/keyset-paging.ts). */
      cursor: cursorParameter,
      limit: limitParameter(bookingPageSize, maxBookingPageSize),
    })
    .refine((filters) => !filters.cursor || filters.cursor.list === bookingListName(side, filters), { error: cursorMessages.foreign, path: ['cursor'] })

/** `GET /api/bookings?tab&date&cursor&limit` (the owner's bookings). */
export const OwnerBookingFiltersSchema = listFilters('owner', ownerTabs)
/** `GET /api/bookings/sitter?tab&date&cursor&limit`. */
export const SitterBookingFiltersSchema = listFilters('sitter', sitterTabs)
