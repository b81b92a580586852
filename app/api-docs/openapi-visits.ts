import { CheckInSchema, CheckOutSchema, RouteSchema, VisitEntrySchema, visitMessages } from '#app/features/visits/schema.ts'
import { alarmKinds, checkInPlaces, entryKinds, visitRules } from '#app/features/visits/visit-rules.ts'
import { answer, errors, inputSchema, jsonBody, multipartBody, nullable, objectOf, pathParameter, ref, signedIn, type StatedRule } from './openapi-parts.ts'

// The visit log's part of the OpenAPI document (issue 32 part 1, DESIGN.md ruling 27): the sitter checks in and
// out with the server's time, logs activities, photos and a walk's route; both parties read it. Bodies come from
// the feature's zod schemas; the answer is hand-written from readVisitLog (features/visits/visit-log.server.ts).

const instant = (description?: string) => ({ type: 'string', format: 'date-time', ...(description ? { description } : {}) })
const nullableObject = (properties: Parameters<typeof objectOf>[0], description: string) => ({ oneOf: [{ type: 'null' }, objectOf(properties)], description })

const VisitLog = objectOf({
  bookingId: { type: 'string' },
  state: { enum: ['not-started', 'under-way', 'checked-out'] },
  checkInOpensAt: instant('30 minutes before the booking starts.'),
  checkInClosesAt: instant('When the booking ends.'),
  canCheckIn: { type: 'boolean', description: 'The booking is accepted, not checked in, and now is inside the check-in window.' },
  checkIn: nullableObject(
    {
      at: instant("The server's time."),
      place: { enum: checkInPlaces, description: `\`at_place\`: within ${visitRules.atPlaceWithinMeters} m of the meeting place (the booking's location, else the owner's home); \`no_position\`: none sent, or no meeting place known.` },
      distanceMeters: nullable('integer', { minimum: 0, multipleOf: visitRules.distanceStepMeters, description: `From the meeting place, in ${visitRules.distanceStepMeters} m steps; null without a position. The coordinates are never stored.` }),
    },
    'Null until the sitter checks in.',
  ),
  checkOut: nullableObject({ at: instant("The server's time."), note: nullable('string', { description: "The sitter's closing note." }) }, 'Null until the sitter checks out: the visit is then a closed report card.'),
  entries: {
    type: 'array',
    items: objectOf({ id: { type: 'string' }, kind: { enum: entryKinds }, note: nullable('string'), at: instant("The server's time.") }),
    description: 'Activities and notes, oldest first.',
  },
  photos: {
    type: 'array',
    maxItems: visitRules.maxPhotos,
    items: objectOf({
      id: { type: 'string' },
      url: { type: 'string', description: 'Server-relative (`/uploads/visits/...`), 800 px wide; served only to the booking\'s two parties (404 to anyone else).' },
      thumbnailUrl: { type: 'string', description: '320 px wide, served like `url`.' },
      at: instant("The server's time."),
    }),
    description: 'Oldest first; WebP, without the metadata of the picture sent.',
  },
  route: nullableObject(
    {
      distanceMeters: { type: 'integer', minimum: 0, description: 'Measured by the server through every point sent that a walk can reach, those never stored included.' },
      durationSeconds: { type: 'integer', minimum: 0, description: 'From the first point to the last.' },
      points: {
        type: 'array',
        maxItems: visitRules.maxRoutePoints,
        items: objectOf({ latitude: { type: 'number' }, longitude: { type: 'number' }, at: instant() }),
        description: `The stored points in time order: none within ${visitRules.homeZoneMeters} m of either party's home.`,
      },
    },
    'Walks only, once a point was sent; null otherwise.',
  ),
  dailyUpdates: {
    oneOf: [
      { type: 'null' },
      {
        type: 'array',
        items: objectOf({ date: { type: 'string', format: 'date' }, dueAt: instant(`${visitRules.dailyUpdateDueTime} local time, or the end if that comes first.`), done: { type: 'boolean', description: 'A photo was added that local day.' } }),
      },
    ],
    description: 'Boarding and daycare: each local day that owes an update with a photo; null for other services.',
  },
  alarms: {
    type: 'array',
    items: objectOf({ kind: { enum: alarmKinds }, date: nullable('string', { format: 'date', description: 'The local day of a missed daily update.' }), at: instant() }),
    description: 'Missed check-ins, check-outs and daily updates, each recorded once.',
  },
})

const noCache = 'Answers carry `Cache-Control: private, no-store`.'
const sitterWrites = `Only the booking's sitter writes it (its owner: 403 '${visitMessages.sitterOnly}'); anyone else: 404 '${visitMessages.bookingNotFound}'.`
const writeErrors = (conflicts: string, badRequest: string | true = true) =>
  errors({ 400: badRequest, 401: true, 403: `'${visitMessages.sitterOnly}'`, 404: 'Booking not found (or not yours).', 409: conflicts, 415: true })
const underWay = `'${visitMessages.notAccepted}', '${visitMessages.notCheckedIn}', '${visitMessages.checkedOut}'`

export const visitTags = [
  {
    name: 'Visits',
    description:
      "A booking's visit log: check-in and check-out with the server's time, activities, photos and a walk's route. The sitter keeps it, both parties read it, nobody else sees it. A check-in position is kept only as a place and a distance; route points near either home are never stored. Each change reaches both parties' sockets as `bookingUpdate` with `change` `visit.checkedIn`, `visit.updated` or `visit.checkedOut`.",
  },
]

