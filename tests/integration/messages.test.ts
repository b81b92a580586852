import { badgeCountsFor } from '#app/badge-counts.server.ts'
import { registerEventSubscribers } from '#app/event-subscribers.server.ts'
import { beforeAll, describe, expect, test } from 'vitest'
import { blockUser, unblockUser } from '#app/features/messages/blocks.server.ts'
import {
  type ConversationListOptions,
  conversationListQuery,
  getThreadPage,
  listConversationsFor,
  startConversation,
} from '#app/features/messages/conversations.server.ts'
import type { HubEvent } from '#app/features/messages/hub-event.ts'
import { subscribe } from '#app/features/messages/hub.server.ts'
import { listMessagesAfter } from '#app/features/messages/missed-messages.server.ts'
import { markConversationRead, markMessagesRead } from '#app/features/messages/read-receipts.server.ts'
import { getReplyRatePercent } from '#app/features/messages/reply-time.server.ts'
import { reportConversation } from '#app/features/moderation/reports.server.ts'
import { SendMessageSchema } from '#app/features/messages/schema.ts'
import { sendMessage } from '#app/features/messages/send-message.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { keysetCondition } from '#app/lib/keyset-paging.ts'
import { insertConversation, insertUser } from './fixtures.ts'
import { tablesScannedWhole } from './query-plans.ts'

// The messages domain (issue 11) against a real SQLite file: conversations, sending, threads, read
// receipts, missed messages, blocks and reports, called as the socket, the API and the pages call them.

beforeAll(async () => {
  await migrateToLatest()
  registerEventSubscribers() // the live pushes follow from the recorded events, as in the running app
})

const user = (name: string) => insertUser({ name, bio: `${name} loves dogs.` })

async function send(senderId: string, recipientId: string, content: string, clientId?: string) {
  const outcome = await sendMessage(senderId, SendMessageSchema.parse({ recipientId, content, clientId }))
  if (!outcome.ok) throw new Error(`sending failed: ${outcome.message}`)
  return outcome.message
}

/** The first page of the user's conversation list. */
const listed = async (userId: string, options?: ConversationListOptions) => (await listConversationsFor(userId, options)).conversations

/** The Messages badge, as the navigation shows it. */
const unreadMessagesOf = async (userId: string) => (await badgeCountsFor(userId)).unreadMessages
const storedMessages = (senderId: string) => db.selectFrom('messages').selectAll().where('senderId', '=', senderId).orderBy('createdAt').execute()

/** Every hub event published while `run` runs. */
async function hubEventsDuring(run: () => Promise<unknown>) {
  const events: HubEvent[] = []
  const unsubscribe = subscribe((event) => events.push(event))
  try {
    await run()
  } finally {
    unsubscribe()
  }
  return events
}

