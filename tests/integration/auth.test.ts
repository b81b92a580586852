import { beforeAll, describe, expect, test, vi } from 'vitest'
import { verifyPassword } from '#app/features/accounts/password.server.ts'
import { openDatabase } from '#app/lib/db.server.ts'
import { appRequest, bearer, cookiesFrom, postForm, postJson, registerAccount } from './app.ts'
import { insertUser } from './fixtures.ts'

// Accounts through the production request handler: validation, sessions, rate limits, suspension, reset.
const db = openDatabase(process.env.DATABASE_URL!)

beforeAll(async () => {
  await appRequest('/healthz-warmup') // loads the app and runs its migrations
})

describe('registration', () => {
  test('an empty form gets every required-field message', async () => {
    const response = await postJson('/api/auth/register', {})
    expect(response.status).toBe(400)
    const body = (await response.json()) as { errors: Record<string, string[]> }
    expect(body.errors).toMatchObject({
      name: ['Name is required'],
      email: ['Email is required'],
      password: ['Password is required'],
    })
  })

  test('a malformed email and a short password get the spec messages', async () => {
    const response = await postJson('/api/auth/register', { name: 'A', email: 'not-an-email', password: '12345' })
    const body = (await response.json()) as { errors: Record<string, string[]> }
    expect(body.errors.email).toEqual(['Please enter a valid email'])
    expect(body.errors.password).toEqual(['Password must be at least 6 characters'])
  })

  test('creates an owner with a hashed password and answers a working token', async () => {
    const account = await registerAccount()
    const row = await db
      .selectFrom('users')
      .innerJoin('passwords', 'passwords.userId', 'users.id')
      .select(['users.role', 'passwords.hash'])
      .where('users.id', '=', account.user.id)
      .executeTakeFirstOrThrow()
    expect(row.role).toBe('owner')
    expect(row.hash).toMatch(/^scrypt\$/)
    expect(row.hash).not.toContain(account.password)
    const me = await appRequest('/api/users/me', { headers: bearer(account.accessToken) })
    expect(me.status).toBe(200)
  })

  test.each(['123456', 'password', 'Qwerty123'])('the common password %s is refused on the field and no account is made', async (password) => {
    const email = `common-${crypto.randomUUID().slice(0, 8)}@example.com`

    const response = await postJson('/api/auth/register', { name: 'Pat Example', email, password })

    expect(response.status).toBe(400)
    expect(await response.json()).toEqual({
      message: 'This password is too common. Please choose another.',
      errors: { password: ['This password is too common. Please choose another.'] },
    })
    expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  test('the register page shows the common-password message on the password field and keeps the rest', async () => {
    const email = `common-${crypto.randomUUID().slice(0, 8)}@example.com`

    const response = await postForm('/register', { name: 'Pat Example', email, password: 'password', redirectTo: '' })

    expect(response.status).toBe(400)
    const html = await response.text()
    expect(html).toMatch(/id="[^"]*password-error"[^>]*><li>This password is too common\. Please choose another\.<\/li>/)
    expect(html).toContain(`value="${email}"`)
    expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  test('an e-mail already taken, in any letter case, is a 409', async () => {
    const { email } = await registerAccount()
    const response = await postJson('/api/auth/register', { name: 'Twin', email: email.toUpperCase(), password: 'abcdefg' })
    expect(response.status).toBe(409)
  })
})

describe('login', () => {
  test('a wrong password is a 401 and the right one answers {user, accessToken, isNewUser}', async () => {
    const { email, password } = await registerAccount()
    const wrong = await postJson('/api/auth/login', { email, password: 'wrong-password' })
    expect(wrong.status).toBe(401)
    expect(await wrong.json()).toMatchObject({ message: 'Invalid email or password' })
    const right = await postJson('/api/auth/login', { email, password })
    expect(right.status).toBe(200)
    expect(await right.json()).toMatchObject({ user: { email }, isNewUser: false, accessToken: expect.any(String) })
  })

  test('the 6th failed login on an account from one address within 15 minutes gets 429, even with the right password', async () => {
    const { email, password } = await registerAccount()
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await postJson('/api/auth/login', { email, password: `nope-${attempt}` })).status).toBe(401)
    }
    const blocked = await postJson('/api/auth/login', { email, password })
    expect(blocked.status).toBe(429)
    expect(await blocked.json()).toMatchObject({ message: 'Too many login attempts. Please try again later.' })
  })

  test('a password set before common ones were refused still signs in', async () => {
    const { hashPassword } = await import('#app/features/accounts/password.server.ts')
    const user = await insertUser()
    await db
      .insertInto('passwords')
      .values({ userId: user.id, hash: await hashPassword('123456'), updatedAt: new Date().toISOString() })
      .execute()

    const response = await postJson('/api/auth/login', { email: user.email, password: '123456' })

    expect(response.status).toBe(200)
  })

  // 31 logins, each one scrypt hash (about 50 ms of a core): the time that work takes on a busy machine.
  test('30 failures from one address block that address for every account', { timeout: 90_000 }, async () => {
    const ip = '198.51.100.99'
    const victim = await registerAccount()
    for (let attempt = 0; attempt < 30; attempt++) {
      const response = await appRequest('/api/auth/login', {
        method: 'POST',
        ip,
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email: `ghost${attempt}@example.com`, password: 'whatever' }),
      })
      expect(response.status).toBe(401)
    }
    const blocked = await appRequest('/api/auth/login', {
      method: 'POST',
      ip,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email: victim.email, password: victim.password }),
    })
    expect(blocked.status).toBe(429)
  })

  test('a suspended account cannot sign in and its open sessions stop working', async () => {
    const account = await registerAccount()
    await db.updateTable('users').set({ accountStatus: 'suspended' }).where('id', '=', account.user.id).execute()
    const login = await postJson('/api/auth/login', { email: account.email, password: account.password })
    expect(login.status).toBe(403)
    expect(await login.json()).toMatchObject({ message: 'Your account has been locked. Please contact support.' })
    expect((await appRequest('/api/users/me', { headers: bearer(account.accessToken) })).status).toBe(401)
  })
})

