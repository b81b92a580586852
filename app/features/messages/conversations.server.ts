import { type Expression, type Kysely, sql, type SqlBool } from 'kysely'
import { activeMemberNames, getMemberProfiles, type MemberProfile } from '#app/features/accounts/users.server.ts'
import { staffAccountMessage, takesPartInBookings } from '#app/features/accounts/roles.ts'
import { type Database, db } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { containsText } from '#app/lib/contains-text.ts'
import { type KeysetCursor, keysetCondition, type PagePosition, readKeysetPage } from '#app/lib/keyset-paging.ts'
import { blockStateBetween, isEitherBlocked, notBlockedBetween } from './blocks.server.ts'
import { messageColumns, type MessageJson, type MessageRow, shownContent, toMessageJson } from './message-json.ts'
import { conversationListName, conversationPageSize, messageErrors } from './schema.ts'

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

/**
 * The pair's conversation with its last message time set to `at`, made when there is none yet: one
 * statement (sending a message), where finding it, making it and moving it took up to four round trips.
 */
export async function touchConversation(executor: Kysely<Database>, userId: string, partnerId: string, at: string) {
  const { id } = await executor
    .insertInto('conversations')
    .values({ id: crypto.randomUUID(), ...pairOf(userId, partnerId), createdAt: at, lastMessageAt: at })
    .onConflict((oc) => oc.columns(['userAId', 'userBId']).doUpdateSet({ lastMessageAt: at }))
    .returning('id')
    .executeTakeFirstOrThrow()
  return id
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
  const partner = people.get(partnerId)
  // An admin neither writes nor is written to (decision 102): to others an admin is no one to message.
  if (partner?.accountStatus !== 'active' || !takesPartInBookings(partner.role)) return { ok: false, status: 404, message: messageErrors.userNotFound }
  const sender = people.get(userId)
  if (sender && !takesPartInBookings(sender.role)) return { ok: false, status: 403, message: staffAccountMessage }
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

export type ConversationListOptions = { search?: string; position?: PagePosition; limit?: number }

/**
 * Spec section 3, Conversation summary: the user's conversations with a last message, newest first, each
 * with its partner, last message and unread count, one keyset page at a time (decision 046; DESIGN.md
 * section 8: the first page under 10 ms whatever the user's history). `search` keeps the partners whose
 * name contains it. `next` is the cursor of the page's last row when more follow.
 */
export async function listConversationsFor(
  userId: string,
  { search, position = {}, limit = conversationPageSize }: ConversationListOptions = {},
): Promise<{ conversations: ConversationSummary[]; next: KeysetCursor | null }> {
  const { rows, next } = await readKeysetPage(
    (condition, rowLimit) =>
      !search && condition === null && rowLimit === firstPageRows
        ? firstConversationPage({ userId })
        : conversationListQuery(userId, { search, condition, limit: rowLimit }).execute(),
    (row) => ({ list: conversationListName, key: row.lastMessageAt, id: row.id }),
    (cursor, options) => keysetCondition({ key: 'conversations.lastMessageAt', id: 'conversations.id' }, cursor, 'desc', options),
    position,
    limit,
  )
  const conversations = rows.map((row) => ({
    id: row.id,
    partnerId: row.partnerId,
    name: row.name,
    profilePhoto: row.profilePhoto,
    lastMessage: { content: shownContent(row), createdAt: row.createdAt, senderId: row.senderId },
    unreadCount: Number(row.unreadCount ?? 0),
  }))
  return { conversations, next }
}

/**
 * The one query behind listConversationsFor (exported for its query-plan test and the bench). Each side of
 * the pair walks its own index (user, lastMessageAt, id) backwards from the cursor, skipping suspended and
 * blocked partners and names that do not match, and stops after `limit` rows; the last message and the
 * unread count are then looked up for those rows only.
 */
export function conversationListQuery(userId: string, { search, condition, limit }: { search?: string; condition: Expression<SqlBool> | null; limit: number }) {
  const side = (own: 'userAId' | 'userBId', partner: 'userAId' | 'userBId') => {
    let query = db
      .selectFrom('conversations')
      .innerJoin(activeMemberNames().as('partner'), 'partner.id', `conversations.${partner}`)
      .select(['conversations.id', 'conversations.lastMessageAt', 'partner.id as partnerId', 'partner.name', 'partner.profilePhoto'])
      .where(`conversations.${own}`, '=', userId)
      .where('conversations.lastMessageAt', 'is not', null)
      .where((eb) => notBlockedBetween(userId, eb.ref(`conversations.${partner}`)))
    if (search) query = query.where(containsText(sql.ref('partner.name'), search))
    if (condition) query = query.where(condition)
    return db
      .selectFrom(query.orderBy('conversations.lastMessageAt', 'desc').orderBy('conversations.id', 'desc').limit(limit).as(own))
      .selectAll()
  }
  // The last message's id is looked up beside the page's rows (after its limit), and the message joined by
  // that key: a join on a correlated subquery instead lets PostgreSQL hash the whole messages table.
  const page = db
    .selectFrom(side('userAId', 'userBId').unionAll(side('userBId', 'userAId')).as('sides'))
    .selectAll()
    .select((eb) =>
      eb
        .selectFrom('messages')
        .select('messages.id')
        .whereRef('messages.conversationId', '=', 'sides.id')
        .orderBy('messages.createdAt', 'desc')
        .orderBy('messages.id', 'desc')
        .limit(1)
        .as('lastMessageId'),
    )
    .orderBy('sides.lastMessageAt', 'desc')
    .orderBy('sides.id', 'desc')
    .limit(limit)
  return db
    .selectFrom(page.as('c'))
    .innerJoin('messages as last', 'last.id', 'c.lastMessageId')
    .select((eb) => [
      'c.id',
      'c.partnerId',
      'c.name',
      'c.profilePhoto',
      sql<string>`${sql.ref('c.lastMessageAt')}`.as('lastMessageAt'),
      'last.content',
      'last.hiddenAt',
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
    .orderBy('c.lastMessageAt', 'desc')
    .orderBy('c.id', 'desc')
}

// The top of the list without a search (what /messages opens on) is compiled once (decision 089): building
// this query cost more CPU than SQLite spent answering it.
const firstPageRows = conversationPageSize + 1
const firstConversationPage = precompiledQuery(({ userId }: { userId: string }) => conversationListQuery(userId, { condition: null, limit: firstPageRows }))

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
