import { beforeAll, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, startTestApp } from './app.ts'
import { type Actor, call, owner } from './booking-api.ts'

// The messages JSON API (DESIGN.md section 4) through the production request handler: conversations,
// messages over HTTP, read receipts, blocks and reports; {message, errors} with 400/401/404/409/429.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

type Message = { id: string; content: string; clientId: string | null; read: boolean; sender: { id: string; name: string } }

async function send(from: Actor, to: Actor, content: string, clientId?: string) {
  const answer = await call<Message>('POST', '/api/messages', from.token, { recipientId: to.id, content, clientId })
  expect(answer.status, JSON.stringify(answer.body)).toBe(201)
  return answer.body
}

const messagesFrom = (senderId: string) => db.selectFrom('messages').selectAll().where('senderId', '=', senderId).execute()

describe('who may call', () => {
  test('every messages path answers 401 without a session', async () => {
    const calls: [string, string][] = [
      ['GET', '/api/messages/conversations'],
      ['POST', '/api/messages/conversations'],
      ['GET', '/api/messages/conversations/someone'],
      ['POST', '/api/messages'],
      ['POST', '/api/messages/read'],
      ['POST', '/api/messages/blocks'],
      ['DELETE', '/api/messages/blocks/someone'],
      ['POST', '/api/messages/reports'],
    ]
    for (const [method, path] of calls) {
      const response = await appRequest(path, { method, headers: { 'content-type': 'application/json' }, body: method === 'GET' ? undefined : '{}' })
      expect(response.status, `${method} ${path}`).toBe(401)
      expect(await response.json()).toEqual({ message: 'Unauthorized', errors: {} })
    }
  })
})

describe('conversations', () => {
  test('POST opens a conversation (201); again is a 409; yourself a 400; an unknown user a 404', async () => {
    const [anna, ben] = [await owner('Anna Alder'), await owner('Ben Birch')]
    const opened = await call('POST', '/api/messages/conversations', anna.token, { partnerId: ben.id })
    expect(opened).toEqual({ status: 201, body: { id: expect.any(String), partnerId: ben.id } })
    expect(await call('POST', '/api/messages/conversations', ben.token, { partnerId: anna.id })).toEqual({
      status: 409,
      body: { message: 'Conversation already exists', errors: {} },
    })
    expect(await call('POST', '/api/messages/conversations', anna.token, { partnerId: anna.id })).toEqual({
      status: 400,
      body: { message: 'You cannot message yourself', errors: { partnerId: ['You cannot message yourself'] } },
    })
    expect((await call('POST', '/api/messages/conversations', anna.token, { partnerId: 'no-such-user' })).status).toBe(404)
    expect((await call('POST', '/api/messages/conversations', anna.token, {})).status).toBe(400)
    expect(await db.selectFrom('conversations').select('id').where('id', '=', (opened.body as { id: string }).id).execute()).toHaveLength(1)
  })

  test('the list: newest first with unread counts; an opened conversation without messages is left out', async () => {
    const [me, cara, dan, eve] = [await owner('Mia Me'), await owner('Cara Cole'), await owner('Dan Dale'), await owner('Eve Empty')]
    await send(cara, me, 'First from Cara')
    await send(dan, me, 'Dan here')
    await send(dan, me, 'Dan again')
    await send(me, cara, 'Reply to Cara')
    await call('POST', '/api/messages/conversations', me.token, { partnerId: eve.id })

    const list = await call<{ partnerId: string; name: string; unreadCount: number; lastMessage: { content: string } }[]>('GET', '/api/messages/conversations', me.token)
    expect(list.status).toBe(200)
    expect(list.body.map((c) => [c.name, c.lastMessage.content, c.unreadCount])).toEqual([
      ['Cara Cole', 'Reply to Cara', 1],
      ['Dan Dale', 'Dan again', 2],
    ])
    const searched = await call<{ name: string }[]>('GET', '/api/messages/conversations?q=dan', me.token)
    expect(searched.body.map((c) => c.name)).toEqual(['Dan Dale'])
    expect((await call('GET', `/api/messages/conversations?q=${'x'.repeat(101)}`, me.token)).status).toBe(400)
  })
})

