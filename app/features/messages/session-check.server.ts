// A session that ends (logout, revocation, expiry, suspension) closes its sockets within a second: while
// sockets are open, their sessions are checked twice a second in one query (socket.server.ts).

export type SessionSocket = { sessionId: string; close: () => void }

/**
 * Closes the sockets whose session ended. Only the sockets open when the check began are judged by its
 * answer: one that opens while the query runs (on PostgreSQL a round trip, many sockets in a burst) was
 * checked by its own upgrade, and its session is not in the answer.
 */
export async function closeEndedSessions(open: Iterable<SessionSocket>, findLiveSessionIds: (sessionIds: string[]) => Promise<ReadonlySet<string>>) {
  const checked = [...open]
  const liveIds = await findLiveSessionIds([...new Set(checked.map((socket) => socket.sessionId))])
  for (const socket of checked) if (!liveIds.has(socket.sessionId)) socket.close()
}
