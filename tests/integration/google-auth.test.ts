import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { fakeUserFor, startFakeGoogle, type FakeGoogleUser } from '#tests/fakes/google.ts'
import { routeAnswer } from './route-calls.ts'

// Google sign-in end to end (DESIGN.md ruling 10) against the local fake Google: the route loaders
// and actions get real Requests, the browser's part (following redirects, carrying cookies) is done here.
const google = await startFakeGoogle()
const publicUrl = 'http://pawpal.test'
Object.assign(process.env, google.environment(), { PUBLIC_URL: publicUrl })

const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { decryptSecret } = await import('#app/lib/secrets.server.ts')
const { hashPassword } = await import('#app/features/accounts/password.server.ts')
const { findSessionUser, readTokenSessionId, sessionCookie } = await import('#app/features/accounts/session.server.ts')
const { getGoogleAccessToken } = await import('#app/features/accounts/google.server.ts')
const { startApiSession } = await import('#app/features/accounts/api-session.server.ts')
const { getToast } = await import('#app/lib/toast.server.ts')
const startRoute = await import('#app/routes/api/auth.google.ts')
const callbackRoute = await import('#app/routes/api/auth.google.callback.ts')
const loginSuccessRoute = await import('#app/routes/login-success.tsx')

beforeAll(async () => {
  await migrateToLatest()
})

afterAll(async () => {
  await google.close()
})

type RouteArgs = { request: Request; url: URL; params: Record<string, never>; pattern: string; context: RouterContextProvider }

/** Runs a loader or action with a request, signed out; a thrown Response counts as its answer. */
const answer = (handler: (args: RouteArgs) => Promise<unknown>, request: Request) =>
  routeAnswer(request, () => handler({ request, url: new URL(request.url), params: {}, pattern: '', context: new RouterContextProvider() }))

/** A tiny browser cookie jar: remembers Set-Cookie values, forgets cleared ones. */
class CookieJar {
  cookies = new Map<string, string>()
  store(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair = '', ...attributes] = line.split(';')
      const separator = pair.indexOf('=')
      const name = pair.slice(0, separator).trim()
      const value = pair.slice(separator + 1).trim()
      const cleared = attributes.some((attribute) => /^\s*max-age=0$/i.test(attribute)) || value === ''
      if (cleared) this.cookies.delete(name)
      else this.cookies.set(name, value)
    }
  }
  header() {
    return [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ')
  }
}

type SignInOptions = { client?: 'api'; jar?: CookieJar; deny?: boolean }

/** The whole browser round trip: /api/auth/google -> fake consent screen -> callback. */
async function signInWithGoogle(user: FakeGoogleUser, { client, jar = new CookieJar(), deny = false }: SignInOptions = {}) {
  const start = await answer(startRoute.loader, new Request(`${publicUrl}/api/auth/google${client ? `?client=${client}` : ''}`))
  expect(start.status).toBe(302)
  const consentUrl = start.headers.get('location') ?? ''
  expect(consentUrl.startsWith(google.authUrl)).toBe(true)
  jar.store(start)

  if (deny) google.denyNextAuthorization()
  else google.setNextUser(user)
  const consent = await fetch(consentUrl, { redirect: 'manual' })
  expect(consent.status).toBe(302)
  const callbackUrl = consent.headers.get('location') ?? ''
  expect(callbackUrl.startsWith(`${publicUrl}/api/auth/google/callback?`)).toBe(true)

  const callback = await answer(callbackRoute.loader, new Request(callbackUrl, { headers: { cookie: jar.header() } }))
  jar.store(callback)
  return { start, consentUrl: new URL(consentUrl), callbackUrl, callback, jar }
}

async function sessionUserOf(response: Response) {
  const cookie = response.headers.getSetCookie().find((line) => line.startsWith('__session='))
  const sessionId: unknown = await sessionCookie.parse(cookie?.split(';')[0] ?? null)
  return typeof sessionId === 'string' ? findSessionUser(sessionId) : null
}

/** Where the callback sends an API client: /login/success?token&isNewUser&user&code. */
const successUrlOf = (callback: Response) => new URL(callback.headers.get('location') ?? '', publicUrl)

