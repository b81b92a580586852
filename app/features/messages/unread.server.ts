import { db } from '#app/lib/db.server.ts'

/** Messages sent to this user that they have not read yet (the bottom navigation badge). */
export async function countUnreadMessages(userId: string) {
  const row = await db
    .selectFrom('messages')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('recipientId', '=', userId)
    .where('readAt', 'is', null)
    .executeTakeFirstOrThrow()
  return Number(row.count)
}
