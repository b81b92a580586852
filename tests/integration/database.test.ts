import { existsSync } from 'node:fs'
import path from 'node:path'
import { type Kysely, sql } from 'kysely'
import { Migrator } from 'kysely/migration'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import { verifyPassword } from '#app/features/accounts/password.server.ts'
import { rateUnits } from '#app/features/sitters/rates.ts'
import type { SitterService } from '#app/features/sitters/options.ts'
import { type Database, engine, migrateToLatest } from '#app/lib/db.server.ts'
import { localFolderStorage } from '#app/lib/storage/local-folder-storage.server.ts'
import { migrations } from '#db/migrations/index.ts'
import { demoLogins, isDatabaseEmpty, seedDemoData } from '#db/seed.ts'
import { metresBetween } from '#tests/metres-between.ts'
import { closeEmptyDatabases, createEmptyDatabase, indexNames, newEmptyDatabase as newDatabase, openTracked, tableNames } from './empty-databases.ts'

// tests/setup.ts gives this file its own temporary folder (uploads go there) and database; every database
// here is another new one (tests/integration/empty-databases.ts).
const workDirectory = path.dirname(process.env.UPLOAD_DIR ?? '')

afterAll(closeEmptyDatabases)

async function rowCountsPerTable(database: Kysely<Database>) {
  const counts: Record<string, number> = {}
  for (const table of await tableNames(database)) {
    const { rows } = await sql<{ count: number }>`select count(*) as count from ${sql.table(table)}`.execute(database)
    counts[table] = rows[0]?.count ?? 0
  }
  return counts
}

const zurichToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(new Date())

function kilometresBetween(a: { latitude: number; longitude: number }, b: { latitude: number; longitude: number }) {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const dLatitude = radians(b.latitude - a.latitude)
  const dLongitude = radians(b.longitude - a.longitude)
  const h =
    Math.sin(dLatitude / 2) ** 2 + Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(dLongitude / 2) ** 2
  return 2 * 6371 * Math.asin(Math.sqrt(h))
}

const zurich = { latitude: 47.3769, longitude: 8.5417 }

const day = 24 * 60 * 60 * 1000
const iso = (instant: number) => new Date(instant).toISOString()

/** Each completed booking with its completion, the owner's review of the sitter and the sitter's of the owner (null when not written). */
async function completedBookingsWithReviews(database: Kysely<Database>) {
  const bookings = await database
    .selectFrom('bookings')
    .innerJoin('bookingStatusHistory as completion', (join) =>
      join.onRef('completion.bookingId', '=', 'bookings.id').on('completion.toStatus', '=', 'completed'),
    )
    .innerJoin('dogs', 'dogs.id', 'bookings.dogId')
    .innerJoin('users as owners', 'owners.id', 'bookings.ownerId')
    .innerJoin('users as sitters', 'sitters.id', 'bookings.sitterId')
    .select(['bookings.id', 'bookings.dogId', 'bookings.ownerId', 'bookings.sitterId', 'bookings.seriesId', 'dogs.name as dog', 'owners.email as owner', 'sitters.email as sitter', 'completion.changedAt as completedAt'])
    .where('bookings.status', '=', 'completed')
    .execute()
  const ofSitters = await database.selectFrom('reviews').selectAll().execute()
  const ofOwners = await database.selectFrom('reviewsOfOwners').selectAll().execute()
  return bookings.map((booking) => ({
    ...booking,
    ofSitter: ofSitters.find((review) => review.bookingId === booking.id) ?? null,
    ofOwner: ofOwners.find((review) => review.bookingId === booking.id) ?? null,
  }))
}

type CompletedBooking = Awaited<ReturnType<typeof completedBookingsWithReviews>>[number]

/** Who has reviewed whom, and whether the 14 days after completion (DESIGN.md ruling 26) have passed at `now`. */
function reviewState({ completedAt, ofSitter, ofOwner }: CompletedBooking, now: number) {
  const written = ofSitter && ofOwner ? 'both reviewed' : ofSitter ? 'only the owner reviewed' : ofOwner ? 'only the sitter reviewed' : 'nobody reviewed'
  return `${written}, window ${Date.parse(completedAt) + 14 * day > now ? 'open' : 'closed'}`
}

/** A new database with the migrations up to and including `last`: rows written to it are as the app wrote them then. */
async function databaseMigratedThrough(name: string, last: keyof typeof migrations) {
  const database = await newDatabase(name)
  const migrator = new Migrator({ db: database, provider: { getMigrations: () => Promise.resolve(migrations) } })
  expect((await migrator.migrateTo(last)).error).toBeUndefined()
  return database
}

/** 'owner-1' with the dog 'dog-1', and 'sitter-1' (the columns every migration has had). */
async function insertOwnerSitterAndDog(database: Kysely<Database>, now: string) {
  await database
    .insertInto('users')
    .values(['owner-1', 'sitter-1'].map((id) => ({ id, email: `${id}@example.com`, name: id, role: 'owner' as const, accountStatus: 'active' as const, createdAt: now, updatedAt: now })))
    .execute()
  await database.insertInto('dogs').values({ id: 'dog-1', ownerId: 'owner-1', name: 'Rex', breed: 'Mixed', age: '3', createdAt: now, updatedAt: now }).execute()
}