/** Opens /login/success in a browser holding `jar`'s cookies (none: a browser that never started a sign-in). */
async function visitLoginSuccess(url: URL, jar = new CookieJar()) {
  const response = await answer(loginSuccessRoute.loader, new Request(url, { headers: { cookie: jar.header() } }))
  jar.store(response)
  return response
}

const cookieSessionsOf = (userId: string) =>
  db.selectFrom('sessions').select('id').where('userId', '=', userId).where('kind', '=', 'cookie').execute()

async function toastOf(response: Response) {
  const cookie = response.headers
    .getSetCookie()
    .filter((line) => line.startsWith('__toast='))
    .map((line) => line.split(';')[0])
    .join('; ')
  return (await getToast(new Request(publicUrl, { headers: { cookie } }))).toast
}

async function createPasswordUser(email: string, accountStatus: 'active' | 'suspended' = 'active') {
  const now = new Date().toISOString()
  const id = crypto.randomUUID()
  await db.insertInto('users').values({ id, email, name: 'Pat Password', role: 'sitter', accountStatus, createdAt: now, updatedAt: now }).execute()
  await db.insertInto('passwords').values({ userId: id, hash: await hashPassword('correct horse'), updatedAt: now }).execute()
  return id
}

const usersWithEmail = (email: string) => db.selectFrom('users').selectAll().where('email', '=', email).execute()
const googleAccountsOf = (userId: string) =>
  db.selectFrom('oauthAccounts').selectAll().where('provider', '=', 'google').where('userId', '=', userId).execute()

