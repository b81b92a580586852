import { createCookie, href } from 'react-router'
import { Authenticator } from 'remix-auth'
import { OAuth2RequestError, OAuth2Strategy } from 'remix-auth-oauth2'
import { z } from 'zod'
import { googleFlowCookiePrefix } from '#app/lib/credentials.server.ts'
import { db } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { decryptSecret, encryptSecret } from '#app/lib/secrets.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { authMessages } from './accounts.server.ts'
import { bindBrowser, newBrowserBinding } from './sign-in-codes.server.ts'

// DESIGN.md ruling 10: Google sign-in through remix-auth 4 and remix-auth-oauth2 3, with every
// Google URL from config so tests run the whole flow against tests/fakes/google.ts on loopback.
// remix-auth 4 keeps no session: `authenticate` either throws the redirect Response to Google
// (first leg, with the state + PKCE verifier in a short-lived cookie) or returns what `verify`
// returns (callback leg). Sessions are ours (session.server.ts).

export const googleCallbackPath = href('/api/auth/google/callback')
export const googleScopes = ['openid', 'email', 'profile', 'https://www.googleapis.com/auth/calendar.events']

/** Who signed in and whether the account was created just now. */
export type GoogleSignIn = { userId: string; isNewUser: boolean }

/** A sign-in Google completed but we refuse (locked account, unverified email, ...), or a failed exchange. */
export class GoogleSignInError extends Error {
  status: 400 | 401 | 403 | 409 | 502 | 503
  constructor(status: GoogleSignInError['status'], message: string) {
    super(message)
    this.name = 'GoogleSignInError'
    this.status = status
  }
}

export const googleMessages = {
  unavailable: 'Google sign-in is not available',
  locked: authMessages.locked,
  unverifiedEmail:
    'Your Google email address is not verified, so it cannot be used to sign in to the existing account with that email. Please log in with your password.',
  noEmail: 'Your Google account did not share an email address.',
  badCode: 'Google did not accept the authorization code.',
  profileFailed: 'Could not read your Google profile. Please try again.',
} as const

type OAuthTokens = OAuth2Strategy.VerifyOptions['tokens']

/** What we keep of a token response. */
export type GoogleTokenSet = { accessToken: string; refreshToken: string | null; expiresAt: Date | null; scope: string | null }

/** The toast after a Google sign-in, the same as after registration or a password login (spec section 8). */
export function signedInToast(isNewUser: boolean): ToastInput {
  return isNewUser
    ? { type: 'success', title: 'Registration successful', description: 'Please complete your profile.' }
    : { type: 'success', title: 'Login successful', description: 'Welcome back!' }
}

/** Where a signed-in browser goes next: new users choose their role first. */
export function signedInDestination(isNewUser: boolean) {
  return href(isNewUser ? '/onboarding' : '/map')
}

const TokenResponseSchema = z.object({
  access_token: z.string().min(1),
  refresh_token: z.string().min(1).optional(),
  expires_in: z.coerce.number().positive().optional(),
  scope: z.string().optional(),
})

function readTokenSet(tokens: OAuthTokens, now = Date.now()): GoogleTokenSet {
  const parsed = TokenResponseSchema.safeParse(tokens.data)
  if (!parsed.success) throw new GoogleSignInError(502, googleMessages.badCode)
  const { access_token, refresh_token, expires_in, scope } = parsed.data
  return {
    accessToken: access_token,
    refreshToken: refresh_token ?? null,
    expiresAt: expires_in === undefined ? null : new Date(now + expires_in * 1000),
    scope: scope ?? null,
  }
}

/** The OpenID Connect userinfo claims we use. Google sends email_verified as a boolean (older endpoints: a string). */
export const GoogleProfileSchema = z.object({
  sub: z.string().min(1),
  email: z.email().optional(),
  email_verified: z
    .union([z.boolean(), z.enum(['true', 'false'])])
    .optional()
    .transform((value) => value === true || value === 'true'),
  name: z.string().optional(),
  given_name: z.string().optional(),
  picture: z.string().optional(),
})

export type GoogleProfile = z.infer<typeof GoogleProfileSchema>

