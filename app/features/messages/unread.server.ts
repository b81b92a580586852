import { hasActiveAccount, inactiveAccountIds } from '#app/features/accounts/users.server.ts'
import { db } from '#app/lib/db.server.ts'
import { blockedEitherWayWith, notBlockedBetween } from './blocks.server.ts'

/**
 * Messages sent to this user that they have not read yet (the navigation's badge): the sum of the
 * conversation list's unread counts, so messages in hidden conversations (a block, a suspended sender)
 * do not count. A query of one row and column, to read with the other badges in one statement.
 * Counted as all unread messages less those from the few senders set aside (blocked either way, or
 * suspended), both from the index of unread messages by sender alone: checking each message's sender
 * cost a user with 337 unread messages about 1.4 ms on every page (issue 34). The set-aside senders are a
 * `union all`: a distinct `union` sorted them into a temporary table first, four times the cost of the
 * badge (30 -> 5 µs in a loop for the demo owner). Messages of a deleted account go with it (foreign keys),
 * so every sender left is a user.
 */
export function unreadMessagesQuery(userId: string) {
  const unread = () => db.selectFrom('messages').select((eb) => eb.fn.countAll<number>().as('count')).where('recipientId', '=', userId).where('readAt', 'is', null)
  const fromSetAside = unread().where('senderId', 'in', blockedEitherWayWith(userId).unionAll(inactiveAccountIds()))
  return db.selectNoFrom((eb) => eb(unread(), '-', fromSetAside).as('count'))
}

/**
 * The messages of one conversation this user has not read yet, as the badge counts them (none from a
 * blocked or suspended sender): how many, who sent them (the partner) and when the latest came; null when
 * there are none (the notification centre's entry for the conversation).
 */
export async function unreadInConversation(userId: string, conversationId: string) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => [eb.fn.countAll<number>().as('count'), eb.fn.max('createdAt').as('latestAt'), eb.fn.max('senderId').as('senderId')])
    .where('recipientId', '=', userId)
    .where('conversationId', '=', conversationId)
    .where('readAt', 'is', null)
    .where((eb) => hasActiveAccount(eb.ref('messages.senderId')))
    .where((eb) => notBlockedBetween(userId, eb.ref('messages.senderId')))
    .executeTakeFirstOrThrow()
  const count = Number(row.count)
  return count > 0 && row.latestAt && row.senderId ? { count, latestAt: row.latestAt, senderId: row.senderId } : null
}
