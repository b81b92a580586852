import type { Kysely } from 'kysely'
import { doubleType } from './engine.ts'

// The visit log of a booking (issue 32 parts 1 and 2, DESIGN.md ruling 27):
// - visits: one row per booking once its sitter checks in: the server's check-in and check-out times, where the
//   check-in happened only as 'at_place' / 'elsewhere' / 'no_position' with the distance in 50 m steps (never the
//   coordinates), the sitter's closing note, and the route's length and duration as the server measured them.
// - visitEntries: activities (pee, poo, food, water, medication, play) and notes, each with the server's time.
// - visitPhotos: photos taken during the visit, stored under /uploads/visits/<bookingId>/, with the server's time.
// - visitRoutePoints: a walk's route, without any point within 200 m of either party's home.
// - visitAlarms: missed check-ins, check-outs and daily updates, each recorded once per booking (and day).

export async function up(db: Kysely<unknown>) {
  const double = doubleType(db)
  await db.schema
    .createTable('visits')
    .addColumn('bookingId', 'text', (c) => c.primaryKey().references('bookings.id').onDelete('cascade'))
    .addColumn('checkedInAt', 'text', (c) => c.notNull())
    .addColumn('checkInPlace', 'text', (c) => c.notNull())
    .addColumn('checkInDistanceMeters', 'integer')
    .addColumn('checkedOutAt', 'text')
    .addColumn('checkOutNote', 'text')
    .addColumn('routeMeters', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('routeStartedAt', 'text')
    .addColumn('routeEndedAt', 'text')
    .execute()

  await db.schema
    .createTable('visitEntries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('note', 'text')
    .addColumn('recordedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('visitEntries_booking').on('visitEntries').columns(['bookingId', 'recordedAt']).execute()

  await db.schema
    .createTable('visitPhotos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('path', 'text', (c) => c.notNull().unique())
    .addColumn('takenAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('visitPhotos_booking').on('visitPhotos').columns(['bookingId', 'takenAt']).execute()

  await db.schema
    .createTable('visitRoutePoints')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('latitude', double, (c) => c.notNull())
    .addColumn('longitude', double, (c) => c.notNull())
    .addColumn('recordedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('visitRoutePoints_booking').on('visitRoutePoints').columns(['bookingId', 'recordedAt']).execute()

  await db.schema
    .createTable('visitAlarms')
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('recordedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('visitAlarms_pk', ['bookingId', 'kind'])
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('visitAlarms').execute()
  await db.schema.dropTable('visitRoutePoints').execute()
  await db.schema.dropTable('visitPhotos').execute()
  await db.schema.dropTable('visitEntries').execute()
  await db.schema.dropTable('visits').execute()
}
