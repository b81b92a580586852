import { format } from 'node:util'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import fc from 'fast-check'
import { sql } from 'kysely'
import { afterAll, afterEach, beforeEach, expect, test, vi } from 'vitest'
import { fakePlaces, start as startFakeGeocoder } from '#tests/fakes/geocoder.ts'
import { fakeUserFor, startFakeGoogle } from '#tests/fakes/google.ts'
import { start as startFakePushService } from '#tests/fakes/push-service.ts'
import { startFakeSmtp } from '#tests/fakes/smtp.ts'
import { makeCallers } from './access-callers.ts'
import { appRequest, origin } from './app.ts'
import { linkGoogleAccount } from './fixtures.ts'
import { allowedRequestsTo, describeRequest, endpointsOf, requestsTo, type CallerName, type Endpoint, type FuzzRequest, type OpenApiDocument, type World } from './openapi-arbitraries.ts'
import { documentSchemaValidators, takeApiProblems } from './openapi-validator.ts'

// Property-based fuzzing of every operation of the OpenAPI document the app serves (issue 30, decision 064).
// fast-check makes requests to each (path x method): path parameters (real ids, other ids, unicode, huge,
// '..', empty, broken percent-encoding), documented and unknown query parameters with values of any type,
// bodies (fitting the schema, the documented names with any values, any JSON, no JSON, the wrong media type,
// multipart with files that are and are not images) and credentials (none, a real token or browser cookie of
// the eight callers of access-callers.ts, a tampered token, garbage). Properties of every answer:
//   - it is not a 5xx;
//   - an error is JSON {message, errors};
//   - a 4xx changed no row of any table (counted before and after, background work finished), but the
//     tables `writtenByRefusals` names;
//   - it is an answer the document describes (openapi-validator.ts, as for every test).
// A failure prints the seed, the path and the shrunk request (a 5xx also what the app logged). Replay it with
//   FUZZ_SEED=<seed> npx vitest run --project app tests/integration/openapi-fuzz.test.ts -t '<METHOD> <path>'
// (add FUZZ_PATH=<path> to jump straight to the counterexample). FUZZ_RUNS sets the runs per operation
// (default 20), FUZZ_LOG=1 prints every request and its status. Without FUZZ_SEED the run uses a fixed seed; FUZZ_SEED=random draws one.
//
// Nothing goes out of the machine: Google, the geocoder, the mail server and the push service are the local
// fakes of tests/fakes. Each operation gets a world of its own (makeCallers: the callers, the owner's dogs, a
// booking, a conversation, a review, a notification, a report; Google linked for the owner and the sitter),
// so a DELETE or a sign-out that succeeds cannot leave the next operation without its rows and tokens.

const geocoder = await startFakeGeocoder()
const google = await startFakeGoogle()
const smtp = await startFakeSmtp()
const pushService = await startFakePushService()
Object.assign(process.env, google.environment(), {
  GEOCODER_URL: geocoder.url,
  SMTP_URL: smtp.url,
  PUSH_SERVICE_URL: pushService.url,
  // The booking sweep runs once at start-up: run by its timer between the two counts of a request, it
  // would change rows that the request did not.
  BOOKING_SWEEP_SECONDS: '3600',
})
const { db } = await import('#app/lib/db.server.ts')
const { backgroundWorkDone } = await import('#app/lib/work-queue.server.ts')

afterAll(async () => {
  await Promise.all([geocoder.close(), google.close(), smtp.close(), pushService.close()])
})

const document = (await (await appRequest('/api/openapi.json')).json()) as OpenApiDocument
const endpoints = endpointsOf(document)

// `npm test` runs one fixed seed, so CI judges the code and not the draw; FUZZ_SEED=random explores (do it, with
// more FUZZ_RUNS, when the API changes), and any other FUZZ_SEED replays a failure.
const fixedSeed = 20261125
const seed = process.env.FUZZ_SEED === 'random' ? Math.floor(Math.random() * 2 ** 31) : process.env.FUZZ_SEED ? Number(process.env.FUZZ_SEED) : fixedSeed
const numRuns = Number(process.env.FUZZ_RUNS ?? 20)
const path = process.env.FUZZ_PATH
const log = process.env.FUZZ_LOG === '1'
console.info(`openapi-fuzz: FUZZ_SEED=${seed} FUZZ_RUNS=${numRuns} (${endpoints.length} operations)`)

