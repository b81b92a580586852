import type { Selectable } from 'kysely'
import type { MemberProfile } from '#app/features/accounts/users.server.ts'
import type { MessagesTable } from '#app/lib/db-schema.ts'

// A message as every door hands it out (spec section 3, Message): the socket's acks and pushes, the JSON
// API and the pages. `read` and `status` say the same thing two ways: the spec names both.

export const messageColumns = ['id', 'conversationId', 'senderId', 'recipientId', 'content', 'createdAt', 'readAt', 'clientId', 'hiddenAt'] as const

/** What shows instead of a message an admin hid (moderation): kept for the record, never shown again. */
export const removedMessageText = 'This message was removed by Pawpal.'

/** A message's content as anyone sees it: the removal notice once an admin hid it. */
export const shownContent = (row: { content: string; hiddenAt: string | null }) => (row.hiddenAt === null ? row.content : removedMessageText)

export type MessageRow = Pick<Selectable<MessagesTable>, (typeof messageColumns)[number]>

export type MessageJson = {
  id: string
  conversationId: string
  clientId: string | null
  content: string
  /** An admin hid it: `content` is the removal notice. */
  hidden: boolean
  sender: { id: string; name: string; profilePhoto: string | null; bio: string | null }
  recipient: { id: string }
  read: boolean
  status: 'sent' | 'read'
  readAt: string | null
  createdAt: string
}

/** What a message shows of its sender. */
export type MessageSender = Pick<MemberProfile, 'name' | 'profilePhoto' | 'bio'>

/** The sender as the message shows them; a sender whose account is gone is 'Deleted user'. */
export function toMessageJson(row: MessageRow, people: ReadonlyMap<string, MessageSender>): MessageJson {
  const sender = people.get(row.senderId)
  return {
    id: row.id,
    conversationId: row.conversationId,
    clientId: row.clientId,
    content: shownContent(row),
    hidden: row.hiddenAt !== null,
    sender: {
      id: row.senderId,
      name: sender?.name ?? 'Deleted user',
      profilePhoto: sender?.profilePhoto ?? null,
      bio: sender?.bio ?? null,
    },
    recipient: { id: row.recipientId },
    read: row.readAt !== null,
    status: row.readAt === null ? 'sent' : 'read',
    readAt: row.readAt,
    createdAt: row.createdAt,
  }
}
