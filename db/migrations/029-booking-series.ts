import { type Kysely, sql } from 'kysely'

// Weekly series (issue 33 part 1, DESIGN.md ruling 28): an owner asks a sitter for the same care on some weekdays
// every week; the sitter accepts or declines the whole series, and an accepted series becomes ordinary bookings
// eight weeks ahead, extended by the sweep.
// - bookingSeries: the request (weekdays as ISO numbers '1,3,5'; slots as JSON like a booking's), its rates fixed
//   at acceptance, and `bookedThrough`, the last date already turned into bookings (null before acceptance).
// - bookingSeriesDogs: its dogs in the owner's order, as bookingDogs.
// - bookingSeriesConflicts: a date of the series that did not become a booking, with why (a blocked day, another
//   accepted booking at that time, a time past before acceptance): shown to both parties, never dropped.
// - bookings.seriesId / seriesDate: the series a booking belongs to and the date it was made for (a booking moved to
//   another day keeps it), unique per series so no date is booked twice, whichever instance materialises it.
// - seriesCalendarEvents: the one recurring Google Calendar event of a series per party (calendar feature).

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('bookingSeries')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ownerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull())
    .addColumn('weekdays', 'text', (c) => c.notNull())
    .addColumn('period', 'text')
    .addColumn('slots', 'text', (c) => c.notNull())
    .addColumn('firstDate', 'text', (c) => c.notNull())
    .addColumn('endDate', 'text')
    .addColumn('timeZone', 'text', (c) => c.notNull())
    .addColumn('notes', 'text')
    .addColumn('location', 'text')
    .addColumn('latitude', 'real')
    .addColumn('longitude', 'real')
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('hourlyRateCents', 'integer')
    .addColumn('extraDogRateCents', 'integer')
    .addColumn('cancellationTerms', 'text')
    .addColumn('bookedThrough', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('bookingSeries_owner').on('bookingSeries').columns(['ownerId', 'createdAt']).execute()
  await db.schema.createIndex('bookingSeries_sitter').on('bookingSeries').columns(['sitterId', 'createdAt']).execute()
  await db.schema.createIndex('bookingSeries_status').on('bookingSeries').columns(['status', 'bookedThrough']).execute()
  await db.schema
    .createTable('bookingSeriesDogs')
    .addColumn('seriesId', 'text', (c) => c.notNull().references('bookingSeries.id').onDelete('cascade'))
    .addColumn('dogId', 'text', (c) => c.notNull().references('dogs.id').onDelete('restrict'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookingSeriesDogs_pk', ['seriesId', 'dogId'])
    .execute()
  await db.schema.createIndex('bookingSeriesDogs_dog').on('bookingSeriesDogs').column('dogId').execute()
  await db.schema
    .createTable('bookingSeriesConflicts')
    .addColumn('seriesId', 'text', (c) => c.notNull().references('bookingSeries.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookingSeriesConflicts_pk', ['seriesId', 'date'])
    .execute()
  await db.schema.alterTable('bookings').addColumn('seriesId', 'text', (c) => c.references('bookingSeries.id').onDelete('set null')).execute()
  await db.schema.alterTable('bookings').addColumn('seriesDate', 'text').execute()
  await db.schema
    .createIndex('bookings_series_date')
    .on('bookings')
    .columns(['seriesId', 'seriesDate'])
    .unique()
    .where(sql.ref('seriesId'), 'is not', null)
    .execute()
  await db.schema
    .createTable('seriesCalendarEvents')
    .addColumn('seriesId', 'text', (c) => c.notNull().references('bookingSeries.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('eventId', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('seriesCalendarEvents_pk', ['seriesId', 'userId'])
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('seriesCalendarEvents').execute()
  await db.schema.dropIndex('bookings_series_date').execute()
  await db.schema.alterTable('bookings').dropColumn('seriesDate').execute()
  await db.schema.alterTable('bookings').dropColumn('seriesId').execute()
  await db.schema.dropTable('bookingSeriesConflicts').execute()
  await db.schema.dropTable('bookingSeriesDogs').execute()
  await db.schema.dropTable('bookingSeries').execute()
}
