import type { IncomingMessage } from 'node:http'
import type { Duplex } from 'node:stream'
import { type RawData, WebSocket, WebSocketServer } from 'ws'
import type { z } from 'zod'
import { findLiveSessionIds, findSessionUser, readSessionId, readTokenSessionId } from '#app/features/accounts/session.server.ts'
import { databaseRetryAfterSeconds, databaseUnavailableMessage, isDatabaseUnavailable } from '#app/lib/database-unavailable.server.ts'
import { env } from '#app/lib/env.server.ts'
import { clientIpHeader, requestOriginOf } from '#app/lib/forwarded.server.ts'
import { rateLimit } from '#app/lib/rate-limit.server.ts'
import { isCookieAuthenticated, originVerdict } from '#app/lib/same-origin.server.ts'
import { type Heartbeat, heartbeatIntervalMs, sweepHeartbeats } from './heartbeat.server.ts'
import type { HubEvent } from './hub-event.ts'
import { subscribe } from './hub.server.ts'
import { listMessagesAfter } from './missed-messages.server.ts'
import { presenceRenewMs, thisInstance } from './presence.server.ts'
import { closeEndedSessions } from './session-check.server.ts'
import { markMessagesRead } from './read-receipts.server.ts'
import { MarkAsReadSchema, messageErrors, SendMessageSchema, SyncSchema } from './schema.ts'
import { sendMessage } from './send-message.server.ts'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'
import { inBackground } from '#app/lib/work-queue.server.ts'

// The live socket on /ws (DESIGN.md section 5). A socket never takes the process down: every
// connection has an error listener (ws itself closes oversized frames with 1009 and invalid UTF-8
// with 1007), and the frame handler answers anything unexpected with an error frame.
// Events: ping, sendMessage, markAsRead, sync and counts, each acknowledged; newMessage, messageStatusUpdate
// and bookingUpdate arrive from the hub and go to every open socket of the users they name. A socket that
// asked for `counts` (the navigation's badges) gets them again after every push to its user.
// Kept on globalThis so a dev reload of this module does not orphan open sockets.
const maxFrameBytes = 64 * 1024
const sessionCheckMs = 500
/** Frames one socket may send per window; sendMessage has its own, per-user limit besides. */
const frameLimit = { frames: 100, windowMs: 10_000 }
/** A socket that does not read what it is sent (a stalled client) is dropped before it holds more. */
const maxBufferedBytes = 1024 * 1024
/** Open sockets one user may hold (tabs and devices together); the next one closes their oldest. */
const maxSocketsPerUser = 20
/** Upgrades one client address may ask for per minute, counted before authentication. */
const upgradesPerAddress = rateLimit({ limit: env.SOCKET_UPGRADES_PER_MINUTE, windowMs: 60 * 1000 })

type Connection = Heartbeat & {
  id: string
  socket: WebSocket
  sessionId: string
  userId: string
  frames: { count: number; windowStart: number }
  /** Asked for the badge counts: gets them again whenever something is pushed to the user. */
  wantsCounts: boolean
}

type LiveSockets = {
  server: WebSocketServer
  connections: Map<WebSocket, Connection>
  byUser: Map<string, Set<Connection>>
  sessionCheck?: NodeJS.Timeout
  /** A session check is running. */
  checkingSessions?: boolean
  heartbeat?: NodeJS.Timeout
  presence?: NodeJS.Timeout
  /** The presence writes, one after another. */
  presenceWrites?: Promise<void>
  unsubscribe?: () => void
  countsOf?: BadgeCountsOf
  /** Users whose counts are about to be sent: the pushes of one tick (a thread read at once) share one count. */
  countsDue: Set<string>
}

/** The navigation's badge counts of a user, JSON. */
type BadgeCountsOf = (userId: string) => Promise<object>
const globalSockets = globalThis as typeof globalThis & { __pawpalSockets?: LiveSockets }
const live: LiveSockets = (globalSockets.__pawpalSockets ??= {
  server: new WebSocketServer({ noServer: true, maxPayload: maxFrameBytes }),
  connections: new Map<WebSocket, Connection>(),
  byUser: new Map<string, Set<Connection>>(),
  countsDue: new Set<string>(),
})
live.unsubscribe?.()
live.unsubscribe = subscribe(push)

/** Close codes: no valid session, or the session ended (4401); the user opened more than maxSocketsPerUser (4429). */
export const socketUnauthorized = 4401
export const socketLimitReached = 4429

type Frame = { event: string; id?: number | string; data?: unknown }
type Ack = { data: unknown } | { error: string }

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

/**
 * Counts the upgrade against its client address, authenticates, then completes the upgrade, so no
 * frame arrives before its listener.
 */
