import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { WebSocket } from 'ws'
import { isAnswering, type LiveServer, registerAccount, startLiveServer } from './live-server.ts'
import { socketFrameText } from '#app/lib/socket-frame-text.ts'

// Chat over the /ws socket of the real server process with real ws clients (DESIGN.md section 5):
// sendMessage and markAsRead with their acks, newMessage and messageStatusUpdate on every open socket
// of both users, the content rules and the rate limit, idempotent client ids, sync after a reconnect,
// the navigation's badge counts, and hostile data for every event.
let server: LiveServer
let socketUrl: string

beforeAll(async () => {
  server = await startLiveServer('messages-socket')
  socketUrl = `${server.url.replace('http', 'ws')}/ws`
})

afterAll(() => server.dispose())

type Frame = { event: string; id?: unknown; data?: Record<string, unknown>; error?: string }
type Message = { id: string; content: string; clientId: string | null; sender: { id: string }; recipient: { id: string }; read: boolean }

/** A socket whose acks answer its requests; every other frame it receives is kept, in order, for `drain`. */
class Client {
  private pushed: Frame[] = []
  private waiting: { event: string; resolve: (frame: Frame) => void }[] = []
  private pending = new Map<number, (frame: Frame) => void>()
  private requests = 0
  readonly socket: WebSocket

  constructor(socket: WebSocket) {
    this.socket = socket
    socket.on('message', (data) => {
      const frame = JSON.parse(socketFrameText(data)) as Frame
      const answer = frame.event === 'ack' && typeof frame.id === 'number' ? this.pending.get(frame.id) : undefined
      const waiter = this.waiting.find((candidate) => candidate.event === frame.event)
      if (answer) {
        this.pending.delete(frame.id as number)
        answer(frame)
      } else if (waiter) {
        this.waiting.splice(this.waiting.indexOf(waiter), 1)
        waiter.resolve(frame)
      } else this.pushed.push(frame)
    })
  }

  static async open(token: string) {
    const socket = new WebSocket(`${socketUrl}?token=${token}`)
    await new Promise<void>((resolve, reject) => {
      socket.once('open', () => resolve())
      socket.once('close', (code) => reject(new Error(`closed with ${code}`)))
      socket.once('error', reject)
    })
    return new Client(socket)
  }

  /** Sends an event and answers its ack. */
  request(event: string, data?: unknown) {
    const id = ++this.requests
    const ack = new Promise<Frame>((resolve) => this.pending.set(id, resolve))
    this.socket.send(JSON.stringify({ event, id, data }))
    return ack
  }

  /** Every frame pushed so far: a ping's pong comes after anything pushed to this socket before it. */
  async drain() {
    const pong = await this.request('ping')
    expect(pong.data).toEqual({ pong: true })
    return this.pushed.splice(0)
  }

  /** The first pushed frame of this event whose data passes `matches`; the frames of that event before it are dropped. */
  async until(event: string, matches: (data: unknown) => boolean): Promise<Frame> {
    for (;;) {
      const frame = await this.next(event)
      if (matches(frame.data)) return frame
    }
  }

  /** The next pushed frame of this event, received already or still to come. */
  next(event: string) {
    const index = this.pushed.findIndex((frame) => frame.event === event)
    if (index >= 0) return Promise.resolve(this.pushed.splice(index, 1)[0]!)
    return new Promise<Frame>((resolve) => this.waiting.push({ event, resolve }))
  }

  close() {
    this.socket.close()
  }
}

async function user() {
  const account = await registerAccount(server)
  return { ...account, id: account.userId, connect: () => Client.open(account.accessToken) }
}

const storedFrom = (senderId: string) => server.db.selectFrom('messages').selectAll().where('senderId', '=', senderId).execute()