describe('sending', () => {
  test('a message is stored trimmed, in a conversation made for the pair, and published to both users', async () => {
    const [anna, ben] = [await user('Anna Alder'), await user('Ben Birch')]
    let message: Awaited<ReturnType<typeof send>> | undefined
    const events = await hubEventsDuring(async () => (message = await send(anna.id, ben.id, '  Hi Ben, is Rex free on Saturday?  ')))

    expect(message).toMatchObject({
      content: 'Hi Ben, is Rex free on Saturday?',
      sender: { id: anna.id, name: 'Anna Alder', profilePhoto: null, bio: 'Anna Alder loves dogs.' },
      recipient: { id: ben.id },
      read: false,
      status: 'sent',
    })
    const [row] = await storedMessages(anna.id)
    expect(row).toMatchObject({ id: message!.id, recipientId: ben.id, content: 'Hi Ben, is Rex free on Saturday?', readAt: null })
    const conversation = await db.selectFrom('conversations').selectAll().where('id', '=', row!.conversationId).executeTakeFirstOrThrow()
    expect([conversation.userAId, conversation.userBId].sort()).toEqual([anna.id, ben.id].sort())
    expect(conversation.lastMessageAt).toBe(row!.createdAt)
    // Ben's notification centre gets its entry for the conversation too (the two subscribers run side by side).
    expect(events).toEqual(
      expect.arrayContaining([
        { event: 'newMessage', userIds: [anna.id, ben.id], data: message, exceptConnectionId: undefined },
        { event: 'notificationsChanged', userIds: [ben.id] },
      ]),
    )
    expect(events).toHaveLength(2)
  })

  test('empty, blank and 4,001-character content is refused by the schema the doors share', () => {
    for (const content of ['', '   \n\t ', 'x'.repeat(4001)]) {
      expect(SendMessageSchema.safeParse({ recipientId: 'someone', content }).success).toBe(false)
    }
    expect(SendMessageSchema.safeParse({ recipientId: 'someone', content: 'x'.repeat(4000) }).success).toBe(true)
    expect(SendMessageSchema.safeParse({ recipientId: 'someone', content: 'hi', clientId: 'not-a-uuid' }).success).toBe(false)
  })

  test('messaging yourself, an unknown or suspended user is refused and stores nothing', async () => {
    const anna = await user('Anna Alder')
    const suspended = await insertUser({ name: 'Sid Suspended', accountStatus: 'suspended' })
    const input = (recipientId: string) => ({ recipientId, content: 'Hello' })
    expect(await sendMessage(anna.id, input(anna.id))).toMatchObject({ ok: false, status: 400, message: 'You cannot message yourself' })
    expect(await sendMessage(anna.id, input('no-such-user'))).toMatchObject({ ok: false, status: 404, message: 'User not found' })
    expect(await sendMessage(anna.id, input(suspended.id))).toMatchObject({ ok: false, status: 404, message: 'User not found' })
    expect(await storedMessages(anna.id)).toEqual([])
  })

  test('the 31st message within 10 seconds is refused; the first 30 are stored', async () => {
    const [anna, ben] = [await user('Anna Alder'), await user('Ben Birch')]
    for (let index = 1; index <= 30; index++) await send(anna.id, ben.id, `message ${index}`)
    const outcome = await sendMessage(anna.id, { recipientId: ben.id, content: 'one too many' })
    expect(outcome).toMatchObject({ ok: false, status: 429, message: 'You are sending messages too quickly. Please wait a moment.' })
    expect(await storedMessages(anna.id)).toHaveLength(30)
  })

  test('a resend with the same client id answers the stored message and stores nothing twice', async () => {
    const [anna, ben] = [await user('Anna Alder'), await user('Ben Birch')]
    const clientId = crypto.randomUUID()
    const first = await send(anna.id, ben.id, 'Are you free tomorrow?', clientId)
    const again = await sendMessage(anna.id, { recipientId: ben.id, content: 'Are you free tomorrow?', clientId })
    expect(again).toEqual({ ok: true, message: first, duplicate: true })
    expect(await storedMessages(anna.id)).toHaveLength(1)
  })

  test('the same client id sent ten times at once stores one message', async () => {
    const [anna, ben] = [await user('Anna Alder'), await user('Ben Birch')]
    const clientId = crypto.randomUUID()
    const outcomes = await Promise.all(Array.from({ length: 10 }, () => sendMessage(anna.id, { recipientId: ben.id, content: 'Once only', clientId })))
    const ids = new Set(outcomes.map((outcome) => (outcome.ok ? outcome.message.id : outcome.message)))
    expect(ids.size).toBe(1)
    expect(await storedMessages(anna.id)).toHaveLength(1)
  })
})

