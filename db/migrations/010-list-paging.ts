import type { Kysely } from 'kysely'
import { zonedInstant } from '#app/lib/zoned-time.ts'

// Lists that grow with use are paged in SQL (issue 18, decision 046): keyset pages walk an index in the
// list's order and stop after one page.
// - bookings.startsAt: when the first slot begins (UTC ISO), the booking lists' sort key (with the id).
// - bookings.dayEndsAt: when the booking's date ends in its own zone (UTC ISO). The tabs' 'today or later'
//   (spec section 9) is then `dayEndsAt > now` for bookings in any zone, a plain comparison on both engines.
// - each party's bookings by (party, startsAt, id); each side's conversations by (user, lastMessageAt, id)
//   in place of 001's (user, lastMessageAt), so ties of the sort key are in index order too.
// The backfill computes both instants the way the app does (lib/zoned-time.ts: a booking without slots
// takes its whole day).

/** The columns the backfill reads and writes, as they are at this migration. */
type Tables = {
  bookings: { id: string; date: string; timeZone: string; startsAt: string; dayEndsAt: string }
  bookingTimeSlots: { bookingId: string; startTime: string }
}

const isoAt = (instant: number) => new Date(instant).toISOString()

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('bookings').addColumn('startsAt', 'text', (c) => c.notNull().defaultTo('')).execute()
  await db.schema.alterTable('bookings').addColumn('dayEndsAt', 'text', (c) => c.notNull().defaultTo('')).execute()
  const tables = db as Kysely<Tables>
  const bookings = await tables
    .selectFrom('bookings')
    .select((eb) => [
      'id',
      'date',
      'timeZone',
      eb.selectFrom('bookingTimeSlots as s').select((inner) => inner.fn.min('s.startTime').as('start')).whereRef('s.bookingId', '=', 'bookings.id').as('firstStart'),
    ])
    .execute()
  for (const booking of bookings) {
    await tables
      .updateTable('bookings')
      .set({
        startsAt: isoAt(zonedInstant(booking.date, booking.firstStart ?? '00:00', booking.timeZone)),
        dayEndsAt: isoAt(zonedInstant(booking.date, '24:00', booking.timeZone)),
      })
      .where('id', '=', booking.id)
      .execute()
  }
  await db.schema.createIndex('bookings_owner_start').on('bookings').columns(['ownerId', 'startsAt', 'id']).execute()
  await db.schema.createIndex('bookings_sitter_start').on('bookings').columns(['sitterId', 'startsAt', 'id']).execute()

  await db.schema.dropIndex('conversations_userA_last').execute()
  await db.schema.dropIndex('conversations_userB_last').execute()
  await db.schema.createIndex('conversations_userA_order').on('conversations').columns(['userAId', 'lastMessageAt', 'id']).execute()
  await db.schema.createIndex('conversations_userB_order').on('conversations').columns(['userBId', 'lastMessageAt', 'id']).execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('conversations_userB_order').execute()
  await db.schema.dropIndex('conversations_userA_order').execute()
  await db.schema.createIndex('conversations_userA_last').on('conversations').columns(['userAId', 'lastMessageAt']).execute()
  await db.schema.createIndex('conversations_userB_last').on('conversations').columns(['userBId', 'lastMessageAt']).execute()
  await db.schema.dropIndex('bookings_sitter_start').execute()
  await db.schema.dropIndex('bookings_owner_start').execute()
  await db.schema.alterTable('bookings').dropColumn('dayEndsAt').execute()
  await db.schema.alterTable('bookings').dropColumn('startsAt').execute()
}
