import { type Kysely, sql } from 'kysely'
import { engineOf } from './engine.ts'

// Moderation (issue 30, DESIGN.md ruling 25):
// - reports: what a user reported (a conversation, a sitter profile, a review, a dog listed for sitting), with
//   a snapshot of the reported content as it was when reported, and how an admin resolved it. They replace
//   conversationReports, whose rows move over with the messages of the time as their snapshot.
// - suspensions: every suspension of an account, its reason, its end (none: until lifted) and its lifting;
//   users.accountStatus stays the one flag the rest of the app reads.
// - auditLog: every admin action and every admin read of reported content. Append-only: the database refuses
//   an update or a delete of a row, whoever asks (triggers on both engines).
// - messages.hiddenAt, reviews.hiddenAt: content an admin hid, kept for the record, never shown again.
// - users.lastSignInAt: when a session was last created for the account, for the admins' user page.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('reports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`"kind" in ('conversation','sitter','review','dog')`))
    .addColumn('subjectId', 'text', (c) => c.notNull())
    .addColumn('reporterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reportedUserId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('snapshot', 'text', (c) => c.notNull())
    .addColumn('state', 'text', (c) =>
      c.notNull().defaultTo('open').check(sql`"state" in ('open','dismissed','content_hidden','user_warned','user_suspended')`),
    )
    .addColumn('resolutionNote', 'text')
    .addColumn('resolvedById', 'text')
    .addColumn('resolvedAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('reports_state_time').on('reports').columns(['state', 'createdAt', 'id']).execute()
  await db.schema.createIndex('reports_reported').on('reports').columns(['reportedUserId', 'createdAt']).execute()
  await db.schema.createIndex('reports_reporter').on('reports').columns(['reporterId', 'createdAt']).execute()
  // One open report per reporter and subject: a second tap adds nothing.
  await sql`create unique index "reports_open_once" on "reports" ("reporterId", "kind", "subjectId") where "state" = 'open'`.execute(db)

  await sql`
    insert into "reports" ("id", "kind", "subjectId", "reporterId", "reportedUserId", "reason", "details", "snapshot", "createdAt")
    select r."id", 'conversation', r."conversationId", r."reporterId", r."reportedUserId", r."reason", r."details",
      '{"kind":"conversation","messages":[]}', r."createdAt"
    from "conversationReports" r`.execute(db)
  await db.schema.dropTable('conversationReports').execute()

  await db.schema
    .createTable('suspensions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('startedAt', 'text', (c) => c.notNull())
    .addColumn('endsAt', 'text')
    .addColumn('suspendedById', 'text', (c) => c.notNull())
    .addColumn('liftedAt', 'text')
    .addColumn('liftedById', 'text')
    .execute()
  await sql`create unique index "suspensions_one_standing" on "suspensions" ("userId") where "liftedAt" is null`.execute(db)
  await db.schema.createIndex('suspensions_ending').on('suspensions').columns(['liftedAt', 'endsAt']).execute()

  // No foreign keys: the log outlives the accounts it names, and a cascade would be a delete.
  await db.schema
    .createTable('auditLog')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('adminId', 'text', (c) => c.notNull())
    .addColumn('adminName', 'text', (c) => c.notNull())
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('targetKind', 'text', (c) => c.notNull())
    .addColumn('targetId', 'text', (c) => c.notNull())
    .addColumn('reason', 'text')
    .addColumn('at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('auditLog_time').on('auditLog').columns(['at', 'id']).execute()

  if (engineOf(db) === 'postgres') {
    await sql`create function "auditLog_append_only"() returns trigger language plpgsql as $$
      begin raise exception 'auditLog is append-only'; end $$`.execute(db)
    await sql`create trigger "auditLog_no_update" before update or delete on "auditLog"
      for each row execute function "auditLog_append_only"()`.execute(db)
    await sql`create trigger "auditLog_no_truncate" before truncate on "auditLog"
      for each statement execute function "auditLog_append_only"()`.execute(db)
  } else {
    await sql`create trigger "auditLog_no_update" before update on "auditLog"
      begin select raise(abort, 'auditLog is append-only'); end`.execute(db)
    await sql`create trigger "auditLog_no_delete" before delete on "auditLog"
      begin select raise(abort, 'auditLog is append-only'); end`.execute(db)
  }

  await db.schema.alterTable('messages').addColumn('hiddenAt', 'text').execute()
  await db.schema.alterTable('reviews').addColumn('hiddenAt', 'text').execute()
  await db.schema.alterTable('users').addColumn('lastSignInAt', 'text').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('users').dropColumn('lastSignInAt').execute()
  await db.schema.alterTable('reviews').dropColumn('hiddenAt').execute()
  await db.schema.alterTable('messages').dropColumn('hiddenAt').execute()
  if (engineOf(db) === 'postgres') {
    await sql`drop table "auditLog"`.execute(db)
    await sql`drop function "auditLog_append_only"()`.execute(db)
  } else {
    await db.schema.dropTable('auditLog').execute()
  }
  await db.schema.dropTable('suspensions').execute()
  await db.schema
    .createTable('conversationReports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversationId', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('reporterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reportedUserId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('conversationReports_createdAt').on('conversationReports').column('createdAt').execute()
  await sql`
    insert into "conversationReports" ("id", "conversationId", "reporterId", "reportedUserId", "reason", "details", "createdAt")
    select "id", "subjectId", "reporterId", "reportedUserId", "reason", "details", "createdAt" from "reports" where "kind" = 'conversation'`.execute(db)
  await db.schema.dropTable('reports').execute()
}
