import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { LiveSocket, newClientId, socketNotConnected } from './live-socket.ts'

// The browser client against a fake socket, with fake timers standing in for the spec's 1 s delay and
// 10 s timeout.

class FakeSocket {
  static made: FakeSocket[] = []
  sent: { event: string; id: number; data: unknown }[] = []
  onopen: (() => void) | null = null
  onmessage: ((message: { data: string }) => void) | null = null
  onclose: ((event: { code: number }) => void) | null = null
  constructor() {
    FakeSocket.made.push(this)
  }
  send(text: string) {
    this.sent.push(JSON.parse(text) as FakeSocket['sent'][number])
  }
  close() {
    this.onclose?.({ code: 1006 })
  }
  // what the server does
  accept() {
    this.onopen?.()
  }
  drop(code = 1006) {
    this.onclose?.({ code })
  }
  push(frame: object) {
    this.onmessage?.({ data: JSON.stringify(frame) })
  }
}

const latest = () => FakeSocket.made.at(-1)!

function liveSocket() {
  return new LiveSocket({ url: 'ws://test/ws', createSocket: () => new FakeSocket() as unknown as WebSocket })
}

beforeEach(() => {
  vi.useFakeTimers()
  FakeSocket.made = []
})
afterEach(() => vi.useRealTimers())

test('a request resolves with its ack; an error ack rejects with its message; pushes reach listeners', async () => {
  const live = liveSocket()
  const pushed: unknown[] = []
  live.on('newMessage', (data) => pushed.push(data))
  live.connect()
  latest().accept()
  const sent = live.request('sendMessage', { content: 'hi' })
  const refused = live.request('sendMessage', { content: '' })
  const [first, second] = latest().sent
  latest().push({ event: 'ack', id: first!.id, data: { message: { id: 'm1' } } })
  latest().push({ event: 'ack', id: second!.id, error: 'Message cannot be empty' })
  latest().push({ event: 'newMessage', data: { id: 'm2' } })
  await expect(sent).resolves.toEqual({ message: { id: 'm1' } })
  await expect(refused).rejects.toThrow('Message cannot be empty')
  expect(pushed).toEqual([{ id: 'm2' }])
})

test('badge counts and booking updates reach their listeners; an event the client does not know is ignored', () => {
  const live = liveSocket()
  const heard: [string, unknown][] = []
  live.on('counts', (data) => heard.push(['counts', data]))
  live.on('bookingUpdate', (data) => heard.push(['bookingUpdate', data]))
  live.connect()
  latest().accept()
  latest().push({ event: 'counts', data: { unreadMessages: 2, requestsToAnswer: 1, at: 5 } })
  latest().push({ event: 'bookingUpdate', data: { bookingId: 'b1', status: 'pending', change: 'booking.requested' } })
  latest().push({ event: 'state', data: 'closed' })
  latest().push({ event: 'toString', data: null })
  expect(heard).toEqual([
    ['counts', { unreadMessages: 2, requestsToAnswer: 1, at: 5 }],
    ['bookingUpdate', { bookingId: 'b1', status: 'pending', change: 'booking.requested' }],
  ])
  expect(live.state).toBe('open')
})

test('after a drop it reconnects 1 s later and sends again what was not answered, unchanged', async () => {
  const live = liveSocket()
  const reconnected = vi.fn()
  live.on('reconnected', reconnected)
  live.connect()
  latest().accept()
  const clientId = newClientId()
  const sending = live.request('sendMessage', { recipientId: 'b', content: 'hi', clientId })
  const firstFrame = latest().sent[0]
  latest().drop()
  const queued = live.request('markAsRead', { messageIds: ['m0'] })
  expect(live.state).toBe('reconnecting')

  await vi.advanceTimersByTimeAsync(999)
  expect(FakeSocket.made).toHaveLength(1)
  await vi.advanceTimersByTimeAsync(1)
  expect(FakeSocket.made).toHaveLength(2)
  latest().accept()

  expect(latest().sent).toEqual([firstFrame, { event: 'markAsRead', id: expect.any(Number), data: { messageIds: ['m0'] } }])
  expect(reconnected).toHaveBeenCalledOnce()
  for (const frame of latest().sent) latest().push({ event: 'ack', id: frame.id, data: { ok: frame.event } })
  await expect(sending).resolves.toEqual({ ok: 'sendMessage' })
  await expect(queued).resolves.toEqual({ ok: 'markAsRead' })
})

test("after 5 failed attempts waiting requests fail with 'Socket not connected'; the next request starts over", async () => {
  const live = liveSocket()
  live.connect()
  latest().accept()
  latest().drop()
  const waiting = live.request('sendMessage', { content: 'hi' })
  const outcome = waiting.catch((error: Error) => error.message)
  for (let attempt = 1; attempt <= 5; attempt++) {
    await vi.advanceTimersByTimeAsync(1000)
    latest().drop()
  }
  expect(FakeSocket.made).toHaveLength(6)
  expect(await outcome).toBe(socketNotConnected)
  expect(live.state).toBe('closed')

  const again = live.request('ping', {})
  expect(FakeSocket.made).toHaveLength(7)
  latest().accept()
  latest().push({ event: 'ack', id: latest().sent[0]!.id, data: { pong: true } })
  await expect(again).resolves.toEqual({ pong: true })
})

test('a connection that does not open within 10 s counts as a failed attempt', async () => {
  const live = liveSocket()
  live.connect()
  await vi.advanceTimersByTimeAsync(10_000)
  expect(live.state).toBe('reconnecting')
  await vi.advanceTimersByTimeAsync(1000)
  expect(FakeSocket.made).toHaveLength(2)
})

test('an ended session (4401) is not retried', async () => {
  const live = liveSocket()
  const unauthorized = vi.fn()
  live.on('unauthorized', unauthorized)
  live.connect()
  latest().drop(4401)
  await vi.advanceTimersByTimeAsync(5000)
  expect(FakeSocket.made).toHaveLength(1)
  expect(live.state).toBe('closed')
  expect(unauthorized).toHaveBeenCalledOnce()
})

test('the oldest of too many sockets (4429) does not come back by itself, so it cannot close another tab in turn', async () => {
  const live = liveSocket()
  live.connect()
  latest().accept()
  latest().drop(4429)
  await vi.advanceTimersByTimeAsync(5000)
  expect(FakeSocket.made).toHaveLength(1)
  expect(live.state).toBe('closed')
})

test('client ids are UUIDs the server accepts, also without crypto.randomUUID', () => {
  const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/
  expect(newClientId()).toMatch(uuid)
  const randomUUID = crypto.randomUUID.bind(crypto)
  try {
    Object.defineProperty(crypto, 'randomUUID', { value: undefined, configurable: true })
    expect(newClientId()).toMatch(uuid)
  } finally {
    Object.defineProperty(crypto, 'randomUUID', { value: randomUUID, configurable: true })
  }
})