describe('blocking', () => {
  test('after a block no message goes either way and the conversation is hidden from both', async () => {
    const [anna, ben] = [await user('Anna Alder'), await user('Ben Birch')]
    await send(anna.id, ben.id, 'Hello Ben')
    expect(await blockUser(ben.id, anna.id)).toEqual({ ok: true, created: true })
    expect(await blockUser(ben.id, anna.id)).toEqual({ ok: true, created: false })

    expect(await sendMessage(anna.id, { recipientId: ben.id, content: 'Hello?' })).toMatchObject({ ok: false, status: 403, message: 'You cannot message this user' })
    expect(await sendMessage(ben.id, { recipientId: anna.id, content: 'Bye' })).toMatchObject({ ok: false, status: 403 })
    expect(await listed(anna.id)).toEqual([])
    expect(await listed(ben.id)).toEqual([])
    expect(await getThreadPage(ben.id, anna.id, { limit: 30 })).toEqual({ status: 'notFound' })
    expect(await unreadMessagesOf(ben.id)).toBe(0)

    expect(await unblockUser(ben.id, anna.id)).toBe(true)
    expect((await listed(ben.id)).map((c) => c.partnerId)).toEqual([anna.id])
    expect(await unreadMessagesOf(ben.id)).toBe(1)
  })

  test('blocking yourself or an unknown user is refused', async () => {
    const anna = await user('Anna Alder')
    expect(await blockUser(anna.id, anna.id)).toMatchObject({ ok: false, status: 400 })
    expect(await blockUser(anna.id, 'no-such-user')).toMatchObject({ ok: false, status: 404 })
  })
})

