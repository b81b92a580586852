import { gateMessage, onboardingStepCount, OwnerDraftSchema, SitterOnboardingSchema } from '#app/features/profiles/onboarding-steps.ts'
import { missingRateMessage, profileUpdateMessages, ProfileUpdateSchema, RoleSaveSchema } from '#app/features/profiles/profile-schema.ts'
import { sitterRoles } from '#app/features/accounts/roles.ts'
import { commonPasswordMessage } from '#app/features/accounts/common-passwords.server.ts'
import { googleMessages } from '#app/features/accounts/google.server.ts'
import { GoogleCodeSchema, LoginSchema, RegisterSchema } from '#app/features/accounts/schema.ts'
import { rangeMessages } from '#app/features/availability/schedule-schema.ts'
import { notFoundMessage as addressNotFound } from '#app/features/geo/geocoder.server.ts'
import { AvailableDogFiltersSchema } from '#app/features/dogs/available-filters.ts'
import { dogAgeGroups, dogSizes } from '#app/features/dogs/options.ts'
import { DeleteImageSchema, DogFormSchema, dogMessages, maxDogImages } from '#app/features/dogs/schema.ts'
import { GeocodeSearchSchema, ReverseGeocodeSchema } from '#app/features/geo/geocode-schema.ts'
import { ReviewPageSchema } from '#app/features/reviews/review-page-schema.ts'
import { dayParts } from '#app/features/availability/availability-grid.ts'
import { galleryMessages, maxGalleryPhotos } from '#app/features/sitters/gallery-fields.ts'
import { cancellationTerms, noticeHours } from '#app/features/sitters/cancellation-terms.ts'
import { experienceLevels, sitterServices } from '#app/features/sitters/options.ts'
import { bboxOrderMessage, coordinateMessages, maxRadiusMiles, maxSitterLimit, SitterSearchSchema, sitterPageSize } from '#app/features/sitters/sitter-search-schema.ts'
import {
  accountStatuses,
  answer,
  errorResponses,
  errors,
  etagHeader,
  inputSchema,
  json,
  jsonBody,
  multipartBody,
  type JsonSchema,
  nullable,
  objectOf,
  pathParameter,
  propertiesOf,
  queryParameters,
  redirect,
  ref,
  retryAfterHeader,
  roles,
  signedIn,
  type StatedRule,
  strings,
  textParameter,
  withoutNul,
  withRequired,
  withSharedAnswers,
  withStatedRulesOf,
} from './openapi-parts.ts'
import { bookingPaths, bookingRules, bookingSchemas, bookingTags } from './openapi-bookings.ts'
import { seriesPaths, seriesRules, seriesSchemas } from './openapi-series.ts'
import { messagePaths, messageRules, messageSchemas, messageTags } from './openapi-messages.ts'
import { moderationPaths, moderationRules, moderationSchemas, moderationTags } from './openapi-moderation.ts'
import { reviewPaths, reviewSchemas } from './openapi-reviews.ts'
import { homeAccessPaths, homeAccessSchemas, homeAccessTags } from './openapi-home-access.ts'
import { visitPaths, visitRulesByOperation, visitSchemas, visitTags } from './openapi-visits.ts'
import { notificationPaths, notificationRules, notificationSchemas, notificationTags } from './openapi-notifications.ts'
import { pushPaths, pushRules, pushSchemas, pushTags } from './openapi-push.ts'
import { notificationSettingsPaths, notificationSettingsRules, notificationSettingsSchemas, notificationSettingsTags } from './openapi-notification-settings.ts'

// GET /api/openapi.json (DESIGN.md section 4): the JSON API as an OpenAPI 3.1 document. Request bodies
// and query parameters are generated from the very zod schemas the routes validate with (their input
// side, before transforms), so the document cannot drift from the validation. Answers have no zod
// schema; they are short hand-written JSON Schemas of what toUserJson, toDogJson, toAvailableDogJson
// and toPublicSitterJson build. tests/integration/openapi.test.ts fails when a route of app/routes.ts
// is missing here.

const dogFields = inputSchema(DogFormSchema)
const { required: _dogRequired, ...dogFieldsAllOptional } = dogFields

const dogFieldNotes =
  'The fields of the add and update forms of spec section 7. `traits` and `traits[]` are other names of ' +
  '`personality`; a list may also be one comma-separated text; numbers are accepted as text; ' +
  'names are matched case-insensitively to the canonical lists (an unknown one is a 400 naming it). ' +
  'Left empty, `size` follows the weight (small up to 10 kg, medium 10-25 kg, large above).'

const dogBody = (fields: JsonSchema, extra: Record<string, JsonSchema>) => ({
  ...fields,
  properties: {
    ...propertiesOf(fields),
    traits: { ...propertiesOf(fields).personality, description: 'Another name of `personality`.' },
    ...extra,
  },
})

const dogPhotos = {
  type: 'array',
  maxItems: maxDogImages,
  items: { type: 'string', contentMediaType: 'application/octet-stream' },
  description: `Pictures (JPEG, PNG, WebP, ...; each under 5 MB); at most ${maxDogImages} photos per dog in all. Also accepted as \`images[]\` or \`image\`.`,
}

