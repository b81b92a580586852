import { afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import {
  deleteStaleRateLimitHits,
  rateLimit,
  rateLimitRetentionMs,
  retryAfterFromAction,
  retryAfterHeaders,
  takeSlots,
} from '#app/lib/rate-limit.server.ts'

// The sliding windows themselves (docs/decisions/012-rate-limits.md), on the database, with the clock held
// still: which hit a full window waits for, what a refund and a reset give back, and that several limits are
// taken all or none. tests/integration/rate-limits.test.ts shows them at work on the app's routes.

beforeAll(() => migrateToLatest())
afterEach(() => {
  vi.useRealTimers()
})

const secondMs = 1000
const minuteMs = 60 * secondMs
const t0 = Date.parse('2026-06-01T12:00:00.000Z')
/** Sets the clock `seconds` after t0. */
const at = (seconds: number) => vi.setSystemTime(t0 + seconds * secondMs)
const newKey = () => `window-test:${crypto.randomUUID()}`
const hitsOf = async (key: string) => (await db.selectFrom('rateLimitHits').select('at').where('key', '=', key).execute()).length

describe('one limit', () => {
  test('takes up to its limit in the window; the next waits until the oldest hit is a window old', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: t0 })
    const limit = rateLimit({ limit: 3, windowMs: minuteMs })
    const key = newKey()
    for (const seconds of [0, 10, 20]) {
      at(seconds)
      expect(await limit.take(key)).toMatchObject({ ok: true })
    }

    at(30)
    expect(await limit.take(key)).toEqual({ ok: false, retryAfterSeconds: 30 })
    expect(await hitsOf(key)).toBe(3)
    at(59.5)
    expect(await limit.take(key)).toEqual({ ok: false, retryAfterSeconds: 1 })
    // At 60 s the first hit is a whole window old: it no longer counts.
    at(60)
    expect(await limit.take(key)).toMatchObject({ ok: true })
    expect(await limit.count(key)).toBe(3)
  })

  test('a refund gives back the one hit it took; a reset forgets the key and no other', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: t0 })
    const limit = rateLimit({ limit: 2, windowMs: minuteMs })
    const key = newKey()
    const other = newKey()
    const first = await limit.take(key)
    at(1)
    await limit.take(key)
    await limit.take(other)
    expect(await limit.take(key)).toMatchObject({ ok: false })

    if (!first.ok) throw new Error('the first take was refused')
    await first.refund()
    expect(await limit.count(key)).toBe(1)
    expect(await limit.take(key)).toMatchObject({ ok: true })

    await limit.reset(key)
    expect(await limit.count(key)).toBe(0)
    expect(await limit.count(other)).toBe(1)
  })

  test('counts only the hits inside its window', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: t0 })
    const key = newKey()
    await rateLimit({ limit: 10, windowMs: 10 * minuteMs }).take(key)
    at(90)
    await rateLimit({ limit: 10, windowMs: 10 * minuteMs }).take(key)
    expect(await rateLimit({ limit: 10, windowMs: minuteMs }).count(key)).toBe(1)
    expect(await rateLimit({ limit: 10, windowMs: 10 * minuteMs }).count(key)).toBe(2)
  })

  test('ten takes at once of a limit of four: four pass', async () => {
    const limit = rateLimit({ limit: 4, windowMs: minuteMs })
    const key = newKey()
    const answers = await Promise.all(Array.from({ length: 10 }, () => limit.take(key)))
    expect(answers.filter((answer) => answer.ok)).toHaveLength(4)
    expect(await hitsOf(key)).toBe(4)
  })

  test('a window longer than the hits are kept is refused when the limit is made', () => {
    expect(() => rateLimit({ limit: 1, windowMs: rateLimitRetentionMs + 1 })).toThrow(/outlives/)
    expect(() => rateLimit({ limit: 1, windowMs: rateLimitRetentionMs })).not.toThrow()
  })
})

describe('several limits at once', () => {
  test('all or none: one full window refuses the take, and the other keys count nothing', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: t0 })
    const perAddress = rateLimit({ limit: 1, windowMs: minuteMs })
    const perAccount = rateLimit({ limit: 5, windowMs: minuteMs })
    const address = newKey()
    const account = newKey()
    await perAddress.take(address)

    at(15)
    expect(await takeSlots([perAccount.claim(account), perAddress.claim(address)])).toEqual({ ok: false, retryAfterSeconds: 45 })
    expect(await hitsOf(account)).toBe(0)
    expect(await hitsOf(address)).toBe(1)
  })

  test('the wait is for the window that frees last; a refund gives back one hit of each', async () => {
    vi.useFakeTimers({ toFake: ['Date'], now: t0 })
    const short = rateLimit({ limit: 1, windowMs: minuteMs })
    const long = rateLimit({ limit: 1, windowMs: 10 * minuteMs })
    const a = newKey()
    const b = newKey()
    const both = await takeSlots([short.claim(a), long.claim(b)])
    expect(both).toMatchObject({ ok: true })

    at(30)
    expect(await takeSlots([short.claim(a), long.claim(b)])).toEqual({ ok: false, retryAfterSeconds: 10 * 60 - 30 })
    if (!both.ok) throw new Error('the first take was refused')
    await both.refund()
    expect([await hitsOf(a), await hitsOf(b)]).toEqual([0, 0])
  })
})

describe('keeping the table small and telling the client', () => {
  test('hits older than the retention go; younger ones stay', async () => {
    const key = newKey()
    const now = Date.now()
    await db
      .insertInto('rateLimitHits')
      .values([rateLimitRetentionMs + minuteMs, rateLimitRetentionMs - minuteMs].map((age) => ({ key, at: new Date(now - age).toISOString() })))
      .execute()
    expect(await deleteStaleRateLimitHits()).toBeGreaterThanOrEqual(1)
    expect(await hitsOf(key)).toBe(1)
  })

  test("Retry-After is the whole seconds; a page carries its action's Retry-After, and nothing without one", () => {
    expect(retryAfterHeaders(30)).toEqual({ 'Retry-After': '30' })
    const args = (headers: HeadersInit) => ({ actionHeaders: new Headers(headers) }) as Parameters<typeof retryAfterFromAction>[0]
    expect(retryAfterFromAction(args({ 'Retry-After': '12' }))).toEqual({ 'Retry-After': '12' })
    expect(retryAfterFromAction(args({}))).toEqual({})
  })
})