describe('the conversation list', () => {
  test('newest first, with the partner, the last message and what is unread; empty conversations are hidden', async () => {
    const [me, cara, dan, eve] = [await user('Mia Me'), await user('Cara Cole'), await user('Dan Dale'), await user('Eve Empty')]
    await insertConversation(me.id, cara.id, [
      { from: cara.id, at: '2026-03-01T10:00:00.000Z', content: 'Hi!' },
      { from: me.id, at: '2026-03-01T10:05:00.000Z', content: 'Hello Cara' },
      { from: cara.id, at: '2026-03-01T10:07:00.000Z', content: 'Walk at 9?' },
    ])
    await insertConversation(me.id, dan.id, [
      { from: dan.id, at: '2026-03-02T08:00:00.000Z', content: 'Morning' },
      { from: dan.id, at: '2026-03-02T08:01:00.000Z', content: 'Are you there?' },
    ])
    expect((await startConversation(me.id, eve.id)).ok).toBe(true)

    expect(await listed(me.id)).toEqual([
      {
        id: expect.any(String),
        partnerId: dan.id,
        name: 'Dan Dale',
        profilePhoto: null,
        lastMessage: { content: 'Are you there?', createdAt: '2026-03-02T08:01:00.000Z', senderId: dan.id },
        unreadCount: 2,
      },
      {
        id: expect.any(String),
        partnerId: cara.id,
        name: 'Cara Cole',
        profilePhoto: null,
        lastMessage: { content: 'Walk at 9?', createdAt: '2026-03-01T10:07:00.000Z', senderId: cara.id },
        unreadCount: 2,
      },
    ])
    expect(await unreadMessagesOf(me.id)).toBe(4)
    expect((await listed(cara.id)).map((c) => [c.name, c.unreadCount])).toEqual([['Mia Me', 1]])
  })

  test("search keeps the partners whose name contains it; LIKE's own characters match only themselves", async () => {
    const [me, cara, dan] = [await user('Mia Me'), await user('Cara Cole'), await user('Dan 100%')]
    await send(cara.id, me.id, 'Hi')
    await send(dan.id, me.id, 'Hi')
    expect((await listed(me.id, { search: 'cara' })).map((c) => c.name)).toEqual(['Cara Cole'])
    expect((await listed(me.id, { search: '100%' })).map((c) => c.name)).toEqual(['Dan 100%'])
    expect(await listed(me.id, { search: '_' })).toEqual([])
  })

  test('a suspended partner hides the conversation', async () => {
    const [me, cara] = [await user('Mia Me'), await user('Cara Cole')]
    await send(cara.id, me.id, 'Hi')
    await db.updateTable('users').set({ accountStatus: 'suspended' }).where('id', '=', cara.id).execute()
    expect(await listed(me.id)).toEqual([])
    expect(await unreadMessagesOf(me.id)).toBe(0)
  })

  test('1,000 conversations come back a page at a time, each once and newest first, from queries that only search indexes', async () => {
    const me = await user('Busy Bee')
    const partners = Array.from({ length: 1000 }, (_, index) => ({
      id: crypto.randomUUID(),
      email: `bulk-${index}-${crypto.randomUUID().slice(0, 6)}@example.com`,
      name: `Partner ${String(index).padStart(4, '0')}`,
      createdAt: '2026-01-01T00:00:00.000Z',
      updatedAt: '2026-01-01T00:00:00.000Z',
    }))
    await db.insertInto('users').values(partners).execute()
    // Pairs of conversations share their last message's time, so the id decides between them.
    const at = (index: number) => new Date(Date.UTC(2026, 0, 1) + Math.floor(index / 2) * 60_000).toISOString()
    const conversations = partners.map((partner, index) => ({
      id: crypto.randomUUID(),
      userAId: me.id < partner.id ? me.id : partner.id,
      userBId: me.id < partner.id ? partner.id : me.id,
      createdAt: at(index),
      lastMessageAt: at(index),
    }))
    await db.insertInto('conversations').values(conversations).execute()
    await db
      .insertInto('messages')
      .values(
        partners.map((partner, index) => ({
          id: crypto.randomUUID(),
          conversationId: conversations[index]!.id,
          senderId: partner.id,
          recipientId: me.id,
          content: `Message ${index}`,
          createdAt: at(index),
          readAt: index % 2 === 0 ? null : at(index),
        })),
      )
      .execute()

    const first = await listConversationsFor(me.id)
    expect(first.conversations).toHaveLength(20)
    const seen = [...first.conversations]
    for (let cursor = first.next; cursor; ) {
      const page = await listConversationsFor(me.id, { position: { after: cursor }, limit: 100 })
      seen.push(...page.conversations)
      cursor = page.next
    }
    const newestFirst = [...conversations].sort((a, b) => b.lastMessageAt.localeCompare(a.lastMessageAt) || (b.id < a.id ? -1 : 1))
    expect(seen.map((conversation) => conversation.id)).toEqual(newestFirst.map((conversation) => conversation.id))
    expect(seen[999]).toMatchObject({ lastMessage: { content: expect.stringMatching(/^Message [01]$/) } })
    expect(seen.reduce((sum, c) => sum + c.unreadCount, 0)).toBe(500)

    const paged = conversationListQuery(me.id, {
      condition: keysetCondition({ key: 'conversations.lastMessageAt', id: 'conversations.id' }, { key: at(500), id: conversations[500]!.id }, 'desc'),
      limit: 21,
    })
    const scanned = await tablesScannedWhole(db, paged)
    expect(scanned.filter((table) => ['conversations', 'messages', 'users', 'userBlocks'].includes(table))).toEqual([])
  })

  test("'Show more' shows every conversation through the cursor's row and one page more", async () => {
    const me = await user('Mia Me')
    const partners = await Promise.all(Array.from({ length: 26 }, (_, index) => user(`Partner ${String(index).padStart(2, '0')}`)))
    for (const [index, partner] of partners.entries()) {
      await insertConversation(me.id, partner.id, [{ from: partner.id, at: new Date(Date.UTC(2026, 2, 1, 0, index)).toISOString(), content: `Hi ${index}` }])
    }
    const first = await listConversationsFor(me.id, { limit: 10 })
    const more = await listConversationsFor(me.id, { position: { through: first.next! }, limit: 10 })
    expect(more.conversations.map((c) => c.name)).toEqual(partners.slice(6).reverse().map((partner) => partner.name))
    const rest = await listConversationsFor(me.id, { position: { through: more.next! }, limit: 10 })
    expect(rest.conversations.map((c) => c.name)).toEqual(partners.toReversed().map((partner) => partner.name))
    expect(rest.next).toBeNull()
  })
})

