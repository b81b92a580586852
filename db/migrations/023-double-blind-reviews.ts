import { type Kysely, sql } from 'kysely'

// Reviews both ways, double-blind (issue 30, DESIGN.md ruling 26):
// - reviews.publishedAt: when the owner's review of the sitter became visible to the sitter and everyone else
//   (null: only its author sees it); reviews.windowEndsAt: when it publishes even alone, 14 days after the
//   booking's completion. Reviews written before this change were public at once: they count as published then.
// - reviewsOfOwners: the sitter's review of the owner and the dog of a completed booking, once per booking,
//   published with the owner's review or when the 14 days pass. Never public: sitters see them on a request.
// - An index on the completions in bookingStatusHistory, for the day-10 reminder's sweep.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('reviews').addColumn('publishedAt', 'text').execute()
  await db.schema.alterTable('reviews').addColumn('windowEndsAt', 'text', (c) => c.notNull().defaultTo('')).execute()
  await sql`update "reviews" set "publishedAt" = "createdAt", "windowEndsAt" = "createdAt"`.execute(db)
  await sql`create index "reviews_unpublished" on "reviews" ("windowEndsAt") where "publishedAt" is null`.execute(db)

  await db.schema
    .createTable('reviewsOfOwners')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) => c.notNull().unique().references('bookings.id').onDelete('cascade'))
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ownerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('dogId', 'text', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('windowEndsAt', 'text', (c) => c.notNull())
    .addColumn('publishedAt', 'text')
    .execute()
  await db.schema.createIndex('reviewsOfOwners_owner').on('reviewsOfOwners').columns(['ownerId', 'publishedAt']).execute()
  await sql`create index "reviewsOfOwners_unpublished" on "reviewsOfOwners" ("windowEndsAt") where "publishedAt" is null`.execute(db)

  await sql`create index "bookingStatusHistory_completions" on "bookingStatusHistory" ("changedAt") where "toStatus" = 'completed'`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropIndex('bookingStatusHistory_completions').execute()
  await db.schema.dropTable('reviewsOfOwners').execute()
  await db.schema.dropIndex('reviews_unpublished').execute()
  await db.schema.alterTable('reviews').dropColumn('windowEndsAt').execute()
  await db.schema.alterTable('reviews').dropColumn('publishedAt').execute()
}
