import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { start as startFakeGeocoder } from '#tests/fakes/geocoder.ts'
import { appRequest, bearer, registerAccount } from './app.ts'

// Rate limits through the production request handler (docs/decisions/012-rate-limits.md): each
// attempt is counted before the work it guards, so concurrency cannot beat a limit; every 429
// carries Retry-After; a limited request changes nothing; the geocoder's queue is shared fairly.

// The fake Nominatim must listen before the app's modules load and read GEOCODER_URL.
const geocoder = await startFakeGeocoder()
process.env.GEOCODER_URL = geocoder.url

const { migrateToLatest, openDatabase } = await import('#app/lib/db.server.ts')
const db = openDatabase(process.env.DATABASE_URL!)

afterAll(async () => {
  await geocoder.close()
  await db.destroy()
})

let counter = 0
const uniqueEmail = () => `limits${++counter}-${Date.now()}@example.com`

/** A request from one client address (server.ts puts it in x-pawpal-client-ip). */
const postJsonFrom = (ip: string, pathname: string, body: unknown) =>
  appRequest(pathname, { method: 'POST', ip, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
const postFormFrom = (ip: string, pathname: string, fields: Record<string, string>) =>
  appRequest(pathname, { method: 'POST', ip, body: new URLSearchParams(fields) })

/** A 429 whose Retry-After is a whole number of seconds within the limit's window. */
function expectRateLimited(response: Response, windowSeconds: number) {
  expect(response.status).toBe(429)
  const retryAfter = response.headers.get('retry-after')
  expect(retryAfter).toMatch(/^\d+$/)
  expect(Number(retryAfter)).toBeGreaterThan(0)
  expect(Number(retryAfter)).toBeLessThanOrEqual(windowSeconds)
}

const dayMs = 24 * 60 * 60 * 1000
const ago = (ms: number) => new Date(Date.now() - ms).toISOString()
const hitsUnder = (prefix: string) =>
  db.selectFrom('rateLimitHits').select('key').where('key', 'like', `${prefix}%`).orderBy('key').execute()

// First in the file: it starts the app (the first request loads it and runs startApp).
describe('old rate-limit hits are deleted', () => {
  beforeAll(async () => {
    await migrateToLatest(db)
    await db
      .insertInto('rateLimitHits')
      .values([
        { key: 'test:startup:old', at: ago(2 * dayMs) },
        { key: 'test:startup:recent', at: ago(60 * 1000) },
      ])
      .execute()
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] })
    await appRequest('/healthz-warmup')
  })

  afterAll(() => {
    vi.useRealTimers()
  })

  test('at start-up, hits older than a day go and recent ones stay', async () => {
    expect(await hitsUnder('test:startup:')).toEqual([{ key: 'test:startup:recent' }])
  })

  test('while the server runs, every 10 minutes', async () => {
    await db.insertInto('rateLimitHits').values({ key: 'test:running:old', at: ago(2 * dayMs) }).execute()

    vi.advanceTimersByTime(10 * 60 * 1000)

    await vi.waitFor(async () => expect(await hitsUnder('test:running:')).toEqual([]))
    expect(await hitsUnder('test:startup:')).toEqual([{ key: 'test:startup:recent' }])
  })
})

// Each login or registration here costs one scrypt hash (about 50 ms of a core, lib password.server.ts): the
// tests that make 30 to 51 of them get the time that work takes on a busy machine.
const passwordHashesEach = { timeout: 90_000 }

