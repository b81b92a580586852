import { afterAll, beforeAll, expect, test, vi } from 'vitest'
import { WebSocket } from 'ws'
import { presenceLeaseMs } from '#app/features/messages/presence.server.ts'
import { type LiveServer, registerAccount, startLiveServer } from './live-server.ts'

// Socket presence (decision 053) in the real server process: an open socket writes the user's row, the
// last one closing deletes it, and a process that dies without closing leaves a row that runs out by
// itself within the lease (hasOpenSocket ignores it from then on).
let server: LiveServer

beforeAll(async () => {
  server = await startLiveServer('socket-presence')
})

afterAll(() => server.dispose())

async function open(token: string) {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/ws?token=${token}`)
  await new Promise((resolve, reject) => {
    socket.once('open', resolve)
    socket.once('error', reject)
  })
  return socket
}

const rowsOf = (userId: string) => server.db.selectFrom('socketPresence').select(['userId', 'expiresAt']).where('userId', '=', userId).execute()

test("a user's row exists while any of their sockets is open, and goes with the last one", async () => {
  const account = await registerAccount(server)
  const first = await open(account.accessToken)
  const second = await open(account.accessToken)
  await vi.waitFor(async () => expect(await rowsOf(account.userId)).toHaveLength(1), { timeout: 5_000, interval: 50 })
  first.close()
  await new Promise((resolve) => first.once('close', resolve))
  expect(await rowsOf(account.userId)).toHaveLength(1)
  second.close()
  await vi.waitFor(async () => expect(await rowsOf(account.userId)).toEqual([]), { timeout: 5_000, interval: 50 })
})

test('a killed process leaves its rows, each running out within the lease', async () => {
  const account = await registerAccount(server)
  const socket = await open(account.accessToken)
  socket.on('error', () => {})
  await vi.waitFor(async () => expect(await rowsOf(account.userId)).toHaveLength(1), { timeout: 5_000, interval: 50 })
  process.kill(server.pid, 'SIGKILL')
  await new Promise((resolve) => socket.once('close', resolve))
  const [row] = await rowsOf(account.userId)
  expect(row!.expiresAt).toBeGreaterThan(Date.now())
  expect(row!.expiresAt).toBeLessThanOrEqual(Date.now() + presenceLeaseMs)
})
