import { type Kysely, sql } from 'kysely'
import { engineOf } from './engine.ts'

// A report may be about a booking (its two parties report what went wrong: a sitter who did not come, a dog at
// risk), so the admins judge it with the booking's facts, its history and its visit log, kept as the report's
// snapshot. The kind's check gains 'booking'. SQLite cannot change a check in place: the table is made again with
// its rows and indexes (nothing references it).

const kinds = (list: readonly string[]) => sql.raw(list.map((kind) => `'${kind}'`).join(','))
const before = ['conversation', 'sitter', 'review', 'dog']
const after = [...before, 'booking']

export async function up(db: Kysely<unknown>) {
  await changeKinds(db, after)
}

export async function down(db: Kysely<unknown>) {
  await sql`delete from "reports" where "kind" = 'booking'`.execute(db)
  await changeKinds(db, before)
}

async function changeKinds(db: Kysely<unknown>, list: readonly string[]) {
  if (engineOf(db) === 'postgres') {
    await sql`alter table "reports" drop constraint "reports_kind_check"`.execute(db)
    await sql`alter table "reports" add constraint "reports_kind_check" check ("kind" in (${kinds(list)}))`.execute(db)
    return
  }
  await sql`create table "reportsRebuilt" ("id" text primary key, "kind" text not null check ("kind" in (${kinds(list)})),
    "subjectId" text not null, "reporterId" text not null references "users" ("id") on delete cascade,
    "reportedUserId" text not null references "users" ("id") on delete cascade, "reason" text not null, "details" text not null,
    "snapshot" text not null,
    "state" text default 'open' not null check ("state" in ('open','dismissed','content_hidden','user_warned','user_suspended')),
    "resolutionNote" text, "resolvedById" text, "resolvedAt" text, "createdAt" text not null)`.execute(db)
  await sql`insert into "reportsRebuilt" select "id", "kind", "subjectId", "reporterId", "reportedUserId", "reason", "details", "snapshot",
    "state", "resolutionNote", "resolvedById", "resolvedAt", "createdAt" from "reports"`.execute(db)
  await sql`drop table "reports"`.execute(db)
  await sql`alter table "reportsRebuilt" rename to "reports"`.execute(db)
  await db.schema.createIndex('reports_state_time').on('reports').columns(['state', 'createdAt', 'id']).execute()
  await db.schema.createIndex('reports_reported').on('reports').columns(['reportedUserId', 'createdAt']).execute()
  await db.schema.createIndex('reports_reporter').on('reports').columns(['reporterId', 'createdAt']).execute()
  await sql`create unique index "reports_open_once" on "reports" ("reporterId", "kind", "subjectId") where "state" = 'open'`.execute(db)
}
