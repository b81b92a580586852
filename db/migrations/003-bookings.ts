import { type Kysely, sql } from 'kysely'

// Bookings come alive (issue 10): what the initial schema did not yet hold.
// - bookings.hourlyRateCents: the sitter's rate for the service at request time (null when the sitter had
//   set none); priceCents is that rate x the booked hours.
// - bookingStatusHistory.reason: why a change happened when nobody made it ('expired').
// (reviews.reply / repliedAt, the sitter's one answer to a review, come with 002.)
// - dogs.archivedAt: a dog with bookings is archived instead of deleted.
// - emailOutbox: every e-mail a booking's life sends, once per (booking, event), delivered after the commit.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .alterTable('bookings')
    .addColumn('hourlyRateCents', 'integer', (c) => c.check(sql`"hourlyRateCents" is null or "hourlyRateCents" >= 0`))
    .execute()
  // The expiry sweep and the check on read look for pending requests by date.
  await db.schema
    .createIndex('bookings_pending_date')
    .on('bookings')
    .column('date')
    .where(sql.ref('status'), '=', 'pending')
    .execute()
  await db.schema
    .createIndex('bookings_status_sitter')
    .on('bookings')
    .columns(['status', 'sitterId', 'date'])
    .execute()

  await db.schema.alterTable('bookingStatusHistory').addColumn('reason', 'text').execute()

  await db.schema.alterTable('dogs').addColumn('archivedAt', 'text').execute()

  await db.schema
    .createTable('emailOutbox')
    .addColumn('id', 'text', (c) => c.primaryKey())
    // What the e-mail is about, e.g. 'booking:<id>:accepted': the same key is never queued twice.
    .addColumn('key', 'text', (c) => c.notNull().unique())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('body', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    // When a worker may next try it; a worker that takes it pushes this forward (its lease).
    .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
    .addColumn('sentAt', 'text')
    .addColumn('lastError', 'text')
    .execute()
  await db.schema
    .createIndex('emailOutbox_due')
    .on('emailOutbox')
    .column('nextAttemptAt')
    .where(sql.ref('sentAt'), 'is', null)
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('emailOutbox').execute()
  await db.schema.alterTable('dogs').dropColumn('archivedAt').execute()
  await db.schema.alterTable('bookingStatusHistory').dropColumn('reason').execute()
  await db.schema.dropIndex('bookings_status_sitter').execute()
  await db.schema.dropIndex('bookings_pending_date').execute()
  await db.schema.alterTable('bookings').dropColumn('hourlyRateCents').execute()
}