async function fetchGoogleProfile(accessToken: string): Promise<GoogleProfile> {
  let response: Response
  try {
    response = await fetch(env.GOOGLE_USERINFO_URL, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(10_000),
    })
  } catch {
    throw new GoogleSignInError(502, googleMessages.profileFailed)
  }
  const parsed = GoogleProfileSchema.safeParse(response.ok ? await response.json().catch(() => null) : null)
  if (!parsed.success) throw new GoogleSignInError(502, googleMessages.profileFailed)
  return parsed.data
}

/** remix-auth-oauth2's strategy with Google's extra authorization parameters and a PKCE-less code exchange. */
class GoogleStrategy extends OAuth2Strategy<GoogleSignIn> {
  override name = 'google'

  // Google only returns a refresh token (needed for the calendar later) with offline access, and
  // only on a consent screen; a login_hint given to /api/auth/google is passed on.
  protected override authorizationParams(params: URLSearchParams, request: Request) {
    const result = super.authorizationParams(params, request)
    result.set('access_type', 'offline')
    result.set('prompt', 'consent')
    const hint = new URL(request.url).searchParams.get('login_hint')
    if (hint && hint.length <= 320) result.set('login_hint', hint)
    return result
  }

  /** A code obtained by the client itself (POST /api/auth/google): no PKCE verifier, same redirect URI. */
  exchangeCode(code: string) {
    return this.client.validateAuthorizationCode(this.options.tokenEndpoint.toString(), code, null)
  }

  /** Like the inherited refreshToken, but without re-sending the scopes (Google keeps the granted ones). */
  refreshGrant(refreshToken: string) {
    return this.client.refreshAccessToken(this.options.tokenEndpoint.toString(), refreshToken, [])
  }
}

const flowCookiePath = '/api/auth/google'
const stateCookieName = `${googleFlowCookiePrefix}oauth`

const googleStrategy = new GoogleStrategy(
  {
    // The state + code verifier cookie: the strategy names it `__google_oauth:<uuid>`, one per attempt.
    cookie: {
      name: stateCookieName,
      path: flowCookiePath,
      httpOnly: true,
      sameSite: 'Lax',
      maxAge: 10 * 60,
      ...(env.secureCookies ? { secure: true as const } : {}),
    },
    clientId: env.GOOGLE_CLIENT_ID ?? '',
    clientSecret: env.GOOGLE_CLIENT_SECRET ?? null,
    authorizationEndpoint: env.GOOGLE_AUTH_URL,
    tokenEndpoint: env.GOOGLE_TOKEN_URL,
    redirectURI: `${env.PUBLIC_URL}${googleCallbackPath}`,
    scopes: googleScopes,
  },
  async ({ tokens }) => {
    const tokenSet = readTokenSet(tokens)
    return linkOrCreateGoogleUser(await fetchGoogleProfile(tokenSet.accessToken), tokenSet)
  },
)

export const authenticator = new Authenticator<GoogleSignIn>().use(googleStrategy, 'google')

/**
 * Remembers through the round trip to Google who started it: a browser, or an API client (`?client=api`)
 * with the secret of the browser cookie its one-time sign-in code will be bound to (sign-in-codes.server.ts).
 */
const flowCookie = createCookie(`${googleFlowCookiePrefix}client`, {
  httpOnly: true,
  sameSite: 'lax',
  path: flowCookiePath,
  maxAge: 10 * 60,
  secure: env.secureCookies,
  secrets: [env.SESSION_SECRET],
})

export type GoogleClientKind = 'browser' | 'api'

const GoogleFlowSchema = z.discriminatedUnion('client', [
  z.object({ client: z.literal('api'), browserBinding: z.string().min(1) }),
  z.object({ client: z.literal('browser') }),
])

export type GoogleFlow = z.infer<typeof GoogleFlowSchema>

export function isGoogleSignInAvailable() {
  return env.googleConfigured
}