describe('a burst on one key', () => {
  test('waits in line in the process, not on pooled connections: other queries still get one, and the limit holds', async () => {
    await migrateToLatest()
    const { db: appDb, engine } = await import('#app/lib/db.server.ts')
    const { rateLimit } = await import('#app/lib/rate-limit.server.ts')
    const limit = rateLimit({ limit: 12, windowMs: 60_000 })
    const key = `burst:${crypto.randomUUID()}`
    // On PostgreSQL another session holds the key's lock (as a long take on another instance would), so
    // every take of the burst has to wait for it; SQLite has one writer and no such lock.
    const hold = async <T>(work: () => Promise<T>) => {
      if (engine !== 'postgres') return work()
      const { sql } = await import('kysely')
      return db.transaction().execute(async (other) => {
        await sql`select pg_advisory_xact_lock(hashtextextended(${`rate-limit:${key}`}, 0))`.execute(other)
        return work()
      })
    }
    const takes = await hold(async () => {
      const burst = Array.from({ length: 30 }, () => limit.take(key))
      // More takes than the pool has connections wait; an unrelated query must still get one.
      const { count } = await appDb.selectFrom('users').select((eb) => eb.fn.countAll<number>().as('count')).executeTakeFirstOrThrow()
      expect(Number(count)).toBeGreaterThanOrEqual(0)
      return burst
    })
    const slots = await Promise.all(takes)
    expect(slots.filter((slot) => slot.ok)).toHaveLength(12)
  })
})

describe('signing in', () => {
  test('20 wrong passwords at once for one account from one address: 5 are checked, 15 get 429 with Retry-After', async () => {
    const { email } = await registerAccount()

    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, attempt) => postJsonFrom('198.51.100.1', '/api/auth/login', { email, password: `guess-${attempt}` })),
    )

    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(5)
    const limited = answers.filter((answer) => answer.status === 429)
    expect(limited).toHaveLength(15)
    for (const answer of limited) {
      expectRateLimited(answer, 15 * 60)
      expect(await answer.json()).toMatchObject({ message: 'Too many login attempts. Please try again later.' })
    }
  })

  test('40 wrong logins at once from one address: 30 are checked, the rest get 429', passwordHashesEach, async () => {
    const ip = '198.51.100.200'

    const answers = await Promise.all(
      Array.from({ length: 40 }, () => postJsonFrom(ip, '/api/auth/login', { email: uniqueEmail(), password: 'whatever' })),
    )

    expect(answers.filter((answer) => answer.status === 401)).toHaveLength(30)
    const limited = answers.filter((answer) => answer.status === 429)
    expect(limited).toHaveLength(10)
    for (const answer of limited) expectRateLimited(answer, 15 * 60)
  })

  test('the login form answers the address that failed five times with 429, Retry-After and the spec message', async () => {
    const ip = '198.51.100.150'
    const { email, password } = await registerAccount()
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await postJsonFrom(ip, '/api/auth/login', { email, password: `nope-${attempt}` })).status).toBe(401)
    }

    const page = await postFormFrom(ip, '/login', { email, password, redirectTo: '' })

    expectRateLimited(page, 15 * 60)
    expect(await page.text()).toContain('Too many login attempts. Please try again later.')
  })

  test("a stranger's wrong passwords do not lock the owner out: past five, her sign-in waits, longer after each further failure", async () => {
    const stranger = '198.51.100.170'
    const { email, password } = await registerAccount()
    const failFrom = async (ip: string, attempt: number) =>
      expect((await postJsonFrom(ip, '/api/auth/login', { email, password: `nope-${attempt}` })).status).toBe(401)
    for (let attempt = 1; attempt <= 5; attempt++) await failFrom(stranger, attempt)
    const signInTimed = async () => {
      const started = performance.now()
      const page = await postFormFrom('198.51.100.171', '/login', { email, password, redirectTo: '' })
      return { page, seconds: (performance.now() - started) / 1000 }
    }

    const first = await signInTimed()
    await failFrom('198.51.100.172', 6)
    const second = await signInTimed()

    expect(first.page.status).toBe(302)
    expect(first.page.headers.get('location')).toBe('/map')
    expect(first.seconds).toBeGreaterThanOrEqual(1)
    expect(second.page.status).toBe(302)
    expect(second.seconds).toBeGreaterThanOrEqual(2)
  })

  test('successful logins do not use up the address allowance for failures', passwordHashesEach, async () => {
    const ip = '198.51.100.160'
    const { email, password } = await registerAccount()

    for (let login = 1; login <= 31; login++) {
      expect((await postJsonFrom(ip, '/api/auth/login', { email, password })).status).toBe(200)
    }

    expect((await postJsonFrom(ip, '/api/auth/login', { email, password: 'wrong-now' })).status).toBe(401)
  })
})