describe('a thread', () => {
  test('pages hold the newest messages oldest first; the older cursor walks back to the first message', async () => {
    const [anna, ben] = [await user('Anna Alder'), await user('Ben Birch')]
    const sent = []
    for (let index = 1; index <= 7; index++) sent.push(await send(index % 2 ? anna.id : ben.id, index % 2 ? ben.id : anna.id, `m${index}`))
    const newest = await getThreadPage(anna.id, ben.id, { limit: 3 })
    if (newest.status !== 'ok') throw new Error(newest.status)
    expect(newest.messages.map((m) => m.content)).toEqual(['m5', 'm6', 'm7'])
    expect(newest.total).toBe(7)
    const middle = await getThreadPage(ben.id, anna.id, { limit: 3, before: newest.olderCursor! })
    if (middle.status !== 'ok') throw new Error(middle.status)
    expect(middle.messages.map((m) => m.content)).toEqual(['m2', 'm3', 'm4'])
    const first = await getThreadPage(anna.id, ben.id, { limit: 3, before: middle.olderCursor! })
    if (first.status !== 'ok') throw new Error(first.status)
    expect(first.messages.map((m) => m.content)).toEqual(['m1'])
    expect(first.olderCursor).toBeNull()
    expect(first.messages[0]).toEqual(sent[0])
  })

  test("someone else's conversation is not found, and a cursor from another conversation is refused", async () => {
    const [anna, ben, eve] = [await user('Anna Alder'), await user('Ben Birch'), await user('Eve Eaves')]
    const message = await send(anna.id, ben.id, 'Private')
    await send(eve.id, anna.id, 'Hi Anna')
    expect(await getThreadPage(eve.id, ben.id, { limit: 30 })).toEqual({ status: 'notFound' })
    expect(await getThreadPage(anna.id, eve.id, { limit: 30, before: message.id })).toEqual({ status: 'badCursor' })
  })
})

describe('read receipts', () => {
  test('the recipient marks messages read; the sender is told; a second time changes nothing', async () => {
    const [anna, ben] = [await user('Anna Alder'), await user('Ben Birch')]
    const message = await send(anna.id, ben.id, 'Read me')
    let outcome
    const events = await hubEventsDuring(async () => (outcome = await markMessagesRead(ben.id, [message.id])))
    expect(outcome).toEqual({ ok: true, read: [message.id] })
    // Ben's notification of the conversation is read with it.
    expect(events).toEqual(
      expect.arrayContaining([
        { event: 'messageStatusUpdate', userIds: [anna.id, ben.id], data: { messageId: message.id, conversationId: message.conversationId, read: true } },
        { event: 'notificationsChanged', userIds: [ben.id] },
      ]),
    )
    expect(events).toHaveLength(2)
    expect(await unreadMessagesOf(ben.id)).toBe(0)
    expect(await hubEventsDuring(() => markMessagesRead(ben.id, [message.id]))).toEqual([])
  })

  test('the sender, a stranger or an unknown id cannot mark anything read', async () => {
    const [anna, ben, eve] = [await user('Anna Alder'), await user('Ben Birch'), await user('Eve Eaves')]
    const message = await send(anna.id, ben.id, 'Not yours')
    const toEve = await send(anna.id, eve.id, 'For Eve')
    for (const [reader, ids] of [
      [anna.id, [message.id]],
      [eve.id, [message.id]],
      [eve.id, [toEve.id, message.id]],
      [ben.id, ['no-such-message']],
    ] as const) {
      expect(await markMessagesRead(reader, ids)).toEqual({ ok: false, status: 404, message: 'Message not found' })
    }
    const rows = await db.selectFrom('messages').select('readAt').where('id', 'in', [message.id, toEve.id]).execute()
    expect(rows.map((row) => row.readAt)).toEqual([null, null])
  })

  test("opening a thread marks the partner's messages read, not one's own", async () => {
    const [anna, ben] = [await user('Anna Alder'), await user('Ben Birch')]
    await send(anna.id, ben.id, 'one')
    await send(anna.id, ben.id, 'two')
    const mine = await send(ben.id, anna.id, 'three')
    expect(await markConversationRead(ben.id, anna.id)).toHaveLength(2)
    expect(await unreadMessagesOf(ben.id)).toBe(0)
    expect(await unreadMessagesOf(anna.id)).toBe(1)
    const row = await db.selectFrom('messages').select('readAt').where('id', '=', mine.id).executeTakeFirstOrThrow()
    expect(row.readAt).toBeNull()
  })
})