describe('a thread', () => {
  test('the newest page, oldest first, and the older cursor; nothing is marked read by reading', async () => {
    const [anna, ben] = [await owner('Anna Alder'), await owner('Ben Birch')]
    for (let index = 1; index <= 5; index++) await send(anna, ben, `m${index}`)
    type Page = { conversationId: string; partner: { id: string; name: string }; data: Message[]; meta: { limit: number; olderCursor: string | null; total: number } }
    const newest = await call<Page>('GET', `/api/messages/conversations/${anna.id}?limit=2`, ben.token)
    expect(newest.status).toBe(200)
    expect(newest.body.partner).toMatchObject({ id: anna.id, name: 'Anna Alder' })
    expect(newest.body.data.map((m) => m.content)).toEqual(['m4', 'm5'])
    expect(newest.body.meta).toEqual({ limit: 2, olderCursor: newest.body.data[0]!.id, total: 5 })
    const older = await call<Page>('GET', `/api/messages/conversations/${anna.id}?limit=2&before=${newest.body.meta.olderCursor}`, ben.token)
    expect(older.body.data.map((m) => m.content)).toEqual(['m2', 'm3'])
    expect((await messagesFrom(anna.id)).every((row) => row.readAt === null)).toBe(true)
  })

  test("another user's conversation is a 404, and so is a conversation that does not exist", async () => {
    const [anna, ben, eve] = [await owner('Anna Alder'), await owner('Ben Birch'), await owner('Eve Eaves')]
    const message = await send(anna, ben, 'Private')
    const conversationId = (await db.selectFrom('messages').select('conversationId').where('id', '=', message.id).executeTakeFirstOrThrow()).conversationId
    for (const path of [`/api/messages/conversations/${ben.id}`, `/api/messages/conversations/${anna.id}`, `/api/messages/conversations/${conversationId}`]) {
      expect(await call('GET', path, eve.token), path).toEqual({ status: 404, body: { message: 'Conversation not found', errors: {} } })
    }
  })

  test('a cursor from another conversation or a bad limit is a 400 naming the parameter', async () => {
    const [anna, ben, cara] = [await owner('Anna Alder'), await owner('Ben Birch'), await owner('Cara Cole')]
    await send(anna, ben, 'Hi Ben')
    const other = await send(anna, cara, 'Hi Cara')
    const badCursor = await call('GET', `/api/messages/conversations/${ben.id}?before=${other.id}`, anna.token)
    expect(badCursor).toEqual({ status: 400, body: { message: 'before must be a message of this conversation', errors: { before: ['before must be a message of this conversation'] } } })
    const badLimit = await call<{ errors: Record<string, string[]> }>('GET', `/api/messages/conversations/${ben.id}?limit=zero`, anna.token)
    expect(badLimit.status).toBe(400)
    expect(Object.keys(badLimit.body.errors)).toEqual(['limit'])
  })
})

describe('sending over HTTP', () => {
  test('201 with the stored message; a resend with the same clientId is a 200 with the same message', async () => {
    const [anna, ben] = [await owner('Anna Alder'), await owner('Ben Birch')]
    const clientId = crypto.randomUUID()
    const first = await send(anna, ben, '  Hello Ben  ', clientId)
    expect(first).toMatchObject({ content: 'Hello Ben', clientId, read: false, sender: { id: anna.id, name: 'Anna Alder' } })
    const again = await call('POST', '/api/messages', anna.token, { recipientId: ben.id, content: 'Hello Ben', clientId })
    expect(again).toEqual({ status: 200, body: first })
    expect(await messagesFrom(anna.id)).toHaveLength(1)
  })

  test('bad content is a 400 naming the field and stores nothing', async () => {
    const [anna, ben] = [await owner('Anna Alder'), await owner('Ben Birch')]
    for (const [content, message] of [
      ['   ', 'Message cannot be empty'],
      ['x'.repeat(4001), 'Message must be at most 4000 characters'],
      [42, 'Message cannot be empty'],
    ] as const) {
      expect(await call('POST', '/api/messages', anna.token, { recipientId: ben.id, content })).toEqual({ status: 400, body: { message, errors: { content: [message] } } })
    }
    expect(await call('POST', '/api/messages', anna.token, { recipientId: anna.id, content: 'me' })).toEqual({
      status: 400,
      body: { message: 'You cannot message yourself', errors: { recipientId: ['You cannot message yourself'] } },
    })
    expect((await call('POST', '/api/messages', anna.token, 'not json')).status).toBe(400)
    expect(await messagesFrom(anna.id)).toEqual([])
  })

  test('the 31st message in 10 seconds is a 429 with Retry-After', async () => {
    const [anna, ben] = [await owner('Anna Alder'), await owner('Ben Birch')]
    for (let index = 0; index < 30; index++) await send(anna, ben, `message ${index}`)
    const response = await appRequest('/api/messages', {
      method: 'POST',
      headers: { authorization: `Bearer ${anna.token}`, 'content-type': 'application/json' },
      body: JSON.stringify({ recipientId: ben.id, content: 'one too many' }),
    })
    expect(response.status).toBe(429)
    expect(Number(response.headers.get('retry-after'))).toBeGreaterThanOrEqual(1)
    expect(await messagesFrom(anna.id)).toHaveLength(30)
  })
})

