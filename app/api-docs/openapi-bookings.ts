import { bookingPeriods } from '#app/features/bookings/periods.ts'
import {
  bookingPageSize,
  BookingRequestSchema,
  maxBookingPageSize,
  OwnerBookingFiltersSchema,
  SitterBookingFiltersSchema,
  StatusChangeSchema,
  BookingChangeSchema,
  ProposalAnswerSchema,
} from '#app/features/bookings/schema.ts'
import { proposalMessages } from '#app/features/bookings/booking-proposals.server.ts'
import { overlapMessage } from '#app/features/bookings/booking-rules.server.ts'
import { bookingStatuses } from '#app/features/bookings/transitions.ts'
import { CalendarEventSchema, CalendarQuerySchema } from '#app/features/calendar/schema.ts'
import { ReviewReplySchema, ReviewSchema } from '#app/features/reviews/review-write-schema.ts'
import { AvailabilityQuerySchema, maxAvailabilityDays, SitterScheduleSchema } from '#app/features/availability/schedule-schema.ts'
import { cancellationTerms } from '#app/features/sitters/cancellation-terms.ts'
import { sitterServices } from '#app/features/sitters/options.ts'
import {
  answer,
  errors,
  inputSchema,
  jsonBody,
  type JsonSchema,
  nullable,
  objectOf,
  pagedListAnswer,
  pagingParameterDescriptions,
  pathParameter,
  queryParameters,
  ref,
  signedIn,
} from './openapi-parts.ts'
import { BookingReviewOfOwner, OwnerReviews } from './openapi-reviews.ts'
import { createBookingMessages } from '#app/features/bookings/create-booking.server.ts'
import { bookingStyles } from '#app/features/bookings/periods.ts'
import { bookingChangeMessages, bookingMessages, maxDogsPerBooking, proposalAnswers } from '#app/features/bookings/schema.ts'
import { serviceTimeMessages } from '#app/features/bookings/service-times.ts'
import { calendarEventMessages } from '#app/features/calendar/schema.ts'
import { availabilityRangeMessages, rangeMessages } from '#app/features/availability/schedule-schema.ts'
import { cursorRules, type StatedRule } from './openapi-parts.ts'

// The bookings part of the OpenAPI document: bookings, availability and schedules, reviews (writes) and
// calendars (Google Calendar and the ICS feed). Bodies and queries come from the routes' zod schemas;
// answers are hand-written from toBookingApiJson (booking-reads.server.ts) and the features' answers.

const bookingId = pathParameter('id', 'The booking id.')
const noCache = 'Answers carry `Cache-Control: private, no-store`.'

const timeSlot = objectOf({ startTime: { type: 'string', examples: ['09:00'] }, endTime: { type: 'string', examples: ['10:00'] } })
const zonedTime = objectOf({ dateTime: { type: 'string', examples: ['2026-03-02T09:00:00+01:00'] }, timeZone: { type: 'string' } })

const bookingParty = (extra: Record<string, JsonSchema> = {}) =>
  objectOf({
    id: { type: 'string' },
    name: { type: 'string' },
    avatar: nullable('string'),
    profilePhoto: nullable('string'),
    location: nullable('string', { description: 'District-level text; the exact address once the booking is accepted (or your own).' }),
    latitude: nullable('number', { description: 'Only once the booking is accepted (or your own).' }),
    longitude: nullable('number', { description: 'Only once the booking is accepted (or your own).' }),
    phone: nullable('string', { description: 'Only once the booking is accepted (or your own).' }),
    email: nullable('string', { description: 'Only once the booking is accepted (or your own).' }),
    ...extra,
  })

const Review = objectOf({
  id: { type: 'string' },
  bookingId: { type: 'string' },
  sitterId: { type: 'string' },
  ownerId: { type: 'string' },
  rating: { type: 'integer', minimum: 1, maximum: 5 },
  comment: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
  reply: nullable('string'),
  repliedAt: nullable('string', { format: 'date-time' }),
  publishedAt: nullable('string', { format: 'date-time', description: 'Null while only you, its author, see it (double-blind).' }),
})

/** toBookingApiJson() (features/bookings/booking-reads.server.ts). */
const bookingDog = {
  allOf: [
    ref('Dog'),
    objectOf({ avatar: nullable('string'), image: nullable('string'), archived: { type: 'boolean' } }),
  ],
}

const proposalTerms = objectOf({
  date: { type: 'string', format: 'date' },
  period: { enum: [...bookingPeriods, null] },
  timeSlots: { type: 'array', items: timeSlot },
  dogIds: { type: 'array', items: { type: 'string' } },
  dogNames: { type: 'array', items: { type: 'string' }, description: 'The names of `dogIds`, in order.' },
  notes: nullable('string'),
  price: { type: 'number', description: "Dollars, at the booking's own rates." },
})

