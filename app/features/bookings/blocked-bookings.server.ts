import { type Expression, expressionBuilder, type SqlBool, type Transaction } from 'kysely'
import { accountEventTypes, accountStatusOf, suspendedAccountOf } from '#app/features/accounts/account-status.server.ts'
import { blockEventType, blockStateBetween, isEitherBlocked, readBlock } from '#app/features/messages/blocks.server.ts'
import { db, type Database } from '#app/lib/db.server.ts'
import { dispatchEvents, type Subscriber } from '#app/lib/events.server.ts'
import { recordBookingChange } from './booking-changes.server.ts'
import { bookingsOfParty, findBookings, partyOf } from './booking-records.server.ts'
import { serializeSitterBookings } from './booking-rules.server.ts'
import { expireStaleRequests } from './expiry.server.ts'
import { withdrawPendingSeries } from './booking-series.server.ts'
import { seriesOfParty } from './series-records.server.ts'
import { confirmingParty } from './transitions.ts'

// A suspension (DESIGN.md ruling 25) withdraws the suspended user's pending requests (weekly ones too) the same way, as if
// they had declined or cancelled each: the other party hears a neutral decline or cancellation.
//
// A block stops every contact both ways (DESIGN.md ruling 31): createBooking refuses a request or an offer
// between the two, and the requests pending between them when the block is made are withdrawn by the one who
// blocked, as by hand: declined when theirs to answer, else cancelled. The other party hears of it as of any
// decline or cancellation (the booking's own e-mail and notification), with no word of the block.

/**
 * Withdraws the pending requests `scope` selects, as `withdrawnBy` would by hand: declined when theirs to
 * answer, else cancelled. `stillApplies` is asked under the sitters' booking locks, so a request written
 * meanwhile is either withdrawn here or saw the reason for it; delivery is at least once, so a reason gone
 * before a late retry withdraws nothing.
 */
async function withdrawPendingRequests(withdrawnBy: string, scope: Expression<SqlBool>, stillApplies: (trx: Transaction<Database>) => Promise<boolean>) {
  const now = Date.now()
  const on = expressionBuilder<Database, 'bookings'>()
  await expireStaleRequests(now, scope)
  const changedAt = new Date(now).toISOString()
  const pendingNow = on.and([scope, on('bookings.status', '=', 'pending')])
  const sitterIds = [...new Set([withdrawnBy, ...(await findBookings(pendingNow)).map((booking) => booking.sitterId)])].sort()
  const events = await db.transaction().execute(async (trx) => {
    for (const sitterId of sitterIds) await serializeSitterBookings(trx, sitterId)
    if (!(await stillApplies(trx))) return []
    const recorded: string[] = []
    for (const booking of await findBookings(pendingNow, trx)) {
      const actor = partyOf(booking, withdrawnBy)
      const to = actor === confirmingParty(booking.requestedBy) ? 'rejected' : 'cancelled'
      const updated = await trx.updateTable('bookings').set({ status: to, updatedAt: changedAt }).where('id', '=', booking.id).where('status', '=', 'pending').executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) continue
      await trx
        .insertInto('bookingStatusHistory')
        .values({ id: crypto.randomUUID(), bookingId: booking.id, fromStatus: 'pending', toStatus: to, changedById: withdrawnBy, changedAt, reason: null })
        .execute()
      recorded.push(await recordBookingChange(trx, to, booking.id, { actor, from: 'pending' }, now))
    }
    return recorded
  })
  void dispatchEvents(events)
}

/** Withdraws every request pending between the two while a block stands; the blocker is the party who withdraws them. */
async function withdrawPendingBookingsBetween(blockerId: string, otherId: string) {
  const on = expressionBuilder<Database, 'bookings'>()
  const between = on.or([
    on.and([on('bookings.ownerId', '=', blockerId), on('bookings.sitterId', '=', otherId)]),
    on.and([on('bookings.ownerId', '=', otherId), on('bookings.sitterId', '=', blockerId)]),
  ])
  const stillBlocked = async (trx: Transaction<Database>) => isEitherBlocked(await blockStateBetween(blockerId, otherId, trx))
  await withdrawPendingRequests(blockerId, between, stillBlocked)
  const onSeries = expressionBuilder<Database, 'bookingSeries'>()
  await withdrawPendingSeries(
    blockerId,
    onSeries.or([
      onSeries.and([onSeries('bookingSeries.ownerId', '=', blockerId), onSeries('bookingSeries.sitterId', '=', otherId)]),
      onSeries.and([onSeries('bookingSeries.ownerId', '=', otherId), onSeries('bookingSeries.sitterId', '=', blockerId)]),
    ]),
    stillBlocked,
  )
}

export const blockedBookingsSubscriber: Subscriber = {
  name: 'blocked-bookings',
  types: [blockEventType],
  async handle(event) {
    const block = readBlock(event)
    if (block) await withdrawPendingBookingsBetween(block.blockerId, block.blockedId)
  },
}

export const suspendedAccountBookingsSubscriber: Subscriber = {
  name: 'suspended-account-bookings',
  types: [accountEventTypes.suspended],
  async handle(event) {
    const userId = suspendedAccountOf(event)
    if (!userId) return
    const stillSuspended = async (trx: Transaction<Database>) => (await accountStatusOf(userId, trx)) === 'suspended'
    await withdrawPendingRequests(userId, bookingsOfParty(userId), stillSuspended)
    await withdrawPendingSeries(userId, seriesOfParty(userId), stillSuspended)
  },
}
