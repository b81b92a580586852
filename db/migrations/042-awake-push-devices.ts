import { type Kysely, sql } from 'kysely'

// Decision 118: since when a device is awake (`awakeSince`: subscribed, or woken by its account signing in again in its
// browser). A sign-out's event delivered late (a retry) is older than that and leaves the device awake. The devices
// awake already are awake since they were subscribed.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('pushSubscriptions').addColumn('awakeSince', 'text').execute()
  await sql`update "pushSubscriptions" set "awakeSince" = "createdAt" where "sleepingSince" is null`.execute(db)
  // A sign-in puts other accounts' devices in its browser to sleep: found by browser alone.
  await db.schema.createIndex('pushSubscriptions_browser').on('pushSubscriptions').column('browserId').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('pushSubscriptions_browser').execute()
  await db.schema.alterTable('pushSubscriptions').dropColumn('awakeSince').execute()
}