describe('sessions', () => {
  test('a revoked token gets 401', async () => {
    const { accessToken } = await registerAccount()
    const logout = await appRequest('/api/auth/logout', { method: 'POST', headers: bearer(accessToken) })
    expect(logout.status).toBe(200)
    expect((await appRequest('/api/users/me', { headers: bearer(accessToken) })).status).toBe(401)
  })

  test('a forged token gets 401', async () => {
    const forged = 'eyJhbGciOiJIUzI1NiJ9.eyJzaWQiOiJ4In0.c2lnbmF0dXJl'
    expect((await appRequest('/api/users/me', { headers: bearer(forged) })).status).toBe(401)
  })

  test('the login form starts a cookie session and goes back where the user was', async () => {
    const { email, password } = await registerAccount()
    const login = await postForm('/login', { email, password, redirectTo: '/profile' })
    expect(login.status).toBe(302)
    expect(login.headers.get('location')).toBe('/profile')
    const profile = await appRequest('/profile', { headers: { cookie: cookiesFrom(login) } })
    expect(profile.status).toBe(200)
  })

  test('a session cookie is checked on every request: once seen valid, an altered copy, a copy after logout and a copy in another order of cookies', async () => {
    const { email, password } = await registerAccount()
    const session = cookiesFrom(await postForm('/login', { email, password, redirectTo: '/profile' }))
    const profileWith = async (cookie: string) => (await appRequest('/profile', { headers: { cookie } })).status
    expect(await profileWith(session)).toBe(200)
    expect(await profileWith(`theme=dark; ${session}`)).toBe(200)

    const [name, value] = [session.slice(0, session.indexOf('=')), session.slice(session.indexOf('=') + 1)]
    // The signature's last base64 character carries two unused bits ('A' and 'B' decode alike), so its first is altered.
    const signatureStart = value.lastIndexOf('.') + 1
    const altered = value[signatureStart] === 'A' ? 'B' : 'A'
    expect(await profileWith(`${name}=${value.slice(0, signatureStart)}${altered}${value.slice(signatureStart + 1)}`)).toBe(302)
    expect(await profileWith(`${name}=${value.split('.')[0]}.`)).toBe(302)

    expect((await postForm('/logout', {}, { cookie: session })).status).toBeLessThan(400)
    expect(await profileWith(session)).toBe(302)
  })

  test('signing out (the page and the API) and a session found gone tell the browser to drop the pages it stored; a signed-in page does not', async () => {
    const dropsStoredPages = (response: Response) => response.headers.get('clear-site-data')
    const page = await registerAccount()
    const session = cookiesFrom(await postForm('/login', { email: page.email, password: page.password, redirectTo: '' }))
    expect(dropsStoredPages(await appRequest('/profile', { headers: { cookie: session } }))).toBeNull()

    expect(dropsStoredPages(await postForm('/logout', {}, { cookie: session }))).toBe('"cache"')
    // The same cookie again: its session is gone, and the answer says so too.
    const afterwards = await appRequest('/profile', { headers: { cookie: session } })
    expect(afterwards.status).toBe(302)
    expect(dropsStoredPages(afterwards)).toBe('"cache"')

    const api = await registerAccount()
    const apiLogout = await appRequest('/api/auth/logout', { method: 'POST', headers: bearer(api.accessToken) })
    expect(apiLogout.status).toBe(200)
    expect(dropsStoredPages(apiLogout)).toBe('"cache"')
  })

  test('a protected page sends a signed-out visitor to /login, remembering the way back', async () => {
    const response = await appRequest('/profile')
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fprofile')
  })

  test('an expired session is treated as signed out, with the Session Expired toast', async () => {
    const { email, password, user } = await registerAccount()
    const login = await postForm('/login', { email, password, redirectTo: '' })
    await db.updateTable('sessions').set({ expiresAt: new Date(Date.now() - 1000).toISOString() }).where('userId', '=', user.id).execute()
    const response = await appRequest('/profile', { headers: { cookie: cookiesFrom(login) } })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fprofile')
    const toastCookie = response.headers.getSetCookie().find((cookie) => cookie.startsWith('__toast='))
    expect(Buffer.from(decodeURIComponent(toastCookie!.split(/[=;.]/)[1]!), 'base64').toString()).toContain('Session Expired')
  })

  test('a cookie-authenticated API write from another site gets 403 and keeps the session', async () => {
    const { email, password } = await registerAccount()
    const cookie = cookiesFrom(await postForm('/login', { email, password, redirectTo: '' }))
    const logout = await appRequest('/api/auth/logout', { method: 'POST', headers: { cookie, origin: 'https://evil.example' } })
    expect(logout.status).toBe(403)
    expect((await appRequest('/profile', { headers: { cookie } })).status).toBe(200)
  })
})

