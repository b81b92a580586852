import type { Kysely } from 'kysely'

// The geocoder's one upstream request per second holds across app instances (decision 050): one row holds
// the earliest time the next upstream request may start, and each instance reserves its turn there.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('geocoderSlot')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    // Milliseconds since the epoch (bigint: more than PostgreSQL's 32-bit integer holds).
    .addColumn('nextSlotAt', 'bigint', (c) => c.notNull())
    .execute()
  await db.insertInto('geocoderSlot' as never).values({ id: 1, nextSlotAt: 0 }).execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('geocoderSlot').execute()
}