// What the app logs while it refuses garbage (a failed Google sign-in, a malformed URL, a cross-site write) is
// expected by the thousand: kept per request, and shown with a 5xx.
const logged: string[] = []
beforeEach(() => {
  const keep = (...args: unknown[]) => void logged.push(format(...args))
  vi.spyOn(console, 'error').mockImplementation(keep)
  vi.spyOn(console, 'warn').mockImplementation(keep)
})
afterEach(() => {
  vi.restoreAllMocks()
})

/**
 * Operations run fewer times than FUZZ_RUNS, with the reason: a quarter of the runs (at least 3).
 */
const fewerRuns: Record<string, string> = {
  // The geocoder waits for an upstream turn before each address it has not looked up yet: one a second for
  // all lookups together (the public Nominatim's policy, geocoder.server.ts), so each new address costs a
  // second of the run. Addresses are also looked up, and fuzzed, by PATCH /api/users/{id} and POST /api/bookings.
  'GET /api/geocode': 'each address not looked up before waits a second for its upstream turn',
}

/**
 * Operations the reverse fuzz (below) runs fewer times, with the reason: there every request is a real one, and
 * these are slow by design.
 */
const fewerAllowedRuns: Record<string, string> = {
  ...fewerRuns,
  // A point is an address lookup too (see above); every allowed point is a new one.
  'GET /api/geocode/reverse': 'each point not looked up before waits a second for its upstream turn',
  // Decision 058: past 5 failures of one account, each attempt waits (1 s, doubling); drawn e-mails repeat.
  'POST /api/auth/login': "failed sign-ins of one account wait from the sixth on, 1 s and doubling",
  // Each one hashes a password (scrypt) and makes an account, its session and its welcome.
  'POST /api/auth/register': 'each registration hashes a password and makes an account',
}

/**
 * Tables a refused request may legitimately write to, each with the reason; every other table of the
 * schema (introspected, so a new table is counted from the day it exists) must keep its row count.
 */
const writtenByRefusals: Record<string, string> = {
  // A refused attempt counts against its limit, which is what a limit is for: a wrong password (401) against
  // the sign-in attempts, an address the geocoder looked up and did not find (404) against the client's
  // lookups a minute (seen by this fuzz).
  rateLimitHits: 'a refused attempt counts against its rate limit',
  // An address the geocoder does not know is remembered as 'not found' for a day (geocoder.server.ts), also
  // when that makes the answer a 404 (GET /api/geocode, seen by this fuzz) or a 400 (a profile's address).
  geocodeCache: "an address the geocoder does not know is cached as 'not found'",
}

const schemaTables = (await db.introspection.getTables()).map((table) => table.name)
const tables = schemaTables.filter((name) => !(name in writtenByRefusals))

/**
 * The counts after the last request, which are the counts before the next one: nothing else writes between
 * two requests (the app's background work has finished; making a world forgets them). Counting once per
 * request halves the time the fuzz spends counting.
 */
let lastCounts: Record<string, number> | null = null

/** The row count of every table but `writtenByRefusals`, in one statement. */
async function rowCounts(): Promise<Record<string, number>> {
  const counts = sql.join(
    tables.map((table) => sql`select ${sql.lit(table)} as "name", count(*) as "rows" from ${sql.table(table)}`),
    sql` union all `,
  )
  const { rows } = await sql<{ name: string; rows: number | string }>`${counts}`.execute(db)
  return Object.fromEntries(rows.map((row) => [row.name, Number(row.rows)]))
}

/** The callers a request to an operation carries the credentials of more often: those it is for. */
const likelyCallers = (endpoint: Endpoint): CallerName[] =>
  document.paths[endpoint.path]?.['x-admins-only'] === true ? ['admin'] : ['owner', 'sitter']

let worlds = 0

