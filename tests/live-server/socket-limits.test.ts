import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { isAnswering, type LiveServer, registerAccount, startLiveServer } from './live-server.ts'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'

// How many live sockets one account and one client address can hold or ask for (docs/api.md, The live socket):
// at most 20 open sockets per user (the 21st closes the user's oldest with 4429), and at most
// SOCKET_UPGRADES_PER_MINUTE upgrades per client address (429 beyond). Behind a proxy here, so each
// test comes from its own address.
const upgradesPerMinute = 25
let server: LiveServer
let socketUrl: string

beforeAll(async () => {
  server = await startLiveServer('socket-limits', { TRUST_PROXY: 'true', SOCKET_UPGRADES_PER_MINUTE: String(upgradesPerMinute) })
  socketUrl = `${server.url.replace('http', 'ws')}/ws`
})

afterAll(() => server.dispose())

/** Opens a socket from `address`; rejects with the HTTP status of a refused upgrade. */
function connect(address: string, token?: string) {
  const socket = new WebSocket(token ? `${socketUrl}?token=${token}` : socketUrl, { headers: { 'x-forwarded-for': address } })
  return new Promise<WebSocket>((resolve, reject) => {
    socket.once('open', () => resolve(socket))
    socket.once('unexpected-response', (_request, response) => reject(new Error(`HTTP ${response.statusCode} Retry-After ${response.headers['retry-after']}`)))
    socket.once('error', reject)
  })
}

const closeCode = (socket: WebSocket) =>
  new Promise<{ code: number; reason: string }>((resolve) => socket.once('close', (code, reason) => resolve({ code, reason: reason.toString() })))

async function ping(socket: WebSocket) {
  const answer = new Promise<unknown>((resolve) => socket.once('message', (data) => resolve(JSON.parse(socketFrameText(data)))))
  socket.send(JSON.stringify({ event: 'ping', id: 1 }))
  return answer
}

describe('sockets per user', () => {
  test("the 21st open socket of one user closes that user's oldest with 4429; the other 20 stay usable", async () => {
    const account = await registerAccount(server)
    const sockets: WebSocket[] = []
    for (let index = 0; index < 20; index++) sockets.push(await connect('203.0.113.21', account.accessToken))
    const oldestClosed = closeCode(sockets[0]!)

    sockets.push(await connect('203.0.113.21', account.accessToken))

    expect(await oldestClosed).toEqual({ code: 4429, reason: 'Too many open connections' })
    for (const socket of [sockets[1]!, sockets[20]!]) expect(await ping(socket)).toEqual({ event: 'ack', id: 1, data: { pong: true } })
    // Another user's sockets do not count.
    const other = await connect('203.0.113.21', (await registerAccount(server)).accessToken)
    expect(await ping(other)).toEqual({ event: 'ack', id: 1, data: { pong: true } })
    for (const socket of [...sockets, other]) socket.close()
  })
})

describe('upgrades per client address', () => {
  test(`the ${upgradesPerMinute + 1}th upgrade from one address within a minute is refused with 429 and Retry-After; other addresses still connect`, async () => {
    const account = await registerAccount(server)
    const sockets: WebSocket[] = []
    for (let index = 0; index < upgradesPerMinute; index++) sockets.push(await connect('203.0.113.99', account.accessToken))
    for (const socket of sockets) socket.close()

    await expect(connect('203.0.113.99', account.accessToken)).rejects.toThrow(/^HTTP 429 Retry-After \d+$/)
    // Refused before authentication: a flood without any token is counted and refused the same way.
    await expect(connect('203.0.113.99')).rejects.toThrow(/^HTTP 429/)

    const elsewhere = await connect('203.0.113.100', account.accessToken)
    expect(await ping(elsewhere)).toEqual({ event: 'ack', id: 1, data: { pong: true } })
    elsewhere.close()
    expect(await isAnswering(server)).toBe(true)
  })
})
