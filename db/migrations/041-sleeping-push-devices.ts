import type { Kysely } from 'kysely'

// Decision 118: a browser session knows the browser it runs in (`sessions.browserId`, from a cookie of its own), and a
// device whose session was signed out of sleeps rather than being forgotten (`sleepingSince`, with that browser):
// nothing is pushed to it, and the same account signing in again in the same browser wakes it.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('sessions').addColumn('browserId', 'text').execute()
  await db.schema.alterTable('pushSubscriptions').addColumn('sleepingSince', 'text').execute()
  await db.schema.alterTable('pushSubscriptions').addColumn('browserId', 'text').execute()
  await db.schema.createIndex('pushSubscriptions_sleeping').on('pushSubscriptions').columns(['userId', 'browserId']).execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('pushSubscriptions_sleeping').execute()
  await db.schema.alterTable('pushSubscriptions').dropColumn('browserId').execute()
  await db.schema.alterTable('pushSubscriptions').dropColumn('sleepingSince').execute()
  await db.schema.alterTable('sessions').dropColumn('browserId').execute()
}
