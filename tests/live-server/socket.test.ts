import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { isAnswering, type LiveServer, registerAccount, signInWithCookie, startLiveServer } from './live-server.ts'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'

// The /ws socket of the real server process, with real ws clients (DESIGN.md section 5): who may
// connect, what a hostile client can send, and that the process is still answering afterwards.
let server: LiveServer
let socketUrl: string

beforeAll(async () => {
  server = await startLiveServer('socket')
  socketUrl = `${server.url.replace('http', 'ws')}/ws`
})

afterAll(() => server.dispose())

type Frame = { event?: string; id?: unknown; data?: unknown; error?: string }

/** Opens a socket and resolves once it is open (rejects with the close code or HTTP status otherwise). */
function connect(url: string, options: ConstructorParameters<typeof WebSocket>[2] = {}) {
  const socket = new WebSocket(url, options)
  return new Promise<WebSocket>((resolve, reject) => {
    socket.once('open', () => resolve(socket))
    socket.once('close', (code) => reject(new Error(`closed with ${code}`)))
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode}`)))
    socket.once('error', reject)
  })
}

function nextFrame(socket: WebSocket) {
  return new Promise<Frame>((resolve) => socket.once('message', (data) => resolve(JSON.parse(socketFrameText(data)) as Frame)))
}

function closeCode(socket: WebSocket) {
  return new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
}

async function ping(socket: WebSocket) {
  const answer = nextFrame(socket)
  socket.send(JSON.stringify({ event: 'ping', id: 7 }))
  return answer
}

const pong = { event: 'ack', id: 7, data: { pong: true } }

async function signedInSocket() {
  const account = await registerAccount(server)
  return { account, socket: await connect(`${socketUrl}?token=${account.accessToken}`) }
}

describe('who may connect', () => {
  test('a bearer token, a ?token= query and the session cookie from our own pages each authenticate', async () => {
    const account = await registerAccount(server)
    const bearer = await connect(socketUrl, { headers: { authorization: `Bearer ${account.accessToken}` } })
    expect(await ping(bearer)).toEqual(pong)
    const query = await connect(`${socketUrl}?token=${account.accessToken}`)
    expect(await ping(query)).toEqual(pong)
    const cookie = await signInWithCookie(server, account)
    const browser = await connect(socketUrl, { headers: { cookie, origin: server.url } })
    expect(await ping(browser)).toEqual(pong)
    for (const socket of [bearer, query, browser]) socket.close()
  })

  test('without a token the socket closes with 4401', async () => {
    expect(await closeCode(new WebSocket(socketUrl))).toBe(4401)
  })

  test('a cookie-authenticated upgrade from another site, or naming no site, is refused', async () => {
    const account = await registerAccount(server)
    const cookie = await signInWithCookie(server, account)
    await expect(connect(socketUrl, { headers: { cookie, origin: 'https://evil.example' } })).rejects.toThrow('HTTP 403')
    await expect(connect(socketUrl, { headers: { cookie } })).rejects.toThrow('HTTP 403')
    await expect(connect(socketUrl, { headers: { cookie, origin: 'null' } })).rejects.toThrow('HTTP 403')
  })

  test('a bearer token needs no origin: it carries no ambient credentials', async () => {
    const account = await registerAccount(server)
    const socket = await connect(socketUrl, {
      headers: { authorization: `Bearer ${account.accessToken}`, origin: 'https://evil.example' },
    })
    expect(await ping(socket)).toEqual(pong)
    socket.close()
  })
})

describe('hostile frames never take the server down', () => {
  test('signed out: an oversized frame or invalid UTF-8 sent right after opening closes only that socket', async () => {
    for (const payload of ['x'.repeat(70 * 1024), Buffer.from([0x7b, 0xff, 0xfe, 0x7d])]) {
      const socket = new WebSocket(socketUrl)
      socket.once('open', () => socket.send(payload, { binary: false }))
      expect([4401, 1009, 1007]).toContain(await closeCode(socket))
    }
    expect(await isAnswering(server)).toBe(true)
  })

  test('signed in: a frame over 64 KiB closes with 1009, invalid UTF-8 with 1007', async () => {
    const oversized = (await signedInSocket()).socket
    const oversizedClosed = closeCode(oversized)
    oversized.send(JSON.stringify({ event: 'ping', data: 'x'.repeat(65 * 1024) }))
    expect(await oversizedClosed).toBe(1009)

    const garbled = (await signedInSocket()).socket
    const garbledClosed = closeCode(garbled)
    garbled.send(Buffer.from([0x7b, 0x22, 0xc3, 0x28, 0x22, 0x7d]), { binary: false })
    expect(await garbledClosed).toBe(1007)

    expect(await isAnswering(server)).toBe(true)
  })

  test('anything but a JSON object with a string event gets an error frame and the socket stays usable', async () => {
    const { socket } = await signedInSocket()
    const hostile = ['null', '{"event":{"toString":null}}', '[]', '"ping"', '42', '{"event":1}', '{"id":3}', 'not json']
    for (const text of hostile) {
      const answer = nextFrame(socket)
      socket.send(text)
      expect(await answer).toEqual({ event: 'error', error: 'Frames must be JSON objects with a string event' })
    }
    const binaryAnswer = nextFrame(socket)
    socket.send(Buffer.from('{"event":"ping"}'), { binary: true })
    expect((await binaryAnswer).event).toBe('error')
    expect(await ping(socket)).toEqual(pong)
    socket.close()
    expect(await isAnswering(server)).toBe(true)
  })

  test('an unknown event is answered with an error ack that echoes only a plain id', async () => {
    const { socket } = await signedInSocket()
    const answer = nextFrame(socket)
    socket.send(JSON.stringify({ event: 'hack', id: { toString: null } }))
    expect(await answer).toEqual({ event: 'ack', error: 'Unknown event' })
    socket.close()
  })
})

describe('a session that ends closes its open sockets', () => {
  test('signing out', async () => {
    const { account, socket } = await signedInSocket()
    const closed = closeCode(socket)
    const logout = await fetch(`${server.url}/api/auth/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${account.accessToken}` },
    })
    expect(logout.status).toBe(200)
    expect(await closed).toBe(4401)
  })

  test('revocation (the session row deleted, as a password reset does)', async () => {
    const { account, socket } = await signedInSocket()
    const closed = closeCode(socket)
    await server.db.deleteFrom('sessions').where('userId', '=', account.userId).execute()
    expect(await closed).toBe(4401)
  })

  test('expiry', async () => {
    const { account, socket } = await signedInSocket()
    const closed = closeCode(socket)
    await server.db
      .updateTable('sessions')
      .set({ expiresAt: new Date(Date.now() - 1000).toISOString() })
      .where('userId', '=', account.userId)
      .execute()
    expect(await closed).toBe(4401)
  })

  test('suspension of the account', async () => {
    const { account, socket } = await signedInSocket()
    const closed = closeCode(socket)
    await server.db.updateTable('users').set({ accountStatus: 'suspended' }).where('id', '=', account.userId).execute()
    expect(await closed).toBe(4401)
  })

  test('a live session keeps its socket open', async () => {
    const { socket } = await signedInSocket()
    await new Promise((resolve) => setTimeout(resolve, 1200)) // two session checks
    expect(await ping(socket)).toEqual(pong)
    socket.close()
  })
})
