import type { Kysely } from 'kysely'

// The home-access vault (issue 32 part 3, DESIGN.md ruling 27, decision 070):
// - homeAccess: one row per owner, the entry instructions and codes sealed with AES-256-GCM (`sealed`) under
//   the key named by `keyId` (HOME_ACCESS_KEYS, or 'session' for the key derived from SESSION_SECRET).
// - homeAccessViews: each time the sitter of an accepted booking was shown them, listed to the owner.
// - homeAccessReminders: the bookings whose owner was reminded to change their codes, so once per booking.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('homeAccess')
    .addColumn('ownerId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('sealed', 'text', (c) => c.notNull())
    .addColumn('keyId', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('homeAccessViews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ownerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('viewedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('homeAccessViews_owner').on('homeAccessViews').columns(['ownerId', 'viewedAt']).execute()
  await db.schema.createIndex('homeAccessViews_booking').on('homeAccessViews').column('bookingId').execute()

  await db.schema
    .createTable('homeAccessReminders')
    .addColumn('bookingId', 'text', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('remindedAt', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('homeAccessReminders').execute()
  await db.schema.dropTable('homeAccessViews').execute()
  await db.schema.dropTable('homeAccess').execute()
}
