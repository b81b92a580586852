import { homeAccessFields, homeAccessLabels } from '#app/features/home-access/fields.ts'
import { homeAccessMessages, HomeAccessSchema } from '#app/features/home-access/schema.ts'
import { answer, errors, inputSchema, jsonBody, nullable, objectOf, pathParameter, ref, signedIn } from './openapi-parts.ts'

// The home-access vault's part of the OpenAPI document (issue 32 part 3, DESIGN.md ruling 27, decision 070): your
// entry instructions and codes, who was shown them, and the booked sitter's read inside the window. The body
// comes from the feature's zod schema; the answers are hand-written from features/home-access/home-access.server.ts.

const noCache = 'Answers carry `Cache-Control: private, no-store`.'

const detailFields = Object.fromEntries(homeAccessFields.map((field) => [field, nullable('string', { description: `${homeAccessLabels[field]}; null when not given.` })]))

const HomeAccess = objectOf({
  ...detailFields,
  updatedAt: nullable('string', { format: 'date-time', description: 'When it was last saved; null while there is none.' }),
})

const BookingHomeAccess = objectOf({
  bookingId: { type: 'string' },
  opensAt: { type: 'string', format: 'date-time', description: '2 hours before the booking starts.' },
  closesAt: { type: 'string', format: 'date-time', description: 'When the booking ends.' },
  ...detailFields,
  updatedAt: nullable('string', { format: 'date-time', description: 'Null when the owner has not saved any (no view is recorded then).' }),
})

const HomeAccessView = objectOf({
  id: { type: 'string' },
  viewedAt: { type: 'string', format: 'date-time' },
  sitter: objectOf({ id: { type: 'string' }, name: { type: 'string' } }),
  booking: objectOf({
    id: { type: 'string' },
    date: nullable('string', { description: 'yyyy-MM-dd in the booking\'s zone.' }),
    service: nullable('string'),
    timeZone: nullable('string'),
  }),
})

export const homeAccessTags = [
  {
    name: 'Home access',
    description:
      'Entry instructions and codes, encrypted at rest, shown only to the sitter of an accepted booking from 2 hours before its start until its end. Never in an e-mail, push, notification, feed, Calendar event, list or log.',
  },
]

export const homeAccessSchemas = {
  HomeAccess,
  HomeAccessInput: inputSchema(HomeAccessSchema),
  BookingHomeAccess,
  HomeAccessView,
}

export const homeAccessPaths = {
  '/api/users/me/home-access': {
    get: {
      operationId: 'getMyHomeAccess',
      tags: ['Home access'],
      summary: 'Your home access: entry instructions and codes',
      description: `Every field is null while none is saved. ${noCache}`,
      security: signedIn,
      responses: { 200: answer('Your home access.', ref('HomeAccess')), ...errors({ 401: true, 503: `'${homeAccessMessages.unopenable}' Saving it again seals it with the current key.` }) },
    },
    put: {
      operationId: 'saveMyHomeAccess',
      tags: ['Home access'],
      summary: 'Replace your home access',
      description: `Every field is optional; a body with none set (or only empty ones) clears it. Sealed with AES-256-GCM before it is stored. ${noCache}`,
      security: signedIn,
      requestBody: jsonBody(ref('HomeAccessInput')),
      responses: { 200: answer('What is saved now.', ref('HomeAccess')), ...errors({ 400: true, 401: true, 415: true }) },
    },
  },
  '/api/users/me/home-access/views': {
    get: {
      operationId: 'listMyHomeAccessViews',
      tags: ['Home access'],
      summary: 'Who was shown your home access, for which booking, when',
      description: `The latest 100, newest first. ${noCache}`,
      security: signedIn,
      responses: {
        200: answer('The views.', objectOf({ data: { type: 'array', items: ref('HomeAccessView'), maxItems: 100 } })),
        ...errors({ 401: true }),
      },
    },
  },
  '/api/bookings/{id}/home-access': {
    parameters: [pathParameter('id', 'The booking id.')],
    get: {
      operationId: 'getBookingHomeAccess',
      tags: ['Home access'],
      summary: "As the booking's sitter, the owner's home access",
      description: `Only for the sitter of an accepted booking, from 2 hours before its start until its end; each answer with a saved home access is recorded and listed to the owner. ${noCache}`,
      security: signedIn,
      responses: {
        200: answer("The owner's home access.", ref('BookingHomeAccess')),
        ...errors({
          401: true,
          403: `Outside the window ('${homeAccessMessages.opensAt('08:00 on Wednesday, December 3, 2026')}', '${homeAccessMessages.closed}'), a booking not accepted ('${homeAccessMessages.notAccepted}'), or you are its owner ('${homeAccessMessages.ownersOwn}').`,
          404: 'Booking not found (or not yours).',
          503: `'${homeAccessMessages.unopenable}'`,
        }),
      },
    },
  },
}