describe('registration', () => {
  test('the 51st registration from one address within an hour gets 429 with Retry-After and creates no account', passwordHashesEach, async () => {
    const ip = '192.0.2.50'
    const registered = await Promise.all(
      Array.from({ length: 50 }, () => postJsonFrom(ip, '/api/auth/register', { name: 'Bulk', email: uniqueEmail(), password: 'secret-123' })),
    )
    expect(registered.map((answer) => answer.status)).toEqual(Array.from({ length: 50 }, () => 201))
    const email = uniqueEmail()

    const api = await postJsonFrom(ip, '/api/auth/register', { name: 'One Too Many', email, password: 'secret-123' })
    const page = await postFormFrom(ip, '/register', { name: 'One Too Many', email, password: 'secret-123', redirectTo: '' })

    expectRateLimited(api, 60 * 60)
    expect(await api.json()).toMatchObject({ message: 'Too many registration attempts. Please try again later.' })
    expectRateLimited(page, 60 * 60)
    expect(await page.text()).toContain('Too many registration attempts. Please try again later.')
    expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })
})

describe('password reset requests', () => {
  /** The reset e-mails printed to the log (no SMTP_URL) while `send` runs. */
  async function mailsDuring(send: () => Promise<void>) {
    const log = vi.spyOn(console, 'info').mockImplementation(() => {})
    try {
      await send()
      return log.mock.calls.map((call) => String(call[0])).filter((line) => line.includes('Reset your Pawpal password'))
    } finally {
      log.mockRestore()
    }
  }
  const resetTokensOf = (userId: string) => db.selectFrom('passwordResetTokens').select('tokenHash').where('userId', '=', userId).execute()

  test('a 4th request for one e-mail within an hour gets 429 with Retry-After and sends nothing', async () => {
    const { email, user } = await registerAccount()
    let blocked: Response | undefined

    const mails = await mailsDuring(async () => {
      for (let request = 1; request <= 3; request++) {
        expect((await postFormFrom(`192.0.2.${60 + request}`, '/forgot-password', { email })).status).toBe(302)
      }
      blocked = await postFormFrom('192.0.2.69', '/forgot-password', { email })
    })

    expectRateLimited(blocked!, 60 * 60)
    expect(await blocked!.text()).toContain('Too many password reset requests. Please try again later.')
    expect(mails.filter((mail) => mail.includes(email))).toHaveLength(3)
    expect(await resetTokensOf(user.id)).toHaveLength(3)
  })

  test('an 11th request from one address within an hour gets 429 and sends nothing', async () => {
    const ip = '192.0.2.70'
    const { email, user } = await registerAccount()
    let blocked: Response | undefined

    const mails = await mailsDuring(async () => {
      for (let request = 1; request <= 10; request++) {
        expect((await postFormFrom(ip, '/forgot-password', { email: uniqueEmail() })).status).toBe(302)
      }
      blocked = await postFormFrom(ip, '/forgot-password', { email })
    })

    expectRateLimited(blocked!, 60 * 60)
    expect(mails.filter((mail) => mail.includes(email))).toEqual([])
    expect(await resetTokensOf(user.id)).toEqual([])
  })
})

describe('how long Retry-After asks a client to wait', () => {
  const minuteMs = 60 * 1000
  /** Hits of `key` counted `minutesAgo` before `now`, as earlier requests left them. */
  const earlierHits = (key: string, now: number, minutesAgo: number[]) =>
    db
      .insertInto('rateLimitHits')
      .values(minutesAgo.map((minutes) => ({ key, at: new Date(now - minutes * minuteMs).toISOString() })))
      .execute()

  beforeAll(() => migrateToLatest(db))

  afterAll(() => {
    vi.useRealTimers()
  })

  test('until the oldest request of the full hour is an hour old: asked 50, 30 and 10 minutes ago, the 4th waits 10 minutes', async () => {
    const now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now })
    const email = uniqueEmail()
    await earlierHits(`password-reset:${email}`, now, [30, 50, 10])

    const blocked = await postFormFrom('192.0.2.91', '/forgot-password', { email })

    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toBe(String(10 * 60))
    vi.useRealTimers()
  })

  test('with both the e-mail and the address allowance used up, until both have room again', async () => {
    const now = Date.now()
    vi.useFakeTimers({ toFake: ['Date'], now })
    const email = uniqueEmail()
    const ip = '192.0.2.92'
    // The e-mail's oldest hit leaves the hour in 20 minutes; the address's in 5 (its hour holds ten).
    await earlierHits(`password-reset:${email}`, now, [40, 25, 15])
    await earlierHits(`password-reset:ip:${ip}`, now, [55, 50, 45, 44, 43, 42, 41, 40, 39, 38])

    const blocked = await postFormFrom(ip, '/forgot-password', { email })

    expect(blocked.status).toBe(429)
    expect(blocked.headers.get('retry-after')).toBe(String(20 * 60))
    vi.useRealTimers()
  })
})

