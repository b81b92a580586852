// A local fake of Google's OAuth 2.0 endpoints, userinfo and the Calendar API on loopback, so the
// whole Google sign-in and calendar flow runs offline (DESIGN.md rulings 10 and 11).
//
// In tests:   const google = await startFakeGoogle()   ... google.close()
// Standalone: npx node tests/fakes/google.ts [--port 4100]   (prints the GOOGLE_* settings to use)
//
// Which user signs in: the authorization request's `login_hint` (any email; unknown ones become a
// verified user of that email), else the user set with setNextUser (used once), else defaultUser.
// Other processes (e2e) steer it over HTTP: POST /__fake/next-user {user}, POST /__fake/deny-next,
// POST /__fake/expire-tokens, GET /__fake/events, POST /__fake/calendar-failure {failing: true|false}.
//
// Calendar API: events insert (POST .../events, honouring a client-given `id` and answering 409 for an id
// that exists, as Google does), list (GET .../events), update (PUT .../events/{id}) and delete (DELETE
// .../events/{id}). A recurring event keeps its `recurrence` lines (RRULE, EXDATE) in its body; a PUT on one of
// its occurrences, `{id}_{original start as 20260302T070000Z}` as Google names them, stores an override of that
// occurrence (`overrides`, GET /__fake/events lists them too). While failCalendar(true) is set, every Calendar
// call answers 503.
import { createHash, randomBytes } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import { listenOnLoopback, readBody, serveWhenRunDirectly } from './loopback-server.ts'

export type FakeGoogleUser = {
  sub: string
  email: string
  email_verified: boolean
  name: string
  picture?: string
}

export type FakeCalendarEvent = {
  id: string
  calendarId: string
  /** The Google user (sub) whose calendar holds it. */
  owner: string
  body: Record<string, unknown>
  createdAt: string
  /** When a PUT last replaced it. */
  updatedAt?: string
}

/** One occurrence of a recurring event as a PUT on its instance id replaced it (moved), or a DELETE cancelled it. */
export type FakeCalendarOverride = {
  /** The instance id: `${recurringEventId}_${originalStart}`. */
  id: string
  recurringEventId: string
  /** The occurrence's original start in UTC, as the instance id writes it (20260302T070000Z). */
  originalStart: string
  calendarId: string
  owner: string
  body: Record<string, unknown>
  updatedAt: string
}

export type FakeGoogleOptions = {
  port?: number
  clientId?: string
  clientSecret?: string
  /** Lifetime of issued access tokens, in seconds (Google: 3599). */
  accessTokenLifetime?: number
}

export const fakeGoogleClientId = 'fake-google-client-id.apps.googleusercontent.com'
export const fakeGoogleClientSecret = 'fake-google-client-secret'

export const defaultUser: FakeGoogleUser = {
  sub: '100000000000000000001',
  email: 'google.user@example.com',
  email_verified: true,
  name: 'Gina Google',
  picture: 'https://example.com/gina.png',
}

/** A verified fake user for an email, with a stable sub derived from it. */
export function fakeUserFor(email: string, overrides: Partial<FakeGoogleUser> = {}): FakeGoogleUser {
  const digest = createHash('sha256').update(email.toLowerCase()).digest()
  const sub = `1${BigInt(`0x${digest.subarray(0, 8).toString('hex')}`).toString().padStart(20, '0')}`
  const local = email.split('@')[0] ?? 'user'
  const name = local
    .split(/[._-]+/)
    .filter(Boolean)
    .map((part) => part[0]?.toUpperCase() + part.slice(1))
    .join(' ')
  return { sub, email, email_verified: true, name: name || 'Google User', ...overrides }
}

type PendingCode = {
  user: FakeGoogleUser
  clientId: string
  redirectUri: string
  scope: string
  codeChallenge: string | null
  codeChallengeMethod: string | null
}

type IssuedToken = { user: FakeGoogleUser; scope: string; expiresAt: number }