const BookingProposal = objectOf({
  id: { type: 'string' },
  proposedBy: { enum: ['owner', 'sitter'] },
  status: { enum: ['pending', ...proposalAnswers, 'lapsed'], description: "'lapsed': left unanswered until its booking was cancelled, declined or begun." },
  previous: { ...proposalTerms, description: 'The booking when the change was proposed.' },
  proposed: { ...proposalTerms, description: 'The booking as proposed.' },
  createdAt: { type: 'string', format: 'date-time' },
  answeredAt: nullable('string', { format: 'date-time' }),
  canAnswer: { type: 'boolean', description: 'You may accept or decline it.' },
  canWithdraw: { type: 'boolean', description: 'You proposed it and may withdraw it.' },
})

const HistoryEntry = objectOf({
  at: { type: 'string', format: 'date-time' },
  what: { enum: ['requested', 'accepted', 'rejected', 'cancelled', 'expired', 'completed', 'change-proposed', 'changed', 'change-declined', 'change-withdrawn'] },
  by: { enum: ['owner', 'sitter', null] },
  proposalId: nullable('string'),
})

const Booking = objectOf({
  id: { type: 'string' },
  dogId: { type: 'string', description: 'The first dog of `dogIds`.' },
  dogIds: { type: 'array', items: { type: 'string' }, minItems: 1, maxItems: maxDogsPerBooking, description: 'Every dog of the booking, in the order requested.' },
  ownerId: { type: 'string' },
  sitterId: { type: 'string' },
  requestedById: { type: 'string' },
  requestedBy: { enum: ['owner', 'sitter'] },
  confirmingParty: { enum: ['owner', 'sitter'], description: 'Who accepts or declines while it is pending.' },
  viewerRole: { enum: ['owner', 'sitter'], description: 'Your side of the booking.' },
  status: { enum: bookingStatuses },
  statusReason: nullable('string', { description: "'expired' when a request was cancelled because its start passed unanswered." }),
  date: { type: 'string', format: 'date', description: "Local date in the booking's zone." },
  timeZone: { type: 'string', examples: ['Europe/Zurich'] },
  period: { enum: [...bookingPeriods, null] },
  service: { enum: sitterServices },
  timeSlots: { type: 'array', items: timeSlot, description: 'Local HH:mm; an end not after its start runs past midnight.' },
  timeSlot: nullable('string', { examples: ['09:00 - 10:00'], description: 'The first slot, as list views show it.' }),
  startTime: nullable('string', { description: 'Start of the first slot.' }),
  endTime: nullable('string', { description: 'End of the last slot.' }),
  startDateTime: { type: 'string', description: 'ISO 8601 with the zone offset.' },
  endDateTime: { type: 'string', description: 'ISO 8601 with the zone offset.' },
  notes: nullable('string'),
  location: nullable('string', { description: 'Where the owner wants the care; the sitter sees it once accepted.' }),
  latitude: nullable('number'),
  longitude: nullable('number'),
  price: nullable('number', { description: 'Dollars: the hourly rate at request time x the booked hours; null when the sitter had set no rate.' }),
  hourlyRate: nullable('number', { description: "Dollars per unit of the service (hour, day or night) for one dog, at request time." }),
  extraDogRate: nullable('number', {
    description: 'Dollars each further dog added per unit at request time; null when nothing. `price` is (`hourlyRate` + `extraDogRate` x (dogs - 1)) x the units booked.',
  }),
  cancellationTerms: { enum: cancellationTerms, description: "The sitter's cancellation terms when it was requested (a later change of terms does not apply); flexible for bookings made before terms existed." },
  cancelledLate: { enum: ['owner', 'sitter', null], description: 'Who cancelled it late: after it was accepted, inside the notice period of its terms; null otherwise.' },
  lateFrom: nullable('string', { format: 'date-time', description: 'While accepted: the instant (UTC) after which a cancellation by either party is late; null otherwise.' }),
  actions: { type: 'array', items: { enum: bookingStatuses }, description: 'The statuses you may move it to now.' },
  overlap: {
    oneOf: [
      { type: 'null' },
      objectOf({
        bookingId: nullable('string', { description: 'The accepted booking, when it is yours (you are its sitter).' }),
        date: { type: 'string', format: 'date' },
        startTime: { type: 'string', examples: ['14:00'] },
      }),
    ],
    description:
      "Set on a pending request you would confirm while it overlaps an accepted booking of the sitter, which would refuse the acceptance: that booking's start in this booking's zone. `actions` then leaves out `accepted`.",
  },
  canReview: { type: 'boolean', description: 'You are the owner and may review the sitter now: completed, within the 14 days, not yet reviewed.' },
  canReviewOwner: { type: 'boolean', description: 'You are the sitter and may review the owner and the dog now (`POST /api/owner-reviews`).' },
  canReply: { type: 'boolean', description: "You are the sitter and may reply to the owner's published review." },
  reviewsCloseAt: nullable('string', { format: 'date-time', description: 'Completed bookings: the end of the 14 days to review, when the reviews publish at the latest.' }),
  theirReviewWaiting: { type: 'boolean', description: 'The other party has reviewed you; you read it once you have reviewed them or the 14 days pass.' },
  review: {
    oneOf: [
      { type: 'null' },
      objectOf({
        id: { type: 'string' },
        bookingId: { type: 'string' },
        rating: { type: 'integer' },
        comment: { type: 'string' },
        createdAt: { type: 'string' },
        reply: nullable('string'),
        repliedAt: nullable('string'),
        publishedAt: nullable('string', { format: 'date-time' }),
      }),
    ],
    description: "The owner's review of the sitter: the owner always sees it, the sitter once it is published.",
  },
  reviewOfOwner: BookingReviewOfOwner,
  ownerReviews: OwnerReviews,
  changeable: { type: 'boolean', description: 'Either party may propose a change now: pending or accepted, not begun.' },
  changes: {
    oneOf: [{ type: 'null' }, { type: 'array', items: BookingProposal }],
    description: 'The changes proposed to it, oldest first; on `GET /api/bookings/{id}` and the answers of one booking, null in lists.',
  },
  history: {
    oneOf: [{ type: 'null' }, { type: 'array', items: HistoryEntry }],
    description: 'Requested, accepted, changed, ... oldest first; on the one-booking answers, null in lists.',
  },
  seriesId: nullable('string', { description: 'The weekly series it was made for (`GET /api/booking-series/{id}`); null for a single booking.' }),
  dog: { ...bookingDog, description: 'The first dog.' },
  dogs: { type: 'array', items: bookingDog, description: 'Every dog of the booking, in the order of `dogIds`.' },
  owner: bookingParty(),
  sitter: bookingParty({ rating: nullable('number'), reviewCount: { type: 'integer' } }),
  createdAt: { type: 'string', format: 'date-time' },
  updatedAt: { type: 'string', format: 'date-time' },
})

