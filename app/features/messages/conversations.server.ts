import { type Kysely, sql } from 'kysely'
import { activeMemberNames, getMemberProfiles, type MemberProfile } from '#app/features/accounts/users.server.ts'
import { type Database, db } from '#app/lib/db.server.ts'
import { containsText } from '#app/lib/contains-text.ts'
import { blockStateBetween, isEitherBlocked, notBlockedBetween } from './blocks.server.ts'
import { messageColumns, type MessageJson, type MessageRow, toMessageJson } from './message-json.ts'
import { messageErrors } from './schema.ts'

// Conversations (spec sections 3 and 4): one per pair of users, stored with the smaller id first. A
// conversation without messages is hidden from the list; one whose partner is suspended, or where
// either user blocked the other, is hidden from both (the thread too).

/** The stored order of a pair: `userAId < userBId`. */
export function pairOf(userId: string, otherId: string) {
  return userId < otherId ? { userAId: userId, userBId: otherId } : { userAId: otherId, userBId: userId }
}

export async function findConversationId(userId: string, partnerId: string, executor: Kysely<Database> = db) {
  const pair = pairOf(userId, partnerId)
  const row = await executor
    .selectFrom('conversations')
    .select('id')
    .where('userAId', '=', pair.userAId)
    .where('userBId', '=', pair.userBId)
    .executeTakeFirst()
  return row?.id ?? null
}

/** The pair's conversation, made when there is none yet (the unique pair decides between two at once). */
export async function ensureConversation(executor: Kysely<Database>, userId: string, partnerId: string) {
  const existing = await findConversationId(userId, partnerId, executor)
  if (existing) return { id: existing, created: false }
  const result = await executor
    .insertInto('conversations')
    .values({ id: crypto.randomUUID(), ...pairOf(userId, partnerId), createdAt: new Date().toISOString(), lastMessageAt: null })
    .onConflict((oc) => oc.columns(['userAId', 'userBId']).doNothing())
    .executeTakeFirst()
  const id = await findConversationId(userId, partnerId, executor)
  if (!id) throw new Error('The conversation was not stored')
  return { id, created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 }
}

export type PartnerFailure = { ok: false; status: 400 | 403 | 404; message: string }

/**
 * Who a user may write to: an active account other than their own that neither blocked. Answers the
 * profiles of both, for what the messages show of their sender.
 */
export async function checkMessagingPartner(
  userId: string,
  partnerId: string,
): Promise<{ ok: true; people: Map<string, MemberProfile> } | PartnerFailure> {
  if (partnerId === userId) return { ok: false, status: 400, message: messageErrors.messagingYourself }
  const people = await getMemberProfiles([userId, partnerId])
  if (people.get(partnerId)?.accountStatus !== 'active') return { ok: false, status: 404, message: messageErrors.userNotFound }
  if (isEitherBlocked(await blockStateBetween(userId, partnerId))) return { ok: false, status: 403, message: messageErrors.blocked }
  return { ok: true, people }
}

/**
 * Spec section 4: opening a conversation first creates it; `created` is false when it existed already
 * (the API's 409, which clients treat as success).
 */
export async function startConversation(userId: string, partnerId: string): Promise<{ ok: true; created: boolean; conversationId: string } | PartnerFailure> {
  const partner = await checkMessagingPartner(userId, partnerId)
  if (!partner.ok) return partner
  const { id, created } = await ensureConversation(db, userId, partnerId)
  return { ok: true, created, conversationId: id }
}

export type ConversationSummary = {
  id: string
  partnerId: string
  name: string
  profilePhoto: string | null
  lastMessage: { content: string; createdAt: string; senderId: string }
  unreadCount: number
}

/** LIKE's own characters in what a user typed match themselves. */

/**
 * Spec section 3, Conversation summary: the user's conversations with a last message, newest first, each
 * with its partner, last message and unread count. One query whatever the number of conversations
 * (DESIGN.md section 8: 1,000 conversations under 20 ms): each side of the pair walks its own index, the
 * partner and the last message are joined by key, and the unread count walks the unread index.
 * `search` keeps the partners whose name contains it.
 */