export type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>

export async function startFakeGoogle(options: FakeGoogleOptions = {}) {
  const clientId = options.clientId ?? fakeGoogleClientId
  const clientSecret = options.clientSecret ?? fakeGoogleClientSecret
  const lifetime = options.accessTokenLifetime ?? 3599

  const codes = new Map<string, PendingCode>()
  const accessTokens = new Map<string, IssuedToken>()
  const refreshTokens = new Map<string, { user: FakeGoogleUser; scope: string }>()
  const events: FakeCalendarEvent[] = []
  const overrides: FakeCalendarOverride[] = []
  const occurrenceRequests: { method: string; id: string }[] = []
  /** Every authorization request's query, for asserting what the app asked for. */
  const authorizationRequests: URLSearchParams[] = []
  /** Every token request's form body (grant type, code, verifier...), secrets removed. */
  const tokenRequests: URLSearchParams[] = []
  let nextUser: FakeGoogleUser | null = null
  let denyNext = false
  let calendarFailing = false
  /** Ids of events ever created per calendar owner: Google refuses to reuse one, even after a delete. */
  const usedEventIds = new Set<string>()

  const issue = (user: FakeGoogleUser, scope: string) => {
    const accessToken = `ya29.fake-${randomBytes(24).toString('base64url')}`
    accessTokens.set(accessToken, { user, scope, expiresAt: Date.now() + lifetime * 1000 })
    return accessToken
  }

  function authorize(url: URL, response: ServerResponse) {
    authorizationRequests.push(new URLSearchParams(url.searchParams))
    const query = url.searchParams
    const redirectUri = query.get('redirect_uri')
    if (query.get('client_id') !== clientId) return sendText(response, 400, 'Error 401: invalid_client (unknown client_id)')
    if (query.get('response_type') !== 'code') return sendText(response, 400, 'Error 400: unsupported_response_type')
    if (!redirectUri) return sendText(response, 400, 'Error 400: redirect_uri_mismatch (missing redirect_uri)')
    const target = new URL(redirectUri)
    const state = query.get('state')
    if (state !== null) target.searchParams.set('state', state)
    if (denyNext) {
      denyNext = false
      target.searchParams.set('error', 'access_denied')
      return redirectTo(response, target)
    }
    const hint = query.get('login_hint')
    const user = hint ? userForHint(hint) : (takeNextUser() ?? defaultUser)
    const code = `4/fake-${randomBytes(24).toString('base64url')}`
    const scope = query.get('scope') ?? ''
    codes.set(code, {
      user,
      clientId,
      redirectUri,
      scope,
      codeChallenge: query.get('code_challenge'),
      codeChallengeMethod: query.get('code_challenge_method'),
    })
    target.searchParams.set('code', code)
    if (scope) target.searchParams.set('scope', scope)
    redirectTo(response, target)
  }

  function userForHint(hint: string) {
    if (nextUser?.email.toLowerCase() === hint.toLowerCase()) return takeNextUser() ?? fakeUserFor(hint)
    return fakeUserFor(hint)
  }

  function takeNextUser() {
    const user = nextUser
    nextUser = null
    return user
  }

  async function token(request: IncomingMessage, response: ServerResponse) {
    const form = new URLSearchParams(String(await readBody(request)))
    const logged = new URLSearchParams(form)
    logged.delete('client_secret')
    tokenRequests.push(logged)
    const credentials = clientCredentials(request, form)
    if (credentials.id !== clientId || credentials.secret !== clientSecret) {
      return sendJson(response, 401, { error: 'invalid_client', error_description: 'The OAuth client was not found.' })
    }
    const grantType = form.get('grant_type')
    if (grantType === 'authorization_code') {
      const code = form.get('code') ?? ''
      const pending = codes.get(code)
      codes.delete(code) // a code works once
      if (!pending) return invalidGrant(response, 'Malformed auth code.')
      if (form.get('redirect_uri') !== pending.redirectUri) return invalidGrant(response, 'redirect_uri_mismatch')
      const verifier = form.get('code_verifier')
      if (pending.codeChallenge !== null || verifier !== null) {
        if (!verifier || !pending.codeChallenge) return invalidGrant(response, 'Missing code verifier.')
        const expected = pending.codeChallengeMethod === 'S256' ? createHash('sha256').update(verifier).digest('base64url') : verifier
        if (expected !== pending.codeChallenge) return invalidGrant(response, 'Invalid code verifier.')
      }
      const refreshToken = `1//fake-${randomBytes(24).toString('base64url')}`
      refreshTokens.set(refreshToken, { user: pending.user, scope: pending.scope })
      return sendJson(response, 200, {
        access_token: issue(pending.user, pending.scope),
        expires_in: lifetime,
        refresh_token: refreshToken,
        scope: pending.scope,
        token_type: 'Bearer',
        id_token: fakeIdToken(pending.user, clientId),
      })
    }
    if (grantType === 'refresh_token') {
      const grant = refreshTokens.get(form.get('refresh_token') ?? '')
      if (!grant) return invalidGrant(response, 'Token has been expired or revoked.')
      // Like Google: a new access token, no new refresh token.
      return sendJson(response, 200, {
        access_token: issue(grant.user, grant.scope),
        expires_in: lifetime,
        scope: grant.scope,
        token_type: 'Bearer',
      })
    }
    return sendJson(response, 400, { error: 'unsupported_grant_type', error_description: `Invalid grant_type: ${grantType}` })
  }

  function bearer(request: IncomingMessage) {
    const header = request.headers.authorization ?? ''
    const issued = header.startsWith('Bearer ') ? accessTokens.get(header.slice(7)) : undefined
    return issued && issued.expiresAt > Date.now() ? issued : null
  }

  /** An event resource as a POST or PUT sends it: JSON with a start and an end, or Google's 400. */
  async function readEventBody(request: IncomingMessage): Promise<{ body: Record<string, unknown> } | { refusal: unknown }> {
    let body: unknown
    try {
      body = JSON.parse(String(await readBody(request)))
    } catch {
      return { refusal: googleError(400, 'Parse Error', 'INVALID_ARGUMENT') }
    }
    if (typeof body !== 'object' || body === null || !('start' in body) || !('end' in body)) return { refusal: googleError(400, 'Missing time range.', 'INVALID_ARGUMENT') }
    const { recurrence } = body as { recurrence?: unknown }
    if (recurrence !== undefined && (!Array.isArray(recurrence) || !recurrence.every((line) => typeof line === 'string' && /^(RRULE|EXRULE|RDATE|EXDATE)[:;]/.test(line)))) {
      return { refusal: googleError(400, 'Invalid recurrence rule.', 'INVALID_ARGUMENT') }
    }
    return { body }
  }

  async function calendar(request: IncomingMessage, response: ServerResponse, path: string[]) {
    if (calendarFailing) return sendJson(response, 503, googleError(503, 'The service is currently unavailable.', 'UNAVAILABLE'))
    const issued = bearer(request)
    if (!issued) return sendJson(response, 401, googleError(401, 'Request had invalid authentication credentials.', 'UNAUTHENTICATED'))
    if (!issued.scope.split(' ').some((scope) => scope.startsWith('https://www.googleapis.com/auth/calendar'))) {
      return sendJson(response, 403, googleError(403, 'Request had insufficient authentication scopes.', 'PERMISSION_DENIED'))
    }
    // path: ['calendars', calendarId, 'events', eventId?]
    const [calendars, calendarId, eventsSegment, eventId] = path
    if (calendars !== 'calendars' || !calendarId || eventsSegment !== 'events') return sendJson(response, 404, googleError(404, 'Not Found', 'NOT_FOUND'))
    const mine = (event: FakeCalendarEvent) => event.owner === issued.user.sub && event.calendarId === calendarId
    if (request.method === 'POST' && !eventId) {
      const read = await readEventBody(request)
      if ('refusal' in read) return sendJson(response, 400, read.refusal)
      const { body } = read
      const givenId = (body as { id?: unknown }).id
      if (givenId !== undefined && (typeof givenId !== 'string' || !/^[a-v0-9]{5,1024}$/.test(givenId))) {
        return sendJson(response, 400, googleError(400, 'Invalid resource id value.', 'INVALID_ARGUMENT'))
      }
      const id = typeof givenId === 'string' ? givenId : randomBytes(13).toString('hex')
      if (usedEventIds.has(`${issued.user.sub}:${id}`)) {
        return sendJson(response, 409, googleError(409, 'The requested identifier already exists.', 'ALREADY_EXISTS'))
      }
      usedEventIds.add(`${issued.user.sub}:${id}`)
      const event: FakeCalendarEvent = {
        id,
        calendarId,
        owner: issued.user.sub,
        body,
        createdAt: new Date().toISOString(),
      }
      events.push(event)
      return sendJson(response, 200, eventResource(event))
    }
    if (request.method === 'GET' && !eventId) {
      return sendJson(response, 200, { kind: 'calendar#events', items: events.filter(mine).map(eventResource) })
    }
    const index = events.findIndex((event) => mine(event) && event.id === eventId)
    const instance = index === -1 ? /^([a-v0-9]{5,1024})_(\d{8}T\d{6}Z)$/.exec(eventId ?? '') : null
    if (instance) return occurrence(request, response, events.find((event) => mine(event) && event.id === instance[1]), instance[2] ?? '')
    if (index === -1) return sendJson(response, 404, googleError(404, 'Not Found', 'NOT_FOUND'))
    if (request.method === 'GET') return sendJson(response, 200, eventResource(events[index] as FakeCalendarEvent))
    if (request.method === 'PUT') {
      const read = await readEventBody(request)
      if ('refusal' in read) return sendJson(response, 400, read.refusal)
      const { body } = read
      const updated: FakeCalendarEvent = { ...(events[index] as FakeCalendarEvent), body, updatedAt: new Date().toISOString() }
      events[index] = updated
      return sendJson(response, 200, eventResource(updated))
    }
    if (request.method === 'DELETE') {
      const [deleted] = events.splice(index, 1)
      // Its occurrences go with it (overrides stays the same live array).
      const kept = overrides.filter((override) => override.recurringEventId !== deleted?.id || override.owner !== deleted.owner)
      overrides.splice(0, overrides.length, ...kept)
      response.writeHead(204).end()
      return
    }
    sendJson(response, 405, googleError(405, 'Method Not Allowed', 'METHOD_NOT_ALLOWED'))
  }

  /** GET, PUT or DELETE on one occurrence of a recurring event: its override, made or replaced by the PUT or DELETE. */
  async function occurrence(request: IncomingMessage, response: ServerResponse, master: FakeCalendarEvent | undefined, originalStart: string) {
    if (!master || !Array.isArray(master.body.recurrence)) return sendJson(response, 404, googleError(404, 'Not Found', 'NOT_FOUND'))
    const id = `${master.id}_${originalStart}`
    occurrenceRequests.push({ method: request.method ?? '', id })
    const existing = overrides.findIndex((override) => override.id === id && override.owner === master.owner && override.calendarId === master.calendarId)
    if (request.method === 'GET') {
      const override = overrides[existing]
      return sendJson(response, 200, { kind: 'calendar#event', status: 'confirmed', ...master.body, ...override?.body, id, recurringEventId: master.id })
    }
    const replaceWith = (body: Record<string, unknown>) => {
      const override: FakeCalendarOverride = { id, recurringEventId: master.id, originalStart, calendarId: master.calendarId, owner: master.owner, body, updatedAt: new Date().toISOString() }
      if (existing === -1) overrides.push(override)
      else overrides[existing] = override
    }
    // Deleting an occurrence leaves a cancelled exception in its place, as Google does; a second delete finds it gone.
    if (request.method === 'DELETE') {
      if (overrides[existing]?.body.status === 'cancelled') return sendJson(response, 410, googleError(410, 'Resource has been deleted', 'GONE'))
      replaceWith({ status: 'cancelled' })
      response.writeHead(204).end()
      return
    }
    if (request.method !== 'PUT') return sendJson(response, 405, googleError(405, 'Method Not Allowed', 'METHOD_NOT_ALLOWED'))
    const read = await readEventBody(request)
    if ('refusal' in read) return sendJson(response, 400, read.refusal)
    replaceWith(read.body)
    return sendJson(response, 200, { kind: 'calendar#event', status: 'confirmed', ...read.body, id, recurringEventId: master.id })
  }

  async function control(request: IncomingMessage, response: ServerResponse, action: string) {
    if (request.method === 'POST' && action === 'next-user') {
      const body = JSON.parse(String(await readBody(request)) || '{}') as { user?: Partial<FakeGoogleUser> & { email: string } }
      if (!body.user?.email) return sendJson(response, 400, { error: 'user.email is required' })
      api.setNextUser(fakeUserFor(body.user.email, body.user))
      return sendJson(response, 200, { ok: true })
    }
    if (request.method === 'POST' && action === 'deny-next') {
      api.denyNextAuthorization()
      return sendJson(response, 200, { ok: true })
    }
    if (request.method === 'POST' && action === 'expire-tokens') {
      api.expireAccessTokens()
      return sendJson(response, 200, { ok: true })
    }
    if (request.method === 'GET' && action === 'events') return sendJson(response, 200, { events, overrides })
    if (request.method === 'POST' && action === 'calendar-failure') {
      const body = JSON.parse(String(await readBody(request)) || '{}') as { failing?: unknown }
      api.failCalendar(body.failing === true)
      return sendJson(response, 200, { ok: true })
    }
    sendJson(response, 404, { error: 'unknown control action' })
  }

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://fake-google.local')
    const segments = url.pathname.split('/').filter(Boolean).map(decodeURIComponent)
    const handle = async () => {
      if (request.method === 'GET' && url.pathname === '/o/oauth2/v2/auth') return authorize(url, response)
      if (request.method === 'POST' && url.pathname === '/token') return token(request, response)
      if (request.method === 'GET' && url.pathname === '/userinfo') {
        const issued = bearer(request)
        if (!issued) return sendJson(response, 401, { error: 'invalid_token', error_description: 'Invalid Credentials' })
        return sendJson(response, 200, issued.user)
      }
      if (segments[0] === 'calendar' && segments[1] === 'v3') return calendar(request, response, segments.slice(2))
      if (segments[0] === '__fake' && segments[1]) return control(request, response, segments[1])
      sendJson(response, 404, { error: 'not_found' })
    }
    handle().catch((error: unknown) => {
      if (!response.headersSent) sendJson(response, 500, { error: 'fake_google_failure', error_description: String(error) })
      else response.end()
    })
  })

  const { origin: url, close } = await listenOnLoopback(server, options.port)

  const api = {
    url,
    authUrl: `${url}/o/oauth2/v2/auth`,
    tokenUrl: `${url}/token`,
    userinfoUrl: `${url}/userinfo`,
    apiUrl: url,
    clientId,
    clientSecret,
    /** Events created through the Calendar API, oldest first (a live array). */
    events,
    /** Occurrences of recurring events replaced through their instance ids, first made first (a live array). */
    overrides,
    /** Every call on an occurrence of an existing recurring event, in order: its method and instance id (a live array). */
    occurrenceRequests,
    authorizationRequests,
    tokenRequests,
    /** The user the next authorization without a login_hint signs in (once). */
    setNextUser(user: FakeGoogleUser) {
      nextUser = user
    },
    /** The next authorization answers error=access_denied, as when the user clicks Cancel. */
    denyNextAuthorization() {
      denyNext = true
    },
    /** While true, every Calendar API call answers 503 (Google down). */
    failCalendar(failing: boolean) {
      calendarFailing = failing
    },
    /** Every issued access token stops working (as after an hour); refresh tokens still work. */
    expireAccessTokens() {
      for (const issued of accessTokens.values()) issued.expiresAt = 0
    },
    /** An access token for `user`, as if they had signed in and granted `scope` (default: calendar events). */
    grantAccessToken(user: FakeGoogleUser, scope = 'openid email profile https://www.googleapis.com/auth/calendar.events') {
      return issue(user, scope)
    },
    /** A code for `user` as the authorization endpoint would give one, without a browser or PKCE. */
    issueAuthorizationCode(user: FakeGoogleUser, redirectUri: string, scope = 'openid email profile') {
      const code = `4/fake-${randomBytes(24).toString('base64url')}`
      codes.set(code, { user, clientId, redirectUri, scope, codeChallenge: null, codeChallengeMethod: null })
      return code
    },
    /** The settings an app process needs to talk to this fake. */
    environment(): Record<string, string> {
      return {
        GOOGLE_CLIENT_ID: clientId,
        GOOGLE_CLIENT_SECRET: clientSecret,
        GOOGLE_AUTH_URL: api.authUrl,
        GOOGLE_TOKEN_URL: api.tokenUrl,
        GOOGLE_USERINFO_URL: api.userinfoUrl,
        GOOGLE_API_URL: api.apiUrl,
      }
    },
    close,
  }
  return api
}

