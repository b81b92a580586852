import { env } from '#app/lib/env.server.ts'

// Dead sockets (a phone that lost its network without closing) are found by heartbeats: every interval
// each socket is pinged, and one that has not answered (pong) since the previous ping is dropped.

/** How often sockets are pinged (SOCKET_HEARTBEAT_SECONDS, 30 s by default); a dead one goes after at most two intervals. */
export const heartbeatIntervalMs = env.SOCKET_HEARTBEAT_SECONDS * 1000

export type Heartbeat = {
  /** Set when the socket answered (a pong or any frame) since the last sweep. */
  alive: boolean
  ping: () => void
  terminate: () => void
}

/** One round: drops what did not answer the last ping, pings the rest. */
export function sweepHeartbeats(sockets: Iterable<Heartbeat>) {
  for (const socket of sockets) {
    if (!socket.alive) {
      socket.terminate()
      continue
    }
    socket.alive = false
    socket.ping()
  }
}