const NewDogFields = dogBody(dogFields, {
  ownerId: { type: 'string', pattern: withoutNul, description: 'Optional; when sent it must be your own id (403 otherwise).' },
})
const DogFieldChanges = dogBody(dogFieldsAllOptional, {
  id: { type: 'string', pattern: withoutNul, description: 'Optional; when sent it must match the URL (400 otherwise).' },
})

const photoEncoding = { images: { contentType: 'image/*' } }

/** A dog's fields as JSON or a urlencoded form (the schema `name`), or as a multipart form with its photos. */
const dogFieldsBody = (name: string, fields: typeof NewDogFields) => ({
  required: true,
  content: {
    'multipart/form-data': { schema: { ...fields, properties: { ...fields.properties, images: dogPhotos } }, encoding: photoEncoding },
    'application/json': { schema: ref(name) },
    'application/x-www-form-urlencoded': { schema: ref(name) },
  },
})

/** Deleting a photo named by `imageUrl`, in a JSON body or the query (a dog's, a sitter's gallery). */
const imageUrlInput = {
  description: 'Send `{imageUrl}` as JSON, or (without a body) `?imageUrl=`.',
  parameters: queryParameters(DeleteImageSchema, {
    imageUrl: 'Instead of the body. The base path, a size variant or a full URL.',
  }).map((parameter) => ({ ...parameter, required: false })),
  requestBody: { required: false, content: json(ref('DeleteImageInput')) },
}

// ---- answers, by hand (see the to...Json functions named above each) ----

const imagePath = { type: 'string', description: 'Server-relative base path (`/uploads/...`).' }

/** getAccount(): the account as login, registration and the photo upload answer it. */
const Account = objectOf({
  id: { type: 'string' },
  name: { type: 'string' },
  email: { type: 'string', format: 'email' },
  role: { type: 'string', enum: roles },
  accountStatus: { type: 'string', enum: accountStatuses },
  phoneNumber: nullable('string'),
  bio: nullable('string'),
  profilePhoto: nullable('string', { description: imagePath.description }),
  location: nullable('string'),
  latitude: nullable('number'),
  longitude: nullable('number'),
  createdAt: { type: 'string', format: 'date-time' },
})

/** getSitterDetails() as toUserJson and toPublicSitterJson flatten it (rates in dollars per hour). */
const sitterProperties = {
  experience: { type: 'string', enum: experienceLevels },
  acceptsMultipleDogs: { type: 'boolean' },
  hasHomeVisit: { type: 'boolean' },
  canHostOvernight: { type: 'boolean' },
  isBackgroundChecked: { type: 'boolean' },
  verified: { type: 'boolean' },
  cancellationTerms: {
    type: 'string',
    enum: cancellationTerms,
    description: `The sitter's cancellation terms (DESIGN.md ruling 28): a cancellation of an accepted booking is late under ${cancellationTerms
      .map((terms) => `${noticeHours[terms]} hours (${terms})`)
      .join(', ')} before its start. Flexible until the sitter chooses.`,
  },
  services: { type: 'array', items: { type: 'string', enum: sitterServices } },
  rates: {
    type: 'object',
    propertyNames: { enum: sitterServices },
    additionalProperties: nullable('number'),
    description: "Each offered service's rate in dollars, in the service's unit: per hour (walking, sitting, training, grooming), per day (daycare), per night (boarding).",
  },
  extraDogRates: {
    type: 'object',
    propertyNames: { enum: sitterServices },
    additionalProperties: { type: 'number' },
    description:
      "What each further dog of a booking adds to a service's rate, in dollars in the service's unit (DESIGN.md ruling 28); a service left out adds nothing. Only sitters who accept multiple dogs take more than one.",
  },
  rate: nullable('number', { description: "The 'from' rate in dollars: the lowest rate of the shortest unit offered (an hour before a day before a night)." }),
  dogSizes: { type: 'array', items: { type: 'string', enum: dogSizes } },
  dogAges: { type: 'array', items: { type: 'string', enum: dogAgeGroups } },
  preferredDogBreeds: strings,
  availability: {
    type: 'array',
    items: objectOf({
      weekday: { type: 'integer', minimum: 1, maximum: 7, description: '1 is Monday.' },
      startTime: { type: 'string', examples: ['09:00'] },
      endTime: { type: 'string', examples: ['17:00'] },
    }),
  },
  photos: {
    type: 'array',
    items: imagePath,
    maxItems: maxGalleryPhotos,
    description: "The sitter's own gallery photos, in order; empty when there are none.",
  },
  rating: nullable('number', { description: 'Average review rating, one decimal; null without reviews.' }),
  reviewCount: { type: 'integer' },
}

/** toUserJson(): the account, plus the sitter fields when the user has a sitter profile. */
const User = {
  description: 'The account; users with a sitter profile also carry every sitter field.',
  allOf: [{ $ref: '#/components/schemas/Account' }, { type: 'object', properties: sitterProperties }],
}