export const start = startFakeGoogle

function clientCredentials(request: IncomingMessage, form: URLSearchParams) {
  const header = request.headers.authorization ?? ''
  if (header.startsWith('Basic ')) {
    const decoded = Buffer.from(header.slice(6), 'base64').toString('utf8')
    const separator = decoded.indexOf(':')
    return { id: decoded.slice(0, separator), secret: decoded.slice(separator + 1) }
  }
  return { id: form.get('client_id'), secret: form.get('client_secret') }
}

function fakeIdToken(user: FakeGoogleUser, audience: string) {
  const encode = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url')
  const now = Math.floor(Date.now() / 1000)
  const claims = { iss: 'https://accounts.google.com', aud: audience, iat: now, exp: now + 3600, ...user }
  return `${encode({ alg: 'none', typ: 'JWT' })}.${encode(claims)}.`
}

function eventResource(event: FakeCalendarEvent) {
  return {
    kind: 'calendar#event',
    status: 'confirmed',
    ...event.body,
    id: event.id,
    htmlLink: `https://calendar.google.com/calendar/event?eid=${event.id}`,
    created: event.createdAt,
    updated: event.createdAt,
  }
}

function googleError(code: number, message: string, status: string) {
  return { error: { code, message, status, errors: [{ message, reason: status.toLowerCase() }] } }
}

function invalidGrant(response: ServerResponse, description: string) {
  sendJson(response, 400, { error: 'invalid_grant', error_description: description })
}

function redirectTo(response: ServerResponse, target: URL) {
  response.writeHead(302, { location: target.toString() }).end()
}

function sendJson(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body))
}

function sendText(response: ServerResponse, status: number, text: string) {
  response.writeHead(status, { 'content-type': 'text/plain; charset=utf-8' }).end(text)
}

// Standalone: `npx node tests/fakes/google.ts [--port N]` prints KEY=value lines to export, then serves
// until SIGTERM/SIGINT.
await serveWhenRunDirectly(
  import.meta.url,
  (port) => startFakeGoogle({ port: port ?? Number(process.env.FAKE_GOOGLE_PORT ?? 0) }),
  (google) => Object.entries(google.environment()).map(([name, value]) => `${name}=${value}`).join('\n'),
)
