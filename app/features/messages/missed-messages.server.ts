import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { db } from '#app/lib/db.server.ts'
import { notBlockedBetween } from './blocks.server.ts'
import { messageColumns, type MessageJson, toMessageJson } from './message-json.ts'
import { syncPageSize } from './schema.ts'

// What a client missed while its socket was away (DESIGN.md section 5, `sync`): every message to or
// from the user after the last one it saw, oldest first, in conversations not hidden by a block.

export type MissedMessages = { messages: MessageJson[]; /** More than one page was missed: ask again after the last one. */ hasMore: boolean }

/** Null when `afterId` is not a message the user sent or received. */
export async function listMessagesAfter(userId: string, afterId: string, limit = syncPageSize): Promise<MissedMessages | null> {
  const anchor = await db
    .selectFrom('messages')
    .select(['createdAt', 'id'])
    .where('id', '=', afterId)
    .where((eb) => eb.or([eb('senderId', '=', userId), eb('recipientId', '=', userId)]))
    .executeTakeFirst()
  if (!anchor) return null
  const ownConversations = (own: 'userAId' | 'userBId', partner: 'userAId' | 'userBId') =>
    db
      .selectFrom('conversations')
      .select('conversations.id')
      .where(`conversations.${own}`, '=', userId)
      .where((eb) => notBlockedBetween(userId, eb.ref(`conversations.${partner}`)))
  const rows = await db
    .selectFrom('messages')
    .select(messageColumns)
    .where('conversationId', 'in', ownConversations('userAId', 'userBId').union(ownConversations('userBId', 'userAId')))
    .where('createdAt', '>=', anchor.createdAt)
    .where((eb) => eb(eb.refTuple('createdAt', 'id'), '>', eb.tuple(anchor.createdAt, anchor.id)))
    .orderBy('createdAt')
    .orderBy('id')
    .limit(limit + 1)
    .execute()
  const page = rows.slice(0, limit)
  const people = await getMemberProfiles(page.map((row) => row.senderId))
  return { messages: page.map((row) => toMessageJson(row, people)), hasMore: rows.length > limit }
}