describe('browser sign-in with Google', () => {
  test('asks Google for the calendar events scope, offline access and a PKCE challenge', async () => {
    const { consentUrl } = await signInWithGoogle(fakeUserFor('scopes.check@example.com'))

    expect(consentUrl.searchParams.get('scope')?.split(' ')).toEqual(
      expect.arrayContaining(['openid', 'email', 'profile', 'https://www.googleapis.com/auth/calendar.events']),
    )
    expect(consentUrl.searchParams.get('access_type')).toBe('offline')
    expect(consentUrl.searchParams.get('prompt')).toBe('consent')
    expect(consentUrl.searchParams.get('code_challenge_method')).toBe('S256')
    expect(consentUrl.searchParams.get('redirect_uri')).toBe(`${publicUrl}/api/auth/google/callback`)
  })

  test('a new Google user gets an owner account, a session cookie and is sent to /onboarding', async () => {
    const user = fakeUserFor('new.walker@example.com', { name: 'Nina Walker' })

    const { callback } = await signInWithGoogle(user)

    expect(callback.status).toBe(302)
    expect(callback.headers.get('location')).toBe('/onboarding')
    expect(await toastOf(callback)).toMatchObject({ type: 'success', title: 'Registration successful', description: 'Please complete your profile.' })
    const rows = await usersWithEmail('new.walker@example.com')
    expect(rows).toHaveLength(1)
    expect(rows[0]).toMatchObject({ name: 'Nina Walker', role: 'owner', emailVerified: 1, accountStatus: 'active' })
    expect((await sessionUserOf(callback))?.id).toBe(rows[0]?.id)
    expect(await db.selectFrom('passwords').select('userId').where('userId', '=', rows[0]?.id ?? '').execute()).toEqual([])
  })

  test('stores the Google tokens encrypted, and they decrypt back to what Google issued', async () => {
    const user = fakeUserFor('token.keeper@example.com')
    await signInWithGoogle(user)
    const issued = google.tokenRequests.at(-1)
    expect(issued?.get('grant_type')).toBe('authorization_code')
    expect(issued?.get('code_verifier')).toBeTruthy()

    const [userRow] = await usersWithEmail('token.keeper@example.com')
    const [account] = await googleAccountsOf(userRow?.id ?? '')
    expect(account).toMatchObject({ providerAccountId: user.sub, email: 'token.keeper@example.com' })
    expect(account?.scope).toContain('https://www.googleapis.com/auth/calendar.events')
    const accessToken = decryptSecret(account?.accessTokenEncrypted ?? '')
    const refreshToken = decryptSecret(account?.refreshTokenEncrypted ?? '')
    expect(accessToken).toMatch(/^ya29\.fake-/)
    expect(refreshToken).toMatch(/^1\/\/fake-/)
    expect(account?.accessTokenEncrypted).not.toContain(accessToken)
    expect(account?.refreshTokenEncrypted).not.toContain(refreshToken)
    expect(Date.parse(account?.tokenExpiresAt ?? '')).toBeGreaterThan(Date.now() + 50 * 60 * 1000)
    // The stored token really is Google's: the userinfo endpoint accepts it.
    const profile = await fetch(google.userinfoUrl, { headers: { authorization: `Bearer ${accessToken}` } })
    expect(await profile.json()).toMatchObject({ sub: user.sub })
  })

  test('a returning Google user is sent to /map with "Welcome back!" and no second account', async () => {
    const user = fakeUserFor('returning.owner@example.com')
    await signInWithGoogle(user)

    const { callback } = await signInWithGoogle(user)

    expect(callback.headers.get('location')).toBe('/map')
    expect(await toastOf(callback)).toMatchObject({ type: 'success', title: 'Login successful', description: 'Welcome back!' })
    const rows = await usersWithEmail('returning.owner@example.com')
    expect(rows).toHaveLength(1)
    expect(await googleAccountsOf(rows[0]?.id ?? '')).toHaveLength(1)
    expect((await sessionUserOf(callback))?.id).toBe(rows[0]?.id)
  })

  test('an email/password account with the same verified email is linked, not duplicated', async () => {
    const userId = await createPasswordUser('pat.password@example.com')

    const { callback } = await signInWithGoogle(fakeUserFor('Pat.Password@example.com'))

    expect(callback.headers.get('location')).toBe('/map')
    expect(await usersWithEmail('pat.password@example.com')).toHaveLength(1)
    expect((await sessionUserOf(callback))?.id).toBe(userId)
    expect(await googleAccountsOf(userId)).toHaveLength(1)
    const [user] = await usersWithEmail('pat.password@example.com')
    expect(user).toMatchObject({ role: 'sitter', emailVerified: 1 })
  })

  test('a Google account whose email is not verified never takes over the account with that email', async () => {
    const userId = await createPasswordUser('victim@example.com')

    const { callback } = await signInWithGoogle(fakeUserFor('victim@example.com', { email_verified: false }))

    expect(callback.headers.get('location')).toBe('/login')
    expect(await toastOf(callback)).toMatchObject({ type: 'error', title: 'Authentication failed' })
    expect((await toastOf(callback))?.description).toMatch(/not verified/)
    expect(await sessionUserOf(callback)).toBeNull()
    expect(await googleAccountsOf(userId)).toEqual([])
  })

  test('a suspended user is refused with the locked-account message', async () => {
    const userId = await createPasswordUser('locked.out@example.com', 'suspended')

    const { callback } = await signInWithGoogle(fakeUserFor('locked.out@example.com'))

    expect(callback.headers.get('location')).toBe('/login')
    expect(await toastOf(callback)).toMatchObject({
      type: 'error',
      title: 'Authentication failed',
      description: 'Your account has been locked. Please contact support.',
    })
    expect(await sessionUserOf(callback)).toBeNull()
    expect(await googleAccountsOf(userId)).toEqual([])
  })

  test('a suspended user who had linked Google before is refused too', async () => {
    const user = fakeUserFor('linked.then.locked@example.com')
    await signInWithGoogle(user)
    await db.updateTable('users').set({ accountStatus: 'suspended' }).where('email', '=', user.email).execute()

    const { callback } = await signInWithGoogle(user)

    expect(callback.headers.get('location')).toBe('/login')
    expect((await toastOf(callback))?.description).toBe('Your account has been locked. Please contact support.')
    expect(await sessionUserOf(callback)).toBeNull()
  })

  test('cancelling on Google’s consent screen goes back to /login with "Authentication failed"', async () => {
    const { callback } = await signInWithGoogle(fakeUserFor('changed.mind@example.com'), { deny: true })

    expect(callback.headers.get('location')).toBe('/login')
    expect(await toastOf(callback)).toMatchObject({ type: 'error', title: 'Authentication failed', description: 'Google sign-in was cancelled.' })
    expect(await usersWithEmail('changed.mind@example.com')).toEqual([])
  })

  test('a callback without the state cookie of this browser is refused', async () => {
    const start = await answer(startRoute.loader, new Request(`${publicUrl}/api/auth/google`))
    google.setNextUser(fakeUserFor('forged.state@example.com'))
    const consent = await fetch(start.headers.get('location') ?? '', { redirect: 'manual' })

    const callback = await answer(callbackRoute.loader, new Request(consent.headers.get('location') ?? ''))

    expect(callback.headers.get('location')).toBe('/login')
    expect(await toastOf(callback)).toMatchObject({ type: 'error', title: 'Authentication failed' })
    expect(await usersWithEmail('forged.state@example.com')).toEqual([])
  })

  test('the callback clears the short-lived flow cookies', async () => {
    const { jar } = await signInWithGoogle(fakeUserFor('tidy.cookies@example.com'))

    expect([...jar.cookies.keys()].filter((name) => name.startsWith('__google'))).toEqual([])
    expect(jar.cookies.has('__session')).toBe(true)
  })
})