export function handleSocketUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer) {
  socket.on('error', () => socket.destroy())
  upgradesPerAddress
    .take(`socket-upgrade:ip:${String(request.headers[clientIpHeader])}`)
    .then(async (slot) => {
      if (!slot.ok) return void socket.end(`HTTP/1.1 429 Too Many Requests\r\nRetry-After: ${slot.retryAfterSeconds}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
      const { presented, refused } = await authenticate(request)
      if (refused) return void socket.end('HTTP/1.1 403 Forbidden\r\nConnection: close\r\nContent-Length: 0\r\n\r\n')
      const user = presented ? await findSessionUser(presented.id) : null
      live.server.handleUpgrade(request, socket, head, (webSocket) => {
        webSocket.on('error', () => webSocket.terminate())
        if (!user) return webSocket.close(socketUnauthorized, 'Unauthorized')
        const connection = track(webSocket, user.sessionId, user.id)
        webSocket.on('message', (raw, isBinary) => void answer(connection, raw, isBinary))
      })
    })
    .catch((error: unknown) => {
      console.error(`Socket upgrade failed: ${error instanceof Error ? error.message : String(error)}`)
      if (!isDatabaseUnavailable(error)) return void socket.destroy()
      socket.end(`HTTP/1.1 503 Service Unavailable\r\nRetry-After: ${databaseRetryAfterSeconds}\r\nConnection: close\r\nContent-Length: 0\r\n\r\n`)
    })
}

async function answer(connection: Connection, raw: RawData, isBinary: boolean) {
  connection.alive = true
  let frame: Frame | null = null
  try {
    frame = isBinary ? null : parseFrame(socketFrameText(raw))
    if (!frame) return send(connection, { event: 'error', error: 'Frames must be JSON objects with a string event' })
    if (overFrameLimit(connection)) return send(connection, { event: 'ack', id: frame.id, error: 'Too many requests. Please slow down.' })
    const ack = await acknowledge(connection, frame)
    send(connection, { event: 'ack', id: frame.id, ...ack })
  } catch (error) {
    console.error(`Socket frame failed: ${error instanceof Error ? error.message : String(error)}`)
    // The database away (a restart): the request fails now, saying when to try again, as HTTP's 503 does.
    if (isDatabaseUnavailable(error)) send(connection, { event: 'ack', id: frame?.id, error: databaseUnavailableMessage, retryAfter: databaseRetryAfterSeconds })
    else send(connection, { event: 'error', error: 'The frame could not be handled' })
  }
}

async function acknowledge(connection: Connection, { event, data }: Frame): Promise<Ack> {
  switch (event) {
    case 'ping':
      return { data: { pong: true } }
    case 'sendMessage': {
      const input = parseData(SendMessageSchema, data)
      if ('error' in input) return input
      const outcome = await sendMessage(connection.userId, input.value, connection.id)
      return outcome.ok ? { data: { message: outcome.message } } : { error: outcome.message }
    }
    case 'markAsRead': {
      const input = parseData(MarkAsReadSchema, data)
      if ('error' in input) return input
      const outcome = await markMessagesRead(connection.userId, input.value.messageIds)
      return outcome.ok ? { data: { success: true } } : { error: outcome.message }
    }
    case 'counts': {
      if (!live.countsOf) return { error: 'Unknown event' }
      connection.wantsCounts = true
      return { data: await live.countsOf(connection.userId) }
    }
    case 'sync': {
      const input = parseData(SyncSchema, data)
      if ('error' in input) return input
      const missed = await listMessagesAfter(connection.userId, input.value.after)
      return missed ? { data: missed } : { error: messageErrors.messageNotFound }
    }
    default:
      return { error: 'Unknown event' }
  }
}

function parseData<Schema extends z.ZodType>(schema: Schema, data: unknown): { value: z.output<Schema> } | { error: string } {
  if (typeof data !== 'object' || data === null || Array.isArray(data)) return { error: 'data must be an object' }
  const result = schema.safeParse(data)
  return result.success ? { value: result.data } : { error: result.error.issues[0]?.message ?? 'Invalid data' }
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

function overFrameLimit({ frames }: Connection) {
  const now = Date.now()
  if (now - frames.windowStart >= frameLimit.windowMs) Object.assign(frames, { count: 0, windowStart: now })
  frames.count += 1
  return frames.count > frameLimit.frames
}

function send(connection: Connection, frame: object) {
  const { socket } = connection
  if (socket.readyState !== WebSocket.OPEN) return
  if (socket.bufferedAmount > maxBufferedBytes) return void socket.terminate()
  socket.send(JSON.stringify(frame))
}

/**
 * What the badges count (unread messages, requests to answer): handed in by the composition root, since
 * it counts more than messages. Without it the `counts` event is unknown.
 */
export function pushBadgeCountsWith(countsOf: BadgeCountsOf) {
  live.countsOf = countsOf
}

/** A hub event, to every open socket of the users it names (but the one that sent the message), then their counts (only the counts for `notificationsChanged`). */
function push(event: HubEvent) {
  const text = event.event === 'notificationsChanged' ? null : JSON.stringify({ event: event.event, data: event.data })
  const exceptId = event.event === 'newMessage' ? event.exceptConnectionId : undefined
  for (const userId of new Set(event.userIds)) {
    const connections = live.byUser.get(userId)
    if (!connections) continue
    for (const connection of connections) {
      if (text === null || connection.id === exceptId || connection.socket.readyState !== WebSocket.OPEN) continue
      if (connection.socket.bufferedAmount > maxBufferedBytes) connection.socket.terminate()
      else connection.socket.send(text)
    }
    if ([...connections].some((connection) => connection.wantsCounts)) sendCountsSoon(userId)
  }
}

/** Counts once for all the pushes of one tick (a thread read at once marks many messages). */
function sendCountsSoon(userId: string) {
  if (live.countsDue.has(userId)) return
  live.countsDue.add(userId)
  if (live.countsDue.size === 1) setImmediate(() => void sendDueCounts())
}

async function sendDueCounts() {
  const countsOf = live.countsOf
  const users = [...live.countsDue]
  live.countsDue.clear()
  if (!countsOf) return
  await Promise.all(
    users.map(async (userId) => {
      try {
        const data = await countsOf(userId)
        for (const connection of live.byUser.get(userId) ?? []) if (connection.wantsCounts) send(connection, { event: 'counts', data })
      } catch (error) {
        console.error(`Badge counts failed: ${error instanceof Error ? error.message : String(error)}`)
      }
    }),
  )
}

function track(socket: WebSocket, sessionId: string, userId: string) {
  const connection: Connection = {
    id: crypto.randomUUID(),
    socket,
    sessionId,
    userId,
    frames: { count: 0, windowStart: Date.now() },
    wantsCounts: false,
    alive: true,
    ping: () => {
      try {
        socket.ping()
      } catch {
        socket.terminate()
      }
    },
    terminate: () => socket.terminate(),
  }
  live.connections.set(socket, connection)
  const ofUser = live.byUser.get(userId) ?? new Set<Connection>()
  if (ofUser.size === 0) recordPresence(() => thisInstance.renew([userId]))
  live.byUser.set(userId, ofUser.add(connection))
  closeOldestOverLimit(ofUser)
  socket.on('pong', () => (connection.alive = true))
  socket.once('close', () => {
    live.connections.delete(socket)
    ofUser.delete(connection)
    if (ofUser.size === 0 && live.byUser.get(userId) === ofUser) {
      live.byUser.delete(userId)
      recordPresence(() => thisInstance.remove(userId))
    }
    if (live.connections.size === 0) stopTimers()
  })
  live.sessionCheck ??= setInterval(() => void checkSessions(), sessionCheckMs).unref()
  live.heartbeat ??= setInterval(() => sweepHeartbeats(live.connections.values()), heartbeatIntervalMs).unref()
  live.presence ??= setInterval(() => recordPresence(() => thisInstance.renew(live.byUser.keys())), presenceRenewMs).unref()
  return connection
}

/** A user over maxSocketsPerUser loses their oldest open socket (sets keep the order sockets opened in). */
function closeOldestOverLimit(ofUser: Set<Connection>) {
  const open = [...ofUser].filter((connection) => connection.socket.readyState === WebSocket.OPEN)
  if (open.length > maxSocketsPerUser) open[0]!.socket.close(socketLimitReached, 'Too many open connections')
}

/** Checks the open sockets' sessions (session-check.server.ts); a check still running when the next is due lets it pass. */
async function checkSessions() {
  if (live.checkingSessions) return
  live.checkingSessions = true
  try {
    const open = [...live.connections.values()].map(({ sessionId, socket }) => ({ sessionId, close: () => socket.close(socketUnauthorized, 'Session ended') }))
    await closeEndedSessions(open, findLiveSessionIds)
  } catch (error) {
    console.error(`Socket session check failed: ${error instanceof Error ? error.message : String(error)}`)
  } finally {
    live.checkingSessions = false
  }
}

/**
 * Writes who has a socket open here (presence.server.ts), in the background and in order (a socket that
 * opens and closes at once leaves no row); a failure is logged, and the next renewal repairs it.
 */
function recordPresence(write: () => Promise<void>) {
  live.presenceWrites = inBackground(
    (live.presenceWrites ?? Promise.resolve()).then(write).catch((error: unknown) => {
      console.error(`Recording socket presence failed: ${error instanceof Error ? error.message : String(error)}`)
    }),
  )
}

function stopTimers() {
  clearInterval(live.sessionCheck)
  clearInterval(live.heartbeat)
  clearInterval(live.presence)
  live.sessionCheck = undefined
  live.heartbeat = undefined
  live.presence = undefined
}

export function closeAllSockets() {
  stopTimers()
  for (const socket of live.server.clients) socket.close(1001, 'Server shutting down')
  recordPresence(() => thisInstance.clear())
}