/** A world of rows for one operation, with the real values the requests use. */
async function makeWorld() {
  lastCounts = null
  const callers = await makeCallers()
  const { things } = callers
  const world = ++worlds
  // Google linked for both, so the calendar operations reach the fake Google.
  for (const [userId, who] of [
    [things.ownerId, 'owner'],
    [things.sitterId, 'sitter'],
  ] as const) {
    const googleUser = fakeUserFor(`fuzz-${world}-${who}@example.com`)
    await linkGoogleAccount(userId, { sub: googleUser.sub, accessToken: google.grantAccessToken(googleUser) })
  }
  const conversation = await db
    .selectFrom('conversations')
    .select('id')
    .where((eb) => eb.or([eb.and([eb('userAId', '=', things.ownerId), eb('userBId', '=', things.sitterId)]), eb.and([eb('userAId', '=', things.sitterId), eb('userBId', '=', things.ownerId)])]))
    .executeTakeFirstOrThrow()
  const messages = await db.selectFrom('messages').select('id').where('conversationId', '=', conversation.id).execute()
  const feed = await things.calendarFeed()
  const users = [things.ownerId, things.sitterId]
  const dogs = [things.dogId, things.listedDogId, things.disposableDogId]
  /** The real values of each path parameter, by path template. */
  const fitting: Record<string, string[]> = {
    '/api/users/{id}/reviews': [things.sitterId, things.ownerId],
    '/api/users/{id}': users,
    '/api/users/{id}/availability': [things.sitterId, things.ownerId],
    '/api/dogs/user/{userId}': users,
    '/api/dogs/{id}': dogs,
    '/api/dogs/{id}/public': dogs,
    '/api/dogs/{id}/images': dogs,
    '/api/bookings/{id}': [things.bookingId],
    '/api/bookings/{id}/status': [things.bookingId],
    '/api/bookings/{id}/calendar': [things.bookingId],
    '/api/bookings/{id}/home-access': [things.bookingId],
    '/api/bookings/{id}/visit': [things.bookingId],
    '/api/bookings/{id}/visit/check-in': [things.bookingId],
    '/api/bookings/{id}/visit/entries': [things.bookingId],
    '/api/bookings/{id}/visit/photos': [things.bookingId],
    '/api/bookings/{id}/visit/route': [things.bookingId],
    '/api/bookings/{id}/visit/check-out': [things.bookingId],
    '/api/bookings/{id}/changes': [things.bookingId],
    '/api/bookings/{id}/changes/{changeId}': [things.bookingId],
    '/api/booking-series/{id}': [things.seriesId],
    '/api/booking-series/{id}/status': [things.seriesId],
    '/api/calendar/{feed}': [feed],
    '/api/reviews/{id}/reply': [things.reviewId],
    '/api/auth/calendar/event/{ownerId}': users,
    '/api/messages/conversations/{partnerId}': users,
    '/api/messages/blocks/{userId}': users,
    '/api/notifications/{id}/read': [things.notificationId],
    '/api/admin/reports/{id}': [things.reportId],
    '/api/admin/reports/{id}/resolution': [things.reportId],
    '/api/admin/users/{id}': users,
    '/api/admin/users/{id}/suspension': users,
  }
  const messageIds = messages.map((message) => message.id)
  /** The real ids of the kind each property or parameter name takes (the reverse fuzz uses them). */
  const idsByName: Record<string, string[]> = {
    ownerId: [things.ownerId],
    sitterId: [things.sitterId],
    dogId: dogs,
    bookingId: [things.bookingId],
    recipientId: users,
    partnerId: users,
    userId: users,
    subjectId: [...users, things.reviewId, ...dogs],
    messageIds,
    before: messageIds,
  }
  const generatorWorld: World = {
    callers: ['owner', 'otherOwner', 'sitter', 'otherSitter', 'suspended', 'admin', 'deletedToken'],
    pathValues: (template, parameter) => (parameter === 'changeId' ? [things.proposalId] : (fitting[template] ?? [])),
    ids: [...users, ...dogs, things.bookingId, things.proposalId, things.reviewId, things.notificationId, things.reportId, conversation.id, ...messageIds],
    places: [fakePlaces[0]!.query, 'Nowhere Lane 1, Atlantis'],
    imagePaths: [things.dogImagePath],
    pushServiceUrl: pushService.url,
    idsNamed: (name) => idsByName[name] ?? [],
    callerIds: { owner: things.ownerId, sitter: things.sitterId },
  }
  return { credentials: callers.credentials, world: generatorWorld }
}

type FuzzWorld = Awaited<ReturnType<typeof makeWorld>>

/** Turns a generated request into a Request and sends it through the app (in-process, as every test does). */
async function send(request: FuzzRequest, { credentials }: FuzzWorld) {
  const headers = new Headers(request.headers)
  let withoutOrigin = false
  const { credential } = request
  if (credential.kind === 'token') headers.set('authorization', `Bearer ${credentials[credential.of]?.token}`)
  if (credential.kind === 'tampered token') {
    const token = credentials[credential.of]?.token ?? ''
    // Never the last character: two of its bits are unused in base64, so 'A' to 'B' there would leave the signature as it was.
    const at = credential.at % (token.length - 1)
    const changed = token[at] === 'A' ? 'B' : 'A'
    headers.set('authorization', `Bearer ${token.slice(0, at)}${changed}${token.slice(at + 1)}`)
  }
  if (credential.kind === 'garbage') headers.set('authorization', credential.authorization)
  if (credential.kind === 'cookie') {
    headers.set('cookie', credentials[credential.of]?.cookie ?? '')
    if (credential.origin === 'other') headers.set('origin', 'https://elsewhere.example')
    if (credential.origin === 'ours') headers.set('origin', origin)
    withoutOrigin = credential.origin === 'none'
  }
  let body: BodyInit | undefined
  if (request.body.kind === 'text') {
    // Bytes, so that no Content-Type is added when the request is to have none.
    body = new TextEncoder().encode(request.body.text)
    if (request.body.contentType !== null) headers.set('content-type', request.body.contentType)
  }
  if (request.body.kind === 'multipart') {
    const form = new FormData()
    for (const [name, value] of request.body.fields) form.append(name, value)
    for (const file of request.body.files) form.append(file.name, new File([new Uint8Array(file.bytes)], file.filename, { type: file.type }))
    body = form
  }
  return appRequest(request.url, { method: request.method, headers, body, ip: request.ip, withoutOrigin })
}