describe('support messages', () => {
  test('the 11th message from one address within an hour gets 429 with Retry-After and is not stored', async () => {
    const ip = '192.0.2.80'
    const subject = `Rate limit check ${Date.now()}`
    for (let message = 1; message <= 10; message++) {
      const sent = await postFormFrom(ip, '/support', { email: 'helpme@example.com', subject, message: `Question number ${message}` })
      expect(sent.status).toBe(302)
    }

    const blocked = await postFormFrom(ip, '/support', { email: 'helpme@example.com', subject, message: 'One more question' })

    expectRateLimited(blocked, 60 * 60)
    expect(await blocked.text()).toContain('Too many support messages. Please try again later.')
    expect(await db.selectFrom('supportRequests').select('id').where('subject', '=', subject).execute()).toHaveLength(10)
  })
})

describe('address lookups', () => {
  const geocode = (token: string, query: string) => appRequest(`/api/geocode?q=${encodeURIComponent(query)}`, { headers: bearer(token) })

  test("one client flooding distinct lookups gets 429s while another client's lookup still answers", async () => {
    const flooder = await registerAccount()
    const neighbour = await registerAccount()
    geocoder.setDelay(1500) // a slow upstream: the queue fills up
    try {
      const flood = Promise.all(Array.from({ length: 30 }, (_, index) => geocode(flooder.accessToken, `Flood Lane ${index}, Nowhere`)))
      await vi.waitFor(() => expect(geocoder.requests.some((request) => request.query.q?.startsWith('Flood Lane'))).toBe(true))

      const answer = await geocode(neighbour.accessToken, 'Bahnhofstrasse 1, Zürich')

      expect(answer.status).toBe(200)
      expect(await answer.json()).toMatchObject({ district: 'Altstadt, Zürich' })
      const flooded = await flood
      const limited = flooded.filter((response) => response.status === 429)
      expect(limited.length).toBeGreaterThanOrEqual(20)
      for (const response of limited) expectRateLimited(response, 60)
      expect(await limited[0]!.json()).toMatchObject({ message: 'Too many address lookups. Please try again later.' })
      // The lookups that were let through reached upstream and were answered, none failed with 502.
      expect(flooded.filter((response) => response.status !== 429).map((response) => response.status)).toEqual(
        Array.from({ length: 30 - limited.length }, () => 404),
      )
    } finally {
      geocoder.setDelay(0)
    }
  })

  test("a client's 11th upstream lookup within a minute gets 429; answers from the cache do not count", async () => {
    const { accessToken } = await registerAccount()
    for (let index = 0; index < 10; index++) {
      expect((await geocode(accessToken, `Quota Road ${index}, Nowhere`)).status).toBe(404)
    }

    const search = await geocode(accessToken, 'Quota Road 10, Nowhere')
    const reverse = await appRequest('/api/geocode/reverse?lat=10&lon=10', { headers: bearer(accessToken) })
    const cached = await geocode(accessToken, 'Quota Road 0, Nowhere')

    expectRateLimited(search, 60)
    expect(await search.json()).toMatchObject({ message: 'Too many address lookups. Please try again later.' })
    expectRateLimited(reverse, 60)
    expect(cached.status).toBe(404)
    expect(geocoder.requests.filter((request) => request.query.q?.startsWith('Quota Road'))).toHaveLength(10)
  }, 30_000)
})
