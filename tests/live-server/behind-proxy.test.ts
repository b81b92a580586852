import { randomBytes } from 'node:crypto'
import { request as httpRequest } from 'node:http'
import path from 'node:path'
import { Kysely, PostgresDialect } from 'kysely'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import type { Database } from '#app/lib/db-schema.ts'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'
import { type RunningPostgres, startEmbeddedPostgres } from '#db/embedded-postgres.ts'
import { findFreePort, type ServerProcess, startServerProcess } from '#tests/server-process.ts'
import { findHaproxy, installHaproxy, type RunningHaproxy, startHaproxy } from '../../deploy/start-haproxy.ts'

// Two instances on one PostgreSQL behind haproxy with deploy/haproxy.cfg, as users reach them (decision 068).
// haproxy connects to the instances from 127.0.0.2, the only address their TRUST_PROXY names; the test's
// own requests come from 127.0.0.1 or, where the address must be told apart, from 127.0.0.3 and 127.0.0.4
// (Linux routes all of 127/8 to the loopback interface).
const proxyAddress = '127.0.0.2'
const haproxyMissing = findHaproxy() === null
const inCi = process.env.CI === 'true'
if (haproxyMissing && !inCi) console.warn(`behind-proxy.test.ts skipped: haproxy is not installed (${installHaproxy}); in CI it is required`)

