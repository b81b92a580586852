import { type Kysely, sql } from 'kysely'

// The Bookings badge counts the requests waiting for the user's answer on every signed-in page: from an index of
// the pending bookings alone, one by sitter and one by owner, each with the columns the count tests (who asked,
// and the sitter on the owner's side), instead of reading the row of every booking ahead of the user (issue 34:
// a sitter with 500 bookings ahead, about 0.5 ms a page).

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createIndex('bookings_pending_sitter')
    .on('bookings')
    .columns(['sitterId', 'startsAt', 'requestedById'])
    .where(sql.ref('status'), '=', 'pending')
    .execute()
  await db.schema
    .createIndex('bookings_pending_owner')
    .on('bookings')
    .columns(['ownerId', 'startsAt', 'requestedById', 'sitterId'])
    .where(sql.ref('status'), '=', 'pending')
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('bookings_pending_owner').execute()
  await db.schema.dropIndex('bookings_pending_sitter').execute()
}