describe('API clients (?client=api) and /login/success', () => {
  test('the callback hands the token, isNewUser and the user to /login/success', async () => {
    const { callback } = await signInWithGoogle(fakeUserFor('app.user@example.com', { name: 'Ada App' }), { client: 'api' })

    const location = new URL(callback.headers.get('location') ?? '', publicUrl)
    expect(location.pathname).toBe('/login/success')
    expect(location.searchParams.get('isNewUser')).toBe('true')
    const token = location.searchParams.get('token') ?? ''
    const presented = await readTokenSessionId(token)
    expect(presented?.kind).toBe('token')
    const [row] = await usersWithEmail('app.user@example.com')
    expect((await findSessionUser(presented?.id ?? ''))?.id).toBe(row?.id)
    const user: unknown = JSON.parse(Buffer.from(location.searchParams.get('user') ?? '', 'base64').toString('utf8'))
    expect(user).toEqual({ id: row?.id, name: 'Ada App', email: 'app.user@example.com', role: 'owner', profilePhoto: null })
    expect(callback.headers.getSetCookie().some((line) => line.startsWith('__session='))).toBe(false)
    const code = location.searchParams.get('code') ?? ''
    expect(code).toMatch(/^[\w-]{43}$/)
    expect(await db.selectFrom('signInCodes').select('codeHash').where('codeHash', '=', code).execute()).toEqual([])
  })

  test('the browser that started the sign-in gets a cookie session from the code, and /onboarding', async () => {
    const { callback, jar } = await signInWithGoogle(fakeUserFor('two.step@example.com'), { client: 'api' })

    const success = await visitLoginSuccess(successUrlOf(callback), jar)

    expect(success.headers.get('location')).toBe('/onboarding')
    expect(await toastOf(success)).toMatchObject({ title: 'Registration successful' })
    const [row] = await usersWithEmail('two.step@example.com')
    expect((await sessionUserOf(success))?.id).toBe(row?.id)
    expect(jar.cookies.has('__google_signin')).toBe(false)
  })

  test('a returning user’s code leads to /map, whatever isNewUser the link says', async () => {
    const user = fakeUserFor('back.again@example.com')
    await signInWithGoogle(user, { client: 'api' })
    const { callback, jar } = await signInWithGoogle(user, { client: 'api' })
    const successUrl = successUrlOf(callback)
    successUrl.searchParams.set('isNewUser', 'true')

    const success = await visitLoginSuccess(successUrl, jar)

    expect(success.headers.get('location')).toBe('/map')
    const [row] = await usersWithEmail('back.again@example.com')
    expect((await sessionUserOf(success))?.id).toBe(row?.id)
  })

  test('/login/success with missing or garbage parameters goes silently to /login', async () => {
    const { callback } = await signInWithGoogle(fakeUserFor('garbage.check@example.com'), { client: 'api' })
    const good = new URL(callback.headers.get('location') ?? '', publicUrl).searchParams
    const otherUser = Buffer.from(JSON.stringify({ id: 'someone-else', name: 'X' })).toString('base64')
    const cases = [
      '',
      `?token=${good.get('token')}`,
      `?user=${encodeURIComponent(good.get('user') ?? '')}`,
      `?token=not-a-jwt&user=${encodeURIComponent(good.get('user') ?? '')}&isNewUser=false`,
      `?token=${good.get('token')}&user=%%%not-base64&isNewUser=true`,
      `?token=${good.get('token')}&user=${encodeURIComponent(otherUser)}`,
    ]
    for (const query of cases) {
      const response = await answer(loginSuccessRoute.loader, new Request(`${publicUrl}/login/success${query}`))
      expect(response.status, query).toBe(302)
      expect(response.headers.get('location'), query).toBe('/login')
      expect(response.headers.getSetCookie(), query).toEqual([])
    }
  })

  test('a valid access token without a code creates no session, be it from Google or from a password login', async () => {
    const { callback } = await signInWithGoogle(fakeUserFor('token.only@example.com'), { client: 'api' })
    const fromGoogle = successUrlOf(callback)
    fromGoogle.searchParams.delete('code')
    const userId = await createPasswordUser('password.token@example.com')
    const { user, accessToken } = await startApiSession(new Request(publicUrl), userId, false)
    const fromPassword = new URL(`${publicUrl}/login/success`)
    fromPassword.search = new URLSearchParams({ token: accessToken, isNewUser: 'false', user: Buffer.from(JSON.stringify(user)).toString('base64') }).toString()

    for (const url of [fromGoogle, fromPassword]) {
      const response = await visitLoginSuccess(url)
      expect(response.headers.get('location'), url.search).toBe('/login')
      expect(response.headers.getSetCookie(), url.search).toEqual([])
    }
    const [googleUser] = await usersWithEmail('token.only@example.com')
    expect(await cookieSessionsOf(googleUser?.id ?? '')).toEqual([])
    expect(await cookieSessionsOf(userId)).toEqual([])
  })

  test('a code opened in another browser is refused, and still works in the browser it belongs to', async () => {
    const { callback, jar } = await signInWithGoogle(fakeUserFor('attacker@example.com'), { client: 'api' })
    const successUrl = successUrlOf(callback)
    // The victim's browser has no cookie, or the cookie of a Google sign-in of its own.
    const victim = new CookieJar()
    victim.store(await answer(startRoute.loader, new Request(`${publicUrl}/api/auth/google?client=api`)))
    expect(victim.cookies.has('__google_signin')).toBe(true)

    for (const otherBrowser of [new CookieJar(), victim]) {
      const refused = await visitLoginSuccess(successUrl, otherBrowser)
      expect(refused.headers.get('location')).toBe('/login')
      expect(refused.headers.getSetCookie()).toEqual([])
    }
    const [row] = await usersWithEmail('attacker@example.com')
    expect(await cookieSessionsOf(row?.id ?? '')).toEqual([])

    const own = await visitLoginSuccess(successUrl, jar)
    expect((await sessionUserOf(own))?.id).toBe(row?.id)
  })

  test('a code used once is refused the second time', async () => {
    const { callback, jar } = await signInWithGoogle(fakeUserFor('twice.used@example.com'), { client: 'api' })
    const successUrl = successUrlOf(callback)
    const bindingCookie = jar.header()

    const first = await visitLoginSuccess(successUrl, jar)
    const second = await answer(loginSuccessRoute.loader, new Request(successUrl, { headers: { cookie: bindingCookie } }))

    expect(first.headers.get('location')).toBe('/onboarding')
    expect(second.headers.get('location')).toBe('/login')
    expect(second.headers.getSetCookie()).toEqual([])
    const [row] = await usersWithEmail('twice.used@example.com')
    expect(await cookieSessionsOf(row?.id ?? '')).toHaveLength(1)
  })

  test('a code older than 60 seconds is refused', async () => {
    const { callback, jar } = await signInWithGoogle(fakeUserFor('slow.clicker@example.com'), { client: 'api' })
    vi.useFakeTimers({ toFake: ['Date'] })
    try {
      vi.setSystemTime(Date.now() + 61_000)
      const late = await visitLoginSuccess(successUrlOf(callback), jar)

      expect(late.headers.get('location')).toBe('/login')
      expect(late.headers.getSetCookie()).toEqual([])
    } finally {
      vi.useRealTimers()
    }
    const [row] = await usersWithEmail('slow.clicker@example.com')
    expect(await cookieSessionsOf(row?.id ?? '')).toEqual([])
  })

  test('six requests racing with one code start one session', async () => {
    const { callback, jar } = await signInWithGoogle(fakeUserFor('racing.tabs@example.com'), { client: 'api' })
    const successUrl = successUrlOf(callback)
    const cookie = jar.header()

    const answers = await Promise.all(
      Array.from({ length: 6 }, () => answer(loginSuccessRoute.loader, new Request(successUrl, { headers: { cookie } }))),
    )

    expect(answers.map((response) => response.headers.get('location')).sort()).toEqual(['/login', '/login', '/login', '/login', '/login', '/onboarding'])
    const [row] = await usersWithEmail('racing.tabs@example.com')
    const sessions = await cookieSessionsOf(row?.id ?? '')
    expect(sessions).toHaveLength(1)
    const winner = answers.find((response) => response.headers.get('location') === '/onboarding')
    expect((await sessionUserOf(winner!))?.sessionId).toBe(sessions[0]?.id)
    const codes = await db.selectFrom('signInCodes').select('usedAt').where('userId', '=', row?.id ?? '').execute()
    expect(codes).toHaveLength(1)
    expect(codes[0]?.usedAt).not.toBeNull()
  })
})

