import type { Kysely } from 'kysely'
import { sql } from 'kysely'

// Several dogs in one booking (issue 33 part 3, DESIGN.md ruling 28):
// - bookingDogs: every dog of a booking, in the order the owner listed them. bookings.dogId stays the first of
//   them, so what reads one dog of a booking (reviews, photo access, old clients' `dogId`) reads it unchanged.
//   Filled here with the one dog of every booking made before.
// - sitterServices.extraDogRateCents: what each further dog adds to the service's rate, in that service's unit
//   (per hour, day or night); null adds nothing.
// - bookings.extraDogRateCents: that rate when the booking was requested, fixed as the base rate is.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('bookingDogs')
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('dogId', 'text', (c) => c.notNull().references('dogs.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookingDogs_pk', ['bookingId', 'dogId'])
    .execute()
  await db.schema.createIndex('bookingDogs_dog').on('bookingDogs').column('dogId').execute()
  await sql`insert into "bookingDogs" ("bookingId", "dogId", "position") select "id", "dogId", 1 from "bookings"`.execute(db)
  await db.schema.alterTable('sitterServices').addColumn('extraDogRateCents', 'integer').execute()
  await db.schema.alterTable('bookings').addColumn('extraDogRateCents', 'integer').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('bookings').dropColumn('extraDogRateCents').execute()
  await db.schema.alterTable('sitterServices').dropColumn('extraDogRateCents').execute()
  await db.schema.dropTable('bookingDogs').execute()
}
