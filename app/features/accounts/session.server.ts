import { randomBytes } from 'node:crypto'
import { jwtVerify, SignJWT } from 'jose'
import type { Kysely } from 'kysely'
import { createCookie } from 'react-router'
import { browserCookieName, sessionCookieName } from '#app/lib/credentials.server.ts'
import { type Database, db } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { recordEvent } from '#app/lib/events.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { deriveKey } from '#app/lib/secrets.server.ts'

// DESIGN.md ruling 9: sessions live in the database. Browsers carry the session id in the signed
// `__session` cookie; API clients carry a JWT whose `sid` names the same kind of row. Deleting the
// row (logout, password reset, suspension) revokes either.
export const sessionLifetimeMs = 7 * 24 * 60 * 60 * 1000

export const sessionCookie = createCookie(sessionCookieName, {
  httpOnly: true,
  sameSite: 'lax',
  secure: env.secureCookies,
  path: '/',
  maxAge: sessionLifetimeMs / 1000,
  secrets: [env.SESSION_SECRET],
})

/**
 * A browser's own random id, kept a year (decision 118): each cookie session started in it records it, so what
 * an account left asleep in this browser when it signed out (its push devices) wakes when it signs in here again.
 * It opens nothing: a copied id wakes only the signing-in account's own devices.
 */
const browserCookie = createCookie(browserCookieName, {
  httpOnly: true,
  sameSite: 'lax',
  secure: env.secureCookies,
  path: '/',
  maxAge: 365 * 24 * 60 * 60,
})

const browserIdPattern = /^[\w-]{32}$/

/** The id of the browser that sent the request, or a new one when it has none (or one that is not ours). */
export async function browserIdOf(request: Request) {
  const kept: unknown = await browserCookie.parse(request.headers.get('cookie'))
  return typeof kept === 'string' && browserIdPattern.test(kept) ? kept : randomBytes(24).toString('base64url')
}

export const browserCookieHeader = (browserId: string) => browserCookie.serialize(browserId)

const jwtKey = deriveKey('api-jwt')

export type SessionKind = 'cookie' | 'token'

/**
 * Sessions begun and ended at their person's word, as domain events (decisions 116 and 118): what a higher feature
 * keeps for a session or an account (push devices) follows them without accounts knowing it. `signedIn` and
 * `signedOut` name the session (with its browser, when it had one: `{ userId, browserId }`), `passwordReset` the
 * account whose sessions a reset ended.
 */
export const sessionEventTypes = { signedIn: 'session.signedIn', signedOut: 'session.signedOut', passwordReset: 'account.passwordReset' } as const

/**
 * `database`: a transaction, when the session is what a one-time code or link is spent for. A browser session
 * (`browserId`) records a `session.signedIn` event: `signedInEvent`, to dispatch once committed.
 */
export async function createSession(userId: string, kind: SessionKind, userAgent: string | null, database: Kysely<Database> = db, browserId: string | null = null) {
  const now = Date.now()
  const session = {
    id: randomBytes(24).toString('base64url'),
    userId,
    kind,
    userAgent: userAgent?.slice(0, 300) ?? null,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + sessionLifetimeMs).toISOString(),
    browserId,
  }
  await database.insertInto('sessions').values(session).execute()
  await database.updateTable('users').set({ lastSignInAt: session.createdAt }).where('id', '=', userId).execute()
  const signedInEvent = browserId ? await recordEvent(database, { type: sessionEventTypes.signedIn, subjectId: session.id, payload: { userId, browserId } }, now) : null
  return { ...session, signedInEvent }
}

export function issueAccessToken(session: { id: string; userId: string; expiresAt: string }) {
  return new SignJWT({ sid: session.id })
    .setProtectedHeader({ alg: 'HS256' })
    .setSubject(session.userId)
    .setIssuedAt()
    .setExpirationTime(new Date(session.expiresAt))
    .sign(jwtKey)
}

/** The session id a request presents (cookie or bearer), whether or not it is still valid. */
export async function readSessionId(request: Request): Promise<{ id: string; kind: SessionKind } | null> {
  const authorization = request.headers.get('authorization')
  if (authorization?.toLowerCase().startsWith('bearer ')) {
    return readTokenSessionId(authorization.slice(7).trim())
  }
  const id = await sessionIdOfCookie(request.headers.get('cookie'))
  return id ? { id, kind: 'cookie' } : null
}