/** toPublicSitterJson(): never the e-mail, phone or exact address (DESIGN.md ruling 8). */
const PublicSitter = objectOf({
  id: { type: 'string' },
  name: { type: 'string' },
  role: { type: 'string', enum: sitterRoles },
  profilePhoto: nullable('string'),
  bio: nullable('string'),
  createdAt: { type: 'string', format: 'date-time' },
  location: nullable('string', { description: 'District-level text only.' }),
  latitude: nullable('number', { description: 'A public point 150-600 m from the exact one.' }),
  longitude: nullable('number', { description: 'A public point 150-600 m from the exact one.' }),
  ...sitterProperties,
  medianReplyMinutes: nullable('integer', {
    description:
      'Measured from messages: the median minutes between a message to the sitter (the first of those since the ' +
      "sitter last wrote) and the sitter's next reply in that conversation; null before the first reply.",
  }),
  completedBookings: { type: 'integer', description: 'Bookings the sitter has completed.' },
  lateCancellations: {
    ...objectOf({ late: { type: 'integer', minimum: 0 }, accepted: { type: 'integer', minimum: 0 } }),
    description: 'Of the bookings the sitter ever accepted (`accepted`), how many the sitter cancelled late (`late`).',
  },
  memberSince: { type: 'string', format: 'date-time', description: 'When the account was created.' },
  availabilityGrid: {
    type: 'array',
    description: `Monday to Sunday from the weekly schedule: a day part is true when a range that day overlaps it (${dayParts
      .map((part) => `${part.part} ${part.startTime}-${part.endTime}`)
      .join(', ')}).`,
    items: objectOf({
      weekday: { type: 'integer', minimum: 1, maximum: 7 },
      day: { type: 'string', examples: ['Mon'] },
      ...Object.fromEntries(dayParts.map((part) => [part.part, { type: 'boolean' }])),
    }),
  },
})

/** toSitterListItemJson(): what the list, its cards and the map need; never e-mail, phone or exact coordinates. */
const SitterListItem = objectOf({
  id: { type: 'string' },
  name: { type: 'string' },
  profilePhoto: nullable('string', { description: imagePath.description }),
  location: nullable('string', { description: 'District-level text only.' }),
  latitude: nullable('number', { description: 'The public point, 150-600 m from the exact one; null without a location.' }),
  longitude: nullable('number', { description: 'The public point, 150-600 m from the exact one; null without a location.' }),
  experience: { type: 'string', enum: experienceLevels },
  verified: { type: 'boolean' },
  services: sitterProperties.services,
  rates: sitterProperties.rates,
  rate: sitterProperties.rate,
  rating: sitterProperties.rating,
  reviewCount: sitterProperties.reviewCount,
  distance: nullable('string', {
    description: "Miles from `lat`/`lng` to the sitter's public point, one decimal ('2.5'); null without `lat`/`lng` or a location.",
  }),
})

/** SitterReview of features/reviews/reviews.server.ts. */
const Review = objectOf({
  id: { type: 'string' },
  rating: { type: 'integer', minimum: 1, maximum: 5 },
  comment: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
  author: objectOf({
    name: { type: 'string', description: "The owner's first name and initial, e.g. 'Olivia O.'." },
    profilePhoto: nullable('string', { description: imagePath.description }),
  }),
  reply: {
    description: "The sitter's reply; null when there is none.",
    anyOf: [objectOf({ comment: { type: 'string' }, createdAt: { type: 'string', format: 'date-time' } }), { type: 'null' }],
  },
})

const PageMeta = objectOf({
  page: { type: 'integer', minimum: 1 },
  limit: { type: 'integer', minimum: 1, description: 'The page size used (a larger limit asked for is lowered to the maximum).' },
  total: { type: 'integer', description: 'Matches in all.' },
  totalPages: { type: 'integer' },
})

/** toDogJson() (features/dogs/dog.ts): a dog, the same shape wherever the API answers one. */
const Dog = objectOf({
  id: { type: 'string' },
  ownerId: { type: 'string' },
  name: { type: 'string' },
  breed: { type: 'string' },
  age: { type: 'string', description: "As the owner typed it, e.g. '2 years'." },
  ageMonths: nullable('integer'),
  weight: nullable('number', { description: 'Kilograms.' }),
  height: nullable('string'),
  bio: nullable('string'),
  size: { enum: [...dogSizes, null] },
  listedForSitting: { type: 'boolean' },
  images: { type: 'array', items: imagePath, maxItems: maxDogImages },
  personality: strings,
  activities: strings,
  availability: strings,
  createdAt: { type: 'string', format: 'date-time' },
})

/** toAvailableDogJson(): the dog, plus how far away its owner is and who the owner is. */
const AvailableDog = {
  allOf: [
    { $ref: '#/components/schemas/Dog' },
    objectOf({
      distance: nullable('string', {
        description: "Miles from you to the owner's approximate location, one decimal ('2.5'); null when either location is unknown.",
      }),
      owner: objectOf({ id: { type: 'string' }, name: { type: 'string' }, profilePhoto: nullable('string') }),
    }),
  ],
}

