import { type Kysely, sql } from 'kysely'

// The booking lists' Upcoming tabs show a weekly round by its next visit (decision 104): for each booking of a round
// the list asks whether an earlier one of the same round is still to come, and the cards count the visits left.
// Both read a round's bookings from today on in start order, from this index, instead of every date it ever had.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createIndex('bookings_series_start')
    .on('bookings')
    .columns(['seriesId', 'startsAt'])
    .where(sql.ref('seriesId'), 'is not', null)
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('bookings_series_start').execute()
}