const CalendarSync = objectOf({
  added: { type: 'boolean', description: 'Every party that linked Google has the event.' },
  results: {
    type: 'array',
    items: objectOf(
      {
        party: { enum: ['sitter', 'owner'] },
        outcome: { enum: ['created', 'exists', 'not-linked', 'failed'] },
        eventId: nullable('string'),
        error: { type: 'string' },
      },
      ['party', 'outcome', 'eventId'],
    ),
  },
  message: { type: 'string' },
})

const Availability = objectOf({
  sitterId: { type: 'string' },
  timeZone: { type: 'string' },
  from: { type: 'string', format: 'date' },
  to: { type: 'string', format: 'date' },
  items: {
    type: 'array',
    items: objectOf({ start: zonedTime, end: zonedTime, reason: { enum: ['booked', 'blocked', 'unavailable'] } }),
    description: 'Busy intervals in start order. A day they cover entirely is full.',
  },
})

const Schedule = objectOf({
  timeZone: { type: 'string' },
  weekly: { type: 'array', items: objectOf({ weekday: { type: 'integer', minimum: 1, maximum: 7 }, startTime: { type: 'string' }, endTime: { type: 'string' } }) },
  blockedDates: { type: 'array', items: { type: 'string', format: 'date' } },
})

const CalendarEventAdded = objectOf({
  ok: { type: 'boolean' },
  created: { type: 'boolean', description: 'False when the event was there already.' },
  eventId: { type: 'string' },
  bookingId: nullable('string', { description: 'The booking the event is for, when it is one of yours.' }),
})

const googleEventTime = {
  type: ['object', 'null'],
  properties: { dateTime: { type: 'string' }, date: { type: 'string', format: 'date' }, timeZone: { type: 'string' } },
  description: "As Google gives it: `dateTime` for a timed event, `date` for an all-day one.",
}

/** listOwnGoogleEvents() (features/bookings/calendar-requests.server.ts): only the items, nothing else. */
const GoogleCalendarEvents = {
  ...objectOf({
    items: {
      type: 'array',
      items: objectOf({
        id: { type: 'string' },
        summary: nullable('string'),
        location: nullable('string'),
        htmlLink: nullable('string'),
        start: googleEventTime,
        end: googleEventTime,
      }),
      description: 'The events of your primary calendar, in start order.',
    },
  }),
  additionalProperties: false,
}

