import type { Kysely } from 'kysely'

// Time-based booking alerts (issue 20): a warning to the confirming party that a request will expire within
// two hours, and a reminder to both parties an hour before an accepted booking. One row per booking and kind
// records that the alert's event was recorded, so a sweep on any instance records it once.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('bookingAlerts')
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recordedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookingAlerts_pk', ['bookingId', 'kind'])
    .execute()
  // The sweep looks for pending and accepted bookings starting soon.
  await db.schema.createIndex('bookings_status_start').on('bookings').columns(['status', 'startsAt']).execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('bookings_status_start').execute()
  await db.schema.dropTable('bookingAlerts').execute()
}
