import type { Kysely, Transaction } from 'kysely'
import { db, type Database } from '#app/lib/db.server.ts'
import { recordEvent, type Subscriber } from '#app/lib/events.server.ts'
import { publish } from './hub.server.ts'
import { findMessageJson } from './stored-message.server.ts'
import { messageEventTypes } from './message-event-types.ts'

// A message sent and messages read are recorded as domain events in the transaction that stored them
// (decision 038); the live pushes to the open sockets (DESIGN.md section 5) follow from them. Payloads
// carry ids, never the message text.


type Executor = Transaction<Database> | Kysely<Database>

/** `connectionId`: the socket that sent it, which gets the ack instead of the push. */
export function recordMessageSent(trx: Executor, message: { id: string; conversationId: string }, connectionId?: string) {
  return recordEvent(trx, { type: messageEventTypes.sent, subjectId: message.conversationId, payload: { messageId: message.id, connectionId: connectionId ?? null } })
}

export function recordMessagesRead(trx: Executor, conversationId: string, messageIds: readonly string[]) {
  return recordEvent(trx, { type: messageEventTypes.read, subjectId: conversationId, payload: { messageIds } })
}

/** newMessage to the recipient's sockets and the sender's other tabs; messageStatusUpdate to both for each read message. */
export const messagePushSubscriber: Subscriber = {
  name: 'message-pushes',
  types: [messageEventTypes.sent, messageEventTypes.read],
  async handle(event) {
    if (event.type === messageEventTypes.sent) {
      const { messageId, connectionId } = event.payload as { messageId: string; connectionId: string | null }
      const data = await findMessageJson(messageId)
      if (!data) return
      publish({ event: 'newMessage', userIds: [data.sender.id, data.recipient.id], data, exceptConnectionId: connectionId ?? undefined })
      return
    }
    const { messageIds } = event.payload as { messageIds: string[] }
    if (messageIds.length === 0) return
    const rows = await db.selectFrom('messages').select(['id', 'senderId', 'recipientId', 'conversationId']).where('id', 'in', messageIds).execute()
    for (const row of rows) {
      publish({ event: 'messageStatusUpdate', userIds: [row.senderId, row.recipientId], data: { messageId: row.id, conversationId: row.conversationId, read: true } })
    }
  },
}