const PreviousSitter = objectOf({
  id: { type: 'string' },
  name: { type: 'string' },
  profilePhoto: nullable('string'),
  hasProfile: { type: 'boolean', description: 'False when the sitter has no public profile any more (use /sitters/{id}/book).' },
  location: nullable('string'),
  lastBookingDate: { type: 'string', format: 'date' },
  bookingCount: { type: 'integer' },
  rating: nullable('number'),
  reviewCount: { type: 'integer' },
})

/** The review body from ReviewSchema, with the stars as JSON sends them (the schema also takes '1'..'5'). */
const reviewInput = () => {
  const generated = inputSchema(ReviewSchema)
  const properties = generated.properties as Record<string, JsonSchema>
  return { ...generated, properties: { ...properties, rating: { type: 'integer', minimum: 1, maximum: 5 } } }
}

export const bookingTags = [
  { name: 'Bookings', description: 'Requests, offers and their status, as owner or sitter.' },
  { name: 'Availability', description: "A sitter's busy times, weekly hours and blocked days." },
  { name: 'Reviews', description: 'Reviews of completed bookings and the sitters\' replies.' },
  { name: 'Calendar', description: 'Google Calendar events and the private ICS feed of accepted bookings.' },
]

export const bookingSchemas = {
  Booking,
  ReviewRecord: Review,
  CalendarSync,
  Availability,
  Schedule,
  CalendarEventAdded,
  GoogleCalendarEvents,
  PreviousSitter,
  BookingRequestInput: inputSchema(BookingRequestSchema),
  StatusChangeInput: inputSchema(StatusChangeSchema),
  BookingChangeInput: inputSchema(BookingChangeSchema),
  ProposalAnswerInput: inputSchema(ProposalAnswerSchema),
  ScheduleInput: inputSchema(SitterScheduleSchema),
  ReviewInput: reviewInput(),
  ReviewReplyInput: inputSchema(ReviewReplySchema),
  CalendarEventInput: inputSchema(CalendarEventSchema),
}

const variants =
  'The time is given one way: (a) `timePeriod` (morning 08-12, afternoon 12-16, evening 16-20, overnight 20-08, ' +
  'all_day 08-20; `custom` with `startTime` and `endTime`), (b) `timeSlot` (`09:00` or `9:00 AM`: one hour), ' +
  '(c) `timeSlots`, or (d) `startTime` and `endTime`. All become the same time slots. With `sitterId` set to ' +
  'yourself it is an offer to care for a dog listed for sitting, which its owner confirms. `service` defaults ' +
  "to walking (or the sitter's first service). Times are local to the sitter's zone, on quarter hours. " +
  'How each service is booked (DESIGN.md ruling 21): a walk is `startTime` with `duration` 30 or 60 minutes ' +
  '(a period means a 60-minute walk as its window starts; every slot lasts 30 or 60 minutes); sitting, training ' +
  'and grooming take morning, afternoon, evening or custom times; daycare is `all_day`, boarding `overnight`. ' +
  'The price is the rate in the service unit (hour, day, night) times the hours, days or nights booked.'

const pagingNote = `${bookingPageSize} a page (\`limit\` up to ${maxBookingPageSize}; more is lowered to it); the next page's address is in the \`Link\` header.`

const listParameterDescriptions = {
  tab: 'One list tab.',
  date: 'Only bookings on this day.',
  limit: `Bookings per page (default ${bookingPageSize}, at most ${maxBookingPageSize}).`,
  ...pagingParameterDescriptions,
}