describe('sending and reading live', () => {
  test("A sends to B: both of B's sockets and A's other tab get newMessage, A's own socket the ack with the stored message", async () => {
    const [a, b] = [await user(), await user()]
    const [aPhone, aLaptop, bPhone, bLaptop] = [await a.connect(), await a.connect(), await b.connect(), await b.connect()]

    const ack = await aPhone.request('sendMessage', { recipientId: b.id, content: '  Can you walk Rex at 9?  ' })

    const message = ack.data?.message as Message
    expect(message).toMatchObject({ content: 'Can you walk Rex at 9?', sender: { id: a.id }, recipient: { id: b.id }, read: false })
    const [row] = await storedFrom(a.id)
    expect(row).toMatchObject({ id: message.id, content: 'Can you walk Rex at 9?', recipientId: b.id })
    for (const socket of [bPhone, bLaptop, aLaptop]) expect(await socket.drain()).toEqual([{ event: 'newMessage', data: message }])
    expect(await aPhone.drain()).toEqual([])
    for (const socket of [aPhone, aLaptop, bPhone, bLaptop]) socket.close()
  })

  test('B marks it read: A gets messageStatusUpdate, and the row is read', async () => {
    const [a, b] = [await user(), await user()]
    const [aSocket, bSocket] = [await a.connect(), await b.connect()]
    const { message } = (await aSocket.request('sendMessage', { recipientId: b.id, content: 'Read this' })).data as { message: Message }
    await bSocket.drain()

    expect(await bSocket.request('markAsRead', { messageIds: [message.id] })).toEqual({ event: 'ack', id: expect.any(Number), data: { success: true } })

    const update = { event: 'messageStatusUpdate', data: { messageId: message.id, conversationId: expect.any(String), read: true } }
    expect(await aSocket.drain()).toEqual([update])
    const [row] = await storedFrom(a.id)
    expect(row?.readAt).not.toBeNull()
    aSocket.close()
    bSocket.close()
  })

  test('a message sent while B is offline is in B\'s list with unread 1', async () => {
    const [a, b] = [await user(), await user()]
    const aSocket = await a.connect()
    await aSocket.request('sendMessage', { recipientId: b.id, content: 'Are you there?' })
    aSocket.close()
    const list = await fetch(`${server.url}/api/messages/conversations`, { headers: { authorization: `Bearer ${b.accessToken}` } })
    expect(await list.json()).toEqual([expect.objectContaining({ partnerId: a.id, unreadCount: 1, lastMessage: expect.objectContaining({ content: 'Are you there?' }) })])
  })

  test('a reconnect after missed messages receives them with sync', async () => {
    const [a, b] = [await user(), await user()]
    const [aSocket, bSocket] = [await a.connect(), await b.connect()]
    const { message: seen } = (await aSocket.request('sendMessage', { recipientId: b.id, content: 'seen' })).data as { message: Message }
    await bSocket.drain()
    bSocket.close()
    const missed = []
    for (const content of ['missed one', 'missed two']) missed.push(((await aSocket.request('sendMessage', { recipientId: b.id, content })).data as { message: Message }).message)

    const again = await b.connect()
    const sync = await again.request('sync', { after: seen.id })
    expect(sync.data).toEqual({ messages: missed, hasMore: false })
    aSocket.close()
    again.close()
  })
})

