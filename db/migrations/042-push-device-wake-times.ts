import type { Kysely } from 'kysely'

// Decision 118: when the account signing in again woke a sleeping device (`wokenAt`). A sign-out's event delivered
// late (a retry) is older than the wake and leaves the device awake.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('pushSubscriptions').addColumn('wokenAt', 'text').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('pushSubscriptions').dropColumn('wokenAt').execute()
}
