import type { Kysely } from 'kysely'

// bookingSeries.expiredAt: when the sweep cancelled a weekly request whose last date passed before the sitter
// answered it (status 'cancelled', no actor), so its page can say it expired rather than that someone
// cancelled it; null for every other series. Series that expired before this migration read as cancelled.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('bookingSeries').addColumn('expiredAt', 'text').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('bookingSeries').dropColumn('expiredAt').execute()
}
