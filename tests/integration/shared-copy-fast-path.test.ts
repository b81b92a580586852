import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { brotliDecompressSync, gunzipSync } from 'node:zlib'
import { createRequestListener } from '@remix-run/node-fetch-server'
import { afterAll, beforeAll, beforeEach, describe, expect, test, vi } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { bearer, cookiesFrom, handleFetchRequest, postForm, registerAccount } from './app.ts'
import { apiTokenFor, browserCookieFor, insertSitter, insertUser } from './fixtures.ts'

// Decision 056: server.ts answers a fresh shared copy (the map's area answer for everyone, a public page for
// anonymous visitors) itself, before compression, the Fetch Request and React Router; the map's answer is
// also made there when no copy holds it (issue 34). Here a node:http server
// does what server.ts does (the shared copy first, the app otherwise), and each answer is compared with the
// app's own answer to the same request: same status, bytes and headers; a changed sitter is never served stale.

const entry = await import('#app/entry.server.tsx')
let server: Server
let origin: string
type Way = 'shared copy' | 'app'
/** How the last request through `server` was answered. */
let lastWay: Way = 'app'

beforeAll(async () => {
  // A copy lives 5 s: the clock stands still here, so a slow machine never sees one expire mid-test.
  vi.useFakeTimers({ toFake: ['Date'] })
  await migrateToLatest()
  const app = createRequestListener(handleFetchRequest)
  server = createServer((request, response) => {
    void entry.answerSharedCopy(request, response).then((answered) => {
      lastWay = answered ? 'shared copy' : 'app'
      if (!answered) void app(request, response)
    })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
})

afterAll(async () => {
  vi.useRealTimers()
  await new Promise((resolve) => server.close(resolve))
})

beforeEach(async () => {
  await db.deleteFrom('bookings').execute()
  await db.deleteFrom('users').execute()
})

type Answer = { status: number; headers: IncomingHttpHeaders; body: Buffer; way: Way }

/** A GET through the server as it comes over the wire (not decompressed), and which way it was answered. */
function get(path: string, headers: Record<string, string> = {}): Promise<Answer> {
  return new Promise((resolve, reject) => {
    httpRequest(`${origin}${path}`, { headers }, (response) => {
      const chunks: Buffer[] = []
      response.on('data', (chunk: Buffer) => chunks.push(chunk))
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks), way: lastWay }))
    })
      .on('error', reject)
      .end()
  })
}

/** The app's own answer (React Router's handler behind the shared copy's Fetch side) to the same request. */
async function appAnswer(path: string, headers: Record<string, string> = {}) {
  const response = await handleFetchRequest(new Request(`${origin}${path}`, { headers }))
  return { status: response.status, headers: Object.fromEntries(response.headers), body: Buffer.from(await response.arrayBuffer()) }
}

/** The answer's own headers: without what node:http adds for the connection and the framing. */
function ownHeaders({ headers, body }: Answer) {
  const { date: _date, connection: _connection, 'keep-alive': _keepAlive, 'content-length': length, 'transfer-encoding': _framing, ...own } = headers
  if (length !== undefined) expect(Number(length)).toBe(body.length)
  return own
}

async function expectSameAsApp(path: string, headers: Record<string, string> = {}) {
  const fast = await get(path, headers)
  const app = await appAnswer(path, headers)
  expect(fast.status).toBe(app.status)
  expect(ownHeaders(fast)).toEqual(app.headers)
  expect(fast.body.equals(app.body)).toBe(true)
  return fast
}

const bbox = '8.53,47.37,8.55,47.39'
const box = `/api/users/sitters?bbox=${bbox}&limit=100`
const inZurich = (name = 'Anna Keller') =>
  insertSitter({ name, shown: { location: 'Altstadt, Zürich', latitude: 47.38, longitude: 8.54 }, services: [{ service: 'walking', hourlyRateCents: 2000 }] })

const names = (body: Buffer) => (JSON.parse(body.toString('utf8')) as { data: { name: string }[] }).data.map((item) => item.name)