/** The body as a client reads it (a shared public copy is compressed). */
async function bodyText(response: Response) {
  const bytes = Buffer.from(await response.arrayBuffer())
  const encoding = response.headers.get('content-encoding')
  return (encoding === 'br' ? brotliDecompressSync(bytes) : encoding === 'gzip' ? gunzipSync(bytes) : bytes).toString('utf8')
}

/**
 * Whether a request's path is one of the operation's: a parameter that is empty, '..' or an encoded '/'
 * takes the request to another route ('/api/dogs/' is '/api/dogs' to the router, '/api/dogs/..' is '/api').
 */
function isPathOf(endpoint: Endpoint, url: string) {
  const segments = new URL(url, origin).pathname.split('/')
  const template = endpoint.path.split('/')
  return segments.length === template.length && template.every((part, index) => (part.startsWith('{') ? segments[index] !== '' : part === segments[index]))
}

/** The properties every answer to every request must have (see the top of the file). */
async function checkAnswer(endpoint: Endpoint, request: FuzzRequest, world: FuzzWorld) {
  await backgroundWorkDone()
  // Left by an earlier request whose check failed first: this request's problems only.
  await takeApiProblems()
  const before = lastCounts ?? (await rowCounts())
  lastCounts = null
  logged.length = 0
  const response = await send(request, world)
  const text = await bodyText(response)
  // Work the request started after it answered (events, e-mails) is part of what it changed.
  await backgroundWorkDone()
  const after = await rowCounts()
  lastCounts = after
  // The document describes the operation's paths; another route's answer is held to the other properties only
  // (the document knows no '/api/dogs/', which the router serves as '/api/dogs').
  const offTheDocument = isPathOf(endpoint, request.url) ? await takeApiProblems() : (await takeApiProblems(), [])
  if (log) console.info(`${describeRequest(request)}\n  => ${response.status} ${text.slice(0, 200)}`)
  const answer = `${request.method} ${request.url.slice(0, 200)} answered ${response.status}: ${text.slice(0, 500)}`

  expect(response.status, `a server error: ${answer}\nThe app logged:\n${logged.join('\n').slice(0, 3000)}`).toBeLessThan(500)
  if (response.status >= 400) {
    expect(response.headers.get('content-type'), `an error that is not JSON: ${answer}`).toMatch(/^application\/json/)
    const error = JSON.parse(text) as unknown
    expect(error, `an error that is not {message, errors}: ${answer}`).toEqual({ message: expect.any(String), errors: expect.any(Object) })
    const changed = tables.filter((table) => before[table] !== after[table]).map((table) => `${table}: ${before[table]} -> ${after[table]}`)
    expect(changed, `a refused request changed rows: ${answer}`).toEqual([])
  }
  expect(offTheDocument, `an answer off the OpenAPI document: ${answer}`).toEqual([])
}

test('every operation of the document is fuzzed (every outside call goes to a local fake), and every name in the lists here is real', () => {
  const names = endpoints.map((endpoint) => endpoint.name)
  expect(names.length).toBeGreaterThan(60)
  for (const name of Object.keys(fewerAllowedRuns)) expect(names, `'${name}' is no operation`).toContain(name)
  for (const table of Object.keys(writtenByRefusals)) expect(schemaTables, `'${table}' is no table`).toContain(table)
  expect(tables.length).toBeGreaterThan(30)
})

