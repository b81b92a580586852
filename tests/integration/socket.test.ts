import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { afterAll, beforeAll, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { createSession, deleteSession, issueAccessToken, sessionCookie } from '#app/features/accounts/session.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { closeAllSockets, handleSocketUpgrade } from '#app/lib/socket.server.ts'

// The /ws socket with a real ws client: it authenticates the session and answers a ping.
let server: Server
let url: string
let session: Awaited<ReturnType<typeof createSession>>

beforeAll(async () => {
  await migrateToLatest()
  const now = new Date().toISOString()
  await db.insertInto('users').values({ id: 'socket-user', email: 'socket@example.com', name: 'Sock', createdAt: now, updatedAt: now }).execute()
  session = await createSession('socket-user', 'token', null)
  server = createServer()
  server.on('upgrade', handleSocketUpgrade)
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}/ws`
})

afterAll(async () => {
  closeAllSockets()
  await new Promise((resolve) => server.close(resolve))
})

function ping(socket: WebSocket) {
  return new Promise<unknown>((resolve, reject) => {
    socket.once('open', () => socket.send(JSON.stringify({ event: 'ping', id: 7 })))
    socket.once('message', (data) => {
      resolve(JSON.parse(data.toString()))
      socket.close()
    })
    socket.once('close', (code) => reject(new Error(`closed with ${code}`)))
  })
}

function closeCode(socket: WebSocket) {
  return new Promise<number>((resolve) => socket.once('close', (code) => resolve(code)))
}

test('a bearer token, a ?token= query and the session cookie each authenticate', async () => {
  const token = await issueAccessToken(session)
  const ack = { event: 'ack', id: 7, data: { pong: true } }
  expect(await ping(new WebSocket(url, { headers: { authorization: `Bearer ${token}` } }))).toEqual(ack)
  expect(await ping(new WebSocket(`${url}?token=${token}`))).toEqual(ack)
  const cookieSession = await createSession('socket-user', 'cookie', null)
  const cookie = await sessionCookie.serialize(cookieSession.id)
  expect(await ping(new WebSocket(url, { headers: { cookie } }))).toEqual(ack)
})

test('no token closes with 4401', async () => {
  expect(await closeCode(new WebSocket(url))).toBe(4401)
})

test('a revoked session closes with 4401', async () => {
  const revoked = await createSession('socket-user', 'token', null)
  const token = await issueAccessToken(revoked)
  await deleteSession(revoked.id)
  expect(await closeCode(new WebSocket(`${url}?token=${token}`))).toBe(4401)
})
