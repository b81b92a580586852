import { type Kysely, sql } from 'kysely'

// Index tuning after measuring the large data set (bench/queries.ts). Migrations 002 and 003 stay as they
// landed; what changed is added here.
//
// - sitterListings carries the sitter search's filters as bit sets (services offered, dog sizes taken,
//   weekdays with hours), so a filter over every sitter reads one row each instead of probing three tables.
//   Triggers beside 002's keep them in step, whoever writes.
// - bookings loses 003's second index for the sitter overlap check (status, sitterId, date): 001's
//   bookings_sitter_date (sitterId, date, status) serves the same lookups.

/** The bit of each service, dog size and weekday in sitterListings' filter columns. Never renumber them. */
export const listingBits = {
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

const triggers = {
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

export async function up(db: Kysely<unknown>) {
  for (const column of ['services', 'dogSizes', 'weekdays']) {
    await db.schema
      .alterTable('sitterListings')
      .addColumn(column, 'integer', (c) => c.notNull().defaultTo(0))
      .execute()
  }
  for (const [name, body] of Object.entries(triggers)) await sql.raw(`create trigger ${name} ${body}`).execute(db)
  // Sitters listed already.
  await sql.raw(`update sitterListings set ${filterBitsOf('sitterListings.sitterId')}`).execute(db)

  await db.schema.dropIndex('bookings_status_sitter').ifExists().execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.createIndex('bookings_status_sitter').ifNotExists().on('bookings').columns(['status', 'sitterId', 'date']).execute()
  for (const name of Object.keys(triggers)) await sql.raw(`drop trigger ${name}`).execute(db)
  for (const column of ['weekdays', 'dogSizes', 'services']) await db.schema.alterTable('sitterListings').dropColumn(column).execute()
}