describe.skipIf(haproxyMissing && !inCi)('two instances behind haproxy', () => {
  let postgres: RunningPostgres
  let db: Kysely<Database>
  let a: ServerProcess
  let b: ServerProcess
  let proxy: RunningHaproxy

  beforeAll(async () => {
    postgres = await startEmbeddedPostgres(path.resolve('tests/.tmp', `behind-proxy-postgres-${process.pid}`))
    const proxyPort = await findFreePort()
    const environment = {
      DATABASE_URL: `${postgres.url}/postgres`,
      SESSION_SECRET: randomBytes(32).toString('hex'),
      PUBLIC_URL: `http://127.0.0.1:${proxyPort}`,
      TRUST_PROXY: proxyAddress,
    }
    const start = (name: string) => startServerProcess({ root: process.cwd(), directory: path.resolve('tests/.tmp', `behind-proxy-${name}-${process.pid}`), environment })
    ;[a, b] = await Promise.all([start('a'), start('b')])
    proxy = await startHaproxy({ host: '127.0.0.1', port: proxyPort, source: proxyAddress, instances: [`127.0.0.1:${a.port}`, `127.0.0.1:${b.port}`] })
    db = new Kysely<Database>({ dialect: new PostgresDialect({ pool: new pg.Pool({ connectionString: environment.DATABASE_URL, max: 2 }) }) })
  })

  afterAll(async () => {
    await proxy?.stop()
    await db?.destroy()
    await Promise.all([a?.dispose(), b?.dispose()])
    await postgres?.stop()
  })

  /** A login form posted from another site; each instance logs the one it refuses, naming its Origin. */
  const postFromAnotherSite = (origin: string, headers: Record<string, string> = {}) =>
    fetch(`${proxy.url}/login`, { method: 'POST', redirect: 'manual', headers: { origin, ...headers }, body: new URLSearchParams({ email: 'x@example.com', password: 'x' }) })

  /** The `https://turn-N.example` origins an instance logged refusing, as N. */
  const turnsRefusedBy = (server: ServerProcess) => [...server.log().matchAll(/Origin: https:\/\/turn-(\d+)\.example/g)].map((match) => Number(match[1]))

  test('requests through the proxy reach the two instances in turn', async () => {
    for (let turn = 1; turn <= 4; turn += 1) expect((await postFromAnotherSite(`https://turn-${turn}.example`)).status).toBe(403)
    const [onA, onB] = [turnsRefusedBy(a), turnsRefusedBy(b)]
    expect([onA, onB]).toContainEqual([1, 3])
    expect([onA, onB]).toContainEqual([2, 4])
  })

  test("no sticky session: the proxy adds no cookie, and a signed-in browser's requests still go to both instances", async () => {
    const account = { email: `sticky-${crypto.randomUUID().slice(0, 8)}@example.com`, password: 'correct horse battery' }
    expect((await register(proxy.url, account.email)).status).toBe(201)
    const signIn = (url: string) => fetch(`${url}/login`, { method: 'POST', redirect: 'manual', headers: { origin: url }, body: new URLSearchParams({ ...account, redirectTo: '' }) })
    const cookieNames = (response: Response) => response.headers.getSetCookie().map((cookie) => cookie.split('=')[0]).sort()
    const [direct, proxied] = [await signIn(a.url), await signIn(proxy.url)]
    expect(proxied.status).toBe(302)
    expect(cookieNames(proxied)).toEqual(cookieNames(direct))
    const session = proxied.headers.getSetCookie().find((cookie) => cookie.startsWith('__session='))!.split(';')[0]!

    const before = [turnsRefusedBy(a).length, turnsRefusedBy(b).length]
    for (const turn of [11, 12]) expect((await postFromAnotherSite(`https://turn-${turn}.example`, { cookie: session })).status).toBe(403)
    expect([turnsRefusedBy(a).length - before[0]!, turnsRefusedBy(b).length - before[1]!]).toEqual([1, 1])
  })

  test('a socket opened through the proxy is upgraded and receives a message another user sends through the proxy', async () => {
    const [olivia, sam] = [await registered(), await registered()]
    const socket = new WebSocket(`${proxy.url.replace('http', 'ws')}/ws?token=${sam.accessToken}`)
    const pushed = new Promise<{ event: string; data?: Record<string, unknown> }>((resolve) =>
      socket.on('message', (raw) => {
        const frame = JSON.parse(socketFrameText(raw)) as { event: string; data?: Record<string, unknown> }
        if (frame.event === 'newMessage') resolve(frame)
      }),
    )
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject))

    const sent = await fetch(`${proxy.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${olivia.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipientId: sam.user.id, content: 'Through the proxy' }),
    })
    expect(sent.status).toBe(201)
    expect((await pushed).data).toMatchObject({ content: 'Through the proxy', sender: { id: olivia.user.id }, recipient: { id: sam.user.id } })
    socket.close()
  })

  test('through the proxy the client address is the one the proxy saw, whatever X-Forwarded-For the client wrote', async () => {
    expect(await registerFrom('127.0.0.3', proxy.url, { 'x-forwarded-for': '203.0.113.77' })).toBe(201)
    const keys = await registrationKeys()
    expect(keys).toContain('register:ip:127.0.0.3')
    expect(keys).not.toContain('register:ip:203.0.113.77')
    expect(keys).not.toContain(`register:ip:${proxyAddress}`)
  })

  test("straight to an instance, forged forwarded headers are not believed: neither the address nor the site's origin", async () => {
    expect(await registerFrom('127.0.0.4', a.url, { 'x-forwarded-for': '203.0.113.88' })).toBe(201)
    const keys = await registrationKeys()
    expect(keys).toContain('register:ip:127.0.0.4')
    expect(keys).not.toContain('register:ip:203.0.113.88')

    // Believed, these would make https://pawpal.example the request's own origin and let the form through.
    const forged = await fetch(`${a.url}/login`, {
      method: 'POST',
      redirect: 'manual',
      headers: { origin: 'https://pawpal.example', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'pawpal.example' },
      body: new URLSearchParams({ email: 'x@example.com', password: 'x' }),
    })
    expect(forged.status).toBe(403)
    expect(a.log()).toContain('Refused a cross-site POST /login (Origin: https://pawpal.example)')
  })

  async function registrationKeys() {
    const rows = await db.selectFrom('rateLimitHits').select('key').where('key', 'like', 'register:ip:%').execute()
    return rows.map((row) => row.key)
  }

  async function registered() {
    const response = await register(proxy.url, `proxied-${crypto.randomUUID().slice(0, 8)}@example.com`)
    expect(response.status).toBe(201)
    return (await response.json()) as { user: { id: string }; accessToken: string }
  }
})

const registration = (email: string) => JSON.stringify({ name: 'Proxy Tester', email, password: 'correct horse battery' })

function register(url: string, email: string) {
  return fetch(`${url}/api/auth/register`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: registration(email) })
}

/** Registers a new account with a request sent from `localAddress`; resolves with the status. */
function registerFrom(localAddress: string, url: string, headers: Record<string, string>) {
  const body = registration(`from-${localAddress.replaceAll('.', '-')}-${crypto.randomUUID().slice(0, 8)}@example.com`)
  return new Promise<number | undefined>((resolve, reject) => {
    const request = httpRequest(`${url}/api/auth/register`, {
      method: 'POST',
      localAddress,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers },
    })
    request.once('response', (response) => {
      response.resume()
      resolve(response.statusCode)
    })
    request.once('error', reject)
    request.end(body)
  })
}
