import type { Transaction } from 'kysely'
import { db, type Database } from '#app/lib/db.server.ts'
import { dispatchEvents } from '#app/lib/events.server.ts'
import { findConversationId } from './conversations.server.ts'
import { recordMessagesRead } from './message-events.server.ts'
import { messageErrors } from './schema.ts'

// Read receipts (spec section 4): the recipient marks messages read; each newly read message is pushed as
// messageStatusUpdate to both users' sockets (the sender sees 'Read', the reader's other tabs their
// badge go down), by the subscriber of the read event recorded with them (message-events.server.ts).
// Marking a message read twice changes nothing and pushes nothing.

type ReadRow = { id: string; conversationId: string }

/** Records the newly read messages' event in the transaction that read them, one per conversation. */
async function recordRead(trx: Transaction<Database>, rows: readonly ReadRow[]) {
  const byConversation = Map.groupBy(rows, (row) => row.conversationId)
  const events: string[] = []
  for (const [conversationId, read] of byConversation) events.push(await recordMessagesRead(trx, conversationId, read.map((row) => row.id)))
  return events
}

/**
 * The socket's markAsRead and POST /api/messages/read. Every id must be a message sent to this user;
 * otherwise nothing is marked and the answer is 'Message not found'.
 */
export async function markMessagesRead(userId: string, messageIds: readonly string[]): Promise<{ ok: true; read: string[] } | { ok: false; status: 404; message: string }> {
  const ids = [...new Set(messageIds)]
  const outcome = await db.transaction().execute(async (trx) => {
    const addressed = await trx
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('id', 'in', ids)
      .where('recipientId', '=', userId)
      .executeTakeFirstOrThrow()
    if (Number(addressed.count) !== ids.length) return null
    const read = await trx
      .updateTable('messages')
      .set({ readAt: new Date().toISOString() })
      .where('id', 'in', ids)
      .where('recipientId', '=', userId)
      .where('readAt', 'is', null)
      .returning(['id', 'conversationId'])
      .execute()
    return { read, events: await recordRead(trx, read) }
  })
  if (!outcome) return { ok: false, status: 404, message: messageErrors.messageNotFound }
  await dispatchEvents(outcome.events)
  return { ok: true, read: outcome.read.map((row) => row.id) }
}

/** Opening a thread (spec section 4): every message the partner sent the user is read now. */
export async function markConversationRead(userId: string, partnerId: string) {
  const conversationId = await findConversationId(userId, partnerId)
  if (!conversationId) return []
  const { read, events } = await db.transaction().execute(async (trx) => {
    const newlyRead = await trx
      .updateTable('messages')
      .set({ readAt: new Date().toISOString() })
      .where('conversationId', '=', conversationId)
      .where('recipientId', '=', userId)
      .where('readAt', 'is', null)
      .returning(['id', 'conversationId'])
      .execute()
    return { read: newlyRead, events: await recordRead(trx, newlyRead) }
  })
  await dispatchEvents(events)
  return read.map((row) => row.id)
}