test('every rule an operation states beside its schemas has its message and says the rule', () => {
  const stated = endpoints.flatMap((endpoint) => {
    const operation = document.paths[endpoint.path]?.[endpoint.method] as { 'x-cross-field-rules'?: unknown[]; description?: string }
    return (operation['x-cross-field-rules'] ?? []).map((rule) => ({ endpoint: endpoint.name, rule, description: operation.description ?? '' }))
  })
  expect(stated.length).toBeGreaterThan(30)
  for (const { endpoint, rule, description } of stated) {
    expect(rule, endpoint).toEqual({ message: expect.stringMatching(/\S/), rule: expect.stringMatching(/\S/) })
    expect(description, `${endpoint} says its rules`).toContain((rule as { rule: string }).rule)
  }
})

test('every path parameter has real values to try', async () => {
  const { world } = await makeWorld()
  const missing = endpoints.flatMap((endpoint) =>
    endpoint.pathParameters.filter((parameter) => world.pathValues(endpoint.path, parameter.name).length === 0).map((parameter) => `${endpoint.path} ${parameter.name}`),
  )
  expect(missing).toEqual([])
})

for (const endpoint of endpoints) {
  test(
    endpoint.name,
    async () => {
      const world = await makeWorld()
      await fc.assert(
        fc.asyncProperty(requestsTo(document, world.world, endpoint, likelyCallers(endpoint)), (request) => checkAnswer(endpoint, request, world)),
        { seed, numRuns: fewerRuns[endpoint.name] ? Math.max(3, Math.ceil(numRuns / 4)) : numRuns, path, verbose: fc.VerbosityLevel.Verbose },
      )
    },
    // A failure is shrunk: each smaller request is sent again.
    180_000,
  )
}

// ---- the reverse fuzz: a request the document allows is not refused for a rule it does not state ----
//
// For each operation, requests drawn from the document alone (allowedRequestsTo in openapi-arbitraries.ts: every
// parameter and body from its schema, honouring type, enum, pattern, format, lengths, bounds and required; real
// ids for the path), sent by the caller the operation is for. A client generated from the document makes such
// requests, and the server may refuse one with 400 only for a rule no JSON Schema keyword can state: one the
// operation lists in `x-cross-field-rules` (two fields together, today's date, what is stored), by its message.
// 401, 403, 404, 409 and 429 are the state's answers (an unknown id, a booking already accepted, a spent
// token); a 5xx is never right. Same seed, runs and replay as the fuzz above: the test is named
// '<METHOD> <path> takes what the document allows'.

const { validatorAt } = documentSchemaValidators(document)

/** The messages of the rules an operation states beside its schemas (x-cross-field-rules). */
function statedRules(endpoint: Endpoint): string[] {
  const operation = document.paths[endpoint.path]?.[endpoint.method] as { 'x-cross-field-rules'?: { message: string }[] } | undefined
  return (operation?.['x-cross-field-rules'] ?? []).map((rule) => rule.message)
}

/** Sends a request the document allows: a 400 must name only stated rules; no 5xx; an answer on the document. */
async function checkAllowedRequest(endpoint: Endpoint, request: FuzzRequest, world: FuzzWorld) {
  await backgroundWorkDone()
  await takeApiProblems()
  logged.length = 0
  const response = await send(request, world)
  const text = await bodyText(response)
  const offTheDocument = await takeApiProblems()
  if (log) console.info(`${describeRequest(request)}\n  => ${response.status} ${text.slice(0, 200)}`)
  const answer = `${request.method} ${request.url.slice(0, 200)} answered ${response.status}: ${text.slice(0, 500)}`

  expect(response.status, `a server error: ${answer}\nThe app logged:\n${logged.join('\n').slice(0, 3000)}`).toBeLessThan(500)
  if (response.status === 400) {
    const { message, errors } = JSON.parse(text) as { message: string; errors: Record<string, string[]> }
    const stated = statedRules(endpoint)
    const unstated = [message, ...Object.values(errors).flat()].filter((refusal) => !stated.includes(refusal))
    expect(unstated, `a request the document allows was refused for a rule it does not state: ${answer}`).toEqual([])
  }
  expect(offTheDocument, `an answer off the OpenAPI document: ${answer}`).toEqual([])
}

for (const endpoint of endpoints) {
  test(
    `${endpoint.name} takes what the document allows`,
    async () => {
      const world = await makeWorld()
      await fc.assert(
        fc.asyncProperty(allowedRequestsTo(document, world.world, endpoint, likelyCallers(endpoint), validatorAt), (request) => checkAllowedRequest(endpoint, request, world)),
        { seed, numRuns: fewerAllowedRuns[endpoint.name] ? Math.max(3, Math.ceil(numRuns / 4)) : numRuns, path, verbose: fc.VerbosityLevel.Verbose },
      )
    },
    180_000,
  )
}