/** The redirect to Google's consent screen, with the cookies that let the callback finish the flow. */
export async function startGoogleSignIn(request: Request, client: GoogleClientKind, loginHint?: string | null) {
  // A clean request: a stray `state` in the query would make the strategy treat this as the callback.
  const url = new URL(flowCookiePath, request.url)
  if (loginHint) url.searchParams.set('login_hint', loginHint)
  try {
    await authenticator.authenticate('google', new Request(url, { headers: request.headers }))
  } catch (thrown) {
    if (!(thrown instanceof Response)) throw thrown
    const flow: GoogleFlow = client === 'api' ? { client, browserBinding: newBrowserBinding() } : { client }
    thrown.headers.append('set-cookie', await flowCookie.serialize(flow))
    if (flow.client === 'api') thrown.headers.append('set-cookie', await bindBrowser(flow.browserBinding))
    return thrown
  }
  throw new Error('The Google strategy did not redirect to Google')
}

export type GoogleCallbackOutcome =
  | { ok: true; flow: GoogleFlow; signIn: GoogleSignIn; headers: Headers }
  | { ok: false; message: string; headers: Headers }

/**
 * Finishes the flow on the callback: checks the state, exchanges the code, links or creates the
 * user. `headers` clear the flow's cookies; add them to whatever the route answers.
 */
export async function completeGoogleSignIn(request: Request): Promise<GoogleCallbackOutcome> {
  const cookieHeader = request.headers.get('cookie')
  const started = GoogleFlowSchema.safeParse(await flowCookie.parse(cookieHeader))
  const flow: GoogleFlow = started.success ? started.data : { client: 'browser' }
  const headers = await flowCookieClearingHeaders(cookieHeader)
  try {
    const signIn = await authenticator.authenticate('google', request)
    return { ok: true, flow, signIn, headers }
  } catch (error) {
    return { ok: false, message: describeCallbackFailure(error, new URL(request.url)), headers }
  }
}

function describeCallbackFailure(error: unknown, url: URL) {
  if (error instanceof GoogleSignInError) return error.message
  const providerError = url.searchParams.get('error')
  if (providerError === 'access_denied') return 'Google sign-in was cancelled.'
  if (providerError) return 'Google could not sign you in. Please try again.'
  // The strategy throws ReferenceError / RangeError for a missing or foreign state cookie.
  if (error instanceof ReferenceError || error instanceof RangeError) {
    return 'Your sign-in attempt expired or was started in another browser. Please try again.'
  }
  if (!(error instanceof OAuth2RequestError)) console.error('Google sign-in failed', error)
  return 'Google could not confirm your sign-in. Please try again.'
}

async function flowCookieClearingHeaders(cookieHeader: string | null) {
  const headers = new Headers()
  const attributes = `Path=${flowCookiePath}; Max-Age=0; HttpOnly; SameSite=Lax${env.secureCookies ? '; Secure' : ''}`
  for (const part of (cookieHeader ?? '').split(';')) {
    const name = part.split('=')[0]?.trim()
    if (name?.startsWith(stateCookieName)) headers.append('set-cookie', `${name}=; ${attributes}`)
  }
  headers.append('set-cookie', await flowCookie.serialize('', { maxAge: 0 }))
  return headers
}

/** POST /api/auth/google: a code the client obtained itself, exchanged directly at the token endpoint. */
export async function exchangeGoogleCode(code: string): Promise<GoogleSignIn> {
  if (!env.googleConfigured) throw new GoogleSignInError(503, googleMessages.unavailable)
  let tokens: OAuthTokens
  try {
    tokens = await googleStrategy.exchangeCode(code)
  } catch {
    throw new GoogleSignInError(401, googleMessages.badCode)
  }
  const tokenSet = readTokenSet(tokens)
  return linkOrCreateGoogleUser(await fetchGoogleProfile(tokenSet.accessToken), tokenSet)
}

/**
 * Finds the user of a Google account: by the linked account (sub), else by a verified email
 * (linking it), else a new owner. Never takes over an account through an unverified email, and
 * refuses suspended accounts. Stores the tokens encrypted.
 */
