import { type Kysely, sql } from 'kysely'
import { engineOf } from './engine.ts'

// Discovery, tuned after measuring it (bench/queries.ts, bench/public-pages.ts). Migrations 002 and 003
// stay as they landed; what changed is added here.
//
// - sitterListings carries the sitter search's filters as bit sets (services offered, dog sizes taken,
//   weekdays with hours), so a filter over every sitter reads one row each instead of probing three tables.
//   Triggers beside 002's keep them in step, whoever writes.
// - bookings loses 003's second index for the sitter overlap check (status, sitterId, date): 001's
//   bookings_sitter_date (sitterId, date, status) serves the same lookups.
// - publicDataVersion: one number that grows with every change to what the public sitter pages show
//   (a sitter's profile, services, schedule, photos, reviews, a booking's status, a name or photo), kept by
//   triggers, whoever writes. Shared renders of public pages are only reused while it stands still
//   (app/lib/public-page-cache.server.ts, decision 022). Messages do not count: the reply time they
//   measure may lag by the shared copy's few seconds.
// PostgreSQL (decision 045) gets the same columns and the same triggers written as trigger functions; the
// version is bumped once per statement rather than once per row.

/**
 * The bit of each service, dog size and weekday in sitterListings' filter columns. Never renumber them.
 * The app's copy is app/features/sitters/listing-bits.ts: app code never imports a migration, and a
 * migration never changes with the app, so this one stays as it ran.
 */
const listingBits = {
  services: { walking: 1, sitting: 2, boarding: 4, daycare: 8, training: 16, grooming: 32 },
  dogSizes: { small: 1, medium: 2, large: 4 },
  /** ISO weekday n (1 Monday ... 7 Sunday) is the bit 1 << n. */
  weekday: (weekday: number) => 2 ** weekday,
} as const

const bitOf = (column: string, bits: Record<string, number>) =>
  `case ${column} ${Object.entries(bits)
    .map(([name, bit]) => `when '${name}' then ${bit}`)
    .join(' ')} else 0 end`

const filterBitsOf = (sitterId: string) => `
    services = (select coalesce(sum(distinct ${bitOf('s.service', listingBits.services)}), 0) from sitterServices s where s.sitterId = ${sitterId}),
    dogSizes = (select coalesce(sum(distinct ${bitOf('z.size', listingBits.dogSizes)}), 0) from sitterDogSizes z where z.sitterId = ${sitterId}),
    weekdays = (select coalesce(sum(distinct 1 << a.weekday), 0) from sitterAvailability a where a.sitterId = ${sitterId})`

const refreshFilterBits = (sitterId: string) => `update sitterListings set ${filterBitsOf(sitterId)} where sitterId = ${sitterId};`

const filterBitTriggers = {
  sitterListings_bits_listed: `after insert on sitterListings begin ${refreshFilterBits('new.sitterId')} end`,
  sitterListings_bits_service_added: `after insert on sitterServices begin ${refreshFilterBits('new.sitterId')} end`,
  sitterListings_bits_service_removed: `after delete on sitterServices begin ${refreshFilterBits('old.sitterId')} end`,
  sitterListings_bits_service_changed: `after update on sitterServices begin
    ${refreshFilterBits('old.sitterId')}
    ${refreshFilterBits('new.sitterId')}
  end`,
  sitterListings_bits_size_added: `after insert on sitterDogSizes begin ${refreshFilterBits('new.sitterId')} end`,
  sitterListings_bits_size_removed: `after delete on sitterDogSizes begin ${refreshFilterBits('old.sitterId')} end`,
  sitterListings_bits_hours_added: `after insert on sitterAvailability begin ${refreshFilterBits('new.sitterId')} end`,
  sitterListings_bits_hours_removed: `after delete on sitterAvailability begin ${refreshFilterBits('old.sitterId')} end`,
  sitterListings_bits_hours_changed: `after update on sitterAvailability begin
    ${refreshFilterBits('old.sitterId')}
    ${refreshFilterBits('new.sitterId')}
  end`,
}

/** What the public sitter pages show, table by table ('*' for every column). */
const shownOnPublicPages: Record<string, readonly string[] | '*'> = {
  users: ['name', 'profilePhoto', 'bio', 'publicLocation', 'publicLatitude', 'publicLongitude', 'accountStatus', 'role', 'createdAt'],
  sitterProfiles: '*',
  sitterServices: '*',
  sitterDogSizes: '*',
  sitterDogAges: '*',
  sitterPreferredBreeds: '*',
  sitterAvailability: '*',
  sitterBlockedDates: '*',
  sitterPhotos: '*',
  reviews: '*',
  bookings: ['status'],
}

const bumpVersion = 'update publicDataVersion set version = version + 1;'

const versionTriggers = Object.fromEntries(
  Object.entries(shownOnPublicPages).flatMap(([table, columns]) => {
    const whole = columns === '*'
    return [
      ...(whole ? [[`publicDataVersion_${table}_insert`, `after insert on ${table} begin ${bumpVersion} end`]] : []),
      [`publicDataVersion_${table}_update`, `after update ${whole ? '' : `of ${columns.join(', ')} `}on ${table} begin ${bumpVersion} end`],
      [`publicDataVersion_${table}_delete`, `after delete on ${table} begin ${bumpVersion} end`],
    ]
  }),
) as Record<string, string>