/** GeocodeResult of geocoder.server.ts. */
const GeocodeResult = objectOf({
  label: { type: 'string', description: 'The full address.' },
  latitude: { type: 'number' },
  longitude: { type: 'number' },
  district: nullable('string', { description: 'District-level text, safe to show other users.' }),
})

/** Every error of the API (jsonError in app/lib/api.server.ts). */
const ErrorBody = objectOf({
  message: { type: 'string' },
  errors: {
    type: 'object',
    additionalProperties: strings,
    description: 'Messages per field (a nested field is `parent.child`, a whole-body problem `form`); may be empty.',
  },
})

/** A 403's body: an error, and for the right password of a suspended account (login) why and until when (issue 30). */
const ForbiddenBody = {
  ...ErrorBody,
  properties: {
    ...ErrorBody.properties,
    suspension: {
      ...objectOf({ reason: { type: 'string' }, until: nullable('string', { format: 'date' }) }),
      description:
        'Only from `POST /api/auth/login`, for the right password of a suspended account: the reason, and the first day the user may sign in again (`null`: until further notice).',
    },
  },
}

// ---- operations ----


const dogId = pathParameter('id', 'The dog id.')
const geocodeLimits = 'More than 3 of your lookups waiting for the geocoder, or 10 geocoder lookups in a minute (cached answers are free).'

