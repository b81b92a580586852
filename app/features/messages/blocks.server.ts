import { type Expression, expressionBuilder, type SqlBool } from 'kysely'
import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { type Database, db } from '#app/lib/db.server.ts'
import { messageErrors } from './schema.ts'

// Blocking (issue 11, safety): once either of two users blocked the other, no message goes either way
// and their conversation is hidden from both; unblocking brings the thread back as it was.

export type BlockState = { byMe: boolean; byThem: boolean }

export async function blockStateBetween(userId: string, otherId: string): Promise<BlockState> {
  const rows = await db
    .selectFrom('userBlocks')
    .select('blockerId')
    .where((eb) =>
      eb.or([
        eb.and([eb('blockerId', '=', userId), eb('blockedId', '=', otherId)]),
        eb.and([eb('blockerId', '=', otherId), eb('blockedId', '=', userId)]),
      ]),
    )
    .execute()
  return { byMe: rows.some((row) => row.blockerId === userId), byThem: rows.some((row) => row.blockerId === otherId) }
}

export const isEitherBlocked = (state: BlockState) => state.byMe || state.byThem

/** For reads of many conversations: neither user blocked the other (two lookups by key). */
export function notBlockedBetween(userId: string | Expression<string>, otherId: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<Database>()
  const blocked = (blockerId: Expression<string> | string, blockedId: Expression<string> | string) =>
    eb.exists(db.selectFrom('userBlocks').select('userBlocks.blockerId').where('userBlocks.blockerId', '=', blockerId).where('userBlocks.blockedId', '=', blockedId))
  return eb.not(eb.or([blocked(userId, otherId), blocked(otherId, userId)]))
}

type BlockFailure = { ok: false; status: 400 | 404; message: string }

export async function blockUser(blockerId: string, blockedId: string): Promise<{ ok: true; created: boolean } | BlockFailure> {
  if (blockerId === blockedId) return { ok: false, status: 400, message: 'You cannot block yourself' }
  if (!(await getMemberProfiles([blockedId])).has(blockedId)) return { ok: false, status: 404, message: messageErrors.userNotFound }
  const result = await db
    .insertInto('userBlocks')
    .values({ blockerId, blockedId, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
    .executeTakeFirst()
  return { ok: true, created: Number(result.numInsertedOrUpdatedRows ?? 0) > 0 }
}

/** Lifts the user's own block; true when there was one. A block the other user made stays. */
export async function unblockUser(blockerId: string, blockedId: string) {
  const result = await db.deleteFrom('userBlocks').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