describe('read receipts over HTTP', () => {
  test('the recipient marks read (200); a message not sent to you is a 404 and stays unread', async () => {
    const [anna, ben] = [await owner('Anna Alder'), await owner('Ben Birch')]
    const message = await send(anna, ben, 'Read me')
    expect(await call('POST', '/api/messages/read', anna.token, { messageIds: [message.id] })).toEqual({
      status: 404,
      body: { message: 'Message not found', errors: {} },
    })
    expect((await messagesFrom(anna.id))[0]?.readAt).toBeNull()
    expect(await call('POST', '/api/messages/read', ben.token, { messageIds: [message.id] })).toEqual({ status: 200, body: { success: true, read: [message.id] } })
    expect((await messagesFrom(anna.id))[0]?.readAt).not.toBeNull()
  })
})

describe('blocks and reports', () => {
  test('a block hides the conversation from both and stops messages; lifting it brings the thread back', async () => {
    const [anna, ben] = [await owner('Anna Alder'), await owner('Ben Birch')]
    await send(anna, ben, 'Hello')
    expect(await call('POST', '/api/messages/blocks', ben.token, { userId: anna.id })).toEqual({ status: 201, body: { userId: anna.id, blocked: true } })
    expect((await call('POST', '/api/messages/blocks', ben.token, { userId: anna.id })).status).toBe(200)
    expect((await call('GET', '/api/messages/conversations', anna.token)).body).toEqual([])
    expect((await call('GET', `/api/messages/conversations/${anna.id}`, ben.token)).status).toBe(404)
    expect(await call('POST', '/api/messages', anna.token, { recipientId: ben.id, content: 'Hello?' })).toEqual({
      status: 403,
      body: { message: 'You cannot message this user', errors: {} },
    })
    expect((await call('DELETE', `/api/messages/blocks/${ben.id}`, anna.token)).status).toBe(404)
    expect(await call('DELETE', `/api/messages/blocks/${anna.id}`, ben.token)).toEqual({ status: 200, body: { userId: anna.id, blocked: false } })
    expect((await call<unknown[]>('GET', '/api/messages/conversations', anna.token)).body).toHaveLength(1)
  })

  test('a report of your conversation is stored (201); a stranger gets a 404 and a bad reason a 400', async () => {
    const [anna, ben, eve] = [await owner('Anna Alder'), await owner('Ben Birch'), await owner('Eve Eaves')]
    await send(ben, anna, 'Send me money')
    const reported = await call<{ id: string }>('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'scam', details: 'Wants cash first' })
    expect(reported.status).toBe(201)
    expect(await db.selectFrom('reports').selectAll().where('id', '=', reported.body.id).executeTakeFirst()).toMatchObject({
      kind: 'conversation',
      reporterId: anna.id,
      reportedUserId: ben.id,
      reason: 'scam',
      details: 'Wants cash first',
    })
    expect((await call('POST', '/api/messages/reports', eve.token, { partnerId: ben.id, reason: 'spam' })).status).toBe(404)
    const badReason = await call<{ errors: Record<string, string[]> }>('POST', '/api/messages/reports', anna.token, { partnerId: ben.id, reason: 'boring' })
    expect(badReason).toEqual({ status: 400, body: { message: 'Choose a reason', errors: { reason: ['Choose a reason'] } } })
  })

})
