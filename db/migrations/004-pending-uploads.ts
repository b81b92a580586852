import { type Kysely, sql } from 'kysely'

// Photos a user sent with a form that was not saved (a missing field, a photo over the limit): their
// WebP variants are already written where they will stay; a row here marks them as not yet attached
// to anything. The form carries the row's random id back; attaching a photo deletes its row in the
// same transaction, and housekeeping deletes rows (and files) older than a day. See decision 013.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('pendingUploads')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('avatars','dogs')`))
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('pendingUploads_userId').on('pendingUploads').column('userId').execute()
  await db.schema.createIndex('pendingUploads_createdAt').on('pendingUploads').column('createdAt').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('pendingUploads').execute()
}
