import { seriesStatusMessages } from '#app/features/bookings/booking-series.server.ts'
import { createBookingMessages } from '#app/features/bookings/create-booking.server.ts'
import { bookingPeriods } from '#app/features/bookings/periods.ts'
import { seriesAnswers, SeriesRequestSchema, seriesMessages, SeriesStatusSchema } from '#app/features/bookings/schema.ts'
import { bookingStatuses } from '#app/features/bookings/transitions.ts'
import { sitterServices } from '#app/features/sitters/options.ts'
import { requestRules } from './openapi-bookings.ts'
import { answer, errors, inputSchema, jsonBody, nullable, objectOf, pathParameter, ref, signedIn, type StatedRule, strings } from './openapi-parts.ts'

// Weekly series in the OpenAPI document (issue 33 part 1): the request, one series, and its status. Bodies come from
// the routes' zod schemas; the answer is hand-written from toSeriesApiJson (bookings/series-reads.server.ts).

const seriesId = pathParameter('id', 'The series id.')

const dateWithReason = (reasonDescription: string, nullableReason: boolean) =>
  objectOf({ date: { type: 'string', format: 'date' }, reason: nullableReason ? nullable('string', { description: reasonDescription }) : { type: 'string', description: reasonDescription } })

const BookingSeries = objectOf({
  id: { type: 'string' },
  status: { enum: ['pending', 'accepted', 'declined', 'cancelled', 'ended'] },
  expired: { type: 'boolean', description: "Cancelled by Pawpal, not by a party: its last date passed before the sitter answered. Series that expired before 2026-11-27 read false." },
  viewerRole: { enum: ['owner', 'sitter'], description: 'Your side of the series.' },
  service: { enum: sitterServices },
  weekdays: { type: 'array', items: { type: 'integer', minimum: 1, maximum: 7 }, description: 'ISO weekdays, Monday 1.' },
  timeSlots: { type: 'array', items: objectOf({ startTime: { type: 'string' }, endTime: { type: 'string' } }) },
  period: { enum: [...bookingPeriods, null] },
  firstDate: { type: 'string', format: 'date' },
  endDate: nullable('string', { format: 'date', description: 'The last date a booking may fall on; null: no end.' }),
  bookedThrough: nullable('string', {
    format: 'date',
    description: 'Accepted: its bookings are made through this date (eight weeks ahead, or its endDate), and it can be ended from the day after at the latest; null before (added 2026-11-30).',
  }),
  timeZone: { type: 'string' },
  notes: nullable('string'),
  location: nullable('string', { description: "The owner's place: for the sitter once accepted." }),
  hourlyRate: nullable('number', { description: "Dollars per the service's unit; fixed at acceptance, the sitter's rate today while waiting." }),
  extraDogRate: nullable('number', { description: 'What each further dog adds to the rate.' }),
  rateFixed: { type: 'boolean', description: 'The rate was fixed when the sitter accepted (false while waiting, and for a series declined or withdrawn).' },
  pricePerVisit: nullable('number', { description: 'Dollars for one date, every dog included.' }),
  dogs: { type: 'array', items: objectOf({ id: { type: 'string' }, name: { type: 'string' }, breed: { type: 'string' } }) },
  owner: objectOf({ id: { type: 'string' }, name: { type: 'string' } }),
  sitter: objectOf({ id: { type: 'string' }, name: { type: 'string' } }),
  bookings: {
    type: 'array',
    description: 'Its bookings by date: ordinary bookings (`seriesId` set) with chat, visit log, reviews and calendars.',
    items: objectOf({
      id: { type: 'string' },
      date: { type: 'string', format: 'date' },
      seriesDate: { type: 'string', format: 'date', description: 'The date it was made for (a moved booking keeps it).' },
      status: { enum: bookingStatuses },
      startTime: nullable('string'),
      lateFrom: nullable('string', { format: 'date-time', description: 'While accepted: the instant (UTC) after which cancelling it, alone or by ending the series, is late; null otherwise.' }),
      cancelledLate: { enum: ['owner', 'sitter', null], description: 'Who cancelled it late (inside the terms\' notice), alone or by ending the series; null otherwise.' },
    }),
  },
  lateIfEndedNow: {
    type: 'array',
    items: { type: 'string', format: 'date' },
    description: "The dates of the bookings that ending the series now would cancel late (accepted, not begun, inside their terms' notice).",
  },
  conflicts: { type: 'array', items: dateWithReason('Why this date is not a booking.', false), description: 'Dates of the series that did not become bookings.' },
  upcoming: {
    oneOf: [{ type: 'null' }, { type: 'array', items: dateWithReason('Why it would not fit now; null when it fits.', true) }],
    description: 'While it waits for the sitter: the dates of the next eight weeks; null once answered.',
  },
  actions: { type: 'array', items: { enum: seriesAnswers }, description: 'The statuses you may give it now.' },
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
})

export const seriesSchemas = {
  BookingSeries,
  SeriesRequestInput: inputSchema(SeriesRequestSchema),
  SeriesStatusInput: inputSchema(SeriesStatusSchema),
}

