import { expect, test } from 'vitest'
import { closeEndedSessions, type SessionSocket } from './session-check.server.ts'

const socketOf = (sessionId: string, closed: string[]): SessionSocket => ({ sessionId, close: () => void closed.push(sessionId) })

test('a socket that opens while the sessions are being checked stays open; an ended session closes its socket', async () => {
  const closed: string[] = []
  const open = new Map([
    ['kept', socketOf('live', closed)],
    ['ended', socketOf('revoked', closed)],
  ])
  await closeEndedSessions(open.values(), (sessionIds) => {
    // The query is under way when the next socket's upgrade completes.
    open.set('new', socketOf('just-signed-in', closed))
    return Promise.resolve(new Set(sessionIds.filter((id) => id !== 'revoked')))
  })
  expect(closed).toEqual(['revoked'])
})