export const bookingPaths = {
  '/api/bookings': {
    get: {
      operationId: 'listMyBookings',
      tags: ['Bookings'],
      summary: 'Your bookings as the owner',
      description:
        'Tabs of spec section 4: upcoming (pending or accepted, from today), pending (from today), past (the rest), all. ' +
        `Soonest first; past and all newest first (a day's bookings soonest first). ${pagingNote} ${noCache}`,
      security: signedIn,
      parameters: queryParameters(OwnerBookingFiltersSchema, listParameterDescriptions),
      responses: { 200: pagedListAnswer('One page of bookings.', ref('Booking')), ...errors({ 400: 'A bad `tab`, `date`, `limit` or `cursor`.', 401: true }) },
    },
    post: {
      operationId: 'requestBooking',
      tags: ['Bookings'],
      summary: 'Request a booking (or, as a sitter, offer one)',
      description: variants,
      security: signedIn,
      requestBody: jsonBody(ref('BookingRequestInput')),
      responses: {
        201: answer('The pending booking; the confirming party is e-mailed.', ref('Booking')),
        ...errors({
          400: 'Validation failed: a past date or time, an end before its start, a time off the quarter hour, a duration other than 30 or 60, a time that does not fit the service, a dog that is not yours, a user who is not a sitter, yourself...',
          401: true,
          403: "You can't book with this person: one of you blocked the other (either way). Or you are an admin: a staff account books nothing (decision 102).",
          409: "Overlaps one of the sitter's accepted bookings, a blocked day, or outside the sitter's weekly hours.",
          415: true,
          429: 'More than 30 booking requests in an hour.',
        }),
      },
    },
  },
  '/api/bookings/sitter': {
    get: {
      operationId: 'listSitterBookings',
      tags: ['Bookings'],
      summary: 'Your bookings as the sitter',
      description:
        'Tabs: pending, upcoming (accepted, from today), completed (or accepted and past), all. Soonest first; completed ' +
        `and all newest first (a day's bookings soonest first). ${pagingNote} ${noCache}`,
      security: signedIn,
      parameters: queryParameters(SitterBookingFiltersSchema, listParameterDescriptions),
      responses: {
        200: pagedListAnswer('One page of bookings.', ref('Booking')),
        ...errors({ 400: 'A bad `tab`, `date`, `limit` or `cursor`.', 401: true, 403: 'You are not a sitter.' }),
      },
    },
  },
  '/api/bookings/previous-sitters': {
    get: {
      operationId: 'listPreviousSitters',
      tags: ['Bookings'],
      summary: 'The sitters you booked before, the most recent first (at most 10)',
      security: signedIn,
      responses: { 200: answer('The sitters.', { type: 'array', items: ref('PreviousSitter') }), ...errors({ 401: true }) },
    },
  },
  '/api/bookings/{id}': {
    parameters: [bookingId],
    get: {
      operationId: 'getBooking',
      tags: ['Bookings'],
      summary: 'One of your bookings (as owner or sitter)',
      security: signedIn,
      responses: { 200: answer('The booking.', ref('Booking')), ...errors({ 401: true, 404: 'Booking not found (or not yours).' }) },
    },
  },
  '/api/bookings/{id}/status': {
    parameters: [bookingId],
    patch: {
      operationId: 'changeBookingStatus',
      tags: ['Bookings'],
      summary: 'Accept, decline (rejected), cancel or complete a booking',
      description:
        'pending -> accepted | rejected by the confirming party (the sitter for an owner\'s request, the owner for a ' +
        "sitter's offer), before the start; accepted -> completed by the sitter once it started; pending | accepted -> " +
        'cancelled by either party before the start. Accepting with `addToCalendar` (default true) adds it to both ' +
        "parties' Google Calendars: `calendar` says what happened, and a calendar failure never fails the accept.",
      security: signedIn,
      requestBody: jsonBody(ref('StatusChangeInput')),
      responses: {
        200: answer('The booking after the change.', { allOf: [ref('Booking'), objectOf({ calendar: { oneOf: [{ type: 'null' }, ref('CalendarSync')] } })] }),
        ...errors({
          400: true,
          401: true,
          404: 'Booking not found (or not yours).',
          409: 'Not allowed now: the message says why (wrong party, already started, final status, overlap on accept, expired).',
          415: true,
        }),
      },
    },
  },
  '/api/bookings/{id}/changes': {
    parameters: [bookingId],
    post: {
      operationId: 'proposeBookingChange',
      tags: ['Bookings'],
      summary: 'Propose a change of a booking: another date, time, dogs or notes',
      description:
        'Either party of a pending or accepted booking that has not begun proposes a new `date`, a new time (one way, as a ' +
        'request gives it), other `dogIds` (the owner only) or other `notes` (null clears them); what is left out stays. ' +
        "The price after is the booking's own rates for the new time and dogs. One change waits for an answer at a time. " +
        'The other party accepts or declines it with `PATCH /api/bookings/{id}/changes/{changeId}`.',
      security: signedIn,
      requestBody: jsonBody(ref('BookingChangeInput')),
      responses: {
        201: answer('The booking; its `changes` end with the proposal.', ref('Booking')),
        ...errors({
          400: true,
          401: true,
          403: 'The sitter named dogs: only the owner chooses them.',
          404: 'Booking not found (or not yours).',
          409: "Not changeable now (not pending or accepted, begun), a change already waits, or the new time does not fit the sitter's hours, blocked days or accepted bookings.",
          415: true,
        }),
      },
    },
  },
  '/api/bookings/{id}/changes/{changeId}': {
    parameters: [bookingId, pathParameter('changeId', 'The proposed change.')],
    patch: {
      operationId: 'answerBookingChange',
      tags: ['Bookings'],
      summary: 'Accept or decline a proposed change (the other party), or withdraw it (its author)',
      description:
        "Accepting rewrites the booking to the proposal under the request's rules, checked again now: not begun, the " +
        "sitter's weekly hours and blocked days, no overlap with the sitter's accepted bookings. The Google Calendar events " +
        'of the booking are updated, never added twice.',
      security: signedIn,
      requestBody: jsonBody(ref('ProposalAnswerInput')),
      responses: {
        200: answer('The booking after the answer.', ref('Booking')),
        ...errors({
          400: true,
          401: true,
          403: 'Its author cannot accept or decline it; only its author withdraws it.',
          404: 'Booking or change not found (or not yours).',
          409: 'Already answered, or the change no longer fits (the message says why).',
          415: true,
        }),
      },
    },
  },
  '/api/bookings/{id}/calendar': {
    parameters: [bookingId],
    post: {
      operationId: 'addBookingToCalendars',
      tags: ['Calendar'],
      summary: "Add an accepted booking to both parties' Google Calendars (again)",
      description: 'Events already there are not added twice.',
      security: signedIn,
      responses: {
        200: answer('What happened per party.', ref('CalendarSync')),
        ...errors({ 401: true, 404: 'Booking not found (or not yours).', 409: 'The booking is not accepted.' }),
      },
    },
  },
  '/api/users/{id}/availability': {
    parameters: [pathParameter('id', 'The sitter id.')],
    get: {
      operationId: 'getSitterAvailability',
      tags: ['Availability'],
      summary: "A sitter's busy times",
      description: `Accepted bookings, blocked days and (when set) the hours outside the weekly schedule, from \`from\` (default today) to \`to\` (default 30 days later), at most ${maxAvailabilityDays} days. ${noCache}`,
      security: signedIn,
      parameters: queryParameters(AvailabilityQuerySchema, { from: "Local date in the sitter's zone.", to: 'Local date, inclusive.' }),
      responses: {
        200: answer('Busy intervals.', ref('Availability')),
        ...errors({ 400: true, 401: true, 404: 'No active sitter with this id.' }),
      },
    },
  },
  '/api/users/me/schedule': {
    get: {
      operationId: 'getMySchedule',
      tags: ['Availability'],
      summary: 'Your weekly hours, blocked dates and time zone (sitters)',
      security: signedIn,
      responses: { 200: answer('Your schedule.', ref('Schedule')), ...errors({ 401: true, 403: 'You are not a sitter.' }) },
    },
    put: {
      operationId: 'saveMySchedule',
      tags: ['Availability'],
      summary: 'Replace your weekly hours and/or blocked dates, or set your time zone (sitters)',
      description: 'A field left out keeps its value. Without weekly hours you take requests any day.',
      security: signedIn,
      requestBody: jsonBody(ref('ScheduleInput')),
      responses: {
        200: answer('The saved schedule.', ref('Schedule')),
        ...errors({ 400: true, 401: true, 403: 'You are not a sitter.', 415: true }),
      },
    },
  },
  '/api/users/me/calendar-feed': {
    get: {
      operationId: 'getMyCalendarFeed',
      tags: ['Calendar'],
      summary: 'The private URL of your ICS feed of accepted bookings',
      security: signedIn,
      responses: { 200: answer('The URL.', objectOf({ url: { type: 'string', format: 'uri' } })), ...errors({ 401: true }) },
    },
    post: {
      operationId: 'rotateMyCalendarFeed',
      tags: ['Calendar'],
      summary: 'A new feed URL; the old one stops working (revoke)',
      security: signedIn,
      responses: { 200: answer('The new URL.', objectOf({ url: { type: 'string', format: 'uri' } })), ...errors({ 401: true }) },
    },
  },
  '/api/calendar/{feed}': {
    parameters: [pathParameter('feed', '`<token>.ics`, as in the feed URL.')],
    get: {
      operationId: 'getCalendarFeed',
      tags: ['Calendar'],
      summary: 'An ICS feed of accepted bookings (the token is the key)',
      security: [],
      responses: {
        200: { description: 'iCalendar text (RFC 5545), times in UTC.', content: { 'text/calendar': { schema: { type: 'string' } } } },
        ...errors({ 404: 'Unknown or rotated token.' }),
      },
    },
  },
  '/api/reviews': {
    post: {
      operationId: 'reviewBooking',
      tags: ['Reviews'],
      summary: 'As the owner, review the sitter of a completed booking (once)',
      description: 'Within 14 days of the completion. Double-blind: the sitter sees it when they have reviewed you too (both publish together) or when the 14 days pass.',
      security: signedIn,
      requestBody: jsonBody(ref('ReviewInput')),
      responses: {
        201: answer('The review.', ref('ReviewRecord')),
        ...errors({ 400: true, 401: true, 403: 'Not a completed booking of yours, or its 14 days have passed.', 409: 'Already reviewed.', 415: true }),
      },
    },
  },
  '/api/reviews/{id}/reply': {
    parameters: [pathParameter('id', 'The review id.')],
    post: {
      operationId: 'replyToReview',
      tags: ['Reviews'],
      summary: 'Reply to a review of you (once)',
      security: signedIn,
      requestBody: jsonBody(ref('ReviewReplyInput')),
      responses: {
        200: answer('The review with its reply.', ref('ReviewRecord')),
        ...errors({ 400: true, 401: true, 404: 'Review not found (not of you, or not published yet).', 409: 'Already replied.', 415: true }),
      },
    },
  },
  '/api/auth/google/calendar': {
    get: {
      operationId: 'readCalendar',
      tags: ['Calendar'],
      summary: "Your Google Calendar's events; with sitterId, that sitter's busy times",
      description: "Someone else's calendar is never read: `sitterId` answers the availability read.",
      security: signedIn,
      parameters: queryParameters(CalendarQuerySchema, { sitterId: 'A sitter.', from: 'Local date.', to: 'Local date, inclusive.' }),
      responses: {
        200: answer('Your events, or with sitterId the busy times.', { oneOf: [ref('GoogleCalendarEvents'), ref('Availability')] }),
        ...errors({ 400: true, 401: true, 404: 'No active sitter with this id.', 409: 'You have not linked Google.', 502: true }),
      },
    },
  },
  '/api/auth/calendar/event': {
    post: {
      operationId: 'addCalendarEvent',
      tags: ['Calendar'],
      summary: 'Add an event to your own Google Calendar',
      description: 'When it starts with one of your accepted bookings (with sitterId/ownerId as the other party, if given), it is that booking\'s event, added once.',
      security: signedIn,
      requestBody: jsonBody(ref('CalendarEventInput')),
      responses: {
        200: answer('The booking was in your calendar already.', ref('CalendarEventAdded')),
        201: answer('Added.', ref('CalendarEventAdded')),
        ...errors({ 400: true, 401: true, 409: 'You have not linked Google.', 415: true, 502: true }),
      },
    },
  },
  '/api/auth/calendar/event/{ownerId}': {
    parameters: [pathParameter('ownerId', 'The owner of an accepted booking with you.')],
    post: {
      operationId: 'addCalendarEventForOwner',
      tags: ['Calendar'],
      summary: "Add an accepted booking to its owner's Google Calendar (its sitter only)",
      description: "The booking is the one with this owner that starts at `startDateTime`; the event is the booking's own.",
      security: signedIn,
      requestBody: jsonBody(ref('CalendarEventInput')),
      responses: {
        200: answer('It was in their calendar already.', ref('CalendarEventAdded')),
        201: answer('Added.', ref('CalendarEventAdded')),
        ...errors({
          400: true,
          401: true,
          403: 'No accepted booking of yours with this owner starts then.',
          409: 'The owner has not linked Google.',
          415: true,
          502: true,
        }),
      },
    },
  },
}

