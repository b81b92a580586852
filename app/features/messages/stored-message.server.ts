import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { db } from '#app/lib/db.server.ts'
import { messageColumns, toMessageJson } from './message-json.ts'

/** A stored message as the socket pushes it, or null when it is gone. */
export async function findMessageJson(messageId: string) {
  const row = await db.selectFrom('messages').select(messageColumns).where('id', '=', messageId).executeTakeFirst()
  return row ? toMessageJson(row, await getMemberProfiles([row.senderId])) : null
}
