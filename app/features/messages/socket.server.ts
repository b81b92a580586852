import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import { findLiveSessionIds, findSessionUser, readSessionId, readTokenSessionId } from '#app/features/accounts/session.server.ts'
import { requestOriginOf } from '#app/lib/forwarded.server.ts'
import { isCookieAuthenticated, originVerdict } from '#app/lib/same-origin.server.ts'

// The live socket on /ws (DESIGN.md section 5). A socket never takes the process down: every
// connection has an error listener (ws itself closes oversized frames with 1009 and invalid UTF-8
// with 1007), and the frame handler answers anything unexpected with an error frame.
// Kept on globalThis so a dev reload of this module does not orphan open sockets.
const maxFrameBytes = 64 * 1024
const sessionCheckMs = 500

type LiveSockets = { server: WebSocketServer; sessions: Map<WebSocket, string>; sessionCheck?: NodeJS.Timeout }
const globalSockets = globalThis as typeof globalThis & { __pawpalSockets?: LiveSockets }
const live: LiveSockets = (globalSockets.__pawpalSockets ??= {
  server: new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes }),
  sessions: new Map<WebSocket, string>(),
})

export const socketUnauthorized = 4401

type Frame = { event: string; id?: number | string; data?: unknown }

/** The session behind the upgrade: the `?token=` query, a bearer header, or the cookie from our own origin. */
async function authenticate(request: IncomingMessage) {
  const url = new URL(request.url ?? '/', 'http://localhost')
  const queryToken = url.searchParams.get('token')
  if (queryToken) return { presented: await readTokenSessionId(queryToken), refused: false }
  const headers = headersOf(request)
  if (isCookieAuthenticated(headers) && originVerdict(headers, requestOriginOf(request.headers)) !== 'own') {
    return { presented: null, refused: true }
  }
  return { presented: await readSessionId(new Request(url, { headers })), refused: false }
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
  socket.on('error', () => socket.destroy())
  authenticate(request)
    .then(async ({ presented, refused }) => {
      if (refused) return void socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      const user = presented ? await findSessionUser(presented.id) : null
      live.server.handleUpgrade(request, socket, head, (connection) => {
        connection.on('error', () => connection.terminate())
        if (!user) return connection.close(socketUnauthorized, 'Unauthorized')
        track(connection, user.sessionId)
        connection.on('message', (raw, isBinary) => answer(connection, raw, isBinary))
      })
    })
    .catch((error: unknown) => {
      console.error(`Socket upgrade failed: ${error instanceof Error ? error.message : String(error)}`)
      socket.destroy()
    })
}

function answer(connection: WebSocket, raw: RawData, isBinary: boolean) {
  try {
    const frame = isBinary ? null : parseFrame(raw.toString())
    if (!frame) return send(connection, { event: 'error', error: 'Frames must be JSON objects with a string event' })
    if (frame.event === 'ping') return send(connection, { event: 'ack', id: frame.id, data: { pong: true } })
    send(connection, { event: 'ack', id: frame.id, error: 'Unknown event' })
  } catch (error) {
    console.error(`Socket frame failed: ${error instanceof Error ? error.message : String(error)}`)
    send(connection, { event: 'error', error: 'The frame could not be handled' })
  }
}

function parseFrame(text: string): Frame | null {
  let value: unknown
  try {
    value = JSON.parse(text)
  } catch {
    return null
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null
  const { event, id, data } = value as Record<string, unknown>
  if (typeof event !== 'string') return null
  const echoedId = typeof id === 'number' || (typeof id === 'string' && id.length <= 100) ? id : undefined
  return { event, id: echoedId, data }
}

function send(connection: WebSocket, frame: object) {
  if (connection.readyState === WebSocket.OPEN) connection.send(JSON.stringify(frame))
}

// A session that ends (logout, revocation, expiry, suspension) closes its sockets within a second:
// while sockets are open, their sessions are checked twice a second in one query.
function track(connection: WebSocket, sessionId: string) {
  live.sessions.set(connection, sessionId)
  connection.once('close', () => {
    live.sessions.delete(connection)
    if (live.sessions.size === 0) stopSessionCheck()
  })
  live.sessionCheck ??= setInterval(() => void closeEndedSessions(), sessionCheckMs).unref()
}

async function closeEndedSessions() {
  try {
    const liveIds = await findLiveSessionIds([...new Set(live.sessions.values())])
    for (const [connection, sessionId] of live.sessions) {
      if (!liveIds.has(sessionId)) connection.close(socketUnauthorized, 'Session ended')
    }
  } catch (error) {
    console.error(`Socket session check failed: ${error instanceof Error ? error.message : String(error)}`)
  }
}

function stopSessionCheck() {
  clearInterval(live.sessionCheck)
  live.sessionCheck = undefined
}

export function closeAllSockets() {
  stopSessionCheck()
  for (const connection of live.server.clients) connection.close(1001, 'Server shutting down')
}