// ---- rules beside the schemas (x-cross-field-rules), by operation ----

const availabilityRange: StatedRule[] = [
  { message: availabilityRangeMessages.fromAfterTo, rule: '`from` (today unless given) is not after `to`' },
  { message: availabilityRangeMessages.tooLong, rule: `\`from\` to \`to\` spans at most ${maxAvailabilityDays} days` },
]

/** The rules of a booking's time, however it is given (a request, a change). */
const timeRules: StatedRule[] = [
  { message: bookingMessages.timeMissing, rule: 'the time is given: `timePeriod`, `timeSlot`, `timeSlots` (one at least) or `startTime`' },
  { message: bookingMessages.timeTwice, rule: 'the time is given one way only' },
  { message: bookingMessages.customNeedsTimes, rule: '`timePeriod` custom comes with `startTime` and `endTime`' },
  { message: bookingMessages.startWithEnd, rule: '`startTime` comes with `endTime` or `duration`, and `endTime` with `startTime`' },
  { message: bookingMessages.durationNeedsStart, rule: '`duration` comes with `startTime`' },
  { message: bookingMessages.endOrDuration, rule: '`endTime` or `duration`, not both' },
  { message: bookingMessages.endBeforeStart, rule: 'each time ends after it starts' },
  { message: bookingMessages.slotsOverlap, rule: '`timeSlots` do not overlap' },
  { message: serviceTimeMessages.walkLength, rule: 'a walk lasts 30 or 60 minutes' },
  ...sitterServices
    .filter((service) => bookingStyles[service] === 'periods')
    .map((service) => ({ message: serviceTimeMessages.periodsOnly(service), rule: 'sitting, training and grooming take a period of the day or custom times' })),
  { message: serviceTimeMessages.wholeDay, rule: 'daycare is booked all_day' },
  { message: serviceTimeMessages.wholeNight, rule: 'boarding is booked overnight' },
]

