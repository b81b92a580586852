import type { Kysely } from 'kysely'
import { type Database, db } from '#app/lib/db.server.ts'
import { findConversationId } from './conversations.server.ts'

// What a report of a conversation shows the admins (DESIGN.md ruling 25): the reported user's latest
// messages and the ten before the first of them, no more, as they were when reported. The moderation
// feature keeps this with the report; an admin never reads the conversation itself.

/** How many of the reported user's latest messages a report holds, and how many messages before them. */
export const reportedMessageCount = 10
export const messagesBeforeReported = 10

export type ReportedMessage = { id: string; senderId: string; content: string; createdAt: string; reported: boolean }

/**
 * The conversation of `reporterId` with `reportedUserId` and its reported messages, or null when the two
 * have no conversation (or are the same user).
 */
export async function reportedConversation(reporterId: string, reportedUserId: string) {
  const conversationId = reporterId === reportedUserId ? null : await findConversationId(reporterId, reportedUserId)
  if (!conversationId) return null
  const latest = await db
    .selectFrom('messages')
    .select(['id', 'senderId', 'content', 'createdAt'])
    .where('conversationId', '=', conversationId)
    .orderBy('createdAt', 'desc')
    .orderBy('id', 'desc')
    .limit(100)
    .execute()
  const reportedPositions = latest.flatMap((message, position) => (message.senderId === reportedUserId ? [position] : [])).slice(0, reportedMessageCount)
  const oldestReported = reportedPositions.at(-1)
  const kept = oldestReported === undefined ? [] : latest.slice(0, oldestReported + 1 + messagesBeforeReported)
  const messages: ReportedMessage[] = kept
    .map((message, position) => ({ ...message, reported: message.senderId === reportedUserId && position <= (oldestReported ?? -1) }))
    .reverse()
  return { conversationId, messages }
}

/** Hides messages of a conversation (an admin's resolution of its report): kept, never shown again. */
export async function hideMessages(conversationId: string, messageIds: readonly string[], executor: Kysely<Database> = db, now = Date.now()) {
  if (messageIds.length === 0) return 0
  const hidden = await executor
    .updateTable('messages')
    .set({ hiddenAt: new Date(now).toISOString() })
    .where('conversationId', '=', conversationId)
    .where('id', 'in', [...messageIds])
    .where('hiddenAt', 'is', null)
    .executeTakeFirst()
  return Number(hidden.numUpdatedRows)
}