const paths = {
  '/api/auth/register': {
    post: {
      operationId: 'register',
      tags: ['Auth'],
      summary: 'Create an owner account and sign in',
      security: [],
      requestBody: jsonBody(ref('RegisterInput')),
      responses: {
        201: answer('Registered and signed in (`isNewUser: true`).', ref('AuthSession')),
        ...errors({
          400: true,
          409: 'An account with this e-mail already exists.',
          415: true,
          429: 'More than 50 registrations from the address in an hour.',
        }),
      },
    },
  },
  '/api/auth/login': {
    post: {
      operationId: 'login',
      tags: ['Auth'],
      summary: 'Sign in with e-mail and password',
      security: [],
      requestBody: jsonBody(ref('LoginInput')),
      responses: {
        200: answer('Signed in (`isNewUser: false`).', ref('AuthSession')),
        ...errors({
          400: true,
          401: 'Invalid email or password.',
          403: 'The account is suspended: with the right password, `suspension` says why and until when.',
          415: true,
          429: 'More than 5 failed logins for the account, or 30 from the address, in 15 minutes.',
        }),
      },
    },
  },
  '/api/auth/logout': {
    post: {
      operationId: 'logout',
      tags: ['Auth'],
      summary: 'Revoke the current session (token or cookie)',
      security: signedIn,
      responses: { 200: answer('Logged out; a cookie session is cleared, and `Clear-Site-Data: "cache"` asks a browser to drop the pages it stored.', ref('Message')), ...errors({ 401: true }) },
    },
  },
  '/api/auth/google': {
    get: {
      operationId: 'startGoogleSignIn',
      tags: ['Auth'],
      summary: "Go to Google's consent screen (a browser navigation)",
      security: [],
      parameters: [
        {
          name: 'client',
          in: 'query',
          required: false,
          description:
            '`api`: the callback then hands a token to `/login/success` instead of setting a cookie, with a one-time code for this browser.',
          schema: { type: 'string', enum: ['api'] },
        },
        textParameter('login_hint', 'Passed on to Google.'),
      ],
      responses: { 302: redirect("To Google; to /login with a message when Google sign-in is not configured.") },
    },
    post: {
      operationId: 'exchangeGoogleCode',
      tags: ['Auth'],
      summary: 'Sign in with an authorization code the client obtained from Google',
      security: [],
      requestBody: jsonBody(ref('GoogleCodeInput')),
      responses: {
        200: answer('Signed in, or registered when `isNewUser`.', ref('AuthSession')),
        ...errors({
          400: 'Validation failed, or the Google account shares no e-mail.',
          401: 'Google did not accept the authorization code.',
          403: 'The account is suspended.',
          409: 'The Google e-mail is unverified and an account with it exists.',
          415: true,
          502: true,
          503: 'Google sign-in is not configured.',
        }),
      },
    },
  },
  '/api/auth/google/callback': {
    get: {
      operationId: 'completeGoogleSignIn',
      tags: ['Auth'],
      summary: 'Where Google sends the browser back (OAuth redirect URI)',
      security: [],
      parameters: ['code', 'state', 'error'].map((name) => textParameter(name, 'Set by Google.')),
      responses: {
        302: redirect(
          'Browsers: a session cookie and /onboarding (new user) or /map. API clients (`client=api` at the start): ' +
            '/login/success?token&isNewUser&user&code (`user` is base64 JSON {id, name, email, role, profilePhoto}). ' +
            'The token is the client\'s; /login/success starts a cookie session only from `code`, which works once, ' +
            'within 60 seconds, in the browser that started the sign-in (it holds the cookie set by GET /api/auth/google). ' +
            'On failure: /login with the reason.',
        ),
      },
    },
  },
  '/api/users/me': {
    get: {
      operationId: 'getMe',
      tags: ['Users'],
      summary: 'The signed-in user, with the sitter fields for sitters',
      security: signedIn,
      responses: { 200: answer('Your profile.', ref('User')), ...errors({ 401: true }) },
    },
  },
  '/api/users/profile/photo': {
    patch: {
      operationId: 'updateProfilePhoto',
      tags: ['Users'],
      summary: 'Replace your profile photo',
      security: signedIn,
      requestBody: multipartBody({ file: { type: 'string', contentMediaType: 'application/octet-stream' } }, { file: { contentType: 'image/*' } }),
      responses: {
        200: answer(
          'The new photo.',
          objectOf({ profilePhoto: imagePath, user: ref('Account') }),
        ),
        ...errors({ 400: 'No file, or a malformed form.', 401: true, 413: true, 415: true }),
      },
    },
  },
  '/api/users/sitters': {
    get: {
      operationId: 'listSitters',
      tags: ['Users'],
      summary: 'Listed sitters: search, filters, the map area, nearest first',
      description:
        'Only active sitters, each with approximate location only. Order: nearest first from `lat`/`lng` (or from the ' +
        'middle of `bbox`), else best match first for a `search`, else the order sitters joined. `search` matches ' +
        'name, district, services and bio, every word (the last one as a prefix); its characters are never search syntax. ' +
        'Best match first: the sitters whose name holds every word, then name and district, then those and services, then ' +
        'anywhere; each group in the order sitters joined.',
      security: [],
      parameters: queryParameters(SitterSearchSchema, {
        page: 'Page number, 1 unless given.',
        limit: `Page size, ${sitterPageSize} unless given; above ${maxSitterLimit} it is lowered to ${maxSitterLimit} (the map asks for ${maxSitterLimit}).`,
        search: 'Words to find in the name, district, services or bio.',
        service: 'Offers this service; repeat for several (all must be offered).',
        size: 'Takes dogs of this size; repeat for several (all must be taken).',
        date: "Free on this day (yyyy-MM-dd): the weekly schedule has hours on that weekday and the sitter has not blocked it.",
        bbox: 'Only sitters whose public point lies in `west,south,east,north` (degrees, as Leaflet\'s `toBBoxString()`).',
        lat: 'With `lng`: nearest first from this point; `distance` is measured from it.',
        lng: 'With `lat`.',
        radius: `With \`lat\`/\`lng\`: only sitters within this many miles (at most ${maxRadiusMiles}).`,
      }),
      responses: {
        200: {
          ...answer(
            'One page of sitters. Everyone asking the same question gets the same bytes and strong `ETag` until a listed sitter changes ' +
              '(`Cache-Control: public, max-age=0, must-revalidate`).',
            objectOf({ data: { type: 'array', items: ref('SitterListItem') }, meta: ref('PageMeta') }),
          ),
          headers: { ETag: etagHeader },
        },
        304: { description: '`If-None-Match` named the current answer: nothing changed since.', headers: { ETag: etagHeader } },
        ...errors({ 400: true }),
      },
    },
  },
  '/api/users/{id}/reviews': {
    parameters: [pathParameter('id', 'The sitter id.')],
    get: {
      operationId: 'listSitterReviews',
      tags: ['Users'],
      summary: "A sitter's reviews, newest first, with the sitter's replies",
      security: [],
      parameters: queryParameters(ReviewPageSchema, { page: 'Page number, 1 unless given.', limit: 'Page size, 10 unless given, at most 100.' }),
      responses: {
        200: answer('One page of reviews.', objectOf({ data: { type: 'array', items: ref('Review') }, meta: ref('PageMeta') })),
        ...errors({ 400: true, 404: 'No active sitter with this id.' }),
      },
    },
  },
  '/api/users/profile/gallery': {
    post: {
      operationId: 'addGalleryPhotos',
      tags: ['Users'],
      summary: 'Add photos to your sitter gallery',
      security: signedIn,
      requestBody: multipartBody(
        {
          images: {
            type: 'array',
            minItems: 1,
            maxItems: maxGalleryPhotos,
            items: { type: 'string', contentMediaType: 'application/octet-stream' },
            description: `Pictures (each under 5 MB), also accepted as \`images[]\` or \`file\`; at most ${maxGalleryPhotos} photos in the gallery in all.`,
          },
        },
        photoEncoding,
      ),
      responses: {
        201: answer('The gallery after the upload.', objectOf({ photos: sitterProperties.photos })),
        ...errors({
          400: `No photo, a malformed form, or the gallery would exceed ${maxGalleryPhotos} photos.`,
          401: true,
          403: 'You are not a sitter.',
          413: true,
          415: true,
        }),
      },
    },
    delete: {
      operationId: 'deleteGalleryPhoto',
      tags: ['Users'],
      summary: 'Remove one photo from your sitter gallery',
      security: signedIn,
      ...imageUrlInput,
      responses: {
        200: answer('The gallery without the photo.', objectOf({ photos: sitterProperties.photos })),
        ...errors({ 400: true, 401: true, 404: 'The photo is not in your gallery.', 415: true }),
      },
    },
  },
  '/api/users/{id}': {
    parameters: [pathParameter('id', 'The user id.')],
    get: {
      operationId: 'getPublicSitter',
      tags: ['Users'],
      summary: "A sitter's public profile (no sign-in needed)",
      security: [],
      responses: {
        200: answer('The sitter, with approximate location only and the facts measured from data.', ref('PublicSitter')),
        ...errors({ 404: 'No active sitter with this id.' }),
      },
    },
    patch: {
      operationId: 'updateUser',
      tags: ['Users'],
      summary: 'Update your own profile: edit-profile fields, an onboarding payload, or the role',
      description:
        'The body is one of four payloads: with `sitterName` the sitter onboarding, with `ownerName` the owner ' +
        'onboarding, with only `role` (and `id`) the role save, anything else the edit-profile fields. ' +
        'Fields left out keep their value; null or an empty text clears one. Coordinates go with their location text. ' +
        'The sitter onboarding needs a rate in `rates` for every service in `services`, in dollars per hour (walking, sitting, ' +
        'training, grooming), per day (daycare) or per night (boarding), and takes the weekly hours in `availability` ' +
        '(left out: Monday to Friday, 08:00-18:00).',
      security: signedIn,
      requestBody: jsonBody({
        anyOf: [ref('ProfileUpdateInput'), ref('SitterOnboardingInput'), ref('OwnerOnboardingInput'), ref('RoleSaveInput')],
      }),
      responses: {
        200: answer('The updated profile.', ref('User')),
        ...errors({
          400: 'Validation failed, or the address could not be found.',
          401: true,
          403: 'Not your profile; or you are an admin and the payload chooses a role or onboards (a staff account takes no side, decision 102).',
          415: true,
          502: 'The geocoder could not be reached.',
        }),
      },
    },
  },
  '/api/geocode': {
    get: {
      operationId: 'geocode',
      tags: ['Geocoding'],
      summary: 'The place an address names',
      security: signedIn,
      parameters: queryParameters(GeocodeSearchSchema, { q: 'An address.' }),
      responses: {
        200: answer('The first match.', ref('GeocodeResult')),
        ...errors({ 400: true, 401: true, 404: 'Could not find the specified address.', 429: geocodeLimits, 502: true }),
      },
    },
  },
  '/api/geocode/reverse': {
    get: {
      operationId: 'reverseGeocode',
      tags: ['Geocoding'],
      summary: 'The address at a point',
      security: signedIn,
      parameters: queryParameters(ReverseGeocodeSchema, { lat: 'Latitude, -90 to 90.', lon: 'Longitude, -180 to 180.' }),
      responses: {
        200: answer('The address; the coordinates echo the point asked for.', ref('GeocodeResult')),
        ...errors({ 400: true, 401: true, 404: 'No address there.', 429: geocodeLimits, 502: true }),
      },
    },
  },
  '/api/dogs': {
    get: {
      operationId: 'listMyDogs',
      tags: ['Dogs'],
      summary: 'Your dogs, oldest first',
      security: signedIn,
      responses: { 200: answer('Your dogs.', { type: 'array', items: ref('Dog') }), ...errors({ 401: true }) },
    },
    post: {
      operationId: 'addDog',
      tags: ['Dogs'],
      summary: 'Add a dog',
      description: dogFieldNotes,
      security: signedIn,
      requestBody: dogFieldsBody('NewDogFields', NewDogFields),
      responses: {
        201: answer('The new dog.', ref('Dog')),
        ...errors({ 400: true, 401: true, 403: '`ownerId` is not you, or you are an admin: a staff account has no dogs (decision 102).', 413: true, 415: true }),
      },
    },
  },
  '/api/dogs/available': {
    get: {
      operationId: 'listAvailableDogs',
      tags: ['Dogs'],
      summary: "Other owners' dogs listed for sitting, nearest first (sitters); an owner's own listed dogs",
      description: 'An owner who is no sitter gets their own dogs listed for sitting (the filters do not apply); anyone else who is no sitter gets 403.',
      security: signedIn,
      parameters: queryParameters(AvailableDogFiltersSchema, {
        q: 'Part of the name or breed.',
        maxDistance: 'Miles from your location (ignored while you have none).',
        size: 'Repeat for several.',
        age: 'Repeat for several.',
      }),
      responses: {
        200: answer('The matching dogs.', objectOf({ data: { type: 'array', items: ref('AvailableDog') } })),
        ...errors({ 400: true, 401: true, 403: 'Neither a sitter nor an owner: only sitters can browse dogs available for sitting.' }),
      },
    },
  },
  '/api/dogs/user/{userId}': {
    parameters: [pathParameter('userId', 'The owner id.')],
    get: {
      operationId: 'listDogsOfUser',
      tags: ['Dogs'],
      summary: "All your own dogs; for sitters, another user's dogs listed for sitting (none while that account is suspended)",
      security: signedIn,
      responses: {
        200: answer('The dogs (an unknown user has none).', { type: 'array', items: ref('Dog') }),
        ...errors({ 401: true }),
      },
    },
  },
  '/api/dogs/{id}': {
    parameters: [dogId],
    get: {
      operationId: 'getDog',
      tags: ['Dogs'],
      summary: 'One of your dogs',
      security: signedIn,
      responses: { 200: answer('The dog.', ref('Dog')), ...errors({ 401: true, 404: 'Dog not found (or not yours).' }) },
    },
    patch: {
      operationId: 'updateDog',
      tags: ['Dogs'],
      summary: 'Change one of your dogs',
      description: `${dogFieldNotes} Fields left out keep their value; new images are added after the saved ones.`,
      security: signedIn,
      requestBody: dogFieldsBody('DogFieldChanges', DogFieldChanges),
      responses: {
        200: answer('The updated dog.', ref('Dog')),
        ...errors({
          400: 'Validation failed, the id does not match, or the photos would exceed 3.',
          401: true,
          404: 'Dog not found (or not yours).',
          413: true,
          415: true,
        }),
      },
    },
    delete: {
      operationId: 'deleteDog',
      tags: ['Dogs'],
      summary: 'Delete one of your dogs and its photos, or archive it when it has past bookings',
      description:
        'A dog with past bookings only is archived: hidden from your dogs, the available dogs and new bookings, ' +
        'kept (photos too) on the bookings that name it.',
      security: signedIn,
      responses: {
        200: answer('Deleted or archived.', objectOf({ message: { type: 'string' }, archived: { type: 'boolean' } })),
        ...errors({ 401: true, 404: 'Dog not found (or not yours).', 409: 'The dog has pending or accepted bookings ahead.' }),
      },
    },
  },
  '/api/dogs/{id}/public': {
    parameters: [dogId],
    get: {
      operationId: 'getAvailableDog',
      tags: ['Dogs'],
      summary: 'One dog listed for sitting, as a sitter sees it',
      security: signedIn,
      responses: {
        200: answer('The dog, as in the available list.', ref('AvailableDog')),
        ...errors({ 401: true, 404: 'Unknown, unlisted, your own, or you are not a sitter.' }),
      },
    },
  },
  '/api/dogs/{id}/images': {
    parameters: [dogId],
    delete: {
      operationId: 'deleteDogImage',
      tags: ['Dogs'],
      summary: "Remove one of your dog's photos",
      security: signedIn,
      ...imageUrlInput,
      responses: {
        200: answer('The dog without the photo.', ref('Dog')),
        ...errors({ 400: true, 401: true, 404: 'Dog or image not found.', 415: true }),
      },
    },
  },
  '/api/openapi.json': {
    get: {
      operationId: 'getOpenApiDocument',
      tags: ['Docs'],
      summary: 'This document',
      security: [],
      responses: { 200: answer('The OpenAPI 3.1 document.', { type: 'object' }) },
    },
  },
}