describe("the map's area answer", () => {
  test('once kept, it is answered before the app, with the same status, headers and bytes in every encoding, and 304 for its ETag', async () => {
    await inZurich()
    const made = await appAnswer(box)
    // A change that shows nothing new: no copy is fresh, so the next answer is made again (issue 34: before the app).
    await db.updateTable('users').set({ name: 'Anna Keller' }).where('name', '=', 'Anna Keller').execute()
    const first = await get(box)
    expect(first.way).toBe('shared copy')
    expect(first.status).toBe(made.status)
    expect(ownHeaders(first)).toEqual(made.headers)
    expect(first.body.equals(made.body)).toBe(true)
    expect(names(first.body)).toEqual(['Anna Keller'])

    const plain = await expectSameAsApp(box)
    expect(plain.way).toBe('shared copy')
    expect(plain.headers).toMatchObject({ 'content-type': 'application/json', 'cache-control': 'public, max-age=0, must-revalidate', vary: 'Accept-Encoding' })
    expect(plain.body.equals(first.body)).toBe(true)

    const brotli = await expectSameAsApp(box, { 'accept-encoding': 'gzip, deflate, br' })
    expect(brotli.way).toBe('shared copy')
    expect(brotli.headers['content-encoding']).toBe('br')
    expect(brotliDecompressSync(brotli.body).equals(first.body)).toBe(true)
    const gzip = await expectSameAsApp(box, { 'accept-encoding': 'gzip' })
    expect(gunzipSync(gzip.body).equals(first.body)).toBe(true)

    for (const etag of [plain.headers.etag!, brotli.headers.etag!, `"other", ${gzip.headers.etag!}`]) {
      const revalidated = await expectSameAsApp(box, { 'if-none-match': etag })
      expect(revalidated.way).toBe('shared copy')
      expect(revalidated.status).toBe(304)
      expect(revalidated.body.length).toBe(0)
    }
    expect((await expectSameAsApp(box, { 'if-none-match': '"something-else"' })).status).toBe(200)
  })

  test('another spelling of the question, unknown parameters and a long query string take the same copy', async () => {
    await inZurich()
    const first = await get(box)
    const junk = `&_=${'x'.repeat(8_000)}&a%ZZ=%E0%A4%A&bbox=1,2,3`
    for (const spelling of ['limit=100&bbox=8.530,47.370,8.5500,47.39', `bbox=${bbox}&limit=100${junk}`]) {
      const again = await expectSameAsApp(`/api/users/sitters?${spelling}`)
      expect(again.way, spelling).toBe('shared copy')
      expect(again.body.equals(first.body), spelling).toBe(true)
    }
  })

  test("a sitter's change is never answered from the copy: the next request makes a new answer (before the app), the one after takes it", async () => {
    const sitter = await inZurich()
    await get(box)
    expect((await get(box)).way).toBe('shared copy')

    await db.updateTable('users').set({ name: 'Anna Berg' }).where('id', '=', sitter.id).execute()
    const changed = await get(box)
    expect(changed.way).toBe('shared copy')
    expect(names(changed.body)).toEqual(['Anna Berg'])
    const again = await expectSameAsApp(box)
    expect(again.way).toBe('shared copy')
    expect(names(again.body)).toEqual(['Anna Berg'])

    await db.updateTable('sitterServices').set({ hourlyRateCents: 3500 }).where('sitterId', '=', sitter.id).execute()
    const repriced = await get(box)
    expect(repriced.way).toBe('shared copy')
    expect((JSON.parse(repriced.body.toString('utf8')) as { data: { rates: unknown }[] }).data[0]?.rates).toEqual({ walking: 35 })
  })

  test('signed-in visitors take the same copy; HEAD and writes always reach the app', async () => {
    await inZurich()
    const account = await registerAccount()
    const cookie = cookiesFrom(await postForm('/login', { email: account.email, password: account.password, redirectTo: '' }))
    const anonymous = await get(box)
    const signedIn = await expectSameAsApp(box, { cookie })
    expect(signedIn.way).toBe('shared copy')
    expect(signedIn.body.equals(anonymous.body)).toBe(true)

    for (const method of ['HEAD', 'POST']) {
      const answered = await new Promise<number>((resolve, reject) => {
        httpRequest(`${origin}${box}`, { method }, (response) => response.resume().on('end', () => resolve(response.statusCode ?? 0)))
          .on('error', reject)
          .end()
      })
      expect(lastWay, method).toBe('app')
      expect(answered, method).toBe(method === 'HEAD' ? 200 : 405)
    }
  })

  test.each([
    ['not numbers', 'bbox=abc', 'bbox'],
    ['five numbers', 'bbox=1,2,3,4,5', 'bbox'],
    ['north below south', 'bbox=8,48,9,47', 'bbox'],
    ['a number too large', 'bbox=1e400,0,1,1', 'bbox'],
    ['broken percent-encoding', 'bbox=%E0%A4%A,47,9,48', 'bbox'],
    ['an 8 KB bbox', `bbox=${'8.5,'.repeat(2_000)}47`, 'bbox'],
    ['a 5,000-digit limit', `bbox=${bbox}&limit=${'9'.repeat(5_000)}`, 'limit'],
  ])('a bad query (%s) is never a copy: the app answers its 400 JSON error, as before', async (_label, query, field) => {
    await inZurich()
    await get(box)
    for (let time = 0; time < 2; time++) {
      const bad = await expectSameAsApp(`/api/users/sitters?${query}`)
      expect(bad.way).toBe('app')
      expect(bad.status).toBe(400)
      const { message, errors } = JSON.parse(bad.body.toString('utf8')) as { message: string; errors: Record<string, string[]> }
      expect(message).toBeTruthy()
      expect(Object.keys(errors)).toEqual([field])
    }
  })
})