export const visitSchemas = {
  VisitLog,
  CheckInInput: inputSchema(CheckInSchema),
  VisitEntryInput: inputSchema(VisitEntrySchema),
  RouteInput: inputSchema(RouteSchema),
  CheckOutInput: inputSchema(CheckOutSchema),
}

export const visitRulesByOperation: Record<string, StatedRule[]> = {
  checkInVisit: [{ message: visitMessages.coordinatesTogether, rule: '`latitude` and `longitude` are sent together' }],
  addVisitEntry: [{ message: visitMessages.noteNeedsText, rule: 'an entry of kind `note` has a `note` with some text' }],
  addVisitPhoto: [{ message: visitMessages.photoRequired, rule: '`photo` is a file that is not empty' }],
}

const bookingId = pathParameter('id', 'The booking id.')

export const visitPaths = {
  '/api/bookings/{id}/visit': {
    parameters: [bookingId],
    get: {
      operationId: 'getVisitLog',
      tags: ['Visits'],
      summary: "The booking's visit log",
      description: `For the booking's owner and sitter. ${noCache}`,
      security: signedIn,
      responses: { 200: answer('The visit log.', ref('VisitLog')), ...errors({ 401: true, 404: 'Booking not found (or not yours).' }) },
    },
  },
  '/api/bookings/{id}/visit/check-in': {
    parameters: [bookingId],
    post: {
      operationId: 'checkInVisit',
      tags: ['Visits'],
      summary: 'Check in: start the visit',
      description: `From ${visitRules.checkInOpensBeforeStartMs / 60_000} minutes before the start until the end of an accepted booking, once, with the server's time. With a position, the server measures it against the meeting place and keeps only \`at_place\` (within ${visitRules.atPlaceWithinMeters} m) or \`elsewhere\` and the distance in ${visitRules.distanceStepMeters} m steps. ${sitterWrites}`,
      security: signedIn,
      requestBody: jsonBody(ref('CheckInInput')),
      responses: {
        201: answer('The visit log, checked in.', ref('VisitLog')),
        ...writeErrors(`Outside the window ('${visitMessages.checkInOpensAt('08:00 on Wednesday, December 3, 2026')}', '${visitMessages.checkInClosed}'), '${visitMessages.notAccepted}', '${visitMessages.alreadyCheckedIn}'.`),
      },
    },
  },
  '/api/bookings/{id}/visit/entries': {
    parameters: [bookingId],
    post: {
      operationId: 'addVisitEntry',
      tags: ['Visits'],
      summary: 'Log an activity or a note',
      description: `During the visit (checked in, not out), with the server's time. ${sitterWrites}`,
      security: signedIn,
      requestBody: jsonBody(ref('VisitEntryInput')),
      responses: { 201: answer('The visit log with the entry.', ref('VisitLog')), ...writeErrors(`Not under way: ${underWay}.`) },
    },
  },
  '/api/bookings/{id}/visit/photos': {
    parameters: [bookingId],
    post: {
      operationId: 'addVisitPhoto',
      tags: ['Visits'],
      summary: 'Add a photo taken during the visit',
      description: `One picture in \`photo\` (JPEG, PNG, WebP, ...; under 5 MB), during the visit, with the server's time; stored as WebP without its metadata (EXIF, GPS), served only to the booking's parties. At most ${visitRules.maxPhotos} a visit, photos sent at the same time included. ${sitterWrites}`,
      security: signedIn,
      requestBody: multipartBody({ photo: { type: 'string', contentMediaType: 'application/octet-stream' } }, { photo: { contentType: 'image/*' } }),
      responses: {
        201: answer('The visit log with the photo.', ref('VisitLog')),
        ...writeErrors(`Not under way (${underWay}), or '${visitMessages.tooManyPhotos}'`, 'No `photo`, more than one file, or a malformed form.'),
        ...errors({ 413: true }),
      },
    },
  },
  '/api/bookings/{id}/visit/route': {
    parameters: [bookingId],
    post: {
      operationId: 'addVisitRoute',
      tags: ['Visits'],
      summary: "Send a batch of a walk's positions",
      description: `Walks only, during the visit; up to ${visitRules.maxRouteBatch} points a batch. Each point's time is kept between the check-in and now. The server measures the distance and duration through every point a walk can reach from the one before (at most ${visitRules.maxRouteSpeedMetersPerSecond} m/s plus ${visitRules.routeJitterMeters} m; a point further off is left out, as is a first fix far from the two points after it) and never stores one within ${visitRules.homeZoneMeters} m of either party's home; at most ${visitRules.maxRoutePoints} stored points a visit. ${sitterWrites}`,
      security: signedIn,
      requestBody: jsonBody(ref('RouteInput')),
      responses: {
        200: answer('The visit log with the route so far.', ref('VisitLog')),
        ...writeErrors(`Not under way (${underWay}), '${visitMessages.routeOnlyForWalks}', '${visitMessages.routeFull}'`),
      },
    },
  },
  '/api/bookings/{id}/visit/check-out': {
    parameters: [bookingId],
    post: {
      operationId: 'checkOutVisit',
      tags: ['Visits'],
      summary: 'Check out: close the visit into its report card',
      description: `Once, with the server's time and an optional note; the owner is told the report card is ready. ${sitterWrites}`,
      security: signedIn,
      requestBody: jsonBody(ref('CheckOutInput')),
      responses: { 200: answer('The closed visit log.', ref('VisitLog')), ...writeErrors(`Not under way: ${underWay}.`) },
    },
  },
}
