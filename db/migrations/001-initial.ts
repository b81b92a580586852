import { type Kysely, sql } from 'kysely'
import { doubleType, engineOf } from './engine.ts'

// The whole product's schema. Later changes add behaviour, not tables.
// Ids are random UUID text; timestamps are ISO-8601 UTC text; booleans are 0/1 on both engines;
// e-mails compare without case (SQLite's nocase collation, PostgreSQL's citext); enumerations are stored by name (DESIGN.md ruling 1) and checked here as well as in zod.

const roles = `('owner','sitter','both','admin')`
const bookingStatuses = `('pending','accepted','rejected','completed','cancelled')`
const services = `('walking','sitting','boarding','daycare','training','grooming')`
const sizes = `('small','medium','large')`
const ages = `('puppy','adult','senior')`
const periods = `('morning','afternoon','evening','overnight','all_day','custom')`

export async function up(db: Kysely<unknown>) {
  const real = doubleType(db)
  const postgres = engineOf(db) === 'postgres'
  if (postgres) await sql`create extension if not exists citext`.execute(db)
  await db.schema
    .createTable('users')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('email', postgres ? sql`citext` : 'text', (c) => (postgres ? c : c.modifyEnd(sql`collate nocase`)).notNull().unique())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('role', 'text', (c) => c.notNull().defaultTo('owner').check(sql.raw(`role in ${roles}`)))
    .addColumn('accountStatus', 'text', (c) =>
      c.notNull().defaultTo('active').check(sql`"accountStatus" in ('active','suspended')`),
    )
    .addColumn('emailVerified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('phoneNumber', 'text')
    .addColumn('bio', 'text')
    .addColumn('profilePhoto', 'text')
    // Exact location: only the user and the other party of an accepted booking see it (ruling 8).
    .addColumn('location', 'text')
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    // What everyone else sees: rounded to about 500 m and a district-level text.
    .addColumn('publicLocation', 'text')
    .addColumn('publicLatitude', real)
    .addColumn('publicLongitude', real)
    .addColumn('timeZone', 'text', (c) => c.notNull().defaultTo('Europe/Zurich'))
    .addColumn('calendarFeedToken', 'text', (c) => c.unique())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('users_role').on('users').columns(['role', 'accountStatus']).execute()
  await db.schema
    .createIndex('users_public_position')
    .on('users')
    .columns(['publicLatitude', 'publicLongitude'])
    .where(sql.ref('publicLatitude'), 'is not', null)
    .execute()

  await db.schema
    .createTable('passwords')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('cookie','token')`))
    .addColumn('userAgent', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('sessions_user').on('sessions').column('userId').execute()
  await db.schema.createIndex('sessions_expiry').on('sessions').column('expiresAt').execute()

  await db.schema
    .createTable('oauthAccounts')
    .addColumn('provider', 'text', (c) => c.notNull())
    .addColumn('providerAccountId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('email', 'text')
    .addColumn('scope', 'text')
    // AES-256-GCM ciphertexts (iv.tag.data, base64url); never stored in clear.
    .addColumn('accessTokenEncrypted', 'text')
    .addColumn('refreshTokenEncrypted', 'text')
    .addColumn('tokenExpiresAt', 'text')
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('oauthAccounts_pk', ['provider', 'providerAccountId'])
    .execute()
  await db.schema.createIndex('oauthAccounts_user').on('oauthAccounts').column('userId').execute()

  await db.schema
    .createTable('passwordResetTokens')
    .addColumn('tokenHash', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'text', (c) => c.notNull())
    .addColumn('usedAt', 'text')
    .execute()
  await db.schema.createIndex('passwordResetTokens_user').on('passwordResetTokens').column('userId').execute()

  // Sliding-window counters for rate limits (login per account and per IP, chat, geocoder).
  await db.schema
    .createTable('rateLimitHits')
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('rateLimitHits_key_at').on('rateLimitHits').columns(['key', 'at']).execute()

  await db.schema
    .createTable('onboardingDrafts')
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('flow', 'text', (c) => c.notNull().check(sql`flow in ('owner','sitter')`))
    .addColumn('data', 'text', (c) => c.notNull().defaultTo('{}'))
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('onboardingDrafts_pk', ['userId', 'flow'])
    .execute()

  await db.schema
    .createTable('sitterProfiles')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('experience', 'text', (c) =>
      c.notNull().defaultTo('0-1').check(sql`experience in ('0-1','1-3','3-5','5+')`),
    )
    .addColumn('acceptsMultipleDogs', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('hasHomeVisit', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('canHostOvernight', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('isBackgroundChecked', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('verified', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('sitterServices')
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('service', 'text', (c) => c.notNull().check(sql.raw(`service in ${services}`)))
    .addColumn('hourlyRateCents', 'integer', (c) => c.check(sql`"hourlyRateCents" >= 0`))
    .addPrimaryKeyConstraint('sitterServices_pk', ['sitterId', 'service'])
    .execute()
  await db.schema.createIndex('sitterServices_service').on('sitterServices').columns(['service', 'sitterId']).execute()

  await db.schema
    .createTable('sitterDogSizes')
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('size', 'text', (c) => c.notNull().check(sql.raw(`size in ${sizes}`)))
    .addPrimaryKeyConstraint('sitterDogSizes_pk', ['sitterId', 'size'])
    .execute()

  await db.schema
    .createTable('sitterDogAges')
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('age', 'text', (c) => c.notNull().check(sql.raw(`age in ${ages}`)))
    .addPrimaryKeyConstraint('sitterDogAges_pk', ['sitterId', 'age'])
    .execute()

  await db.schema
    .createTable('sitterPreferredBreeds')
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('breed', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sitterPreferredBreeds_pk', ['sitterId', 'breed'])
    .execute()

  // Weekly schedule: ISO weekday 1 (Monday) to 7, local HH:mm in the sitter's time zone.
  await db.schema
    .createTable('sitterAvailability')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 1 and 7`))
    .addColumn('startTime', 'text', (c) => c.notNull())
    .addColumn('endTime', 'text', (c) => c.notNull())
    .addCheckConstraint('sitterAvailability_order', sql`"startTime" < "endTime"`)
    .execute()
  await db.schema
    .createIndex('sitterAvailability_sitter')
    .on('sitterAvailability')
    .columns(['sitterId', 'weekday'])
    .execute()

  await db.schema
    .createTable('sitterBlockedDates')
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('sitterBlockedDates_pk', ['sitterId', 'date'])
    .execute()

  await db.schema
    .createTable('dogs')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('ownerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('breed', 'text', (c) => c.notNull())
    // What the owner typed ('2 years') and its normalised value for filters.
    .addColumn('age', 'text', (c) => c.notNull())
    .addColumn('ageMonths', 'integer')
    .addColumn('weightKg', real, (c) => c.check(sql`"weightKg" is null or "weightKg" >= 0`))
    .addColumn('height', 'text')
    .addColumn('bio', 'text')
    .addColumn('size', 'text', (c) => c.check(sql.raw(`size is null or size in ${sizes}`)))
    .addColumn('listedForSitting', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('dogs_owner').on('dogs').column('ownerId').execute()
  await db.schema
    .createIndex('dogs_listed')
    .on('dogs')
    .columns(['listedForSitting', 'ownerId'])
    .where(sql.ref('listedForSitting'), '=', 1)
    .execute()

  // At most 3 per dog (enforced by the dogs feature); position orders them.
  await db.schema
    .createTable('dogImages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dogId', 'text', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('dogImages_position', ['dogId', 'position'])
    .execute()

  for (const [table, column] of [
    ['dogTraits', 'trait'],
    ['dogActivities', 'activity'],
    ['dogAvailability', 'slot'],
  ] as const) {
    await db.schema
      .createTable(table)
      .addColumn('dogId', 'text', (c) => c.notNull().references('dogs.id').onDelete('cascade'))
      .addColumn(column, 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint(`${table}_pk`, ['dogId', column])
      .execute()
  }

  await db.schema
    .createTable('bookings')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('dogId', 'text', (c) => c.notNull().references('dogs.id').onDelete('restrict'))
    .addColumn('ownerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('requestedById', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('timeZone', 'text', (c) => c.notNull())
    .addColumn('period', 'text', (c) => c.check(sql.raw(`period is null or period in ${periods}`)))
    .addColumn('service', 'text', (c) => c.notNull().defaultTo('walking').check(sql.raw(`service in ${services}`)))
    .addColumn('notes', 'text')
    .addColumn('location', 'text')
    .addColumn('latitude', real)
    .addColumn('longitude', real)
    .addColumn('priceCents', 'integer', (c) => c.notNull().check(sql`"priceCents" >= 0`))
    .addColumn('status', 'text', (c) =>
      c.notNull().defaultTo('pending').check(sql.raw(`status in ${bookingStatuses}`)),
    )
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('updatedAt', 'text', (c) => c.notNull())
    .addCheckConstraint('bookings_not_self', sql`"ownerId" <> "sitterId"`)
    .execute()
  await db.schema.createIndex('bookings_sitter_date').on('bookings').columns(['sitterId', 'date', 'status']).execute()
  await db.schema.createIndex('bookings_owner_date').on('bookings').columns(['ownerId', 'date', 'status']).execute()
  await db.schema.createIndex('bookings_dog').on('bookings').column('dogId').execute()

  // Local HH:mm in the booking's zone; an end before the start runs past midnight (overnight).
  await db.schema
    .createTable('bookingTimeSlots')
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('startTime', 'text', (c) => c.notNull())
    .addColumn('endTime', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('bookingTimeSlots_pk', ['bookingId', 'position'])
    .execute()

  await db.schema
    .createTable('bookingStatusHistory')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('fromStatus', 'text', (c) => c.check(sql.raw(`"fromStatus" is null or "fromStatus" in ${bookingStatuses}`)))
    .addColumn('toStatus', 'text', (c) => c.notNull().check(sql.raw(`"toStatus" in ${bookingStatuses}`)))
    .addColumn('changedById', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('changedAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema
    .createIndex('bookingStatusHistory_booking')
    .on('bookingStatusHistory')
    .columns(['bookingId', 'changedAt'])
    .execute()

  // One conversation per pair of users; userAId < userBId keeps the pair unique.
  await db.schema
    .createTable('conversations')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userAId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('userBId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('lastMessageAt', 'text')
    .addUniqueConstraint('conversations_pair', ['userAId', 'userBId'])
    .addCheckConstraint('conversations_order', sql`"userAId" < "userBId"`)
    .execute()
  await db.schema.createIndex('conversations_userA_last').on('conversations').columns(['userAId', 'lastMessageAt']).execute()
  await db.schema.createIndex('conversations_userB_last').on('conversations').columns(['userBId', 'lastMessageAt']).execute()

  await db.schema
    .createTable('messages')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversationId', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('senderId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('recipientId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('content', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('readAt', 'text')
    .execute()
  await db.schema
    .createIndex('messages_conversation_time')
    .on('messages')
    .columns(['conversationId', 'createdAt'])
    .execute()
  await db.schema
    .createIndex('messages_unread_recipient')
    .on('messages')
    .columns(['recipientId', 'conversationId'])
    .where(sql.ref('readAt'), 'is', null)
    .execute()

  await db.schema
    .createTable('reviews')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) => c.notNull().unique().references('bookings.id').onDelete('cascade'))
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('ownerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('rating', 'integer', (c) => c.notNull().check(sql`rating between 1 and 5`))
    .addColumn('comment', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('reviews_sitter').on('reviews').columns(['sitterId', 'createdAt']).execute()

  // Events created in a user's Google Calendar, so a retry never duplicates one.
  await db.schema
    .createTable('calendarEvents')
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('provider', 'text', (c) => c.notNull().defaultTo('google'))
    .addColumn('eventId', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('calendarEvents_pk', ['bookingId', 'userId', 'provider'])
    .execute()

  await db.schema
    .createTable('geocodeCache')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('response', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()

  await db.schema
    .createTable('supportRequests')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('email', 'text', (c) => c.notNull())
    .addColumn('subject', 'text', (c) => c.notNull())
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
}

export async function down(db: Kysely<unknown>) {
  for (const table of [
    'supportRequests',
    'geocodeCache',
    'calendarEvents',
    'reviews',
    'messages',
    'conversations',
    'bookingStatusHistory',
    'bookingTimeSlots',
    'bookings',
    'dogAvailability',
    'dogActivities',
    'dogTraits',
    'dogImages',
    'dogs',
    'sitterBlockedDates',
    'sitterAvailability',
    'sitterPreferredBreeds',
    'sitterDogAges',
    'sitterDogSizes',
    'sitterServices',
    'sitterProfiles',
    'onboardingDrafts',
    'rateLimitHits',
    'passwordResetTokens',
    'oauthAccounts',
    'sessions',
    'passwords',
    'users',
  ]) {
    await db.schema.dropTable(table).execute()
  }
}