describe('the rules hold over the socket', () => {
  test('empty, 4,001-character or half-a-surrogate-pair content and messaging yourself give an error ack and store nothing', async () => {
    const [a, b] = [await user(), await user()]
    const socket = await a.connect()
    const cases = [
      [{ recipientId: b.id, content: '' }, 'Message cannot be empty'],
      [{ recipientId: b.id, content: ' \n ' }, 'Message cannot be empty'],
      [{ recipientId: b.id, content: 'x'.repeat(4001) }, 'Message must be at most 4000 characters'],
      // JSON.stringify writes it as the escape "\ud83d", which the server's JSON.parse turns back into half a pair.
      [{ recipientId: b.id, content: 'Good boy \ud83d' }, 'Message contains characters that are not allowed.'],
      [{ recipientId: a.id, content: 'Note to self' }, 'You cannot message yourself'],
    ] as const
    for (const [data, error] of cases) {
      expect(await socket.request('sendMessage', data)).toEqual({ event: 'ack', id: expect.any(Number), error })
    }
    expect(await storedFrom(a.id)).toEqual([])
    socket.close()
  })

  test('the 31st message within 10 seconds gives an error', async () => {
    const [a, b] = [await user(), await user()]
    const socket = await a.connect()
    const acks = await Promise.all(Array.from({ length: 31 }, (_, index) => socket.request('sendMessage', { recipientId: b.id, content: `message ${index}` })))
    expect(acks.filter((ack) => ack.error)).toEqual([
      { event: 'ack', id: expect.any(Number), error: 'You are sending messages too quickly. Please wait a moment.' },
    ])
    expect(await storedFrom(a.id)).toHaveLength(30)
    socket.close()
  })

  test('a resend with the same client id stores one message, also when both are sent at once', async () => {
    const [a, b] = [await user(), await user()]
    const [phone, laptop] = [await a.connect(), await a.connect()]
    const clientId = crypto.randomUUID()
    const data = { recipientId: b.id, content: 'Only once please', clientId }
    const acks = await Promise.all([phone.request('sendMessage', data), laptop.request('sendMessage', data), phone.request('sendMessage', data)])
    const ids = acks.map((ack) => (ack.data?.message as Message).id)
    expect(new Set(ids).size).toBe(1)
    const again = await phone.request('sendMessage', data)
    expect((again.data?.message as Message).id).toBe(ids[0])
    expect(await storedFrom(a.id)).toEqual([expect.objectContaining({ id: ids[0], clientId })])
    phone.close()
    laptop.close()
  })

  test('after B blocks A, A cannot send to B', async () => {
    const [a, b] = [await user(), await user()]
    const blocked = await fetch(`${server.url}/api/messages/blocks`, {
      method: 'POST',
      headers: { authorization: `Bearer ${b.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ userId: a.id }),
    })
    expect(blocked.status).toBe(201)
    const socket = await a.connect()
    expect((await socket.request('sendMessage', { recipientId: b.id, content: 'Hello?' })).error).toBe('You cannot message this user')
    expect(await storedFrom(a.id)).toEqual([])
    socket.close()
  })
})

describe('an admin is staff (decision 102)', () => {
  test('an admin cannot send over the socket, nor be sent to: error acks, nothing stored, the sockets stay usable', async () => {
    const [admin, member] = [await user(), await user()]
    await server.db.updateTable('users').set({ role: 'admin' }).where('id', '=', admin.id).execute()
    const [adminSocket, memberSocket] = [await admin.connect(), await member.connect()]
    expect((await adminSocket.request('sendMessage', { recipientId: member.id, content: 'Hello from Pawpal' })).error).toBe(
      'Admin accounts have no dogs, bookings or conversations of their own',
    )
    expect((await memberSocket.request('sendMessage', { recipientId: admin.id, content: 'Hello admin' })).error).toBe('User not found')
    expect([...(await storedFrom(admin.id)), ...(await storedFrom(member.id))]).toEqual([])
    expect(await adminSocket.drain()).toEqual([])
    expect(await memberSocket.drain()).toEqual([])
    adminSocket.close()
    memberSocket.close()
  })
})

describe('the badge counts', () => {
  const counts = (unreadMessages: number, requestsToAnswer = 0, unreadNotifications = 0) => ({ unreadMessages, requestsToAnswer, unreadNotifications, at: expect.any(Number) })
  /** The counts frame that shows these numbers (others may come first: a message and its notification count one after the other). */
  const showing = (unreadMessages: number, unreadNotifications: number) => (data: unknown) => {
    const shown = data as { unreadMessages: number; unreadNotifications: number }
    return shown.unreadMessages === unreadMessages && shown.unreadNotifications === unreadNotifications
  }

  test('a socket that asks gets the counts, then new ones after each message and each reading; sockets that did not ask get none', async () => {
    const [a, b] = [await user(), await user()]
    const [aSocket, bBadges, bPlain] = [await a.connect(), await b.connect(), await b.connect()]

    expect((await bBadges.request('counts')).data).toEqual(counts(0))
    const { message } = (await aSocket.request('sendMessage', { recipientId: b.id, content: 'Walk at 9?' })).data as { message: Message }
    // The message's notification (one entry for the conversation) rings the bell too.
    expect((await bBadges.until('counts', showing(1, 1))).data).toEqual(counts(1, 0, 1))

    await bPlain.request('markAsRead', { messageIds: [message.id] })
    expect((await bBadges.until('counts', showing(0, 0))).data).toEqual(counts(0))
    expect((await bPlain.drain()).map((frame) => frame.event)).not.toContain('counts')
    expect((await aSocket.drain()).map((frame) => frame.event)).not.toContain('counts')
    for (const socket of [aSocket, bBadges, bPlain]) socket.close()
  })

  test('whatever data comes with it, a socket only ever gets its own user’s counts', async () => {
    const [a, b] = [await user(), await user()]
    const [aSocket, bSocket] = [await a.connect(), await b.connect()]
    await aSocket.request('sendMessage', { recipientId: b.id, content: 'Only for B' })
    for (const data of [undefined, 'all', [b.id], { userId: b.id }, { userIds: [b.id] }, { unreadMessages: 99 }, null]) {
      const ack = await aSocket.request('counts', data)
      expect(ack.data, JSON.stringify(data)).toEqual(counts(0))
    }
    expect((await bSocket.request('counts', { userId: a.id })).data).toMatchObject({ unreadMessages: 1, requestsToAnswer: 0 })
    aSocket.close()
    bSocket.close()
    expect(await isAnswering(server)).toBe(true)
  })
})

describe('hostile data for every event', () => {
  test('a message body over 1 MB sent over HTTP is a 413 and stores nothing', async () => {
    const [a, b] = [await user(), await user()]
    const response = await fetch(`${server.url}/api/messages`, {
      method: 'POST',
      headers: { authorization: `Bearer ${a.accessToken}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipientId: b.id, content: 'x'.repeat(1024 * 1024 + 1) }),
    })
    expect(response.status).toBe(413)
    expect(await response.json()).toEqual({ message: 'Request body is too large', errors: {} })
    expect(await storedFrom(a.id)).toEqual([])
  })

  test('malformed or wrongly typed data is an error ack, nothing is stored, and the socket stays usable', async () => {
    const [a, b] = [await user(), await user()]
    const socket = await a.connect()
    const hostile: [string, unknown][] = [
      ['sendMessage', undefined],
      ['sendMessage', 'hello'],
      ['sendMessage', [b.id, 'hi']],
      ['sendMessage', { recipientId: b.id }],
      ['sendMessage', { recipientId: 42, content: 'hi' }],
      ['sendMessage', { recipientId: b.id, content: { toString: 'hi' } }],
      ['sendMessage', { recipientId: b.id, content: ['hi'] }],
      ['sendMessage', { recipientId: b.id, content: 'hi', clientId: 'not-a-uuid' }],
      ['sendMessage', { recipientId: b.id, content: 'bell \u0007' }],
      ['sendMessage', { recipientId: 'x'.repeat(500), content: 'hi' }],
      ['markAsRead', undefined],
      ['markAsRead', { messageIds: 'one' }],
      ['markAsRead', { messageIds: [] }],
      ['markAsRead', { messageIds: [1, 2] }],
      ['markAsRead', { messageIds: Array.from({ length: 501 }, (_, i) => `m${i}`) }],
      ['sync', undefined],
      ['sync', { after: 7 }],
      ['sync', {}],
    ]
    for (const [event, data] of hostile) {
      const ack = await socket.request(event, data)
      expect(ack.error, `${event} ${JSON.stringify(data)?.slice(0, 60)}`).toEqual(expect.any(String))
      expect(ack.data).toBeUndefined()
    }
    expect(await storedFrom(a.id)).toEqual([])
    expect((await socket.request('sendMessage', { recipientId: b.id, content: 'still here' })).data?.message).toMatchObject({ content: 'still here' })
    socket.close()
    expect(await isAnswering(server)).toBe(true)
  })

  test("someone else's conversation: its messages cannot be marked read or synced after (not found)", async () => {
    const [a, b, eve] = [await user(), await user(), await user()]
    const aSocket = await a.connect()
    const { message } = (await aSocket.request('sendMessage', { recipientId: b.id, content: 'Private' })).data as { message: Message }
    const eveSocket = await eve.connect()
    expect((await eveSocket.request('markAsRead', { messageIds: [message.id] })).error).toBe('Message not found')
    expect((await eveSocket.request('sync', { after: message.id })).error).toBe('Message not found')
    expect((await aSocket.request('markAsRead', { messageIds: [message.id] })).error).toBe('Message not found')
    const [row] = await storedFrom(a.id)
    expect(row?.readAt).toBeNull()
    expect(await eveSocket.drain()).toEqual([])
    aSocket.close()
    eveSocket.close()
  })

  test('a flood of frames from one socket is slowed down with an error ack', async () => {
    const a = await user()
    const socket = await a.connect()
    const acks = await Promise.all(Array.from({ length: 101 }, () => socket.request('ping')))
    expect(acks.filter((ack) => ack.error === 'Too many requests. Please slow down.')).toHaveLength(1)
    socket.close()
  })
})
