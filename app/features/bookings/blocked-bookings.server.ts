import { expressionBuilder } from 'kysely'
import { blockEventType, blockStateBetween, isEitherBlocked, readBlock } from '#app/features/messages/blocks.server.ts'
import { db, type Database } from '#app/lib/db.server.ts'
import { dispatchEvents, type Subscriber } from '#app/lib/events.server.ts'
import { recordBookingChange } from './booking-changes.server.ts'
import { findBookings, partyOf } from './booking-records.server.ts'
import { serializeSitterBookings } from './booking-rules.server.ts'
import { expireStaleRequests } from './expiry.server.ts'
import { confirmingParty } from './transitions.ts'

// A block stops every contact both ways (DESIGN.md ruling 31): createBooking refuses a request or an offer
// between the two, and the requests pending between them when the block is made are withdrawn by the one who
// blocked, as by hand: declined when theirs to answer, else cancelled. The other party hears of it as of any
// decline or cancellation (the booking's own e-mail and notification), with no word of the block.

/** Withdraws every request pending between the two while a block stands; the blocker is the party who withdraws them. */
async function withdrawPendingBookingsBetween(blockerId: string, otherId: string) {
  const now = Date.now()
  const on = expressionBuilder<Database, 'bookings'>()
  const between = on.or([
    on.and([on('bookings.ownerId', '=', blockerId), on('bookings.sitterId', '=', otherId)]),
    on.and([on('bookings.ownerId', '=', otherId), on('bookings.sitterId', '=', blockerId)]),
  ])
  await expireStaleRequests(now, between)
  const changedAt = new Date(now).toISOString()
  const events = await db.transaction().execute(async (trx) => {
    // Under the locks createBooking takes: a request written meanwhile is either read here or saw the block.
    for (const sitterId of [blockerId, otherId].sort()) await serializeSitterBookings(trx, sitterId)
    // Delivery is at least once: a block lifted before a late retry withdraws nothing made since.
    if (!isEitherBlocked(await blockStateBetween(blockerId, otherId, trx))) return []
    const pending = await findBookings(on.and([between, on('bookings.status', '=', 'pending')]), trx)
    const recorded: string[] = []
    for (const booking of pending) {
      const actor = partyOf(booking, blockerId)
      const to = actor === confirmingParty(booking.requestedBy) ? 'rejected' : 'cancelled'
      const updated = await trx.updateTable('bookings').set({ status: to, updatedAt: changedAt }).where('id', '=', booking.id).where('status', '=', 'pending').executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) continue
      await trx
        .insertInto('bookingStatusHistory')
        .values({ id: crypto.randomUUID(), bookingId: booking.id, fromStatus: 'pending', toStatus: to, changedById: blockerId, changedAt, reason: null })
        .execute()
      recorded.push(await recordBookingChange(trx, to, booking.id, { actor, from: 'pending' }, now))
    }
    return recorded
  })
  void dispatchEvents(events)
}

export const blockedBookingsSubscriber: Subscriber = {
  name: 'blocked-bookings',
  types: [blockEventType],
  async handle(event) {
    const block = readBlock(event)
    if (block) await withdrawPendingBookingsBetween(block.blockerId, block.blockedId)
  },
}