export const requestRules: StatedRule[] = [
  ...timeRules,
  { message: bookingMessages.coordinatesTogether, rule: '`latitude` and `longitude` are sent together' },
  { message: createBookingMessages.pastDate, rule: '`date` is today or later in the sitter\'s zone' },
  { message: createBookingMessages.pastTime, rule: 'the time has not begun yet' },
  { message: createBookingMessages.tooFarAhead, rule: '`date` is at most a year ahead' },
  { message: createBookingMessages.sitterNotFound, rule: '`sitterId` is an active user' },
  { message: createBookingMessages.notASitter, rule: '`sitterId` is a sitter' },
  { message: createBookingMessages.noSitterProfile, rule: 'the sitter finished their sitter profile' },
  ...[...sitterServices, 'this service'].map((service) => ({
    message: createBookingMessages.serviceNotOffered(service),
    rule: '`service` (or the sitter\'s first) is one the sitter offers',
  })),
  { message: createBookingMessages.dogNotFound, rule: 'every dog of `dogIds` (or `dogId`) is yours (or, offering as the sitter, one dog listed for sitting)' },
  { message: bookingMessages.dogMissing, rule: '`dogIds` (or the single `dogId` of clients before several dogs) names at least one dog' },
  { message: bookingMessages.dogsTooMany, rule: `at most ${maxDogsPerBooking} dogs in \`dogIds\`` },
  { message: bookingMessages.dogTwice, rule: '`dogIds` lists each dog once' },
  { message: bookingMessages.dogIdNotInDogIds, rule: '`dogId`, sent with `dogIds`, is one of them' },
  { message: createBookingMessages.oneDogOnly, rule: 'several dogs only with a sitter who accepts multiple dogs' },
  { message: createBookingMessages.offerOneDog, rule: 'a sitter offers to care for one listed dog' },
  { message: createBookingMessages.bookYourself, rule: 'nobody books themself' },
  { message: createBookingMessages.youAreNotASitter, rule: 'only a sitter offers to care for a dog (`sitterId` yourself)' },
]