describe('password reset', () => {
  /** Asks for a reset link for `email` and answers its token, read from the e-mail printed to the log. */
  async function resetTokenFor(email: string) {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    const request = await postForm('/forgot-password', { email })
    expect(request.status).toBe(302)
    const mail = log.mock.calls.map((call) => String(call[0])).find((line) => line.includes(email))
    log.mockRestore()
    return new URL(mail!.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!
  }

  test('a single-use e-mailed link sets a new password and ends the old sessions', async () => {
    const account = await registerAccount()
    const token = await resetTokenFor(account.email)

    const reset = await postForm('/reset-password', { token, password: 'brand-new-secret', confirmPassword: 'brand-new-secret' })
    expect(reset.status).toBe(302)
    expect(reset.headers.get('location')).toBe('/login')
    expect((await appRequest('/api/users/me', { headers: bearer(account.accessToken) })).status).toBe(401)
    expect((await postJson('/api/auth/login', { email: account.email, password: account.password })).status).toBe(401)
    expect((await postJson('/api/auth/login', { email: account.email, password: 'brand-new-secret' })).status).toBe(200)

    const again = await postForm('/reset-password', { token, password: 'third-secret', confirmPassword: 'third-secret' })
    expect(again.status).toBe(400)
  })

  test('a common new password is refused on the field; the old password and the link keep working', async () => {
    const account = await registerAccount()
    const token = await resetTokenFor(account.email)

    // The form posts to the page's own URL, which carries the token.
    const refused = await postForm(`/reset-password?${new URLSearchParams({ token })}`, { token, password: 'iloveyou', confirmPassword: 'iloveyou' })

    expect(refused.status).toBe(400)
    expect(await refused.text()).toMatch(/id="[^"]*password-error"[^>]*><li>This password is too common\. Please choose another\.<\/li>/)
    expect((await postJson('/api/auth/login', { email: account.email, password: 'iloveyou' })).status).toBe(401)
    expect((await postJson('/api/auth/login', { email: account.email, password: account.password })).status).toBe(200)
    const reset = await postForm('/reset-password', { token, password: 'brand-new-secret', confirmPassword: 'brand-new-secret' })
    expect(reset.status).toBe(302)
  })

  test('six requests racing with one reset link change the password once', async () => {
    const account = await registerAccount()
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    await postForm('/forgot-password', { email: account.email })
    const mail = log.mock.calls.map((call) => String(call[0])).find((line) => line.includes(account.email))
    log.mockRestore()
    const token = new URL(mail!.match(/https?:\/\/\S+/)![0]).searchParams.get('token')!
    const passwords = ['racer-one-secret', 'racer-two-secret', 'racer-three-secret', 'racer-four-secret', 'racer-five-secret', 'racer-six-secret']

    const answers = await Promise.all(passwords.map((password) => postForm('/reset-password', { token, password, confirmPassword: password })))

    const updated = passwords.filter((_, index) => answers[index]?.status === 302)
    expect(updated).toHaveLength(1)
    expect(answers.filter((answer) => answer.status === 400)).toHaveLength(5)
    const { hash } = await db.selectFrom('passwords').select('hash').where('userId', '=', account.user.id).executeTakeFirstOrThrow()
    expect(await verifyPassword(updated[0] ?? '', hash)).toBe(true)
    const links = await db.selectFrom('passwordResetTokens').select('usedAt').where('userId', '=', account.user.id).execute()
    expect(links).toHaveLength(1)
    expect(links[0]?.usedAt).not.toBeNull()
  })

  test("the reset e-mail greets the first name as booking e-mails do: 'Smith, John' reads 'Hi Smith,'", async () => {
    const email = `smith-${Date.now()}@example.com`
    expect((await postJson('/api/auth/register', { name: 'Smith, John', email, password: 'correct-horse' })).status).toBe(201)
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    await postForm('/forgot-password', { email })
    const mail = log.mock.calls.map((call) => String(call[0])).find((line) => line.includes(email))
    log.mockRestore()
    expect(mail?.split('\n')[1]).toBe('Hi Smith,')
  })

  test('an unknown e-mail gets the same answer and no e-mail', async () => {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    const response = await postForm('/forgot-password', { email: 'nobody-here@example.com' })
    expect(response.status).toBe(302)
    expect(log.mock.calls.some((call) => String(call[0]).includes('nobody-here@example.com'))).toBe(false)
    log.mockRestore()
  })
})