export async function up(db: Kysely<unknown>) {
  for (const column of ['services', 'dogSizes', 'weekdays']) {
    await db.schema
      .alterTable('sitterListings')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  }
  if (engineOf(db) === 'postgres') return upPostgres(db)
  for (const [name, body] of Object.entries(filterBitTriggers)) await sql.raw(`create trigger ${name} ${body}`).execute(db)
  // Sitters listed already.
  await sql.raw(`update sitterListings set ${filterBitsOf('sitterListings.sitterId')}`).execute(db)

  await db.schema.dropIndex('bookings_status_sitter').ifExists().execute()

  await db.schema
    .createTable('publicDataVersion')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute()
  await sql`insert into publicDataVersion (id, version) values (1, 0)`.execute(db)
  for (const [name, body] of Object.entries(versionTriggers)) await sql.raw(`create trigger ${name} ${body}`).execute(db)
}

export async function down(db: Kysely<unknown>) {
  if (engineOf(db) === 'postgres') return downPostgres(db)
  for (const name of Object.keys(versionTriggers)) await sql.raw(`drop trigger ${name}`).execute(db)
  await db.schema.dropTable('publicDataVersion').execute()
  await db.schema.createIndex('bookings_status_sitter').ifNotExists().on('bookings').columns(['status', 'sitterId', 'date']).execute()
  for (const name of Object.keys(filterBitTriggers)) await sql.raw(`drop trigger ${name}`).execute(db)
  for (const column of ['weekdays', 'dogSizes', 'services']) await db.schema.alterTable('sitterListings').dropColumn(column).execute()
}

// ---- PostgreSQL ----

const refreshListingBits = `
  create function "refreshListingBits"(sitter text) returns void language plpgsql as $$
  begin
    update "sitterListings" set
      services = (select coalesce(bit_or(${bitOf('s.service', listingBits.services)}), 0) from "sitterServices" s where s."sitterId" = sitter),
      "dogSizes" = (select coalesce(bit_or(${bitOf('z.size', listingBits.dogSizes)}), 0) from "sitterDogSizes" z where z."sitterId" = sitter),
      weekdays = (select coalesce(bit_or(1 << a.weekday), 0) from "sitterAvailability" a where a."sitterId" = sitter)
    where "sitterId" = sitter;
  end $$`

const listingBitsChanged = `
  create function "listingBitsChanged"() returns trigger language plpgsql as $$
  declare
    old_sitter text;
    new_sitter text;
  begin
    if TG_OP <> 'INSERT' then old_sitter := to_jsonb(old) ->> 'sitterId'; end if;
    if TG_OP <> 'DELETE' then new_sitter := to_jsonb(new) ->> 'sitterId'; end if;
    if old_sitter is not null then perform "refreshListingBits"(old_sitter); end if;
    if new_sitter is not null and new_sitter is distinct from old_sitter then perform "refreshListingBits"(new_sitter); end if;
    return null;
  end $$`

/** Trigger name -> the table whose rows make a listing's bits. */
const postgresBitTriggers = {
  sitterListings_bits_listed: 'sitterListings',
  sitterListings_bits_services: 'sitterServices',
  sitterListings_bits_sizes: 'sitterDogSizes',
  sitterListings_bits_hours: 'sitterAvailability',
} as const

const postgresVersionTrigger = (table: string) => `publicDataVersion_${table}`

async function upPostgres(db: Kysely<unknown>) {
  await sql.raw(refreshListingBits).execute(db)
  await sql.raw(listingBitsChanged).execute(db)
  for (const [name, table] of Object.entries(postgresBitTriggers)) {
    const events = table === 'sitterListings' ? 'insert' : 'insert or update or delete'
    await sql.raw(`create trigger "${name}" after ${events} on "${table}" for each row execute function "listingBitsChanged"()`).execute(db)
  }
  // Sitters listed already.
  await sql`select "refreshListingBits"("sitterId") from "sitterListings"`.execute(db)

  await db.schema.dropIndex('bookings_status_sitter').ifExists().execute()

  await db.schema
    .createTable('publicDataVersion')
    .addColumn('id', 'integer', (c) => c.primaryKey().check(sql`id = 1`))
    .addColumn('version', 'integer', (c) => c.notNull())
    .execute()
  await sql`insert into "publicDataVersion" (id, version) values (1, 0)`.execute(db)
  await sql`create function "bumpPublicDataVersion"() returns trigger language plpgsql as $$
    begin
      update "publicDataVersion" set version = version + 1;
      return null;
    end $$`.execute(db)
  for (const [table, columns] of Object.entries(shownOnPublicPages)) {
    const events = columns === '*' ? 'insert or update or delete' : `update of ${columns.map((column) => `"${column}"`).join(', ')} or delete`
    await sql
      .raw(`create trigger "${postgresVersionTrigger(table)}" after ${events} on "${table}" for each statement execute function "bumpPublicDataVersion"()`)
      .execute(db)
  }
}

async function downPostgres(db: Kysely<unknown>) {
  for (const table of Object.keys(shownOnPublicPages)) await sql.raw(`drop trigger "${postgresVersionTrigger(table)}" on "${table}"`).execute(db)
  await sql`drop function "bumpPublicDataVersion"`.execute(db)
  await db.schema.dropTable('publicDataVersion').execute()
  await db.schema.createIndex('bookings_status_sitter').ifNotExists().on('bookings').columns(['status', 'sitterId', 'date']).execute()
  for (const [name, table] of Object.entries(postgresBitTriggers)) await sql.raw(`drop trigger "${name}" on "${table}"`).execute(db)
  await sql`drop function "listingBitsChanged"`.execute(db)
  await sql`drop function "refreshListingBits"`.execute(db)
  for (const column of ['weekdays', 'dogSizes', 'services']) await db.schema.alterTable('sitterListings').dropColumn(column).execute()
}
