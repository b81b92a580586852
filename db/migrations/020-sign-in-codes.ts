import type { Kysely } from 'kysely'

// One-time sign-in codes (decision 059): the Google callback hands an API-style client's browser a code for
// /login/success, bound to a cookie that browser got when it started the sign-in. Only hashes are stored:
// of the code, and of the browser's cookie. A code lives 60 seconds and is spent by its first use.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('signInCodes')
    .addColumn('codeHash', 'text', (c) => c.primaryKey())
    .addColumn('browserHash', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('isNewUser', 'integer', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .execute()
  await db.schema.createIndex('signInCodes_user').on('signInCodes').column('userId').execute()
  await db.schema.createIndex('signInCodes_expiry').on('signInCodes').column('expiresAt').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('signInCodes').execute()
}