describe('POST /api/auth/google {authorizationCode}', () => {
  const post = (body: unknown) =>
    answer(
      startRoute.action,
      new Request(`${publicUrl}/api/auth/google`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) }),
    )
  const callbackUri = `${publicUrl}/api/auth/google/callback`

  test('exchanges a code for {user, accessToken, isNewUser}', async () => {
    const user = fakeUserFor('code.exchanger@example.com', { name: 'Cody Code' })

    const response = await post({ authorizationCode: google.issueAuthorizationCode(user, callbackUri) })

    expect(response.status).toBe(200)
    const body = (await response.json()) as { user: { id: string; email: string; role: string }; accessToken: string; isNewUser: boolean }
    expect(body.isNewUser).toBe(true)
    expect(body.user).toMatchObject({ email: 'code.exchanger@example.com', name: 'Cody Code', role: 'owner' })
    const presented = await readTokenSessionId(body.accessToken)
    expect((await findSessionUser(presented?.id ?? ''))?.id).toBe(body.user.id)

    const second = await post({ authorizationCode: google.issueAuthorizationCode(user, callbackUri) })
    expect(((await second.json()) as { isNewUser: boolean }).isNewUser).toBe(false)
  })

  test('without a code answers 400', async () => {
    const response = await post({})

    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'Authorization code is required' })
  })

  test('a code Google does not accept answers 401', async () => {
    const response = await post({ authorizationCode: '4/not-a-real-code' })

    expect(response.status).toBe(401)
  })

  test('a suspended user answers 403 with the locked-account message', async () => {
    await createPasswordUser('api.locked@example.com', 'suspended')

    const response = await post({ authorizationCode: google.issueAuthorizationCode(fakeUserFor('api.locked@example.com'), callbackUri) })

    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ message: 'Your account has been locked. Please contact support.' })
  })
})