describe('migrations', () => {
  test('create the whole schema on an empty database file', async () => {
    const database = await newDatabase('migrations-fresh')
    expect(await tableNames(database)).toEqual([])

    const results = await migrateToLatest(database)

    expect(results).toEqual([
      { migrationName: '001-initial', direction: 'Up', status: 'Success' },
      { migrationName: '002-sitter-discovery', direction: 'Up', status: 'Success' },
      { migrationName: '003-bookings', direction: 'Up', status: 'Success' },
      { migrationName: '004-pending-uploads', direction: 'Up', status: 'Success' },
      { migrationName: '005-discovery-tuning', direction: 'Up', status: 'Success' },
      { migrationName: '006-messaging-safety', direction: 'Up', status: 'Success' },
      { migrationName: '008-gallery-pending-uploads', direction: 'Up', status: 'Success' },
      { migrationName: '009-domain-events', direction: 'Up', status: 'Success' },
      { migrationName: '010-list-paging', direction: 'Up', status: 'Success' },
      { migrationName: '011-walks-and-unit-rates', direction: 'Up', status: 'Success' },
      { migrationName: '012-shared-geocoder-slot', direction: 'Up', status: 'Success' },
      { migrationName: '013-notifications', direction: 'Up', status: 'Success' },
      { migrationName: '014-push-subscriptions', direction: 'Up', status: 'Success' },
      { migrationName: '015-notification-preferences', direction: 'Up', status: 'Success' },
      { migrationName: '016-public-data-version-slots', direction: 'Up', status: 'Success' },
      { migrationName: '018-booking-alerts', direction: 'Up', status: 'Success' },
      { migrationName: '019-notification-email-keys', direction: 'Up', status: 'Success' },
      { migrationName: '020-sign-in-codes', direction: 'Up', status: 'Success' },
      { migrationName: '021-dog-image-paths', direction: 'Up', status: 'Success' },
      { migrationName: '022-moderation', direction: 'Up', status: 'Success' },
      { migrationName: '023-double-blind-reviews', direction: 'Up', status: 'Success' },
      { migrationName: '024-home-access', direction: 'Up', status: 'Success' },
      { migrationName: '025-visit-logs', direction: 'Up', status: 'Success' },
      { migrationName: '026-cancellation-terms', direction: 'Up', status: 'Success' },
      { migrationName: '027-several-dogs', direction: 'Up', status: 'Success' },
      { migrationName: '028-booking-proposals', direction: 'Up', status: 'Success' },
      { migrationName: '029-booking-series', direction: 'Up', status: 'Success' },
      { migrationName: '030-text-search-tiers', direction: 'Up', status: 'Success' },
      { migrationName: '031-series-expiry', direction: 'Up', status: 'Success' },
      { migrationName: '032-series-calendar-overrides', direction: 'Up', status: 'Success' },
      { migrationName: '033-owner-sitter-index', direction: 'Up', status: 'Success' },
      { migrationName: '034-unread-by-sender', direction: 'Up', status: 'Success' },
      { migrationName: '035-requests-to-answer', direction: 'Up', status: 'Success' },
      { migrationName: '036-booking-reports', direction: 'Up', status: 'Success' },
      { migrationName: '037-report-grew-at', direction: 'Up', status: 'Success' },
      { migrationName: '038-series-bookings-by-start', direction: 'Up', status: 'Success' },
      { migrationName: '039-booking-ends', direction: 'Up', status: 'Success' },
      { migrationName: '040-push-devices-by-session', direction: 'Up', status: 'Success' },
      { migrationName: '041-sleeping-push-devices', direction: 'Up', status: 'Success' },
      { migrationName: '042-awake-push-devices', direction: 'Up', status: 'Success' },
    ])
    expect(await tableNames(database)).toEqual(
      expect.arrayContaining([
        'users',
        'sitterProfiles',
        'dogs',
        'dogImages',
        'bookings',
        'bookingStatusHistory',
        'conversations',
        'messages',
        'reviews',
        'reviewsOfOwners',
        'homeAccess',
        'homeAccessViews',
        'homeAccessReminders',
        'visits',
        'visitEntries',
        'visitPhotos',
        'visitRoutePoints',
        'visitAlarms',
        'sitterPhotos',
        'sitterListings',
        // The text and spatial indexes: tables of their own on SQLite, columns of sitterListings on PostgreSQL.
        ...(engine === 'sqlite' ? ['sitterSearch', 'sitterPoints'] : []),
        'emailOutbox',
        'domainEvents',
        'eventDeliveries',
        'pendingUploads',
        'userBlocks',
        'reports',
        'suspensions',
        'auditLog',
        'geocoderSlot',
        'notifications',
        'notificationDeliveries',
        'notificationPreferences',
        'notificationQuietHours',
        'socketPresence',
        'messageDigests',
        'signInCodes',
      ]),
    )
  })

  test('005 gives sitters listed before it their filter bits and drops the second overlap index', async () => {
    const database = await databaseMigratedThrough('migrations-to-005', '004-pending-uploads')
    const now = new Date().toISOString()
    await database
      .insertInto('users')
      .values({ id: 'sitter-1', email: 's@example.com', name: 'Sam', role: 'sitter', accountStatus: 'active', createdAt: now, updatedAt: now })
      .execute()
    await database.insertInto('sitterProfiles').values({ userId: 'sitter-1', experience: '1-3', verified: 0, createdAt: now, updatedAt: now }).execute()
    await database.insertInto('sitterServices').values([{ sitterId: 'sitter-1', service: 'sitting', hourlyRateCents: 2000 }, { sitterId: 'sitter-1', service: 'grooming', hourlyRateCents: 3000 }]).execute()
    await database.insertInto('sitterDogSizes').values({ sitterId: 'sitter-1', size: 'large' }).execute()
    await database.insertInto('sitterAvailability').values({ id: 'hours-1', sitterId: 'sitter-1', weekday: 3, startTime: '08:00', endTime: '12:00' }).execute()

    await migrateToLatest(database)

    // sitting 2 + grooming 32; large 4; Wednesday (ISO 3) is the bit 1 << 3.
    expect(await database.selectFrom('sitterListings').select(['services', 'dogSizes', 'weekdays']).execute()).toEqual([
      { services: 34, dogSizes: 4, weekdays: 8 },
    ])
    const indexes = await indexNames(database, 'bookings')
    expect(indexes).not.toContain('bookings_status_sitter')
    expect(indexes).toContain('bookings_sitter_date')
    expect(indexes).toContain('bookings_owner_sitter')
  })

  // Several instances of the app on one PostgreSQL start at once (decision 045); SQLite has one.
  test.runIf(engine === 'postgres')('four instances starting together on one database run each migration once', async () => {
    const location = await createEmptyDatabase('migrations-together')
    const instances = Array.from({ length: 4 }, () => openTracked(location))

    const runs = await Promise.all(instances.map((instance) => migrateToLatest(instance)))

    expect(runs.flat().map((result) => result.migrationName)).toEqual(Object.keys(migrations))
    expect(runs.flat().every((result) => result.status === 'Success')).toBe(true)
    const { rows } = await sql<{ count: number }>`select count(*) as count from kysely_migration`.execute(instances[0]!)
    expect(rows[0]?.count).toBe(Object.keys(migrations).length)
  })

  test("010 gives bookings stored before it their start and their day's end, each in the booking's own zone", async () => {
    const database = await databaseMigratedThrough('migrations-to-010', '009-domain-events')
    const now = new Date().toISOString()
    await insertOwnerSitterAndDog(database, now)
    const booking = (id: string, date: string, timeZone: string) => ({ id, dogId: 'dog-1', ownerId: 'owner-1', sitterId: 'sitter-1', requestedById: 'owner-1', date, timeZone, priceCents: 0, createdAt: now, updatedAt: now })
    // The columns 010 adds are not there yet: the rows are written as the app wrote them before it.
    const before = database as unknown as Kysely<{ bookings: ReturnType<typeof booking>; bookingTimeSlots: { bookingId: string; position: number; startTime: string; endTime: string } }>
    await before.insertInto('bookings').values([booking('zurich-summer', '2026-07-01', 'Europe/Zurich'), booking('new-york', '2026-01-15', 'America/New_York')]).execute()
    await before
      .insertInto('bookingTimeSlots')
      .values([
        { bookingId: 'zurich-summer', position: 1, startTime: '09:30', endTime: '10:30' },
        { bookingId: 'zurich-summer', position: 2, startTime: '08:00', endTime: '09:00' },
      ])
      .execute()

    await migrateToLatest(database)

    expect(await database.selectFrom('bookings').select(['id', 'startsAt', 'dayEndsAt']).orderBy('id').execute()).toEqual([
      // No slots: the whole day, midnight to midnight in New York (UTC-5 in January).
      { id: 'new-york', startsAt: '2026-01-15T05:00:00.000Z', dayEndsAt: '2026-01-16T05:00:00.000Z' },
      // The earliest slot, 08:00 in Zurich's summer time (UTC+2).
      { id: 'zurich-summer', startsAt: '2026-07-01T06:00:00.000Z', dayEndsAt: '2026-07-01T22:00:00.000Z' },
    ])
  })

  test('011 moves rows to ruling 21: daycare and boarding rates per day and night, walks still to happen become 60 minutes', async () => {
    const database = await databaseMigratedThrough('migrations-to-011', '009-domain-events')
    const now = new Date().toISOString()
    const person = (id: string, role: 'owner' | 'sitter') => ({ id, email: `${id}@example.com`, name: id, role, accountStatus: 'active' as const, createdAt: now, updatedAt: now })
    await database.insertInto('users').values([person('sitter-1', 'sitter'), person('owner-1', 'owner')]).execute()
    await database.insertInto('sitterServices').values([
      { sitterId: 'sitter-1', service: 'walking', hourlyRateCents: 2800 },
      { sitterId: 'sitter-1', service: 'daycare', hourlyRateCents: 500 },
      { sitterId: 'sitter-1', service: 'boarding', hourlyRateCents: 600 },
    ]).execute()
    await database.insertInto('dogs').values({ id: 'dog-1', ownerId: 'owner-1', name: 'Rex', breed: 'Beagle', age: 'adult', createdAt: now, updatedAt: now }).execute()
    const booking = (id: string, service: 'walking' | 'boarding', status: 'pending' | 'completed', period: 'evening' | 'overnight', priceCents: number, rate: number) => ({
      id, dogId: 'dog-1', ownerId: 'owner-1', sitterId: 'sitter-1', requestedById: 'owner-1', date: '2030-01-07', timeZone: 'Europe/Zurich',
      period, service, status, priceCents, hourlyRateCents: rate, createdAt: now, updatedAt: now,
    })
    // The columns 010 adds are not there yet: the rows are written as the app wrote them before it.
    const before = database as unknown as Kysely<{ bookings: ReturnType<typeof booking> }>
    await before.insertInto('bookings').values([
      booking('evening-walk', 'walking', 'pending', 'evening', 11200, 2800),
      booking('walked', 'walking', 'completed', 'evening', 11200, 2800),
      booking('night', 'boarding', 'pending', 'overnight', 7200, 600),
    ]).execute()
    await database.insertInto('bookingTimeSlots').values([
      { bookingId: 'evening-walk', position: 1, startTime: '16:00', endTime: '20:00' },
      { bookingId: 'walked', position: 1, startTime: '16:00', endTime: '20:00' },
      { bookingId: 'night', position: 1, startTime: '20:00', endTime: '08:00' },
    ]).execute()

    await migrateToLatest(database)

    expect(await database.selectFrom('sitterServices').select(['service', 'hourlyRateCents']).orderBy('service').execute()).toEqual([
      { service: 'boarding', hourlyRateCents: 7200 },
      { service: 'daycare', hourlyRateCents: 6000 },
      { service: 'walking', hourlyRateCents: 2800 },
    ])
    // The $112 evening walk is a 60-minute walk at 16:00 for $28; the walk that happened keeps its record; a night costs what it did.
    expect(await database.selectFrom('bookings').select(['id', 'period', 'priceCents', 'hourlyRateCents']).orderBy('id').execute()).toEqual([
      { id: 'evening-walk', period: null, priceCents: 2800, hourlyRateCents: 2800 },
      { id: 'night', period: 'overnight', priceCents: 7200, hourlyRateCents: 7200 },
      { id: 'walked', period: 'evening', priceCents: 11200, hourlyRateCents: 2800 },
    ])
    expect(await database.selectFrom('bookingTimeSlots').select(['bookingId', 'startTime', 'endTime']).orderBy('bookingId').execute()).toEqual([
      { bookingId: 'evening-walk', startTime: '16:00', endTime: '17:00' },
      { bookingId: 'night', startTime: '20:00', endTime: '08:00' },
      { bookingId: 'walked', startTime: '16:00', endTime: '20:00' },
    ])
  })

  test("032 takes the dates of series events whose booking accepted a change as overridden, in each party's calendar", async () => {
    const database = await databaseMigratedThrough('migrations-to-032', '031-series-expiry')
    const now = new Date().toISOString()
    await insertOwnerSitterAndDog(database, now)
    const series = { ownerId: 'owner-1', sitterId: 'sitter-1', service: 'walking', weekdays: '1', period: null, slots: '[]', firstDate: '2030-03-18', timeZone: 'Europe/Zurich', status: 'accepted' as const, createdAt: now, updatedAt: now }
    await database.insertInto('bookingSeries').values([{ id: 'in-calendars', ...series }, { id: 'in-no-calendar', ...series }]).execute()
    const booking = (id: string, seriesId: string, seriesDate: string) => ({ id, dogId: 'dog-1', ownerId: 'owner-1', sitterId: 'sitter-1', requestedById: 'owner-1', date: seriesDate, timeZone: 'Europe/Zurich', priceCents: 0, startsAt: now, dayEndsAt: now, seriesId, seriesDate, createdAt: now, updatedAt: now })
    // The rows as the app wrote them at 031, before 039's endsAt.
    await (database as unknown as Kysely<{ bookings: ReturnType<typeof booking> }>)
      .insertInto('bookings')
      .values([booking('moved', 'in-calendars', '2030-03-25'), booking('declined-move', 'in-calendars', '2030-04-01'), booking('untouched', 'in-calendars', '2030-04-08'), booking('moved-elsewhere', 'in-no-calendar', '2030-03-25')])
      .execute()
    const proposal = (id: string, bookingId: string, status: 'accepted' | 'declined') => ({ id, bookingId, proposedById: 'owner-1', status, previous: '{}', proposed: '{}', createdAt: now })
    await database.insertInto('bookingProposals').values([proposal('p1', 'moved', 'accepted'), proposal('p2', 'declined-move', 'declined'), proposal('p3', 'moved-elsewhere', 'accepted')]).execute()
    await database
      .insertInto('seriesCalendarEvents')
      .values(['owner-1', 'sitter-1'].map((userId) => ({ seriesId: 'in-calendars', userId, eventId: `event-of-${userId}`, createdAt: now })))
      .execute()

    await migrateToLatest(database)

    expect(await database.selectFrom('seriesCalendarOverrides').select(['seriesId', 'userId', 'seriesDate']).orderBy('userId').execute()).toEqual([
      { seriesId: 'in-calendars', userId: 'owner-1', seriesDate: '2030-03-25' },
      { seriesId: 'in-calendars', userId: 'sitter-1', seriesDate: '2030-03-25' },
    ])
  })

  test('039 gives bookings stored before it the end of their last slot, the next day for a stay past midnight, in their own zone', async () => {
    const database = await databaseMigratedThrough('migrations-to-039', '038-series-bookings-by-start')
    const now = new Date().toISOString()
    await insertOwnerSitterAndDog(database, now)
    const booking = (id: string, date: string, timeZone: string) => ({ id, dogId: 'dog-1', ownerId: 'owner-1', sitterId: 'sitter-1', requestedById: 'owner-1', date, timeZone, priceCents: 0, startsAt: now, dayEndsAt: now, createdAt: now, updatedAt: now })
    const before = database as unknown as Kysely<{ bookings: ReturnType<typeof booking>; bookingTimeSlots: { bookingId: string; position: number; startTime: string; endTime: string } }>
    await before
      .insertInto('bookings')
      .values([booking('overnight-zurich', '2026-12-01', 'Europe/Zurich'), booking('two-walks', '2026-07-01', 'Europe/Zurich'), booking('whole-day-new-york', '2026-01-15', 'America/New_York')])
      .execute()
    await before
      .insertInto('bookingTimeSlots')
      .values([
        { bookingId: 'overnight-zurich', position: 1, startTime: '20:00', endTime: '08:00' },
        { bookingId: 'two-walks', position: 1, startTime: '16:00', endTime: '16:30' },
        { bookingId: 'two-walks', position: 2, startTime: '08:00', endTime: '09:00' },
      ])
      .execute()

    await migrateToLatest(database)

    expect(await database.selectFrom('bookings').select(['id', 'endsAt']).orderBy('id').execute()).toEqual([
      // 08:00 the next morning in Zurich's winter time (UTC+1).
      { id: 'overnight-zurich', endsAt: '2026-12-02T07:00:00.000Z' },
      // The later slot's end, whatever its position: 16:30 in summer time (UTC+2).
      { id: 'two-walks', endsAt: '2026-07-01T14:30:00.000Z' },
      // No slots: the whole day, to midnight in New York (UTC-5 in January).
      { id: 'whole-day-new-york', endsAt: '2026-01-16T05:00:00.000Z' },
    ])
  })

  test('042 takes the devices awake before it as awake since they were subscribed, and leaves the sleeping ones asleep', async () => {
    const database = await databaseMigratedThrough('migrations-to-042', '041-sleeping-push-devices')
    const now = new Date().toISOString()
    await insertOwnerSitterAndDog(database, now)
    const device = (id: string, createdAt: string, sleepingSince: string | null) => ({ id, userId: 'owner-1', endpoint: `https://fcm.googleapis.com/fcm/send/${id}`, p256dh: 'key', auth: 'secret', createdAt, sleepingSince })
    const before = database as unknown as Kysely<{ pushSubscriptions: ReturnType<typeof device> }>
    await before.insertInto('pushSubscriptions').values([device('awake', '2026-11-30T10:00:00.000Z', null), device('asleep', '2026-11-29T10:00:00.000Z', '2026-12-01T09:00:00.000Z')]).execute()

    await migrateToLatest(database)

    expect(await database.selectFrom('pushSubscriptions').select(['id', 'awakeSince', 'sleepingSince']).orderBy('id').execute()).toEqual([
      { id: 'asleep', awakeSince: null, sleepingSince: '2026-12-01T09:00:00.000Z' },
      { id: 'awake', awakeSince: '2026-11-30T10:00:00.000Z', sleepingSince: null },
    ])
  })

  test('037 dates a conversation report that grew by its last added message, and no other report', async () => {
    const database = await databaseMigratedThrough('migrations-to-037', '036-booking-reports')
    const now = new Date().toISOString()
    await insertOwnerSitterAndDog(database, now)
    const message = (id: string, addedAt?: string) => ({ id, senderId: 'sitter-1', senderName: 'sitter-1', content: id, createdAt: '2030-01-01T10:00:00.000Z', reported: true, ...(addedAt ? { addedAt } : {}) })
    const report = (id: string, kind: 'conversation' | 'dog', messages: ReturnType<typeof message>[]) => ({
      id, kind, subjectId: `subject-${id}`, reporterId: 'owner-1', reportedUserId: 'sitter-1', reason: 'spam', details: '', createdAt: now,
      snapshot: JSON.stringify(kind === 'conversation' ? { kind, messages } : { kind, name: 'addedAt' }),
    })
    await database
      .insertInto('reports')
      .values([
        report('grew', 'conversation', [message('m1'), message('m2', '2030-01-01T11:00:00.000Z'), message('m3', '2030-01-01T12:30:00.000Z')]),
        report('kept', 'conversation', [message('m1'), message('m2')]),
        report('a-dog', 'dog', []),
      ])
      .execute()

    await migrateToLatest(database)

    expect(await database.selectFrom('reports').select(['id', 'grewAt']).orderBy('id').execute()).toEqual([
      { id: 'a-dog', grewAt: null },
      { id: 'grew', grewAt: '2030-01-01T12:30:00.000Z' },
      { id: 'kept', grewAt: null },
    ])
  })

  test('running them again on an up-to-date database changes nothing', async () => {
    const database = await newDatabase('migrations-twice')
    await migrateToLatest(database)
    const tablesAfterFirstRun = await tableNames(database)

    const secondRun = await migrateToLatest(database)

    expect(secondRun).toEqual([])
    expect(await tableNames(database)).toEqual(tablesAfterFirstRun)
  })
})

