import { type Expression, expressionBuilder, type SqlBool } from 'kysely'
import { db, type Database, schemaConstant } from '#app/lib/db.server.ts'
import { dispatchEvents } from '#app/lib/events.server.ts'
import { addDays } from '#app/lib/zoned-time.ts'
import { recordBookingChange } from './booking-changes.server.ts'

// A request nobody answered before it was due to start is cancelled with the reason 'expired' (no request
// hangs, calendars stay true). It happens twice over: a periodic sweep (started by app/lifecycle.server.ts)
// and a check at the start of every read and change of bookings, so nothing is ever shown stale.

export const expiredReason = 'expired'

/**
 * Cancels every pending request (of those `scope` selects: one user's, one booking) whose first slot has
 * started; returns how many. Pending requests are indexed by date, and only those dated up to tomorrow
 * in UTC can have started (no zone is more than 14 hours ahead). A booking's first start is stored with it
 * (`startsAt`, kept by every write of its slots), so the check is one statement of ids: it runs before
 * every read of bookings.
 */
export async function expireStaleRequests(now = Date.now(), scope?: Expression<SqlBool>) {
  const latestDate = addDays(new Date(now).toISOString().slice(0, 10), 1)
  const on = expressionBuilder<Database, 'bookings'>()
  const started = [on('bookings.status', '=', schemaConstant('pending')), on('bookings.date', '<=', latestDate), on('bookings.startsAt', '<=', new Date(now).toISOString())]
  const stale = await db
    .selectFrom('bookings')
    .select('bookings.id')
    .where(on.and(scope ? [...started, scope] : started))
    .execute()
  const events: string[] = []
  for (const { id } of stale) {
    const eventId = await expireRequest(id, now)
    if (eventId) events.push(eventId)
  }
  void dispatchEvents(events)
  return events.length
}

/** Cancels one stale request, unless someone answered it meanwhile; the id of its recorded change when this call cancelled it. */
async function expireRequest(bookingId: string, now: number) {
  const changedAt = new Date(now).toISOString()
  return db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('bookings')
      .set({ status: 'cancelled', updatedAt: changedAt })
      .where('id', '=', bookingId)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return null
    await trx
      .insertInto('bookingStatusHistory')
      .values({
        id: crypto.randomUUID(),
        bookingId,
        fromStatus: 'pending',
        toStatus: 'cancelled',
        changedById: null,
        changedAt,
        reason: expiredReason,
      })
      .execute()
    return recordBookingChange(trx, 'expired', bookingId, { actor: null, from: 'pending' }, now)
  })
}
