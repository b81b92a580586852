import type { Kysely } from 'kysely'

// Cancellation terms (issue 33 part 4, DESIGN.md ruling 28):
// - sitterProfiles.cancellationTerms: 'flexible', 'moderate' or 'strict', as the sitter picks; 'flexible' for every
//   sitter until they choose (before this migration nothing was counted, and flexible counts the least).
// - bookings.cancellationTerms: the sitter's terms when the booking was requested, so a change of terms later does
//   not change what was agreed; null on bookings made before (read as flexible).
// - bookings.lateCancellationBy: 'owner' or 'sitter' when an accepted booking was cancelled inside its terms' notice
//   period (recorded in the cancellation's transaction); null otherwise.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('sitterProfiles').addColumn('cancellationTerms', 'text', (c) => c.notNull().defaultTo('flexible')).execute()
  await db.schema.alterTable('bookings').addColumn('cancellationTerms', 'text').execute()
  await db.schema.alterTable('bookings').addColumn('lateCancellationBy', 'text').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('bookings').dropColumn('lateCancellationBy').execute()
  await db.schema.alterTable('bookings').dropColumn('cancellationTerms').execute()
  await db.schema.alterTable('sitterProfiles').dropColumn('cancellationTerms').execute()
}
