import { type Expression, expressionBuilder, type SqlBool } from 'kysely'
import { db, type Database, schemaConstant } from '#app/lib/db.server.ts'
import { dispatchEvents } from '#app/lib/events.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { addDays } from '#app/lib/zoned-time.ts'
import { recordBookingChange } from './booking-changes.server.ts'
import { partyColumn } from './booking-records.server.ts'
import type { Party } from './transitions.ts'

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
  const on = expressionBuilder<Database, 'bookings'>()
  const started = startedRequests(staleBounds(now))
  const stale = await db
    .selectFrom('bookings')
    .select('bookings.id')
    .where(on.and(scope ? [started, scope] : [started]))
    .execute()
  return expireAll(stale, now)
}

/** The same for one party's requests, the check before each of their lists: its statement compiled once (decision 089). */
export async function expireStaleRequestsOf(party: Party, userId: string, now = Date.now()) {
  return expireAll(await staleRequestsOf[party]({ ...staleBounds(now), userId }), now)
}

/** The same for one booking, the check before its page: its statement compiled once (decision 089). */
export async function expireStaleRequest(bookingId: string, now = Date.now()) {
  return expireAll(await staleRequestById({ ...staleBounds(now), bookingId }), now)
}

type StaleBounds = { latestDate: string; now: string }

const staleBounds = (now: number): StaleBounds => ({ latestDate: addDays(new Date(now).toISOString().slice(0, 10), 1), now: new Date(now).toISOString() })

function startedRequests({ latestDate, now }: StaleBounds) {
  const on = expressionBuilder<Database, 'bookings'>()
  return on.and([on('bookings.status', '=', schemaConstant('pending')), on('bookings.date', '<=', latestDate), on('bookings.startsAt', '<=', now)])
}

const staleRequestsOf = {
  owner: precompiledStaleRequests('owner'),
  sitter: precompiledStaleRequests('sitter'),
}

function precompiledStaleRequests(party: Party) {
  return precompiledQuery((values: StaleBounds & { userId: string }) =>
    db
      .selectFrom('bookings')
      .select('bookings.id')
      .where((eb) => eb.and([startedRequests(values), eb(partyColumn[party], '=', values.userId)])),
  )
}

const staleRequestById = precompiledQuery((values: StaleBounds & { bookingId: string }) =>
  db
    .selectFrom('bookings')
    .select('bookings.id')
    .where((eb) => eb.and([startedRequests(values), eb('bookings.id', '=', values.bookingId)])),
)

async function expireAll(stale: readonly { id: string }[], now: number) {
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
