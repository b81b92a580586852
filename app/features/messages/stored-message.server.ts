import { db } from '#app/lib/db.server.ts'
import { type MessageJson, toMessageJson } from './message-json.ts'

/**
 * Stored messages as the socket pushes them, by id (one that is gone is missing): one query, with their
 * senders joined (a hub that heard of many messages reads them together).
 */
export async function findMessageJsons(messageIds: readonly string[]): Promise<Map<string, MessageJson>> {
  if (messageIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('messages')
    .leftJoin('users', 'users.id', 'messages.senderId')
    .select([
      'messages.id',
      'messages.conversationId',
      'messages.senderId',
      'messages.recipientId',
      'messages.content',
      'messages.createdAt',
      'messages.readAt',
      'messages.clientId',
      'messages.hiddenAt',
      'users.name',
      'users.profilePhoto',
      'users.bio',
    ])
    .where('messages.id', 'in', [...new Set(messageIds)])
    .execute()
  return new Map(
    rows.map((row) => {
      const sender = row.name === null ? [] : [[row.senderId, { name: row.name, profilePhoto: row.profilePhoto, bio: row.bio }] as const]
      return [row.id, toMessageJson(row, new Map(sender))]
    }),
  )
}

/** A stored message as the socket pushes it, or null when it is gone. */
export async function findMessageJson(messageId: string) {
  return (await findMessageJsons([messageId])).get(messageId) ?? null
}
