import { db } from '#app/lib/db.server.ts'
import { findConversationId } from './conversations.server.ts'
import { publish } from './hub.server.ts'
import { messageErrors } from './schema.ts'

// Read receipts (spec section 4): the recipient marks messages read; each newly read message is pushed as
// messageStatusUpdate to both users' sockets (the sender sees 'Read', the reader's other tabs their
// badge go down). Marking a message read twice changes nothing and pushes nothing.

type ReadRow = { id: string; senderId: string; recipientId: string; conversationId: string }

function announce(rows: readonly ReadRow[]) {
  for (const row of rows) {
    publish({
      event: 'messageStatusUpdate',
      userIds: [row.senderId, row.recipientId],
      data: { messageId: row.id, conversationId: row.conversationId, read: true },
    })
  }
}

/**
 * The socket's markAsRead and POST /api/messages/read. Every id must be a message sent to this user;
 * otherwise nothing is marked and the answer is 'Message not found'.
 */
export async function markMessagesRead(userId: string, messageIds: readonly string[]): Promise<{ ok: true; read: string[] } | { ok: false; status: 404; message: string }> {
  const ids = [...new Set(messageIds)]
  const newlyRead = await db.transaction().execute(async (trx) => {
    const addressed = await trx
      .selectFrom('messages')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('id', 'in', ids)
      .where('recipientId', '=', userId)
      .executeTakeFirstOrThrow()
    if (Number(addressed.count) !== ids.length) return null
    return trx
      .updateTable('messages')
      .set({ readAt: new Date().toISOString() })
      .where('id', 'in', ids)
      .where('recipientId', '=', userId)
      .where('readAt', 'is', null)
      .returning(['id', 'senderId', 'recipientId', 'conversationId'])
      .execute()
  })
  if (!newlyRead) return { ok: false, status: 404, message: messageErrors.messageNotFound }
  announce(newlyRead)
  return { ok: true, read: newlyRead.map((row) => row.id) }
}

/** Opening a thread (spec section 4): every message the partner sent the user is read now. */
export async function markConversationRead(userId: string, partnerId: string) {
  const conversationId = await findConversationId(userId, partnerId)
  if (!conversationId) return []
  const newlyRead = await db
    .updateTable('messages')
    .set({ readAt: new Date().toISOString() })
    .where('conversationId', '=', conversationId)
    .where('recipientId', '=', userId)
    .where('readAt', 'is', null)
    .returning(['id', 'senderId', 'recipientId', 'conversationId'])
    .execute()
  announce(newlyRead)
  return newlyRead.map((row) => row.id)
}
