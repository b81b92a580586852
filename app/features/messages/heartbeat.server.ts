// Dead sockets (a phone that lost its network without closing) are found by heartbeats: every interval
// each socket is pinged, and one that has not answered (pong) since the previous ping is dropped.

/** How often sockets are pinged; a dead one goes after at most two intervals. */
export const heartbeatIntervalMs = 30_000

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
