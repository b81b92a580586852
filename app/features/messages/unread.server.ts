import { hasActiveAccount } from '#app/features/accounts/users.server.ts'
import { db } from '#app/lib/db.server.ts'
import { notBlockedBetween } from './blocks.server.ts'

/**
 * Messages sent to this user that they have not read yet (the navigation's badge): the sum of the
 * conversation list's unread counts, so messages in hidden conversations (a block, a suspended sender)
 * do not count.
 */
export async function countUnreadMessages(userId: string) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('recipientId', '=', userId)
    .where('readAt', 'is', null)
    .where((eb) => hasActiveAccount(eb.ref('messages.senderId')))
    .where((eb) => notBlockedBetween(userId, eb.ref('messages.senderId')))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