export async function linkOrCreateGoogleUser(profile: GoogleProfile, tokens: GoogleTokenSet): Promise<GoogleSignIn> {
  const now = new Date().toISOString()
  const linked = await db
    .selectFrom('oauthAccounts')
    .innerJoin('users', 'users.id', 'oauthAccounts.userId')
    .select(['users.id', 'users.accountStatus'])
    .where('oauthAccounts.provider', '=', 'google')
    .where('oauthAccounts.providerAccountId', '=', profile.sub)
    .executeTakeFirst()
  if (linked) {
    if (linked.accountStatus !== 'active') throw new GoogleSignInError(403, googleMessages.locked)
    await db
      .updateTable('oauthAccounts')
      .set({ email: profile.email ?? null, ...encryptedTokenColumns(tokens), updatedAt: now })
      .where('provider', '=', 'google')
      .where('providerAccountId', '=', profile.sub)
      .execute()
    return { userId: linked.id, isNewUser: false }
  }

  const email = profile.email?.toLowerCase()
  if (!email) throw new GoogleSignInError(400, googleMessages.noEmail)
  const account = { provider: 'google', providerAccountId: profile.sub, email, createdAt: now, updatedAt: now }
  const existing = await db.selectFrom('users').select(['id', 'accountStatus']).where('email', '=', email).executeTakeFirst()
  if (existing) {
    if (!profile.email_verified) throw new GoogleSignInError(409, googleMessages.unverifiedEmail)
    if (existing.accountStatus !== 'active') throw new GoogleSignInError(403, googleMessages.locked)
    await db.transaction().execute(async (trx) => {
      await trx.insertInto('oauthAccounts').values({ ...account, userId: existing.id, ...encryptedTokenColumns(tokens) }).execute()
      await trx.updateTable('users').set({ emailVerified: 1, updatedAt: now }).where('id', '=', existing.id).execute()
    })
    return { userId: existing.id, isNewUser: false }
  }

  const userId = crypto.randomUUID()
  const name = (profile.name?.trim() || profile.given_name?.trim() || email.split('@')[0] || 'Pawpal user').slice(0, 100)
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({ id: userId, email, name, role: 'owner', emailVerified: profile.email_verified ? 1 : 0, createdAt: now, updatedAt: now })
      .execute()
    await trx.insertInto('oauthAccounts').values({ ...account, userId, ...encryptedTokenColumns(tokens) }).execute()
  })
  return { userId, isNewUser: true }
}

/** Token columns to write; a response without a refresh token keeps the stored one. */
function encryptedTokenColumns(tokens: GoogleTokenSet) {
  return {
    accessTokenEncrypted: encryptSecret(tokens.accessToken),
    ...(tokens.refreshToken ? { refreshTokenEncrypted: encryptSecret(tokens.refreshToken) } : {}),
    tokenExpiresAt: tokens.expiresAt?.toISOString() ?? null,
    ...(tokens.scope ? { scope: tokens.scope } : {}),
  }
}

const expiryMarginMs = 60_000

/**
 * A usable Google access token for the user (for the calendar), refreshed and saved when it
 * expired. Null when the user has no linked Google account or nothing to refresh with; throws
 * when Google refuses the refresh (for example a revoked grant).
 */
export async function getGoogleAccessToken(userId: string): Promise<string | null> {
  const account = await db
    .selectFrom('oauthAccounts')
    .select(['providerAccountId', 'accessTokenEncrypted', 'refreshTokenEncrypted', 'tokenExpiresAt'])
    .where('provider', '=', 'google')
    .where('userId', '=', userId)
    .orderBy('updatedAt', 'desc')
    .executeTakeFirst()
  if (!account?.accessTokenEncrypted) return null
  const expiresAt = account.tokenExpiresAt ? Date.parse(account.tokenExpiresAt) : Number.POSITIVE_INFINITY
  if (expiresAt - expiryMarginMs > Date.now()) return decryptSecret(account.accessTokenEncrypted)
  if (!account.refreshTokenEncrypted) return null

  let refreshed: GoogleTokenSet
  try {
    refreshed = readTokenSet(await googleStrategy.refreshGrant(decryptSecret(account.refreshTokenEncrypted)))
  } catch (error) {
    throw new Error('Google refused to refresh the access token', { cause: error })
  }
  await db
    .updateTable('oauthAccounts')
    .set({ ...encryptedTokenColumns(refreshed), updatedAt: new Date().toISOString() })
    .where('provider', '=', 'google')
    .where('providerAccountId', '=', account.providerAccountId)
    .execute()
  return refreshed.accessToken
}
