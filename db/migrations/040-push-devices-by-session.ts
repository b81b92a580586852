import type { Kysely } from 'kysely'

// A device that turns notifications on remembers the session that did it (decision 116): signing out of that
// session forgets the device, so a shared phone stops showing the account's notifications. Devices turned on
// before this migration have none and are forgotten only as before (turned off, or gone from their push service).

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('pushSubscriptions').addColumn('sessionId', 'text').execute()
  await db.schema.createIndex('pushSubscriptions_session').on('pushSubscriptions').column('sessionId').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('pushSubscriptions_session').execute()
  await db.schema.alterTable('pushSubscriptions').dropColumn('sessionId').execute()
}