// ---- rules beside the schemas (x-cross-field-rules), by operation ----

const imageUrlGiven: StatedRule = { message: 'imageUrl is required', rule: 'the photo is named by `imageUrl`, in the body or in the query' }
const weeklyHours: StatedRule[] = [
  { message: rangeMessages.endBeforeStart, rule: 'each weekly range ends after it starts' },
  { message: rangeMessages.overlap, rule: 'the ranges of one weekday do not overlap' },
]

const statedRules: Record<string, StatedRule[]> = {
  register: [{ message: commonPasswordMessage, rule: '`password` is none of the 10,000 most common passwords' }],
  exchangeGoogleCode: [{ message: googleMessages.noEmail, rule: 'the Google account shares its e-mail address' }],
  listSitters: [
    { message: coordinateMessages.together, rule: '`lat` and `lng` are sent together' },
    { message: coordinateMessages.radiusNeedsPoint, rule: '`radius` comes with `lat` and `lng`' },
    { message: bboxOrderMessage, rule: "`bbox`'s west is not east of its east, nor its south north of its north" },
  ],
  addGalleryPhotos: [{ message: galleryMessages.limit, rule: `the gallery holds at most ${maxGalleryPhotos} photos, those saved included` }],
  deleteGalleryPhoto: [imageUrlGiven],
  updateUser: [
    { message: profileUpdateMessages.coordinatesTogether, rule: '`latitude` and `longitude` are sent together' },
    { message: profileUpdateMessages.locationWithCoordinates, rule: 'coordinates come with their `location` text' },
    { message: addressNotFound, rule: 'a `location` sent without coordinates is an address the geocoder finds' },
    ...weeklyHours,
    ...sitterServices.map((service) => ({ message: missingRateMessage(service), rule: 'every offered service has a rate in `rates` (or `rate`, or one saved)' })),
    { message: gateMessage('sitter', onboardingStepCount).title, rule: 'the sitter onboarding payload passes the gates of spec section 5 (the messages per field say which)' },
  ],
  addDog: [{ message: dogMessages.photoLimit, rule: `a dog has at most ${maxDogImages} photos` }],
  updateDog: [
    { message: dogMessages.idMismatch, rule: 'an `id` in the body is the one in the URL' },
    { message: dogMessages.photoLimit, rule: `a dog has at most ${maxDogImages} photos, those saved included` },
  ],
  deleteDogImage: [imageUrlGiven],
}