export async function listConversationsFor(userId: string, { search }: { search?: string } = {}): Promise<ConversationSummary[]> {
  const rows = await conversationListQuery(userId, search).execute()
  return rows.map((row) => ({
    id: row.id,
    partnerId: row.partnerId,
    name: row.name,
    profilePhoto: row.profilePhoto,
    lastMessage: { content: row.content, createdAt: row.createdAt, senderId: row.senderId },
    unreadCount: Number(row.unreadCount ?? 0),
  }))
}

/** The one query behind listConversationsFor (exported for its query-plan test and the bench). */
export function conversationListQuery(userId: string, search?: string) {
  const side = (own: 'userAId' | 'userBId', partner: 'userAId' | 'userBId') =>
    db
      .selectFrom('conversations')
      .select(['id', 'lastMessageAt', sql.ref<string>(partner).as('partnerId')])
      .where(own, '=', userId)
      .where('lastMessageAt', 'is not', null)
  let query = db
    .selectFrom(side('userAId', 'userBId').unionAll(side('userBId', 'userAId')).as('c'))
    .innerJoin(activeMemberNames().as('partner'), 'partner.id', 'c.partnerId')
    .innerJoin('messages as last', (join) =>
      join.on((eb) =>
        eb(
          'last.id',
          '=',
          eb
            .selectFrom('messages')
            .select('messages.id')
            .whereRef('messages.conversationId', '=', 'c.id')
            .orderBy('messages.createdAt', 'desc')
            .orderBy('messages.id', 'desc')
            .limit(1),
        ),
      ),
    )
    .select((eb) => [
      'c.id',
      'c.partnerId',
      'partner.name',
      'partner.profilePhoto',
      'last.content',
      'last.senderId',
      'last.createdAt',
      eb
        .selectFrom('messages')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .where('messages.recipientId', '=', userId)
        .whereRef('messages.conversationId', '=', 'c.id')
        .where('messages.readAt', 'is', null)
        .as('unreadCount'),
    ])
    .where((eb) => notBlockedBetween(userId, eb.ref('c.partnerId')))
  if (search) query = query.where(containsText(sql.ref('partner.name'), search))
  return query.orderBy('c.lastMessageAt', 'desc').orderBy('c.id')
}

export type ThreadPage =
  | { status: 'notFound' }
  | { status: 'badCursor' }
  | {
      status: 'ok'
      conversationId: string
      /** Oldest first. */
      messages: MessageJson[]
      /** The `before` cursor of the page before this one; null on the first page of the conversation. */
      olderCursor: string | null
      /** All messages of the conversation (the Book button appears from 10 on). */
      total: number
      people: Map<string, MemberProfile>
    }

/**
 * One page of the conversation with `partnerId`, the newest `limit` messages before the cursor (the id
 * of the oldest message the client has), oldest first within the page. Not found when there is no
 * conversation, or when either user blocked the other.
 */
export async function getThreadPage(userId: string, partnerId: string, { before, limit }: { before?: string; limit: number }): Promise<ThreadPage> {
  const conversationId = await findConversationId(userId, partnerId)
  if (!conversationId || isEitherBlocked(await blockStateBetween(userId, partnerId))) return { status: 'notFound' }
  let query = db.selectFrom('messages').select(messageColumns).where('conversationId', '=', conversationId)
  if (before) {
    const cursor = await db
      .selectFrom('messages')
      .select(['createdAt', 'id'])
      .where('id', '=', before)
      .where('conversationId', '=', conversationId)
      .executeTakeFirst()
    if (!cursor) return { status: 'badCursor' }
    query = query.where((eb) => eb(eb.refTuple('createdAt', 'id'), '<', eb.tuple(cursor.createdAt, cursor.id)))
  }
  const [rows, people, total] = await Promise.all([
    query.orderBy('createdAt', 'desc').orderBy('id', 'desc').limit(limit + 1).execute(),
    getMemberProfiles([userId, partnerId]),
    db
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('conversationId', '=', conversationId)
      .executeTakeFirstOrThrow(),
  ])
  const page = rows.slice(0, limit).reverse()
  return {
    status: 'ok',
    conversationId,
    messages: page.map((row: MessageRow) => toMessageJson(row, people)),
    olderCursor: rows.length > limit ? (page[0]?.id ?? null) : null,
    total: Number(total.count),
    people,
  }
}
