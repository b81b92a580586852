import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, afterEach, beforeAll, describe, expect, test, vi } from 'vitest'
import { WebSocket } from 'ws'
import { handleSocketUpgrade } from '#app/features/messages/socket.server.ts'
import { openDatabase } from '#app/lib/db.server.ts'
import { clientIpHeader } from '#app/lib/forwarded.server.ts'
import { appRequest, cookiesFrom, origin, postForm, postJson } from './app.ts'

// DESIGN.md rulings 9 and 20: cookie-authenticated writes must name our own origin; the guard runs
// before React Router, answers the API with 403 JSON and pages with the app's 403 page.
const db = openDatabase(process.env.DATABASE_URL!)
let cookie: string
let accessToken: string

beforeAll(async () => {
  const email = `origin-${Date.now()}@example.com`
  const registered = await postJson('/api/auth/register', { name: 'Olive Origin', email, password: 'correct-horse' })
  accessToken = ((await registered.json()) as { accessToken: string }).accessToken
  cookie = cookiesFrom(await postForm('/login', { email, password: 'correct-horse', redirectTo: '' }))
})

afterEach(() => vi.restoreAllMocks())

function dogForm(name: string) {
  const body = new FormData()
  for (const [field, value] of Object.entries({ name, breed: 'Beagle', age: '3 years' })) body.append(field, value)
  return body
}

const dogNamed = (name: string) => db.selectFrom('dogs').select('id').where('name', '=', name).executeTakeFirst()

async function refusedJson(response: Response) {
  expect(response.status).toBe(403)
  expect(await response.json()).toEqual({ message: 'Cross-site request refused', errors: {} })
}

describe('cookie-authenticated API writes', () => {
  test('naming no origin at all is refused and creates nothing', async () => {
    const response = await appRequest('/api/dogs', { method: 'POST', withoutOrigin: true, headers: { cookie }, body: dogForm('NoOrigin') })
    await refusedJson(response)
    expect(await dogNamed('NoOrigin')).toBeUndefined()
  })

  test('the session cookie sent alone, naming no origin, is refused', async () => {
    const sessionOnly = cookie.split('; ').find((pair) => pair.startsWith('__session='))!
    const response = await appRequest('/api/dogs', { method: 'POST', withoutOrigin: true, headers: { cookie: sessionOnly }, body: dogForm('SessionOnly') })
    await refusedJson(response)
    expect(await dogNamed('SessionOnly')).toBeUndefined()
  })

  test('the session cookie after another cookie, with or without a space, naming no origin, is refused', async () => {
    const sessionOnly = cookie.split('; ').find((pair) => pair.startsWith('__session='))!
    for (const header of [`theme=dark; ${sessionOnly}`, `theme=dark;${sessionOnly}`]) {
      const response = await appRequest('/api/dogs', { method: 'POST', withoutOrigin: true, headers: { cookie: header }, body: dogForm('AfterTheme') })
      await refusedJson(response)
    }
    expect(await dogNamed('AfterTheme')).toBeUndefined()
  })

  test('Origin: null is refused', async () => {
    const response = await appRequest('/api/dogs', { method: 'POST', headers: { cookie, origin: 'null' }, body: dogForm('NullOrigin') })
    await refusedJson(response)
    expect(await dogNamed('NullOrigin')).toBeUndefined()
  })

  test('an Origin that is no web page of ours (a file: page, or not an address at all) is refused', async () => {
    for (const named of ['file:///home/me/form.html', 'data:text/html,<form>', 'not an address']) {
      const response = await appRequest('/api/dogs', { method: 'POST', headers: { cookie, origin: named }, body: dogForm('OpaqueOrigin') })
      await refusedJson(response)
    }
    expect(await dogNamed('OpaqueOrigin')).toBeUndefined()
  })

  test('a non-Bearer Authorization header does not skip the check', async () => {
    const variants: Record<string, string>[] = [
      { cookie, authorization: 'Basic YWxpY2U6c2VjcmV0' },
      { cookie, authorization: 'Basic YWxpY2U6c2VjcmV0', origin: 'https://evil.example' },
    ]
    for (const headers of variants) {
      const response = await appRequest('/api/dogs', { method: 'POST', withoutOrigin: true, headers, body: dogForm('BasicAuth') })
      await refusedJson(response)
    }
    expect(await dogNamed('BasicAuth')).toBeUndefined()
  })

  test('a Referer from our own pages is enough when the browser sent no Origin', async () => {
    const response = await appRequest('/api/dogs', {
      method: 'POST',
      withoutOrigin: true,
      headers: { cookie, referer: `${origin}/dogs/add` },
      body: dogForm('ReferredRex'),
    })
    expect(response.status).toBe(201)
    expect(await dogNamed('ReferredRex')).toBeDefined()
  })

  test('a bearer token is exempt: it carries no ambient credentials', async () => {
    const response = await appRequest('/api/dogs', {
      method: 'POST',
      headers: { authorization: `Bearer ${accessToken}`, origin: 'https://evil.example' },
      body: dogForm('BearerRex'),
    })
    expect(response.status).toBe(201)
  })

  test('an API client without a cookie may sign in without naming an origin', async () => {
    const email = `no-origin-${Date.now()}@example.com`
    await postJson('/api/auth/register', { name: 'Api Client', email, password: 'correct-horse' })
    const response = await appRequest('/api/auth/login', {
      method: 'POST',
      withoutOrigin: true,
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ email, password: 'correct-horse' }),
    })
    expect(response.status).toBe(200)
  })
})

