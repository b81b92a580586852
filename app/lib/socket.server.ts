import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { WebSocket, WebSocketServer } from 'ws'
import { findSessionUser, readSessionId, readTokenSessionId } from '#app/features/accounts/session.server.ts'

// The live socket on /ws (DESIGN.md section 5). Kept on globalThis so a dev reload of this
// module does not orphan open sockets.
const globalSockets = globalThis as typeof globalThis & { __pawpalSockets?: WebSocketServer }
const sockets = (globalSockets.__pawpalSockets ??= new WebSocketServer({ noServer: true, maxPayload: 64 * 1024 }))

export const socketUnauthorized = 4401

type ClientFrame = { event?: unknown; id?: unknown; data?: unknown }

/** Authenticates from the session cookie, an `Authorization: Bearer` header or `?token=`. */
async function authenticate(request: IncomingMessage) {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const queryToken = url.searchParams.get('token')
  const presented = queryToken
    ? await readTokenSessionId(queryToken)
    : await readSessionId(new Request(url, { headers: headersOf(request) }))
  return presented ? findSessionUser(presented.id) : null
}

function headersOf(request: IncomingMessage) {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (typeof value === 'string') headers.set(name, value)
    else if (Array.isArray(value)) headers.set(name, value.join(', '))
  }
  return headers
}

/** Authenticates first, then completes the upgrade, so no frame arrives before its listener. */
export function handleSocketUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
  authenticate(request).then(
    (user) =>
      sockets.handleUpgrade(request, socket, head, (connection) => {
        if (!user) return connection.close(socketUnauthorized, 'Unauthorized')
        connection.on('message', (raw) => answer(connection, raw.toString()))
      }),
    () => socket.destroy(),
  )
}

function answer(connection: WebSocket, raw: string) {
  let frame: ClientFrame
  try {
    frame = JSON.parse(raw) as ClientFrame
  } catch {
    return send(connection, { event: 'error', error: 'Invalid JSON' })
  }
  if (frame.event === 'ping') return send(connection, { event: 'ack', id: frame.id, data: { pong: true } })
  send(connection, { event: 'ack', id: frame.id, error: `Unknown event: ${String(frame.event)}` })
}

function send(connection: WebSocket, frame: object) {
  if (connection.readyState === WebSocket.OPEN) connection.send(JSON.stringify(frame))
}

export function closeAllSockets() {
  for (const connection of sockets.clients) connection.close(1001, 'Server shutting down')
}
