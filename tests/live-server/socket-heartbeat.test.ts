import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { type LiveServer, registerAccount, startLiveServer } from './live-server.ts'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'

// Heartbeats (issue 11, DESIGN.md section 5): the server pings every open socket each interval and drops
// one that has not answered since the last ping (a phone that lost its network without closing), while
// a socket that answers stays open. The real server process, its interval set to one second.
let server: LiveServer

beforeAll(async () => {
  server = await startLiveServer('socket-heartbeat', { SOCKET_HEARTBEAT_SECONDS: '1' })
})

afterAll(() => server.dispose())

async function open(options: { autoPong: boolean }) {
  const account = await registerAccount(server)
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${account.accessToken}`, options)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return socket
}

test('a socket that stops answering pings is dropped; one that answers stays open and usable', async () => {
  const answering = await open({ autoPong: true })
  const silent = await open({ autoPong: false })
  let pingsToSilent = 0
  silent.on('ping', () => (pingsToSilent += 1))
  const silentClosed = new Promise<number>((resolve) => silent.once('close', (code) => resolve(code)))

  // 1006: the server terminated the connection without a closing handshake.
  expect(await silentClosed).toBe(1006)
  expect(pingsToSilent).toBeGreaterThanOrEqual(1)

  expect(answering.readyState).toBe(WebSocket.OPEN)
  const answer = new Promise<unknown>((resolve) => answering.once('message', (data) => resolve(JSON.parse(socketFrameText(data)))))
  answering.send(JSON.stringify({ event: 'ping', id: 1 }))
  expect(await answer).toEqual({ event: 'ack', id: 1, data: { pong: true } })
  answering.close()
})