describe('page writes', () => {
  test('a form POST from another site gets the 403 page, one log line, and changes nothing', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const error = vi.spyOn(console, 'error').mockImplementation(() => {})
    const email = `mallory-${Date.now()}@example.com`
    const response = await appRequest('/register', {
      method: 'POST',
      headers: { origin: 'https://evil.example' },
      body: new URLSearchParams({ name: 'Mallory', email, password: 'abcdefg' }),
    })
    expect(response.status).toBe(403)
    expect(response.headers.get('content-type')).toContain('text/html')
    expect(await response.text()).toContain('Request refused')
    expect(warn).toHaveBeenCalledTimes(1)
    expect(String(warn.mock.calls[0]![0])).toBe('Refused a cross-site POST /register (Origin: https://evil.example)')
    expect(error).not.toHaveBeenCalled()
    expect(await db.selectFrom('users').select('id').where('email', '=', email).executeTakeFirst()).toBeUndefined()
  })

  test('a signed-in form POST naming no origin is refused, and the log says it named none', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const response = await appRequest('/dogs/add', { method: 'POST', withoutOrigin: true, headers: { cookie }, body: dogForm('PageNoOrigin') })
    expect(response.status).toBe(403)
    expect(await dogNamed('PageNoOrigin')).toBeUndefined()
    expect(warn.mock.calls.map((call) => String(call[0]))).toEqual(['Refused a cross-site POST /dogs/add (Origin: none)'])
  })

  test('a client cannot mark its own request as refused or set its own address', async () => {
    // server.ts drops x-pawpal-* headers at the door; the guard itself ignores a forged refusal marker.
    const response = await appRequest('/login', { headers: { 'x-pawpal-refused': 'cross-site' } })
    expect(response.status).toBe(200)
  })
})

describe('page reads', () => {
  test('a signed-in visitor following a link from another site gets the page, and nothing is logged as refused', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {})
    const response = await appRequest('/bookings', { headers: { cookie, referer: 'https://elsewhere.example/forum/post/7' } })
    expect(response.status).toBe(200)
    expect(await response.text()).not.toContain('Request refused')
    expect(warn).not.toHaveBeenCalled()
  })
})

describe('the chat socket', () => {
  // The socket's upgrade as server.ts hands it over, served here from the source on disk.
  let server: Server
  let socketUrl: string
  let ownOrigin: string

  beforeAll(async () => {
    server = createServer()
    server.on('upgrade', (request, socket, head) => {
      request.headers[clientIpHeader] = '203.0.113.9'
      handleSocketUpgrade(request, socket, head)
    })
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
    ownOrigin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
    socketUrl = `${ownOrigin.replace('http', 'ws')}/ws`
  })

  afterAll(async () => {
    server.closeAllConnections()
    await new Promise((resolve) => server.close(resolve))
  })

  /** Opens a socket: 'open', or the HTTP status or close code it was refused with. */
  function connect(headers: Record<string, string>) {
    const socket = new WebSocket(socketUrl, { headers })
    return new Promise<string>((resolve) => {
      socket.once('open', () => {
        socket.close()
        resolve('open')
      })
      socket.once('close', (code) => resolve(`closed with ${code}`))
      socket.once('unexpected-response', (_request, response) => resolve(`HTTP ${response.statusCode}`))
      socket.once('error', (error) => resolve(error.message))
    })
  }

  test("a browser's session cookie opens the chat from our own pages", async () => {
    expect(await connect({ cookie, origin: ownOrigin })).toBe('open')
  })

  test('a session cookie from another site, or naming no site, is refused', async () => {
    expect(await connect({ cookie, origin: 'https://evil.example' })).toBe('HTTP 403')
    expect(await connect({ cookie })).toBe('HTTP 403')
  })

  test('a bearer token opens the chat from anywhere, even with a browser cookie along', async () => {
    expect(await connect({ authorization: `Bearer ${accessToken}`, cookie, origin: 'https://evil.example' })).toBe('open')
  })
})