describe('public pages', () => {
  test('an anonymous visitor takes the kept page before the app; a signed-in visitor always reaches the app', async () => {
    const first = await get('/terms')
    expect(first.way).toBe('app')
    const again = await expectSameAsApp('/terms')
    expect(again.way).toBe('shared copy')
    expect(again.headers['content-security-policy']).toBe(first.headers['content-security-policy'])
    expect(again.body.equals(first.body)).toBe(true)

    const account = await registerAccount()
    const cookie = cookiesFrom(await postForm('/login', { email: account.email, password: account.password, redirectTo: '' }))
    const signedIn = await get('/terms', { cookie })
    expect(signedIn.way).toBe('app')
    expect(signedIn.headers.etag).toBeUndefined()
  })

  const credentials = {
    'a Bearer token': async (user: { id: string }) => bearer(await apiTokenFor(user)),
    'a session cookie alone': async (user: { id: string }) => ({ cookie: await browserCookieFor(user) }),
  }

  test.each(Object.entries(credentials))('a request with %s reaches the app, and what it answers that user is never kept for anonymous visitors', async (kind, headersFor) => {
    const user = await insertUser({ name: 'Quinn Probe', email: 'quinn.probe@example.com' })
    const headers = await headersFor(user)
    // The support form fills in the signed-in user's e-mail.
    const path = `/support?via=${kind.replaceAll(' ', '-')}`
    const signedIn = await get(path, headers)
    expect(signedIn.way).toBe('app')
    expect(signedIn.headers['cache-control']).toBe('private, no-cache')
    expect(signedIn.body.toString('utf8')).toContain(user.email)

    const anonymous = await get(path)
    expect(anonymous.way).toBe('app')
    for (const secret of [user.id, user.name, user.email]) expect(anonymous.body.toString('utf8'), secret).not.toContain(secret)
    expect((await get(path)).way).toBe('shared copy')

    const again = await get(path, headers)
    expect(again.way).toBe('app')
    expect(again.body.toString('utf8')).toContain(user.email)
  })

  test('a request with a token in its query string always reaches the app and is never public', async () => {
    for (let time = 0; time < 2; time++) {
      const answer = await get('/terms?token=abc')
      expect(answer.way).toBe('app')
      expect(answer.headers['cache-control']).toBe('private, no-cache')
    }
  })
})