/**
 * The session id a signed session cookie holds, each cookie verified once: a browser sends the same one on
 * every request, and React Router imports the HMAC key anew for every verification (about a tenth of a small
 * signed-in page's CPU). Only what the signature proved is kept; the session row is still read every time.
 */
async function sessionIdOfCookie(header: string | null) {
  const signed = header
    ?.split(';')
    .map((pair) => pair.trim())
    .find((pair) => pair.startsWith(`${sessionCookieName}=`))
  if (!signed) return null
  const kept = verifiedSessionCookies.get(signed)
  if (kept !== undefined) return kept
  const id: unknown = await sessionCookie.parse(signed)
  const sessionId = typeof id === 'string' && id ? id : null
  if (verifiedSessionCookies.size >= maxVerifiedSessionCookies) verifiedSessionCookies.clear()
  verifiedSessionCookies.set(signed, sessionId)
  return sessionId
}

const verifiedSessionCookies = new Map<string, string | null>()
const maxVerifiedSessionCookies = 10_000

export async function readTokenSessionId(token: string): Promise<{ id: string; kind: SessionKind } | null> {
  try {
    const { payload } = await jwtVerify(token, jwtKey, { algorithms: ['HS256'] })
    return typeof payload.sid === 'string' ? { id: payload.sid, kind: 'token' } : null
  } catch {
    return null
  }
}

/** Sessions that still sign someone in at `now` (an ISO instant): not expired, of an active account. */
function liveSessions(now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .where('sessions.expiresAt', '>', now)
    .where('users.accountStatus', '=', 'active')
}

// The time zone comes with the user: the pages that show times read it here rather than in a statement of their own.
const sessionUserColumns = ['users.id', 'users.name', 'users.email', 'users.role', 'users.profilePhoto', 'users.timeZone'] as const

// Every signed-in request asks it: compiled once (decision 089).
const sessionUserQuery = precompiledQuery((values: { sessionId: string; now: string }) =>
  liveSessions(values.now)
    .select([...sessionUserColumns, 'sessions.id as sessionId'])
    .where('sessions.id', '=', values.sessionId),
)

/** The active user behind a live session id, or null when it expired, was revoked or the account is suspended. */
export async function findSessionUser(sessionId: string) {
  const [user] = await sessionUserQuery({ sessionId, now: new Date().toISOString() })
  return user ?? null
}

/** Which of these session ids are still live (not expired, not revoked, account active). */
export async function findLiveSessionIds(sessionIds: string[]) {
  if (sessionIds.length === 0) return new Set<string>()
  const rows = await liveSessions(new Date().toISOString()).select('sessions.id').where('sessions.id', 'in', sessionIds).execute()
  return new Set(rows.map((row) => row.id))
}

export type SessionUser = NonNullable<Awaited<ReturnType<typeof findSessionUser>>>

/** The browser a session runs in (decision 118): null for API tokens and sessions from before migration 041. */
export async function browserOfSession(sessionId: string) {
  const session = await db.selectFrom('sessions').select('browserId').where('id', '=', sessionId).executeTakeFirst()
  return session?.browserId ?? null
}

/** Deletes the session and records that it was signed out of; answers the event's id. */
export async function signOutSession(sessionId: string) {
  return db.transaction().execute(async (trx) => {
    const ended = await trx.deleteFrom('sessions').where('id', '=', sessionId).returning(['userId', 'browserId']).executeTakeFirst()
    return recordEvent(trx, { type: sessionEventTypes.signedOut, subjectId: sessionId, payload: { userId: ended?.userId ?? null, browserId: ended?.browserId ?? null } })
  })
}

export async function deleteAllSessionsOf(userId: string, database: Kysely<Database> = db) {
  await database.deleteFrom('sessions').where('userId', '=', userId).execute()
}

export async function deleteExpiredSessions() {
  await db.deleteFrom('sessions').where('expiresAt', '<=', new Date().toISOString()).execute()
}