describe('Google access tokens for the calendar', () => {
  test('are handed out decrypted, and refreshed (and saved) once expired', async () => {
    const user = fakeUserFor('calendar.user@example.com')
    await signInWithGoogle(user)
    const [row] = await usersWithEmail('calendar.user@example.com')
    const userId = row?.id ?? ''
    const [before] = await googleAccountsOf(userId)

    expect(await getGoogleAccessToken(userId)).toBe(decryptSecret(before?.accessTokenEncrypted ?? ''))

    await db.updateTable('oauthAccounts').set({ tokenExpiresAt: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', userId).execute()
    google.expireAccessTokens()
    const refreshed = await getGoogleAccessToken(userId)

    expect(refreshed).not.toBe(decryptSecret(before?.accessTokenEncrypted ?? ''))
    expect(google.tokenRequests.at(-1)?.get('grant_type')).toBe('refresh_token')
    const works = await fetch(google.userinfoUrl, { headers: { authorization: `Bearer ${refreshed}` } })
    expect(works.status).toBe(200)
    const [after] = await googleAccountsOf(userId)
    expect(decryptSecret(after?.accessTokenEncrypted ?? '')).toBe(refreshed)
    expect(decryptSecret(after?.refreshTokenEncrypted ?? '')).toBe(decryptSecret(before?.refreshTokenEncrypted ?? ''))
    expect(Date.parse(after?.tokenExpiresAt ?? '')).toBeGreaterThan(Date.now())
  })

  test('are null for a user who never linked Google', async () => {
    expect(await getGoogleAccessToken(await createPasswordUser('no.google@example.com'))).toBeNull()
  })
})
