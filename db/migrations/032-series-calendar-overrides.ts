import { type Kysely, sql } from 'kysely'

// seriesCalendarOverrides: the dates of a weekly series whose occurrence in a party's Google Calendar is an override
// of its own (a move made it), so the sync keeps it in step after the date moves back to its pattern time, and
// deletes it once, when the date's booking is cancelled; a date's EXDATE alone leaves the override standing.
// Backfilled from the series events already made: every date whose booking accepted a change (only a change moves a
// date) is taken as overridden; one that was not is rewritten once at its own time, which changes nothing.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('seriesCalendarOverrides')
    .addColumn('seriesId', 'text', (c) => c.notNull().references('bookingSeries.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('seriesDate', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seriesCalendarOverrides_pk', ['seriesId', 'userId', 'seriesDate'])
    .execute()
  await sql`
    insert into "seriesCalendarOverrides" ("seriesId", "userId", "seriesDate", "createdAt")
    select distinct e."seriesId", e."userId", b."seriesDate", e."createdAt"
    from "seriesCalendarEvents" e
    join "bookings" b on b."seriesId" = e."seriesId" and b."seriesDate" is not null
    where exists (select 1 from "bookingProposals" p where p."bookingId" = b."id" and p."status" = 'accepted')
  `.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('seriesCalendarOverrides').execute()
}
