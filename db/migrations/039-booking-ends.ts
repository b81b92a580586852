import type { Kysely } from 'kysely'
import { addDays, toMinutes, zonedInstant } from '#app/lib/zoned-time.ts'

// A stay past midnight is under way the next morning, when its date is already past (decision 108): the booking
// lists count a booking as today's or later while its date or the booking itself has not ended.
// - bookings.endsAt: when its last slot ends (UTC ISO), a slot whose end is not after its start ending the next day;
//   a booking without slots takes its whole day, as lib/zoned-time.ts and bookings/slots.ts read it.

/** The columns the backfill reads and writes, as they are at this migration. */
type Tables = {
  bookings: { id: string; date: string; timeZone: string; endsAt: string }
  bookingTimeSlots: { bookingId: string; startTime: string; endTime: string }
}

const isoAt = (instant: number) => new Date(instant).toISOString()

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('bookings').addColumn('endsAt', 'text', (c) => c.notNull().defaultTo('')).execute()
  const tables = db as Kysely<Tables>
  const bookings = await tables.selectFrom('bookings').select(['id', 'date', 'timeZone']).execute()
  const slots = await tables.selectFrom('bookingTimeSlots').select(['bookingId', 'startTime', 'endTime']).execute()
  const slotsOf = Map.groupBy(slots, (slot) => slot.bookingId)
  for (const booking of bookings) {
    const ends = (slotsOf.get(booking.id) ?? [{ startTime: '00:00', endTime: '00:00' }]).map(({ startTime, endTime }) =>
      zonedInstant(toMinutes(endTime) <= toMinutes(startTime) ? addDays(booking.date, 1) : booking.date, endTime, booking.timeZone),
    )
    await tables
      .updateTable('bookings')
      .set({ endsAt: isoAt(Math.max(...ends)) })
      .where('id', '=', booking.id)
      .execute()
  }
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('bookings').dropColumn('endsAt').execute()
}