const changeRules: StatedRule[] = [
  ...timeRules,
  { message: bookingChangeMessages.nothing, rule: 'at least one of `date`, a time, `dogIds` or `notes`' },
  { message: proposalMessages.sameAsBooked, rule: 'the proposal differs from the booking as it stands' },
  { message: proposalMessages.notChangeable, rule: 'the booking is pending or accepted' },
  { message: proposalMessages.started, rule: 'the booking has not begun' },
  { message: proposalMessages.waiting, rule: 'no other change of the booking waits for an answer' },
  { message: proposalMessages.dogsOwnerOnly, rule: 'only the owner sends `dogIds`' },
  { message: bookingMessages.dogMissing, rule: '`dogIds`, when sent, names at least one dog' },
  { message: bookingMessages.dogsTooMany, rule: `at most ${maxDogsPerBooking} dogs in \`dogIds\`` },
  { message: bookingMessages.dogTwice, rule: '`dogIds` lists each dog once' },
  { message: createBookingMessages.dogNotFound, rule: 'every dog of `dogIds` is the owner\'s' },
  { message: createBookingMessages.oneDogOnly, rule: 'several dogs only with a sitter who accepts multiple dogs' },
  { message: createBookingMessages.pastDate, rule: '`date` is today or later in the booking\'s zone' },
  { message: createBookingMessages.tooFarAhead, rule: '`date` is at most a year ahead' },
  { message: createBookingMessages.pastTime, rule: 'the new time has not begun yet' },
  { message: overlapMessage, rule: "the new time overlaps none of the sitter's accepted bookings" },
]

const answerRules: StatedRule[] = [
  { message: proposalMessages.answered, rule: 'the change still waits for an answer' },
  { message: proposalMessages.otherPartyAnswers, rule: 'its author does not accept or decline it' },
  { message: proposalMessages.authorWithdraws, rule: 'only its author withdraws it' },
  { message: proposalMessages.changedMeanwhile, rule: 'the booking was not changed since it was read' },
]

export const bookingRules: Record<string, StatedRule[]> = {
  listMyBookings: cursorRules(),
  listSitterBookings: cursorRules(),
  requestBooking: requestRules,
  proposeBookingChange: changeRules,
  answerBookingChange: answerRules,
  getSitterAvailability: availabilityRange,
  saveMySchedule: [
    { message: rangeMessages.endBeforeStart, rule: 'each weekly range ends after it starts' },
    { message: rangeMessages.overlap, rule: 'the ranges of one weekday do not overlap' },
  ],
  readCalendar: availabilityRange,
  addCalendarEvent: [{ message: calendarEventMessages.endAfterStart, rule: '`endDateTime` is after `startDateTime`' }],
  addCalendarEventForOwner: [{ message: calendarEventMessages.endAfterStart, rule: '`endDateTime` is after `startDateTime`' }],
}