describe('missed messages (sync)', () => {
  test('everything after the last seen message, in every conversation of the user, oldest first', async () => {
    const [anna, ben, cara] = [await user('Anna Alder'), await user('Ben Birch'), await user('Cara Cole')]
    const seen = await send(ben.id, anna.id, 'seen')
    const missed = [await send(ben.id, anna.id, 'missed 1'), await send(anna.id, cara.id, 'missed 2 (from another tab)'), await send(cara.id, anna.id, 'missed 3')]
    await send(ben.id, cara.id, 'not about Anna')
    expect(await listMessagesAfter(anna.id, seen.id)).toEqual({ messages: missed, hasMore: false })
    const firstPage = await listMessagesAfter(anna.id, seen.id, 2)
    expect(firstPage).toEqual({ messages: missed.slice(0, 2), hasMore: true })
  })

  test("a message of someone else's conversation is no anchor", async () => {
    const [anna, ben, eve] = [await user('Anna Alder'), await user('Ben Birch'), await user('Eve Eaves')]
    const message = await send(anna.id, ben.id, 'Private')
    expect(await listMessagesAfter(eve.id, message.id)).toBeNull()
    expect(await listMessagesAfter(eve.id, 'no-such-message')).toBeNull()
  })
})

describe('reports and reply rate', () => {
  test('a user reports a conversation of theirs; a stranger cannot', async () => {
    const [anna, ben, eve] = [await user('Anna Alder'), await user('Ben Birch'), await user('Eve Eaves')]
    const message = await send(ben.id, anna.id, 'Pay me outside the app')
    const outcome = await reportConversation(anna, { partnerId: ben.id, reason: 'scam', details: 'Asked for cash' })
    expect(outcome).toEqual({ ok: true, reportId: expect.any(String), created: true, addedMessages: 0 })
    expect(await db.selectFrom('reports').selectAll().where('reporterId', '=', anna.id).execute()).toEqual([
      expect.objectContaining({ kind: 'conversation', subjectId: message.conversationId, reportedUserId: ben.id, reason: 'scam', details: 'Asked for cash' }),
    ])
    expect(await reportConversation(eve, { partnerId: ben.id, reason: 'spam', details: '' })).toMatchObject({ ok: false, status: 404 })
  })

  test('the reply rate is the share of conversations someone opened that the user answered', async () => {
    const [sitter, a, b, c] = [await user('Sam Sitter'), await user('A'), await user('B'), await user('C')]
    expect(await getReplyRatePercent(sitter.id)).toBeNull()
    await send(a.id, sitter.id, 'Hi')
    await send(sitter.id, a.id, 'Hello!')
    await send(b.id, sitter.id, 'Hi')
    await send(sitter.id, c.id, 'I wrote first')
    await send(c.id, sitter.id, 'Thanks')
    // a: answered; b: not answered; c: the sitter wrote before c did, not after c's first message.
    expect(await getReplyRatePercent(sitter.id)).toBe(33)
  })
})
