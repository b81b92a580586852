import { type Kysely, sql } from 'kysely'
import { engineOf } from './engine.ts'

// A sitter's gallery photos on /profile/edit are kept across a failed submit like the other photo fields
// (decision 013): pendingUploads.kind gains 'gallery'. SQLite cannot change a CHECK constraint in place,
// so the table is rebuilt with its rows and indexes; PostgreSQL replaces the constraint.

export async function up(db: Kysely<unknown>) {
  await rebuildWithKinds(db, ['avatars', 'dogs', 'gallery'])
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from "pendingUploads" where "kind" = 'gallery'`.execute(db)
  await rebuildWithKinds(db, ['avatars', 'dogs'])
}

async function rebuildWithKinds(db: Kysely<unknown>, kinds: readonly string[]) {
  const allowed = sql`kind in (${sql.join(kinds.map((kind) => sql.lit(kind)))})`
  if (engineOf(db) === 'postgres') {
    await db.schema.alterTable('pendingUploads').dropConstraint('pendingUploads_kind_check').execute()
    await db.schema.alterTable('pendingUploads').addCheckConstraint('pendingUploads_kind_check', allowed).execute()
    return
  }
  await db.schema
    .createTable('pendingUploadsNext')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(allowed))
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await sql`insert into "pendingUploadsNext" ("id", "userId", "kind", "path", "createdAt")
    select "id", "userId", "kind", "path", "createdAt" from "pendingUploads"`.execute(db)
  await db.schema.dropTable('pendingUploads').execute()
  await db.schema.alterTable('pendingUploadsNext').renameTo('pendingUploads').execute()
  await db.schema.createIndex('pendingUploads_userId').on('pendingUploads').column('userId').execute()
  await db.schema.createIndex('pendingUploads_createdAt').on('pendingUploads').column('createdAt').execute()
}
