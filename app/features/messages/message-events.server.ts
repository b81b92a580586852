import type { Kysely, Transaction } from 'kysely'
import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { db, type Database } from '#app/lib/db.server.ts'
import { recordEvent, type Subscriber } from '#app/lib/events.server.ts'
import { publish } from './hub.server.ts'
import { messageColumns, toMessageJson } from './message-json.ts'

// A message sent and messages read are recorded as domain events in the transaction that stored them
// (decision 038); the live pushes to the open sockets (DESIGN.md section 5) follow from them. Payloads
// carry ids, never the message text.

export const messageEventTypes = { sent: 'message.sent', read: 'message.read' } as const

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
      const row = await db.selectFrom('messages').select(messageColumns).where('id', '=', messageId).executeTakeFirst()
      if (!row) return
      const data = toMessageJson(row, await getMemberProfiles([row.senderId]))
      publish({ event: 'newMessage', userIds: [row.senderId, row.recipientId], data, exceptConnectionId: connectionId ?? undefined })
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
