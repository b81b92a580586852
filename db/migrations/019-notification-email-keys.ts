import type { Kysely } from 'kysely'

// Delivery you can see, by e-mail (issue 20): a notification names the e-mail that told its user the same news
// by the e-mail outbox's key, so the centre reads that e-mail's fate (waiting, sent, failed) from the outbox row
// itself: the outbox is the one record of it, whichever instance sent it.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('notifications').addColumn('emailKey', 'text').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('notifications').dropColumn('emailKey').execute()
}
