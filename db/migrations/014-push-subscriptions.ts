import type { Kysely } from 'kysely'

// Web Push (issue 20, decision 052): one row per device (browser profile) that turned notifications on. The
// endpoint is the push service's address for that device, unique: a device belongs to whoever subscribed it
// last. p256dh and auth are the device's keys (base64url) that every payload is encrypted to (RFC 8291).

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('pushSubscriptions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('endpoint', 'text', (c) => c.notNull().unique())
    .addColumn('p256dh', 'text', (c) => c.notNull())
    .addColumn('auth', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('pushSubscriptions_userId').on('pushSubscriptions').columns(['userId', 'createdAt']).execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('pushSubscriptions').execute()
}