describe('demo data', () => {
  const uploadDir = path.join(workDirectory, 'uploads-today')
  let seeded: Kysely<Database>
  let seededAnotherDay: Kysely<Database>
  // The seed's clock: it places the demo around this moment (to the minute).
  const seededAt = Math.floor(Date.now() / 60_000) * 60_000
  const anotherDay = seededAt + 10 * day

  beforeAll(async () => {
    seeded = await newDatabase('seeded-today')
    seededAnotherDay = await newDatabase('seeded-another-day')
    await Promise.all([migrateToLatest(seeded), migrateToLatest(seededAnotherDay)])
    await seedDemoData(seeded, { storage: localFolderStorage(uploadDir), now: new Date(seededAt) })
    await seedDemoData(seededAnotherDay, {
      storage: localFolderStorage(path.join(workDirectory, 'uploads-another-day')),
      now: new Date(anotherDay),
    })
  }, 60_000)

  const unreadMessagesFor = (userId: string) =>
    seeded.selectFrom('messages').select('id').where('recipientId', '=', userId).where('readAt', 'is', null).execute()

  test('a production server seeds the demo admin without a password: the README\'s admin login opens no console there', async () => {
    const production = await newDatabase('seeded-in-production')
    await migrateToLatest(production)
    await seedDemoData(production, { storage: localFolderStorage(path.join(workDirectory, 'uploads-production')), adminPassword: false })
    const passwordOf = (database: Kysely<Database>, email: string) =>
      database.selectFrom('users').leftJoin('passwords', 'passwords.userId', 'users.id').select('passwords.hash').where('users.email', '=', email).executeTakeFirstOrThrow()

    expect(await passwordOf(production, 'admin@pawpal.test')).toEqual({ hash: null })
    expect((await passwordOf(production, 'owner@pawpal.test')).hash).toEqual(expect.any(String))
    expect((await passwordOf(seeded, 'admin@pawpal.test')).hash).toEqual(expect.any(String))
  }, 60_000) // a whole demo seeded, as the hook above: 12 s with the e2e suite beside it, over 20 s with another file too

  test('a migrated database without users counts as empty, a seeded one does not', async () => {
    const empty = await newDatabase('empty')
    await migrateToLatest(empty)

    expect(await isDatabaseEmpty(empty)).toBe(true)
    expect(await isDatabaseEmpty(seeded)).toBe(false)
  })

  test('is deterministic: seeded on another day it has the same rows per table, ids and first sitter', async () => {
    const firstSitter = (database: Kysely<Database>) =>
      database
        .selectFrom('users')
        .select(['id', 'name', 'email', 'location', 'latitude', 'longitude'])
        .where('role', 'in', ['sitter', 'both'])
        .orderBy('id')
        .executeTakeFirstOrThrow()
    const ids = async (database: Kysely<Database>) => ({
      users: await database.selectFrom('users').select('id').orderBy('id').execute(),
      dogs: await database.selectFrom('dogs').select('id').orderBy('id').execute(),
      bookings: await database.selectFrom('bookings').select('id').orderBy('id').execute(),
    })

    const counts = await rowCountsPerTable(seeded)

    expect(counts.users).toBeGreaterThan(0)
    expect(await rowCountsPerTable(seededAnotherDay)).toEqual(counts)
    expect(await ids(seededAnotherDay)).toEqual(await ids(seeded))
    expect(await firstSitter(seededAnotherDay)).toEqual(await firstSitter(seeded))
  })

  test('has about 40 sitters around Zurich with coordinates, services, rates and a weekly schedule', async () => {
    const sitters = await seeded
      .selectFrom('users')
      .innerJoin('sitterProfiles', 'sitterProfiles.userId', 'users.id')
      .select(['users.id', 'name', 'latitude', 'longitude', 'publicLatitude', 'publicLongitude', 'publicLocation', 'experience'])
      .where('role', 'in', ['sitter', 'both'])
      .execute()
    const services = await seeded.selectFrom('sitterServices').selectAll().execute()
    const availability = await seeded.selectFrom('sitterAvailability').selectAll().execute()

    expect(sitters.length).toBeGreaterThanOrEqual(35)
    expect(sitters.length).toBeLessThanOrEqual(45)
    for (const sitter of sitters) {
      const exact = { latitude: sitter.latitude ?? Number.NaN, longitude: sitter.longitude ?? Number.NaN }
      const shown = { latitude: sitter.publicLatitude ?? Number.NaN, longitude: sitter.publicLongitude ?? Number.NaN }
      expect(kilometresBetween(zurich, exact), sitter.name).toBeLessThan(8)
      expect(kilometresBetween(exact, shown), sitter.name).toBeLessThan(1)
      expect(sitter.publicLocation, sitter.name).toMatch(/^[\p{L}-]+, Zürich$/u)
      expect(services.filter((service) => service.sitterId === sitter.id).length, sitter.name).toBeGreaterThan(0)
      expect(availability.filter((range) => range.sitterId === sitter.id).length, sitter.name).toBeGreaterThan(0)
    }
    expect(new Set(services.map((service) => service.service)).size).toBe(6)
    expect(new Set(sitters.map((sitter) => sitter.experience)).size).toBe(4)
    // Rates in each service's unit (ruling 21): by the hour, daycare by the day, boarding by the night.
    const rateRanges = { hour: [1500, 4500], day: [4000, 8000], night: [4000, 7500] } as const
    for (const { service, hourlyRateCents } of services) {
      const [lowest, highest] = rateRanges[rateUnits[service as SitterService]]
      expect(hourlyRateCents, service).toBeGreaterThanOrEqual(lowest)
      expect(hourlyRateCents, service).toBeLessThanOrEqual(highest)
    }
    for (const range of availability) {
      expect(range.weekday).toBeGreaterThanOrEqual(1)
      expect(range.weekday).toBeLessThanOrEqual(7)
      expect(range.startTime < range.endTime).toBe(true)
    }
  })

  test('has the two demo logins, signed in with the demo password', async () => {
    for (const login of demoLogins) {
      const user = await seeded
        .selectFrom('users')
        .innerJoin('passwords', 'passwords.userId', 'users.id')
        .select(['role', 'hash'])
        .where('email', '=', login.email)
        .executeTakeFirstOrThrow()

      expect(user.role).toBe(login.role)
      expect(await verifyPassword(login.password, user.hash)).toBe(true)
    }
  })

  test('gives the demo owner two dogs including Rex, bookings and unread messages', async () => {
    const owner = await seeded
      .selectFrom('users')
      .select(['id', 'name'])
      .where('email', '=', 'owner@pawpal.test')
      .executeTakeFirstOrThrow()
    const dogs = await seeded.selectFrom('dogs').select('name').where('ownerId', '=', owner.id).execute()
    const bookings = await seeded.selectFrom('bookings').select('status').where('ownerId', '=', owner.id).execute()
    const unread = await unreadMessagesFor(owner.id)

    expect(owner.name).toBe('Olivia Owner')
    expect(dogs.map((dog) => dog.name).sort()).toEqual(['Luna', 'Rex'])
    expect(new Set(bookings.map((booking) => booking.status)).size).toBeGreaterThanOrEqual(4)
    expect(unread.length).toBeGreaterThan(0)
  })

  test('gives the demo sitter a located profile, upcoming requests to accept and unread messages', async () => {
    const sitter = await seeded
      .selectFrom('users')
      .innerJoin('sitterProfiles', 'sitterProfiles.userId', 'users.id')
      .select(['users.id', 'name', 'location', 'latitude', 'bio'])
      .where('email', '=', 'sitter@pawpal.test')
      .executeTakeFirstOrThrow()
    const requestsToAccept = await seeded
      .selectFrom('bookings')
      .select('date')
      .where('sitterId', '=', sitter.id)
      .where('status', '=', 'pending')
      .whereRef('requestedById', '=', 'ownerId')
      .execute()
    const unread = await unreadMessagesFor(sitter.id)

    expect(sitter.name).toBe('Sam Sitter')
    expect(sitter.location).toMatch(/Zürich$/)
    expect(sitter.latitude).not.toBeNull()
    expect(sitter.bio).toBeTruthy()
    expect(requestsToAccept.length).toBeGreaterThanOrEqual(2)
    for (const { date } of requestsToAccept) expect(date > zurichToday()).toBe(true)
    expect(unread.length).toBeGreaterThan(0)
  })

  test('gives every dog one to three pictures, stored as metadata-free WebP at 160, 320 and 800 px', async () => {
    const dogs = await seeded.selectFrom('dogs').select('id').execute()
    const images = await seeded.selectFrom('dogImages').select(['dogId', 'path']).execute()

    expect(dogs.length).toBeGreaterThanOrEqual(15)
    for (const dog of dogs) {
      const count = images.filter((image) => image.dogId === dog.id).length
      expect(count).toBeGreaterThanOrEqual(1)
      expect(count).toBeLessThanOrEqual(3)
    }
    for (const image of images) {
      expect(image.path).toMatch(new RegExp(`^/uploads/dogs/${image.dogId}/[1-3]$`))
      for (const width of [160, 320, 800]) {
        const file = path.join(uploadDir, `${image.path.slice('/uploads/'.length)}-${width}.webp`)
        expect(existsSync(file), file).toBe(true)
        const metadata = await sharp(file).metadata()
        expect(metadata.format).toBe('webp')
        expect(metadata.width).toBe(width)
        expect(metadata.exif).toBeUndefined()
      }
    }
  })

  test('gives about two thirds of the users a profile photo whose files exist', async () => {
    const users = await seeded.selectFrom('users').select(['id', 'profilePhoto']).execute()
    const withPhoto = users.filter((user) => user.profilePhoto !== null)

    expect(withPhoto.length / users.length).toBeGreaterThan(0.5)
    expect(withPhoto.length).toBeLessThan(users.length)
    for (const user of withPhoto) {
      expect(user.profilePhoto).toBe(`/uploads/avatars/${user.id}`)
      for (const width of [160, 320, 800]) {
        expect(existsSync(path.join(uploadDir, 'avatars', `${user.id}-${width}.webp`))).toBe(true)
      }
    }
  })

  test('has bookings in all five statuses: completed ones in the past, pending and accepted ones ahead but for two stays begun before the seed', async () => {
    const bookings = await seeded.selectFrom('bookings').select(['status', 'date', 'service', 'startsAt']).execute()
    const today = zurichToday()

    expect(new Set(bookings.map((booking) => booking.status))).toEqual(
      new Set(['pending', 'accepted', 'rejected', 'completed', 'cancelled']),
    )
    for (const booking of bookings) {
      if (booking.status === 'completed') expect(booking.date < today).toBe(true)
      if (booking.status === 'pending') expect(booking.date > today).toBe(true)
    }
    // The visit under way and the missed check-in: a daycare day or a boarding night, which weekly hours do not bind.
    const begun = bookings.filter((booking) => booking.status === 'accepted' && booking.date <= today)
    expect(begun).toHaveLength(2)
    for (const booking of begun) {
      expect(['daycare', 'boarding']).toContain(booking.service)
      expect(Date.parse(booking.startsAt)).toBeLessThanOrEqual(seededAt)
    }
  })

  test('prices each booking at the sitter’s rate for its service, plus the extra-dog rate for each further dog, times the booked hours, day or night', async () => {
    const bookings = await seeded
      .selectFrom('bookings')
      .innerJoin('sitterServices', (join) =>
        join.onRef('sitterServices.sitterId', '=', 'bookings.sitterId').onRef('sitterServices.service', '=', 'bookings.service'),
      )
      .select([
        'bookings.id',
        'bookings.service',
        'bookings.priceCents',
        'bookings.hourlyRateCents',
        'bookings.extraDogRateCents',
        'sitterServices.hourlyRateCents as rateNow',
        'sitterServices.extraDogRateCents as extraNow',
      ])
      .execute()
    const slots = await seeded.selectFrom('bookingTimeSlots').selectAll().execute()
    const dogRows = await seeded.selectFrom('bookingDogs').select(['bookingId', 'dogId']).execute()
    const dogCountOf = (bookingId: string) => dogRows.filter((row) => row.bookingId === bookingId).length
    expect(bookings.some((booking) => dogCountOf(booking.id) === 2 && (booking.extraDogRateCents ?? 0) > 0)).toBe(true)
    const minutesOf = (clock: string) => Number(clock.slice(0, 2)) * 60 + Number(clock.slice(3))

    expect(bookings.length).toBe(Number((await rowCountsPerTable(seeded)).bookings))
    for (const booking of bookings) {
      const bookedSlots = slots.filter((slot) => slot.bookingId === booking.id)
      expect(bookedSlots.length).toBeGreaterThanOrEqual(1)
      expect(bookedSlots.length).toBeLessThanOrEqual(2)
      const minutes = bookedSlots.reduce((sum, slot) => {
        const length = minutesOf(slot.endTime) - minutesOf(slot.startTime)
        return sum + (length > 0 ? length : length + 24 * 60) // an overnight slot ends the next day
      }, 0)
      expect(booking.hourlyRateCents).toBe(booking.rateNow)
      expect(booking.extraDogRateCents).toBe(booking.extraNow)
      expect(dogCountOf(booking.id)).toBeGreaterThanOrEqual(1)
      const unitRate = (booking.hourlyRateCents ?? 0) + (booking.extraDogRateCents ?? 0) * (dogCountOf(booking.id) - 1)
      const perHour = rateUnits[booking.service as SitterService] === 'hour'
      expect(booking.priceCents).toBe(perHour ? Math.round((unitRate * minutes) / 60) : unitRate * bookedSlots.length)
    }
  })

  test('keeps to the booking rules: no accepted overlap, inside weekly hours, off blocked days, requests not yet started', async () => {
    const { findBookings } = await import('#app/features/bookings/booking-records.server.ts')
    const { scheduleRefusal } = await import('#app/features/bookings/booking-rules.server.ts')
    const { bookingIntervals, intervalsOverlap, bookingSpan } = await import('#app/features/bookings/slots.ts')
    const bookings = await findBookings(sql<boolean>`1 = 1`, seeded)
    const weekly = await seeded.selectFrom('sitterAvailability').select(['sitterId', 'weekday', 'startTime', 'endTime']).execute()
    const blocked = await seeded.selectFrom('sitterBlockedDates').selectAll().execute()
    const listed = new Set((await seeded.selectFrom('dogs').select('id').where('listedForSitting', '=', 1).execute()).map((dog) => dog.id))

    for (const booking of bookings) {
      const schedule = {
        weekly: weekly.filter((range) => range.sitterId === booking.sitterId),
        blockedDates: blocked.filter((day) => day.sitterId === booking.sitterId).map((day) => day.date),
      }
      expect(scheduleRefusal('The sitter', booking, schedule), booking.id).toBeNull()
      if (booking.status === 'pending') expect(bookingSpan(booking).start > Date.now()).toBe(true)
      if (booking.requestedBy === 'sitter') expect(listed.has(booking.dogId)).toBe(true)
    }
    const accepted = bookings.filter((booking) => booking.status === 'accepted' || booking.status === 'completed')
    for (const [index, booking] of accepted.entries()) {
      for (const other of accepted.slice(index + 1)) {
        if (other.sitterId !== booking.sitterId) continue
        const clash = bookingIntervals(booking).some((a) => bookingIntervals(other).some((b) => intervalsOverlap(a, b)))
        expect(clash, `${booking.id} and ${other.id}`).toBe(false)
      }
    }
  })

  test("gives the notes of a visit at the owner's door to those only: a dog boarding or in daycare gets notes for a dog that comes with a bag", async () => {
    const bookings = await seeded.selectFrom('bookings').select(['service', 'notes']).where('notes', 'is not', null).execute()
    const stays = bookings.filter((booking) => booking.service === 'boarding' || booking.service === 'daycare')
    expect(stays.length).toBeGreaterThan(5)
    expect(bookings.length - stays.length).toBeGreaterThan(5)
    for (const stay of stays) expect(stay.notes, stay.service).not.toMatch(/after the walk|doorbell|by the door|on the balcony/)
  })

  test('keeps a status history for each booking, from the request to its current status', async () => {
    const bookings = await seeded.selectFrom('bookings').select(['id', 'status', 'requestedById', 'sitterId', 'seriesId', 'createdAt']).execute()
    const history = await seeded.selectFrom('bookingStatusHistory').selectAll().orderBy('changedAt').execute()

    for (const booking of bookings) {
      const changes = history.filter((change) => change.bookingId === booking.id)
      // A weekly series' booking is made accepted when its sitter accepts the series (the series was the request).
      expect(changes[0]).toMatchObject({
        fromStatus: null,
        toStatus: booking.seriesId ? 'accepted' : 'pending',
        changedById: booking.seriesId ? booking.sitterId : booking.requestedById,
        changedAt: booking.createdAt,
      })
      expect(changes.at(-1)?.toStatus).toBe(booking.status)
      for (const [index, change] of changes.entries()) {
        if (index > 0) expect(change.fromStatus).toBe(changes[index - 1]?.toStatus)
        expect(change.changedAt < new Date().toISOString()).toBe(true)
      }
    }
  })

  test("fills the demo users' notification centres: each answer to an owner's request, each request to a sitter, and one entry per conversation with unread messages", async () => {
    const idOf = async (email: string) => (await seeded.selectFrom('users').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id
    const [ownerId, sitterId] = [await idOf('owner@pawpal.test'), await idOf('sitter@pawpal.test')]
    const names = new Map((await seeded.selectFrom('users').select(['id', 'name']).execute()).map((user) => [user.id, user.name]))
    const notificationsOf = (userId: string) =>
      seeded.selectFrom('notifications').select(['type', 'kind', 'text', 'href', 'readAt', 'occurredAt', 'conversationId']).where('userId', '=', userId).execute()
    // The changes of bookings outside a weekly series, as the status history stored them.
    const changes = (party: 'ownerId' | 'sitterId', userId: string) =>
      seeded
        .selectFrom('bookingStatusHistory')
        .innerJoin('bookings', 'bookings.id', 'bookingStatusHistory.bookingId')
        .select(['bookings.id', 'bookings.ownerId', 'bookings.sitterId', 'fromStatus', 'toStatus', 'changedById', 'changedAt'])
        .where(party, '=', userId)
        .where('seriesId', 'is', null)
        .execute()

    // Olivia hears of every acceptance by the sitter she asked, in the sitter's name, linked to the booking.
    const owners = await notificationsOf(ownerId)
    const acceptances = (await changes('ownerId', ownerId)).filter((change) => change.toStatus === 'accepted' && change.changedById === change.sitterId)
    expect(acceptances.length).toBeGreaterThan(0)
    const accepted = owners.filter((notification) => notification.type === 'booking.accepted')
    expect(accepted.map((notification) => notification.href).sort()).toEqual(acceptances.map((change) => `/bookings/${change.id}`).sort())
    for (const change of acceptances) {
      const notification = accepted.find((candidate) => candidate.href === `/bookings/${change.id}`)
      expect(notification).toMatchObject({ kind: 'bookings', occurredAt: change.changedAt })
      expect(notification?.text).toMatch(new RegExp(`^${names.get(change.sitterId)} accepted your request: `))
    }
    // Sam hears of every request an owner made him.
    const requests = (await changes('sitterId', sitterId)).filter((change) => change.fromStatus === null && change.changedById === change.ownerId)
    const requested = (await notificationsOf(sitterId)).filter((notification) => notification.type === 'booking.requested')
    expect(requests.length).toBeGreaterThan(0)
    expect(requested.map((notification) => notification.href).sort()).toEqual(requests.map((change) => `/bookings/${change.id}`).sort())
    for (const notification of requested) expect(notification.text).toMatch(/ requested /)
    // And of each change Olivia proposed him, in her name, when she proposed it: one waits for his answer, one moved a
    // date of their weekly series.
    const proposals = await seeded
      .selectFrom('bookingProposals')
      .innerJoin('bookings', 'bookings.id', 'bookingProposals.bookingId')
      .select(['bookings.id', 'bookingProposals.createdAt', 'bookingProposals.status'])
      .where('bookings.sitterId', '=', sitterId)
      .where('bookingProposals.proposedById', '=', ownerId)
      .orderBy('bookingProposals.createdAt')
      .execute()
    expect(proposals.map((proposal) => proposal.status).sort()).toEqual(['accepted', 'pending'])
    const proposed = (await notificationsOf(sitterId)).filter((notification) => notification.type === 'booking.change-proposed').sort((a, b) => a.occurredAt.localeCompare(b.occurredAt))
    expect(proposed.map(({ href, occurredAt, kind }) => ({ href, occurredAt, kind }))).toEqual(proposals.map((proposal) => ({ href: `/bookings/${proposal.id}`, occurredAt: proposal.createdAt, kind: 'bookings' })))
    for (const notification of proposed) expect(notification.text).toMatch(new RegExp(`^${names.get(ownerId)} proposed a change to .+: accept or decline it$`))
    expect((await notificationsOf(ownerId)).filter((notification) => notification.type === 'booking.change-proposed')).toEqual([])

    // One entry per conversation with messages Olivia has not read, counting them, unread itself.
    const unread = await seeded.selectFrom('messages').select(['senderId', 'conversationId']).where('recipientId', '=', ownerId).where('readAt', 'is', null).execute()
    const perConversation = Map.groupBy(unread, (message) => message.conversationId)
    const expectedEntries = [...perConversation].map(([conversationId, messages]) => {
      const senderId = messages[0]?.senderId ?? ''
      const count = messages.length
      return { conversationId, href: `/messages/${senderId}`, text: count === 1 ? `${names.get(senderId)} sent you a message` : `${names.get(senderId)} sent you ${count} messages`, readAt: null }
    })
    const entries = owners.filter((notification) => notification.kind === 'messages').map(({ conversationId, href, text, readAt }) => ({ conversationId, href, text, readAt }))
    expect(expectedEntries.length).toBeGreaterThan(0)
    expect(entries.sort((a, b) => a.href.localeCompare(b.href))).toEqual(expectedEntries.sort((a, b) => a.href.localeCompare(b.href)))

    // What happened in the last two days is still unread; anything older was read, after it happened.
    const twoDaysAgo = new Date(seededAt - 2 * day).toISOString()
    for (const notification of owners.filter((candidate) => candidate.kind !== 'messages')) {
      if (notification.occurredAt < twoDaysAgo) expect(notification.readAt && notification.readAt > notification.occurredAt).toBe(true)
      else expect(notification.readAt).toBeNull()
    }
    // Nobody is told of another's booking: every booking notification links to a booking or weekly series of its reader.
    const partiesOf = async (table: 'bookings' | 'bookingSeries', path: string) =>
      (await seeded.selectFrom(table).select(['id', 'ownerId', 'sitterId']).execute()).map((row) => [`${path}${row.id}`, [row.ownerId, row.sitterId]] as const)
    const parties = new Map([...(await partiesOf('bookings', '/bookings/')), ...(await partiesOf('bookingSeries', '/bookings/series/'))])
    const bookingNotices = await seeded.selectFrom('notifications').select(['userId', 'href']).where('kind', 'not in', ['messages', 'account']).execute()
    for (const { userId, href } of bookingNotices) expect(parties.get(href)).toContain(userId)
  })

  test("tells the demo admin of each report, the open ones unread, and of the message the demo sitter added to hers; the sitter's thread offers the next", async () => {
    const admin = await seeded.selectFrom('users').select('id').where('email', '=', 'admin@pawpal.test').executeTakeFirstOrThrow()
    const reports = await seeded.selectFrom('reports').select(['id', 'kind', 'state', 'snapshot', 'createdAt', 'grewAt']).execute()
    const notices = await seeded.selectFrom('notifications').select(['type', 'kind', 'text', 'href', 'occurredAt', 'readAt']).where('userId', '=', admin.id).execute()
    const kinds: Record<string, string> = { conversation: 'conversation', sitter: 'sitter profile', review: 'review', dog: 'dog listed for sitting', booking: 'booking' }
    const filed = notices.filter((notice) => notice.type === 'report.filed').map(({ type, kind, text, href, occurredAt }) => ({ type, kind, text, href, occurredAt }))
    expect(filed.sort((a, b) => a.href.localeCompare(b.href))).toEqual(
      reports
        .map((report) => ({ type: 'report.filed', kind: 'account', text: `New report: ${kinds[report.kind]}`, href: `/admin/reports/${report.id}`, occurredAt: report.createdAt }))
        .sort((a, b) => a.href.localeCompare(b.href)),
    )
    for (const report of reports) {
      const notice = notices.find((candidate) => candidate.href === `/admin/reports/${report.id}`)
      expect(notice?.readAt === null, report.kind).toBe(report.state === 'open')
    }

    const conversationReport = reports.find((report) => report.kind === 'conversation')
    const messages = (JSON.parse(conversationReport?.snapshot ?? '{}') as { messages: { content: string; addedAt?: string }[] }).messages
    const added = messages.filter((message) => message.addedAt)
    expect(added.map((message) => message.content)).toEqual(['Last chance, Sam. Cash or I start telling people.'])
    // The queue marks it as grown at that add; no other report grew.
    expect(reports.map((report) => [report.kind, report.grewAt])).toEqual(reports.map((report) => [report.kind, report === conversationReport ? added[0]?.addedAt : null]))
    expect(notices.filter((notice) => notice.type === 'report.added')).toEqual([
      { type: 'report.added', kind: 'account', text: 'Report updated: a message added to a conversation report', href: `/admin/reports/${conversationReport?.id}`, occurredAt: added[0]?.addedAt, readAt: null },
    ])
    const sitterThread = await seeded
      .selectFrom('messages')
      .select(['content', 'createdAt'])
      .where('conversationId', '=', (await seeded.selectFrom('messages').select('conversationId').where('content', '=', 'Still no answer? Fine, your loss.').executeTakeFirstOrThrow()).conversationId)
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirstOrThrow()
    expect(sitterThread.content).toBe('Still no answer? Fine, your loss.')
    expect(sitterThread.createdAt > (added[0]?.addedAt ?? '')).toBe(true)
  })

  test('has a running weekly series of the demo owner with Sam: three walks done, eight weeks of bookings ahead, one date skipped, one moved, one not booked; and a weekly request waiting for Sam', async () => {
    const olivia = await seeded.selectFrom('users').select('id').where('email', '=', 'owner@pawpal.test').executeTakeFirstOrThrow()
    const sam = await seeded.selectFrom('users').select('id').where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()
    const series = await seeded.selectFrom('bookingSeries').selectAll().where('sitterId', '=', sam.id).orderBy('createdAt').execute()
    expect(series.map((each) => [each.ownerId === olivia.id, each.status])).toEqual([
      [true, 'accepted'],
      [false, 'pending'],
    ])
    const [running] = series
    const bookings = await seeded.selectFrom('bookings').select(['id', 'date', 'seriesDate', 'status', 'priceCents']).where('seriesId', '=', running?.id ?? '').orderBy('seriesDate').execute()
    const conflicts = await seeded.selectFrom('bookingSeriesConflicts').select(['date', 'reason']).where('seriesId', '=', running?.id ?? '').execute()
    const { findBookings } = await import('#app/features/bookings/booking-records.server.ts')
    const { bookingSpan } = await import('#app/features/bookings/slots.ts')
    // Three walks before today, and three weekdays for the eight weeks from today: 24 dates, one of them not booked.
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich' }).format(seededAt)
    const done = bookings.filter((booking) => booking.date < today)
    expect(done.map((booking) => booking.status)).toEqual(['completed', 'completed', 'completed'])
    expect(bookings.filter((booking) => booking.date >= today)).toHaveLength(23)
    expect(running?.firstDate).toBe(done[0]?.date)
    expect(Date.parse(`${today}T00:00:00Z`) - Date.parse(`${done[0]?.date}T00:00:00Z`)).toBeLessThanOrEqual(7 * day)
    expect(running?.bookedThrough).toBe(bookings.at(-1)?.seriesDate)
    expect(Date.parse(`${running?.bookedThrough}T00:00:00Z`) - Date.parse(`${today}T00:00:00Z`)).toBeLessThan(8 * 7 * day)
    // Each walk done has its visit log: checked in at the door before its start, out after its end with a note, and a photo.
    for (const walk of done) {
      const [record] = await findBookings(sql<boolean>`bookings.id = ${walk.id}`, seeded)
      const span = bookingSpan(record!)
      const visit = await seeded.selectFrom('visits').selectAll().where('bookingId', '=', walk.id).executeTakeFirstOrThrow()
      expect(visit.checkInPlace).toBe('at_place')
      expect(Date.parse(visit.checkedInAt)).toBeLessThan(span.start)
      expect(Date.parse(visit.checkedOutAt ?? '')).toBeGreaterThan(span.end)
      expect(visit.checkOutNote?.length).toBeGreaterThan(20)
      const photos = await seeded.selectFrom('visitPhotos').select('path').where('bookingId', '=', walk.id).execute()
      expect(photos).toHaveLength(1)
      expect(existsSync(photoFileOf(photos[0]!.path, 320))).toBe(true)
    }
    expect(await seeded.selectFrom('visits').select('bookingId').where('bookingId', 'in', bookings.filter((booking) => booking.date >= today).map((booking) => booking.id)).execute()).toEqual([])
    expect(conflicts).toHaveLength(1)
    expect(conflicts[0]?.reason).toMatch(/^Sam is not available on /)
    const blocked = await seeded.selectFrom('sitterBlockedDates').select('date').where('sitterId', '=', sam.id).execute()
    expect(blocked.map((row) => row.date)).toContain(conflicts[0]?.date)
    expect(bookings.filter((booking) => booking.status === 'cancelled')).toHaveLength(1)
    const moved = bookings.filter((booking) => booking.date !== booking.seriesDate)
    expect(moved).toHaveLength(1)
    expect(Math.abs(Date.parse(`${moved[0]?.date}T00:00:00Z`) - Date.parse(`${moved[0]?.seriesDate}T00:00:00Z`))).toBe(24 * 60 * 60 * 1000)
    // Sam's walking rate and extra-dog rate, fixed at acceptance: ($25 + $10) for half an hour.
    expect(new Set(bookings.map((booking) => booking.priceCents))).toEqual(new Set([1750]))
  })

  test("tells Sam of both weekly requests and Olivia of Sam's answer in their notification centres, with the dates it could not book", async () => {
    const users = await seeded.selectFrom('users').select(['id', 'name', 'email']).where('email', 'in', ['owner@pawpal.test', 'sitter@pawpal.test']).execute()
    const byEmail = (email: string) => users.find((user) => user.email === email) ?? { id: '', name: '' }
    const [olivia, sam] = [byEmail('owner@pawpal.test'), byEmail('sitter@pawpal.test')]
    const series = await seeded.selectFrom('bookingSeries').innerJoin('users', 'users.id', 'bookingSeries.ownerId').select(['bookingSeries.id', 'ownerId', 'users.name', 'bookingSeries.status', 'bookingSeries.createdAt', 'bookingSeries.updatedAt']).where('sitterId', '=', sam.id).execute()
    const noticesOf = (userId: string, type: string) =>
      seeded.selectFrom('notifications').select(['href', 'text', 'occurredAt', 'kind']).where('userId', '=', userId).where('type', '=', type).orderBy('occurredAt').execute()

    const requests = await noticesOf(sam.id, 'booking-series.requested')
    expect(requests.map(({ href, occurredAt, kind }) => ({ href, occurredAt, kind }))).toEqual(
      series.toSorted((a, b) => a.createdAt.localeCompare(b.createdAt)).map((each) => ({ href: `/bookings/series/${each.id}`, occurredAt: each.createdAt, kind: 'bookings' })),
    )
    for (const [index, each] of series.toSorted((a, b) => a.createdAt.localeCompare(b.createdAt)).entries()) {
      expect(requests[index]?.text).toMatch(new RegExp(`^${each.name} asks for weekly .+ from .+\\.$`))
    }

    const running = series.find((each) => each.status === 'accepted')
    const conflicts = await seeded.selectFrom('bookingSeriesConflicts').select('date').where('seriesId', '=', running?.id ?? '').execute()
    expect(conflicts).toHaveLength(1)
    const answers = await noticesOf(olivia.id, 'booking-series.accepted')
    expect(answers).toEqual([
      { href: `/bookings/series/${running?.id}`, occurredAt: running?.updatedAt, kind: 'bookings', text: expect.stringMatching(new RegExp(`^${sam.name} accepted your weekly .+ for Rex and Luna\\. 1 date could not be booked\\.$`)) },
    ])
    expect(await noticesOf(olivia.id, 'booking-series.requested')).toEqual([])
    expect(await noticesOf(sam.id, 'booking-series.accepted')).toEqual([])
  })

  test("tells Sam of the weekly date Olivia skipped and of the move she asked, and Olivia of his yes, each on that date's booking", async () => {
    const users = await seeded.selectFrom('users').select(['id', 'name', 'email']).where('email', 'in', ['owner@pawpal.test', 'sitter@pawpal.test']).execute()
    const byEmail = (email: string) => users.find((user) => user.email === email) ?? { id: '', name: '' }
    const [olivia, sam] = [byEmail('owner@pawpal.test'), byEmail('sitter@pawpal.test')]
    const series = await seeded.selectFrom('bookingSeries').select('id').where('ownerId', '=', olivia.id).where('sitterId', '=', sam.id).where('status', '=', 'accepted').executeTakeFirstOrThrow()
    const skipped = await seeded
      .selectFrom('bookingStatusHistory')
      .innerJoin('bookings', 'bookings.id', 'bookingStatusHistory.bookingId')
      .select(['bookings.id', 'bookings.date', 'changedAt', 'changedById'])
      .where('seriesId', '=', series.id)
      .where('toStatus', '=', 'cancelled')
      .execute()
    const moves = await seeded
      .selectFrom('bookingProposals')
      .innerJoin('bookings', 'bookings.id', 'bookingProposals.bookingId')
      .select(['bookings.id', 'bookings.date', 'bookings.seriesDate', 'bookingProposals.createdAt', 'answeredAt', 'answeredById', 'bookingProposals.status'])
      .where('seriesId', '=', series.id)
      .execute()
    expect(skipped).toEqual([expect.objectContaining({ changedById: olivia.id })])
    expect(moves).toEqual([expect.objectContaining({ answeredById: sam.id, status: 'accepted' })])
    const [cancellation, move] = [skipped[0]!, moves[0]!]
    const noticesOf = (userId: string, type: string) =>
      seeded.selectFrom('notifications').select(['href', 'text', 'occurredAt', 'kind']).where('userId', '=', userId).where('type', '=', type).where('href', 'in', [`/bookings/${cancellation.id}`, `/bookings/${move.id}`]).execute()
    // The date as the texts write it at the walk's 18:00: 'Tue 2 Dec', with the year when not the notice's ('Tue 5 Jan 2027').
    const shown = (date: string, noticeAt: string) => {
      const day = new Date(`${date}T00:00:00Z`)
      const [weekday, month] = [{ weekday: 'short' }, { month: 'short' }].map((part) => day.toLocaleString('en-GB', { ...part, timeZone: 'UTC' } as Intl.DateTimeFormatOptions))
      const year = day.getUTCFullYear() === new Date(noticeAt).getUTCFullYear() ? '' : ` ${day.getUTCFullYear()}`
      return `${weekday} ${day.getUTCDate()} ${month}${year}, 18:00`
    }

    expect(await noticesOf(sam.id, 'booking.cancelled')).toEqual([
      { href: `/bookings/${cancellation.id}`, occurredAt: cancellation.changedAt, kind: 'bookings', text: expect.stringMatching(new RegExp(`^${olivia.name} cancelled .+ for Rex and Luna on ${shown(cancellation.date, cancellation.changedAt)}$`)) },
    ])
    expect(await noticesOf(sam.id, 'booking.change-proposed')).toEqual([
      { href: `/bookings/${move.id}`, occurredAt: move.createdAt, kind: 'bookings', text: expect.stringMatching(new RegExp(`^${olivia.name} proposed a change to .+ on ${shown(move.seriesDate ?? '', move.createdAt)}: accept or decline it$`)) },
    ])
    expect(await noticesOf(olivia.id, 'booking.changed')).toEqual([
      { href: `/bookings/${move.id}`, occurredAt: move.answeredAt, kind: 'bookings', text: expect.stringMatching(new RegExp(`^${sam.name} accepted your change\\. Now: .+ on ${shown(move.date, move.answeredAt ?? '')}$`)) },
    ])
    expect(move.date).not.toBe(move.seriesDate)
    // Nobody is told of what they did themselves.
    expect(await noticesOf(olivia.id, 'booking.cancelled')).toEqual([])
    expect(await noticesOf(olivia.id, 'booking.change-proposed')).toEqual([])
    expect(await noticesOf(sam.id, 'booking.changed')).toEqual([])
  })

  test("tells each side of the other's review while their own is unwritten, both of the pair's publication, and the owner of the sitter's reply", async () => {
    const names = new Map((await seeded.selectFrom('users').select(['id', 'name']).execute()).map((user) => [user.id, user.name]))
    const ofSitters = await seeded.selectFrom('reviews').select(['bookingId', 'ownerId', 'sitterId', 'createdAt', 'publishedAt', 'repliedAt']).execute()
    const ofOwners = await seeded.selectFrom('reviewsOfOwners').select(['bookingId', 'ownerId', 'sitterId', 'createdAt', 'publishedAt']).execute()
    const ofOwnerFor = new Map(ofOwners.map((review) => [review.bookingId, review]))
    const ofSitterFor = new Map(ofSitters.map((review) => [review.bookingId, review]))
    const notice = (type: string, userId: string, bookingId: string, occurredAt: string | null) => ({ type, userId, href: `/bookings/${bookingId}`, occurredAt })
    // Told while the reader's own review is unwritten: one the reader never wrote sorts last ('~' after every ISO time).
    const written = ofSitters
      .filter((review) => (ofOwnerFor.get(review.bookingId)?.createdAt ?? '~') > review.createdAt)
      .map((review) => notice('review.written', review.sitterId, review.bookingId, review.createdAt))
    const ownerReviewed = ofOwners
      .filter((review) => (ofSitterFor.get(review.bookingId)?.createdAt ?? '~') > review.createdAt)
      .map((review) => notice('review.owner-reviewed', review.ownerId, review.bookingId, review.createdAt))
    const publications = [...new Map([...ofSitters, ...ofOwners].filter((review) => review.publishedAt !== null).map((review) => [review.bookingId, review])).values()]
    const published = publications.flatMap((review) => [review.ownerId, review.sitterId].map((userId) => notice('review.published', userId, review.bookingId, review.publishedAt)))
    const replied = ofSitters.filter((review) => review.repliedAt !== null).map((review) => notice('review.replied', review.ownerId, review.bookingId, review.repliedAt))
    expect(written.length * ownerReviewed.length * published.length * replied.length).toBeGreaterThan(0)

    const stored = await seeded.selectFrom('notifications').select(['type', 'userId', 'href', 'occurredAt', 'kind', 'text']).where('type', 'like', 'review.%').execute()
    const order = (list: { type: string; userId: string; href: string; occurredAt: string | null }[]) =>
      list.map(({ type, userId, href, occurredAt }) => `${type} ${userId} ${href} ${occurredAt}`).sort()
    expect(order(stored)).toEqual(order([...written, ...ownerReviewed, ...published, ...replied]))
    for (const entry of stored) expect(entry.kind).toBe('reviews')
    // A pair the sitter began: the sitter hears nothing of the owner's review but the pair's publication.
    const sitterFirst = ofOwners.filter((review) => review.createdAt < (ofSitterFor.get(review.bookingId)?.createdAt ?? ''))
    expect(sitterFirst.length).toBeGreaterThan(0)
    for (const review of sitterFirst) {
      expect(stored.filter((entry) => entry.userId === review.sitterId && entry.href === `/bookings/${review.bookingId}`).map((entry) => entry.type)).toEqual(['review.published'])
    }
    // In the reader's words: a published pair says whose review of whom, a reply names the sitter.
    for (const entry of stored.filter((candidate) => candidate.type === 'review.published')) {
      const bookingId = entry.href.replace('/bookings/', '')
      const [ofSitter, ofOwner] = [ofSitterFor.get(bookingId), ofOwnerFor.get(bookingId)]
      const readerIsOwner = entry.userId === (ofSitter ?? ofOwner)?.ownerId
      const other = names.get((readerIsOwner ? (ofSitter ?? ofOwner)?.sitterId : (ofSitter ?? ofOwner)?.ownerId) ?? '')
      const aboutReader = readerIsOwner ? ofOwner : ofSitter
      expect(entry.text).toMatch(new RegExp(aboutReader ? `^${other}'s review of you is published: ` : `^Your review of ${other} is published: `))
    }
    for (const entry of stored.filter((candidate) => candidate.type === 'review.replied')) {
      const review = ofSitterFor.get(entry.href.replace('/bookings/', ''))
      expect(entry.text).toMatch(new RegExp(`^${names.get(review?.sitterId ?? '')} replied to your review of `))
    }
  })

  test('gives Sam moderate cancellation terms, most sitters flexible and some strict, and each booking its sitter’s terms', async () => {
    const profiles = await seeded.selectFrom('sitterProfiles').innerJoin('users', 'users.id', 'sitterProfiles.userId').select(['users.id', 'email', 'cancellationTerms']).execute()
    const bookings = await seeded.selectFrom('bookings').select(['sitterId', 'cancellationTerms']).execute()
    const termsOfSitter = new Map(profiles.map((profile) => [profile.id, profile.cancellationTerms]))
    const counted = (terms: string) => profiles.filter((profile) => profile.cancellationTerms === terms).length

    expect(profiles.find((profile) => profile.email === 'sitter@pawpal.test')?.cancellationTerms).toBe('moderate')
    expect(counted('flexible')).toBeGreaterThan(profiles.length / 2)
    expect(counted('strict')).toBeGreaterThan(0)
    for (const booking of bookings) expect(booking.cancellationTerms).toBe(termsOfSitter.get(booking.sitterId))
  })

  test('records a late cancellation exactly where an accepted booking was cancelled inside its terms’ notice period (DESIGN.md ruling 28)', async () => {
    const noticeHours: Record<string, number> = { flexible: 2, moderate: 24, strict: 72 }
    const bookings = await seeded.selectFrom('bookings').select(['id', 'ownerId', 'sitterId', 'startsAt', 'cancellationTerms', 'lateCancellationBy']).execute()
    const history = await seeded.selectFrom('bookingStatusHistory').selectAll().orderBy('changedAt').execute()

    for (const booking of bookings) {
      const cancellation = history.find((change) => change.bookingId === booking.id && change.toStatus === 'cancelled')
      const late = cancellation?.fromStatus === 'accepted' && Date.parse(booking.startsAt) - Date.parse(cancellation.changedAt) < noticeHours[booking.cancellationTerms ?? 'flexible']! * 3_600_000
      const expected = !late ? null : cancellation.changedById === booking.sitterId ? 'sitter' : 'owner'
      expect(booking.lateCancellationBy, booking.id).toBe(expected)
    }
  })

  test('shows on the demo sitter’s profile one late cancellation of his own, not the one an owner made', async () => {
    const sam = await seeded.selectFrom('users').select('id').where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()
    const bookings = await seeded.selectFrom('bookings').select(['id', 'lateCancellationBy']).where('sitterId', '=', sam.id).execute()
    const everAccepted = new Set(
      (await seeded.selectFrom('bookingStatusHistory').select('bookingId').where('toStatus', '=', 'accepted').execute()).map((change) => change.bookingId),
    )

    expect(bookings.filter((booking) => booking.lateCancellationBy === 'sitter')).toHaveLength(1)
    expect(bookings.filter((booking) => booking.lateCancellationBy === 'owner')).toHaveLength(1)
    expect(bookings.filter((booking) => everAccepted.has(booking.id)).length).toBeGreaterThan(5)
  })

  test('has a review with 1 to 5 stars for most completed bookings and for no other booking', async () => {
    const completed = await seeded.selectFrom('bookings').select('id').where('status', '=', 'completed').execute()
    const reviews = await seeded
      .selectFrom('reviews')
      .innerJoin('bookings', 'bookings.id', 'reviews.bookingId')
      .select(['rating', 'comment', 'bookings.status', 'reviews.sitterId', 'bookings.sitterId as bookedSitterId'])
      .execute()

    expect(reviews.length).toBeGreaterThan(completed.length / 2)
    for (const review of reviews) {
      expect(review.status).toBe('completed')
      expect(review.sitterId).toBe(review.bookedSitterId)
      expect(review.rating).toBeGreaterThanOrEqual(1)
      expect(review.rating).toBeLessThanOrEqual(5)
      expect(review.comment.length).toBeGreaterThan(10)
    }
  })

  test("answers some published reviews with the sitter's reply, written after the publication and before now", async () => {
    const reviews = await seeded.selectFrom('reviews').select(['rating', 'createdAt', 'publishedAt', 'reply', 'repliedAt']).execute()
    const replied = reviews.filter((review) => review.reply !== null)

    expect(replied.length).toBeGreaterThan(0)
    expect(replied.length).toBeLessThan(reviews.length)
    for (const review of replied) {
      expect(review.reply?.length).toBeGreaterThan(10)
      expect(review.publishedAt).not.toBeNull()
      expect(review.publishedAt! >= review.createdAt).toBe(true)
      expect(review.repliedAt! > review.publishedAt!).toBe(true)
      expect(Date.parse(review.repliedAt!)).toBeLessThanOrEqual(seededAt)
    }
    for (const review of reviews.filter((review) => review.reply === null)) expect(review.repliedAt).toBeNull()
  })

  test("has the sitter's review of the owner and the dog for most completed bookings, and for no other booking", async () => {
    const completed = await completedBookingsWithReviews(seeded)
    const ofOwners = await seeded
      .selectFrom('reviewsOfOwners')
      .innerJoin('bookings', 'bookings.id', 'reviewsOfOwners.bookingId')
      .select(['reviewsOfOwners.rating', 'reviewsOfOwners.comment', 'bookings.status'])
      .execute()

    expect(ofOwners.length).toBeGreaterThan(completed.length / 2)
    expect(ofOwners.length).toBeLessThan(completed.length)
    for (const booking of completed.filter((booking) => booking.ofOwner)) {
      expect(booking.ofOwner).toMatchObject({ sitterId: booking.sitterId, ownerId: booking.ownerId, dogId: booking.dogId })
    }
    for (const review of ofOwners) {
      expect(review.status).toBe('completed')
      expect([1, 2, 3, 4, 5]).toContain(review.rating)
      expect(review.comment.length).toBeGreaterThan(10)
      expect(review.comment).not.toMatch(/[{}]/)
    }
  })

  test('publishes both reviews of a booking when the second is written, a lone one when its 14 days end (DESIGN.md ruling 26)', async () => {
    for (const booking of await completedBookingsWithReviews(seeded)) {
      const windowEndsAt = iso(Date.parse(booking.completedAt) + 14 * day)
      const written = [booking.ofSitter, booking.ofOwner].filter((review) => review !== null)
      for (const review of written) {
        expect(review.windowEndsAt, booking.id).toBe(windowEndsAt)
        expect(review.createdAt > booking.completedAt, booking.id).toBe(true)
        expect(review.createdAt < windowEndsAt, booking.id).toBe(true)
        expect(Date.parse(review.createdAt), booking.id).toBeLessThan(seededAt)
      }
      const publishedAt =
        written.length === 2 ? written.map((review) => review.createdAt).sort().at(-1) : Date.parse(windowEndsAt) <= seededAt ? windowEndsAt : null
      for (const review of written) expect(review.publishedAt, booking.id).toBe(publishedAt)
    }
  })

  test('shows the demo users every state of double-blind reviews', async () => {
    const bookings = await completedBookingsWithReviews(seeded)
    const [olivia, sam] = ['owner@pawpal.test', 'sitter@pawpal.test']
    const samsBookings = bookings.filter((booking) => booking.sitter === sam)
    const withSam = (dog: string) => samsBookings.filter((booking) => booking.owner === olivia && booking.dog === dog && booking.seriesId === null)
    const ofSamsClients = (state: string) => samsBookings.filter((booking) => booking.owner !== olivia && reviewState(booking, seededAt) === state)

    // Rex with Sam (demo:1): both reviewed and published, Olivia's five stars answered by Sam.
    expect(withSam('Rex')).toEqual([
      expect.objectContaining({
        ofSitter: expect.objectContaining({ rating: 5, publishedAt: expect.any(String), reply: expect.any(String) }),
        ofOwner: expect.objectContaining({ publishedAt: expect.any(String) }),
      }),
    ])
    // Luna with Sam (demo:2): nobody has reviewed yet, and both still can.
    expect(withSam('Luna').map((booking) => reviewState(booking, seededAt))).toEqual(['nobody reviewed, window open'])
    // The last three walks of their weekly round: not reviewed yet either.
    const roundWalks = samsBookings.filter((booking) => booking.owner === olivia && booking.seriesId !== null)
    expect(roundWalks.map((booking) => reviewState(booking, seededAt))).toEqual(Array.from({ length: 3 }, () => 'nobody reviewed, window open'))
    // Sam's other clients: an owner's review that Sam cannot read before he writes his, and his that the owner cannot.
    expect(ofSamsClients('only the owner reviewed, window open')).toEqual([expect.objectContaining({ ofSitter: expect.objectContaining({ publishedAt: null }) })])
    expect(ofSamsClients('only the sitter reviewed, window open')).toEqual([expect.objectContaining({ ofOwner: expect.objectContaining({ publishedAt: null }) })])
    // Past the window: a lone review published when it ended, and a booking nobody reviewed.
    const lapsed = ofSamsClients('only the owner reviewed, window closed')
    expect(lapsed).toEqual([expect.objectContaining({ ofSitter: expect.objectContaining({ publishedAt: lapsed[0]?.ofSitter?.windowEndsAt }) })])
    expect(ofSamsClients('nobody reviewed, window closed')).toHaveLength(1)
    expect(ofSamsClients('both reviewed, window closed')).toHaveLength(1)

    // What sitters say of Olivia, shown to Sam on her pending request for Luna (demo:4): at least two published reviews.
    const ofOlivia = bookings.filter((booking) => booking.owner === olivia && booking.ofOwner?.publishedAt)
    expect(new Set(ofOlivia.map((booking) => booking.sitter)).size).toBeGreaterThanOrEqual(2)
    const lunasRequest = await seeded
      .selectFrom('bookings')
      .innerJoin('dogs', 'dogs.id', 'bookings.dogId')
      .innerJoin('users as sitters', 'sitters.id', 'bookings.sitterId')
      .select('bookings.id')
      .where('dogs.name', '=', 'Luna')
      .where('sitters.email', '=', sam)
      .where('bookings.status', '=', 'pending')
      .execute()
    expect(lunasRequest).toHaveLength(1)
  })

  test('has, among the other bookings too, published pairs, lone reviews published when the window ended and bookings nobody reviewed', async () => {
    const states = new Set(
      (await completedBookingsWithReviews(seeded))
        .filter((booking) => booking.owner !== 'owner@pawpal.test' && booking.sitter !== 'sitter@pawpal.test')
        .map((booking) => reviewState(booking, seededAt)),
    )

    expect([...states].sort()).toEqual(
      expect.arrayContaining([
        'both reviewed, window closed',
        'nobody reviewed, window closed',
        'only the owner reviewed, window closed',
        'only the sitter reviewed, window closed',
      ]),
    )
  })

  test("gives the demo users' bookings the same review states when seeded on another day", async () => {
    const demoStates = async (database: Kysely<Database>, now: number) =>
      Object.fromEntries(
        (await completedBookingsWithReviews(database))
          .filter((booking) => booking.owner === 'owner@pawpal.test' || booking.sitter === 'sitter@pawpal.test')
          .map((booking) => [booking.id, reviewState(booking, now)]),
      )

    expect(await demoStates(seededAnotherDay, anotherDay)).toEqual(await demoStates(seeded, seededAt))
  })

  /** The seeded visit logs with their bookings, and the demo users' homes. */
  async function visitLogs() {
    const { findBookings } = await import('#app/features/bookings/booking-records.server.ts')
    const { bookingSpan } = await import('#app/features/bookings/slots.ts')
    const [olivia, sam] = await Promise.all(
      ['owner@pawpal.test', 'sitter@pawpal.test'].map(async (email) => {
        const { id, latitude, longitude } = await seeded.selectFrom('users').select(['id', 'latitude', 'longitude']).where('email', '=', email).executeTakeFirstOrThrow()
        if (latitude === null || longitude === null) throw new Error(`${email} has no home`)
        return { id, latitude, longitude }
      }),
    )
    const withBooking = async <Row extends { bookingId: string }>(rows: Row[]) =>
      Promise.all(
        rows.map(async (row) => {
          const [booking] = await findBookings(sql<boolean>`bookings.id = ${row.bookingId}`, seeded)
          if (!booking) throw new Error(`no booking ${row.bookingId}`)
          return { ...row, booking, span: bookingSpan(booking) }
        }),
      )
    const ofBooking = async (bookingId: string) => ({
      entries: await seeded.selectFrom('visitEntries').selectAll().where('bookingId', '=', bookingId).orderBy('recordedAt').execute(),
      photos: await seeded.selectFrom('visitPhotos').selectAll().where('bookingId', '=', bookingId).orderBy('takenAt').execute(),
      route: await seeded.selectFrom('visitRoutePoints').selectAll().where('bookingId', '=', bookingId).orderBy('recordedAt').execute(),
    })
    return {
      olivia: olivia!,
      sam: sam!,
      visits: await withBooking(await seeded.selectFrom('visits').selectAll().execute()),
      alarms: await withBooking(await seeded.selectFrom('visitAlarms').selectAll().execute()),
      ofBooking,
    }
  }

  const photoFileOf = (basePath: string, width: number) => path.join(uploadDir, `${basePath.slice('/uploads/'.length)}-${width}.webp`)
  const minute = 60_000

  test("keeps the report card of the demo owner's walk with Sam: checked in at the door on time, activities, photos, a note and a 2 km route never within 200 m of either home", async () => {
    const { olivia, sam, visits, ofBooking } = await visitLogs()
    const reportCards = visits.filter((visit) => visit.checkedOutAt !== null && visit.booking.seriesId === null)
    expect(reportCards).toHaveLength(1)
    const [walk] = reportCards
    const { entries, photos, route } = await ofBooking(walk!.bookingId)
    const { booking, span } = walk!
    const checkedIn = Date.parse(walk!.checkedInAt)
    const checkedOut = Date.parse(walk!.checkedOutAt!)
    const completion = await seeded.selectFrom('bookingStatusHistory').select('changedAt').where('bookingId', '=', booking.id).where('toStatus', '=', 'completed').executeTakeFirstOrThrow()
    const during = (at: string) => checkedIn <= Date.parse(at) && Date.parse(at) <= checkedOut

    expect(booking).toMatchObject({ ownerId: olivia.id, sitterId: sam.id, service: 'walking', status: 'completed' })
    expect(checkedIn).toBeGreaterThanOrEqual(span.start - 30 * minute)
    expect(checkedIn).toBeLessThanOrEqual(span.start)
    expect(checkedOut).toBeLessThanOrEqual(Date.parse(completion.changedAt))
    expect(walk!.checkInPlace).toBe('at_place')
    expect(walk!.checkOutNote?.length).toBeGreaterThan(20)
    expect([0, 50, 100, 150]).toContain(walk!.checkInDistanceMeters)

    expect(entries.map((entry) => entry.kind).sort()).toEqual(['pee', 'play', 'poo', 'water'])
    for (const entry of entries) expect(during(entry.recordedAt), entry.kind).toBe(true)
    expect(photos.length).toBeGreaterThanOrEqual(1)
    expect(photos.length).toBeLessThanOrEqual(2)
    for (const photo of photos) {
      expect(photo.path).toMatch(new RegExp(`^/uploads/visits/${booking.id}/[0-9a-f-]{36}$`))
      expect(during(photo.takenAt)).toBe(true)
      expect(existsSync(photoFileOf(photo.path, 320))).toBe(true)
      expect((await sharp(photoFileOf(photo.path, 800)).metadata()).exif).toBeUndefined()
    }

    // A position every ~20 s while the page is open, measured with the tests' own ruler.
    expect(route.length).toBeGreaterThan(60)
    let metres = 0
    for (const [index, point] of route.entries()) {
      expect(during(point.recordedAt)).toBe(true)
      expect(metresBetween(point, olivia)).toBeGreaterThan(200)
      expect(metresBetween(point, sam)).toBeGreaterThan(200)
      expect(metresBetween(point, olivia)).toBeLessThan(2000)
      const previous = route[index - 1]
      if (!previous) continue
      expect(Date.parse(point.recordedAt) - Date.parse(previous.recordedAt)).toBeLessThanOrEqual(30_000)
      metres += metresBetween(previous, point)
    }
    expect(metres).toBeGreaterThan(1500)
    expect(metres).toBeLessThan(3000)
    expect(Math.abs(walk!.routeMeters - metres)).toBeLessThanOrEqual(1)
    expect(walk).toMatchObject({ routeStartedAt: route[0]?.recordedAt, routeEndedAt: route.at(-1)?.recordedAt })
  })

  test('has, around the seed moment, a stay of Luna with Sam under way and a stay of Rex whose sitter missed the check-in, and owes no other alarm', async () => {
    const { recordDueVisitAlarms } = await import('#app/features/visits/visit-alarms.server.ts')
    const { olivia, sam, visits, alarms, ofBooking } = await visitLogs()
    const underWay = visits.filter((visit) => visit.checkedOutAt === null)
    expect(underWay).toHaveLength(1)
    const [stay] = underWay
    const { entries, photos, route } = await ofBooking(stay!.bookingId)
    const checkedIn = Date.parse(stay!.checkedInAt)
    const sinceCheckIn = (at: string) => checkedIn <= Date.parse(at) && Date.parse(at) <= seededAt
    const dogOf = (dogId: string) => seeded.selectFrom('dogs').select('name').where('id', '=', dogId).executeTakeFirstOrThrow()

    expect(stay!.booking).toMatchObject({ ownerId: olivia.id, sitterId: sam.id, status: 'accepted' })
    expect(await dogOf(stay!.booking.dogId)).toEqual({ name: 'Luna' })
    expect(stay!.span.start).toBeLessThanOrEqual(seededAt)
    expect(stay!.span.end).toBeGreaterThan(seededAt)
    expect(checkedIn).toBeGreaterThanOrEqual(stay!.span.start - 30 * minute)
    expect(stay).toMatchObject({ checkInPlace: 'at_place', routeMeters: 0, routeStartedAt: null })
    expect(entries.length).toBeGreaterThan(0)
    for (const entry of [...entries.map((entry) => entry.recordedAt), ...photos.map((photo) => photo.takenAt)]) expect(sinceCheckIn(entry)).toBe(true)
    expect(photos).toHaveLength(1)
    expect(existsSync(photoFileOf(photos[0]!.path, 800))).toBe(true)
    expect(route).toEqual([])

    expect(alarms).toHaveLength(1)
    const [missed] = alarms
    expect(missed!.kind).toBe('missed-check-in')
    expect(missed!.booking).toMatchObject({ ownerId: olivia.id, status: 'accepted' })
    expect(await dogOf(missed!.booking.dogId)).toEqual({ name: 'Rex' })
    expect(visits.some((visit) => visit.bookingId === missed!.bookingId)).toBe(false)
    expect(missed!.recordedAt).toBe(iso(missed!.span.start + 15 * minute))
    expect(Date.parse(missed!.recordedAt)).toBeLessThanOrEqual(seededAt)

    // Every other booking the sweep looks at has its log: it records nothing at the seed moment.
    expect(await recordDueVisitAlarms(seededAt, seeded)).toBe(0)
  })

  test("has the demo owner's open report of the stay whose sitter missed the check-in, naming that sitter, with the booking's history and its one alarm", async () => {
    const { olivia, alarms } = await visitLogs()
    const [missed] = alarms
    const reports = await seeded.selectFrom('reports').selectAll().where('kind', '=', 'booking').execute()
    expect(reports).toHaveLength(1)
    const [stored] = reports
    expect(stored).toMatchObject({ reporterId: olivia.id, reportedUserId: missed!.booking.sitterId, subjectId: missed!.bookingId, reason: 'no_show', state: 'open' })
    expect(Date.parse(stored!.createdAt)).toBeGreaterThanOrEqual(Date.parse(missed!.recordedAt))
    expect(Date.parse(stored!.createdAt)).toBeLessThanOrEqual(seededAt)
    const history = await seeded.selectFrom('bookingStatusHistory').select(['toStatus', 'changedAt']).where('bookingId', '=', missed!.bookingId).orderBy('changedAt').execute()
    const snapshot = JSON.parse(stored!.snapshot) as { history: { at: string; what: string }[]; visit: unknown; status: string; date: string }
    expect(snapshot).toMatchObject({ status: 'accepted', date: missed!.booking.date })
    expect(snapshot.history.map(({ at, what }) => ({ at, what }))).toEqual(history.map((row) => ({ at: row.changedAt, what: row.toStatus === 'pending' ? 'requested' : row.toStatus })))
    expect(snapshot.visit).toEqual({ checkIn: null, entries: [], photoCount: 0, routeMeters: null, checkOut: null, alarms: [{ at: missed!.recordedAt, kind: 'missed-check-in', date: null }] })
  })

  test('gives the demo sitter and some others gallery photos, at most 6 each, as metadata-free WebP files', async () => {
    const photos = await seeded.selectFrom('sitterPhotos').select(['sitterId', 'position', 'path']).execute()
    const sam = await seeded.selectFrom('users').select('id').where('email', '=', 'sitter@pawpal.test').executeTakeFirstOrThrow()
    const bySitter = Map.groupBy(photos, (photo) => photo.sitterId)

    expect(bySitter.get(sam.id)?.length).toBeGreaterThanOrEqual(3)
    expect(bySitter.size).toBeGreaterThan(5)
    for (const [sitterId, own] of bySitter) {
      expect(own.length).toBeLessThanOrEqual(6)
      expect(own.map((photo) => photo.position).sort()).toEqual(own.map((_, index) => index))
      for (const photo of own) {
        expect(photo.path).toMatch(new RegExp(`^/uploads/gallery/${sitterId}/\\d$`))
        const file = path.join(uploadDir, `${photo.path.slice('/uploads/'.length)}-800.webp`)
        expect((await sharp(file).metadata()).exif).toBeUndefined()
      }
    }
  })

  test('has conversations with ordered pairs whose last message time is their newest message', async () => {
    const conversations = await seeded.selectFrom('conversations').selectAll().execute()
    const messages = await seeded.selectFrom('messages').selectAll().execute()

    expect(conversations.length).toBeGreaterThanOrEqual(10)
    for (const conversation of conversations) {
      const thread = messages.filter((message) => message.conversationId === conversation.id)
      expect(thread.length).toBeGreaterThanOrEqual(3)
      expect(conversation.userAId < conversation.userBId).toBe(true)
      expect(conversation.lastMessageAt).toBe(thread.map((message) => message.createdAt).sort().at(-1))
      for (const message of thread) {
        expect([message.senderId, message.recipientId].sort()).toEqual([conversation.userAId, conversation.userBId])
      }
    }
  })
})
