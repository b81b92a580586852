import { expect, test } from 'vitest'
import { type Heartbeat, sweepHeartbeats } from './heartbeat.server.ts'

function fakeSocket() {
  const calls: string[] = []
  const socket: Heartbeat & { calls: string[] } = {
    alive: true,
    calls,
    ping: () => void calls.push('ping'),
    terminate: () => void calls.push('terminate'),
  }
  return socket
}

test('a socket that answers every ping stays; one that stops answering is dropped at the next sweep', () => {
  const answering = fakeSocket()
  const silent = fakeSocket()
  sweepHeartbeats([answering, silent])
  expect(answering.calls).toEqual(['ping'])
  expect(silent.calls).toEqual(['ping'])

  answering.alive = true // its pong arrived
  sweepHeartbeats([answering, silent])
  expect(answering.calls).toEqual(['ping', 'ping'])
  expect(silent.calls).toEqual(['ping', 'terminate'])
})
