import { type Expression, expressionBuilder, type Kysely, type SqlBool } from 'kysely'
import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { type Database, db } from '#app/lib/db.server.ts'
import { dispatchEvents, recordEvent, type StoredEvent } from '#app/lib/events.server.ts'
import { messageErrors } from './schema.ts'

// Blocking (issue 11, safety): once either of two users blocked the other, no message goes either way
// and their conversation is hidden from both; unblocking brings the thread back as it was. A block stops
// every contact (DESIGN.md ruling 31): bookings ask `blockStateBetween` too, and a new block is recorded
// as a domain event, which the requests pending between the two follow (bookings/blocked-bookings.server.ts).

export const blockEventType = 'user.blocked'

/** Who blocked whom, when the event is a block; null for any other event. */
export function readBlock(event: StoredEvent) {
  if (event.type !== blockEventType) return null
  return { blockerId: (event.payload as { blockerId: string }).blockerId, blockedId: event.subjectId }
}

export type BlockState = { byMe: boolean; byThem: boolean }

/** `executor`: a transaction that must see the blocks committed before it writes. */
export async function blockStateBetween(userId: string, otherId: string, executor: Kysely<Database> = db): Promise<BlockState> {
  const rows = await executor
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

/**
 * Everyone this user blocked or was blocked by, as a subquery of ids for `in` (the blocker's key and
 * `userBlocks_blocked`). Someone blocked both ways comes twice: `in` asks membership, so the list is not made distinct.
 */
export function blockedEitherWayWith(userId: string) {
  return db
    .selectFrom('userBlocks')
    .select('blockedId as id')
    .where('blockerId', '=', userId)
    .unionAll(db.selectFrom('userBlocks').select('blockerId as id').where('blockedId', '=', userId))
}

/** For reads of many conversations: neither user blocked the other (two lookups by key). */
export function notBlockedBetween(userId: string | Expression<string>, otherId: Expression<string>): Expression<SqlBool> {
  const eb = expressionBuilder<Database>()
  const blocked = (blockerId: Expression<string> | string, blockedId: Expression<string> | string) =>
    eb.exists(db.selectFrom('userBlocks').select('userBlocks.blockerId').where('userBlocks.blockerId', '=', blockerId).where('userBlocks.blockedId', '=', blockedId))
  return eb.not(eb.or([blocked(userId, otherId), blocked(otherId, userId)]))
}

type BlockFailure = { ok: false; status: 400 | 404; message: string }

/** Answers once what follows a new block (the requests between the two withdrawn) is done. */
export async function blockUser(blockerId: string, blockedId: string): Promise<{ ok: true; created: boolean } | BlockFailure> {
  if (blockerId === blockedId) return { ok: false, status: 400, message: messageErrors.blockingYourself }
  if (!(await getMemberProfiles([blockedId])).has(blockedId)) return { ok: false, status: 404, message: messageErrors.userNotFound }
  const eventId = await db.transaction().execute(async (trx) => {
    const result = await trx
      .insertInto('userBlocks')
      .values({ blockerId, blockedId, createdAt: new Date().toISOString() })
      .onConflict((oc) => oc.columns(['blockerId', 'blockedId']).doNothing())
      .executeTakeFirst()
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null
    return recordEvent(trx, { type: blockEventType, subjectId: blockedId, payload: { blockerId } })
  })
  if (eventId) await dispatchEvents([eventId])
  return { ok: true, created: eventId !== null }
}

/** Lifts the user's own block; true when there was one. A block the other user made stays. */
export async function unblockUser(blockerId: string, blockedId: string) {
  const result = await db.deleteFrom('userBlocks').where('blockerId', '=', blockerId).where('blockedId', '=', blockedId).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}