/** The whole document: a pure function of the schemas above. */
export function buildOpenApiDocument() {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Pawpal API',
      version: '1.0.0',
      description:
        'The JSON API of Pawpal (DESIGN.md section 4). Bodies are JSON unless multipart is named; image fields ' +
        'are server-relative paths (`/uploads/...`). Every error is `{message, errors}`. A method a path does ' +
        'not list answers 405 with an `Allow` header.',
    },
    servers: [{ url: '/', description: 'The server that serves this document (its paths start with /api).' }],
    tags: [
      { name: 'Auth', description: 'Accounts, e-mail and password or Google sign-in, API tokens.' },
      { name: 'Users', description: 'Your profile, and the public sitter profiles, lists and reviews.' },
      { name: 'Geocoding', description: 'Addresses to points and back, through this server (DESIGN.md ruling 12).' },
      { name: 'Dogs', description: 'Your dogs, and the dogs other owners list for sitting.' },
      ...bookingTags,
      ...messageTags,
      ...notificationTags,
      ...pushTags,
      ...notificationSettingsTags,
      ...moderationTags,
      ...homeAccessTags,
      ...visitTags,
      { name: 'Docs', description: 'This document.' },
    ],
    paths: withSharedAnswers(
      withStatedRulesOf(
        { ...paths, ...bookingPaths, ...seriesPaths, ...messagePaths, ...notificationPaths, ...pushPaths, ...notificationSettingsPaths, ...moderationPaths, ...reviewPaths, ...homeAccessPaths, ...visitPaths },
        { ...statedRules, ...bookingRules, ...seriesRules, ...messageRules, ...pushRules, ...notificationRules, ...notificationSettingsRules, ...moderationRules, ...visitRulesByOperation },
      ),
    ),
    components: {
      securitySchemes: {
        bearerAuth: {
          type: 'http',
          scheme: 'bearer',
          bearerFormat: 'JWT',
          description: 'The `accessToken` of login, registration or Google sign-in; valid 7 days or until logout.',
        },
        cookieAuth: {
          type: 'apiKey',
          in: 'cookie',
          name: '__session',
          description: "The browser's session cookie; writes with it must come from the app's own origin (403 otherwise).",
        },
      },
      schemas: {
        Error: ErrorBody,
        ForbiddenError: ForbiddenBody,
        Message: objectOf({ message: { type: 'string' } }),
        Account,
        User,
        PublicSitter,
        SitterListItem,
        Review,
        PageMeta,
        AuthSession: objectOf({ user: ref('Account'), accessToken: { type: 'string' }, isNewUser: { type: 'boolean' } }),
        Dog,
        AvailableDog,
        GeocodeResult,
        // Generated from the routes' zod schemas:
        LoginInput: inputSchema(LoginSchema),
        RegisterInput: inputSchema(RegisterSchema),
        GoogleCodeInput: inputSchema(GoogleCodeSchema),
        ProfileUpdateInput: inputSchema(ProfileUpdateSchema),
        RoleSaveInput: inputSchema(RoleSaveSchema),
        // The route picks these by the key they carry (profilePayloadKind), so that key is required here.
        OwnerOnboardingInput: withRequired(inputSchema(OwnerDraftSchema.pick({ ownerName: true })), ['ownerName']),
        SitterOnboardingInput: withRequired(inputSchema(SitterOnboardingSchema), ['sitterName']),
        NewDogFields,
        DogFieldChanges,
        DeleteImageInput: inputSchema(DeleteImageSchema),
        ...bookingSchemas,
        ...seriesSchemas,
        ...messageSchemas,
        ...notificationSchemas,
        ...pushSchemas,
        ...notificationSettingsSchemas,
        ...moderationSchemas,
        ...reviewSchemas,
        ...homeAccessSchemas,
        ...visitSchemas,
      },
      responses: Object.fromEntries(
        Object.values(errorResponses).map(([name, description]) => [
          name,
          name === 'TooManyRequests'
            ? { ...answer(description, ref('Error')), headers: retryAfterHeader }
            : answer(description, ref(name === 'Forbidden' ? 'ForbiddenError' : 'Error')),
        ]),
      ),
    },
  }
}

export type OpenApiDocument = ReturnType<typeof buildOpenApiDocument>

let cached: OpenApiDocument | null = null

/** The document, built on first use (it never changes while the server runs). */
export function getOpenApiDocument() {
  cached ??= buildOpenApiDocument()
  return cached
}