export const seriesPaths = {
  '/api/booking-series': {
    post: {
      operationId: 'requestBookingSeries',
      tags: ['Bookings'],
      summary: 'Ask a sitter for the same care every week',
      description:
        'A booking request (`POST /api/bookings`) whose `firstDate` starts a series on `weekdays`, every week until `endDate` ' +
        '(or with no end). The sitter accepts or declines it as a whole (`PATCH /api/booking-series/{id}/status`). An ' +
        "accepted series fixes the sitter's rates and becomes ordinary accepted bookings eight weeks ahead, extended every " +
        'day; a date that does not fit (a blocked day, hours the sitter does not work, another accepted booking) is listed ' +
        'in `conflicts`. Skip a date by cancelling its booking, move it with `POST /api/bookings/{id}/changes`.',
      security: signedIn,
      requestBody: jsonBody(ref('SeriesRequestInput')),
      responses: {
        201: answer('The series, waiting for the sitter.', ref('BookingSeries')),
        ...errors({ 400: true, 401: true, 403: 'You are an admin: a staff account books nothing (decision 102).', 409: 'The sitter offers no service yet, or you have asked this sitter for this care already and it waits (the same service and time, a shared weekday and dog, overlapping dates).', 415: true, 429: true }),
      },
    },
  },
  '/api/booking-series/{id}': {
    parameters: [seriesId],
    get: {
      operationId: 'getBookingSeries',
      tags: ['Bookings'],
      summary: 'One of your weekly series (as owner or sitter)',
      description: 'Answers carry `Cache-Control: private, no-store`.',
      security: signedIn,
      responses: { 200: answer('The series.', ref('BookingSeries')), ...errors({ 401: true, 404: 'Series not found (or not yours).' }) },
    },
  },
  '/api/booking-series/{id}/status': {
    parameters: [seriesId],
    patch: {
      operationId: 'changeBookingSeriesStatus',
      tags: ['Bookings'],
      summary: 'Accept or decline a weekly series (the sitter), cancel the request (the owner), or end it (either)',
      description:
        'Accepting makes the next eight weeks into accepted bookings at the rates of now, fixed for the life of the ' +
        "series, and with `addToCalendar` (default true) puts one recurring event in both parties' Google Calendars. " +
        'Ending cancels its bookings from `from` (today when left out) that have not begun; each accepted one inside its ' +
        "cancellation terms' notice (past its `lateFrom`) counts as the ending party's late cancellation, as cancelling it alone would.",
      security: signedIn,
      requestBody: jsonBody(ref('SeriesStatusInput')),
      responses: {
        200: answer('The series after the change.', ref('BookingSeries')),
        ...errors({
          400: true,
          401: true,
          403: 'Only the sitter accepts or declines; only the owner cancels a request.',
          404: 'Series not found (or not yours).',
          415: true,
        }),
        409: answer(
          'Already answered, not accepted (to end), or no date of the next eight weeks fits: the answer then lists `conflicts`.',
          objectOf(
            {
              message: { type: 'string' },
              errors: { type: 'object', additionalProperties: strings },
              conflicts: { type: 'array', items: dateWithReason('Why this date does not fit.', false), description: 'Only when no date fits: every date of the eight weeks.' },
            },
            ['message', 'errors'],
          ),
        ),
      },
    },
  },
}

const seriesRequestRules: StatedRule[] = [
  ...requestRules.filter((rule) => rule.message !== createBookingMessages.offerOneDog && rule.message !== createBookingMessages.youAreNotASitter),
  { message: seriesMessages.weekdaysMissing, rule: '`weekdays` names at least one day' },
  { message: seriesMessages.weekdayTwice, rule: '`weekdays` lists each day once' },
  { message: seriesMessages.endBeforeFirst, rule: '`endDate` is on or after `firstDate`' },
  { message: seriesMessages.tooLong, rule: '`endDate` is at most a year after `firstDate`' },
  { message: seriesMessages.noDate, rule: 'one of `weekdays` falls between `firstDate` and `endDate`' },
]

export const seriesRules: Record<string, StatedRule[]> = {
  requestBookingSeries: seriesRequestRules,
  changeBookingSeriesStatus: [
    { message: seriesStatusMessages.sitterAnswers, rule: 'only the sitter accepts or declines' },
    { message: seriesStatusMessages.ownerCancels, rule: 'only the owner cancels a waiting request' },
    { message: seriesStatusMessages.notPending, rule: 'accept, decline and cancel answer a waiting series' },
    { message: seriesStatusMessages.notAccepted, rule: 'only an accepted series is ended' },
    { message: seriesStatusMessages.endInPast, rule: '`from` is today or later' },
    { message: seriesStatusMessages.endAfterBooked, rule: '`from` is at most the day after `bookedThrough`' },
    { message: seriesStatusMessages.noDateFits, rule: 'at least one date of the next eight weeks fits' },
  ],
}
