import { type Kysely, sql } from 'kysely'
import { engineOf } from './engine.ts'

// Sitter discovery (issue 9, decision 016): the sitter's gallery, the sitter's reply to a review, and the
// two SQLite indexes behind the sitters list and the map, kept in step with the rows by triggers so that
// every writer (profile edits, onboarding, suspensions, the seeds, tests) keeps them right.
//
// - sitterListings: one row per LISTED sitter (an active account with the sitter or both role and a sitter
//   profile). Its integer `key` is the row id of both indexes (the users table's own rowid is not stable).
// - sitterSearch (FTS5): name, public location text, services and bio of each listed sitter.
// - sitterPoints (R*Tree): the PUBLIC point of each listed sitter that has one; never the exact point.
// On PostgreSQL (decision 045) the listing row holds both itself: `search`, a weighted tsvector with a GIN
// index, and `position`, the public point (longitude, latitude) with a GiST index; one trigger function
// recomputes a sitter's listing whenever something it is made of changes.

const listedSitter = (id: string) => `
  exists (
    select 1 from users u join sitterProfiles p on p.userId = u.id
    where u.id = ${id} and u.accountStatus = 'active' and u.role in ('sitter', 'both')
  )`

// No conflict clause (an outer INSERT OR REPLACE would turn it into a replace that orphans the index rows).
const listSitter = (id: string) => `
  insert into sitterListings (sitterId) select ${id}
  where ${listedSitter(id)} and not exists (select 1 from sitterListings where sitterId = ${id});`

// A snapshot of the service labels (features/sitters/options.ts), so that "dog walking" finds walkers.
const serviceText = `
  (select group_concat(s.service || ' ' || case s.service
      when 'walking' then 'Dog Walking' when 'sitting' then 'Dog Sitting' when 'boarding' then 'Boarding'
      when 'daycare' then 'Daycare' when 'training' then 'Training' when 'grooming' then 'Grooming' end, ' ')
   from sitterServices s where s.sitterId = u.id)`

const insertSearchRow = (sitterId: string) => `
  insert into sitterSearch (rowid, name, location, services, bio)
  select l.key, u.name, coalesce(u.publicLocation, ''), coalesce(${serviceText}, ''), coalesce(u.bio, '')
  from sitterListings l join users u on u.id = l.sitterId where l.sitterId = ${sitterId};`

const refreshSearchRow = (sitterId: string) => `
  delete from sitterSearch where rowid = (select key from sitterListings where sitterId = ${sitterId});
  ${insertSearchRow(sitterId)}`

const insertPoint = (sitterId: string) => `
  insert into sitterPoints (key, minLatitude, maxLatitude, minLongitude, maxLongitude)
  select l.key, u.publicLatitude, u.publicLatitude, u.publicLongitude, u.publicLongitude
  from sitterListings l join users u on u.id = l.sitterId
  where l.sitterId = ${sitterId} and u.publicLatitude is not null and u.publicLongitude is not null;`

const triggers = {
  // Who is listed.
  sitterListings_profile_added: `after insert on sitterProfiles begin
    ${listSitter('new.userId')}
  end`,
  sitterListings_profile_removed: `after delete on sitterProfiles begin
    delete from sitterListings where sitterId = old.userId;
  end`,
  sitterListings_account_changed: `after update of accountStatus, role on users begin
    delete from sitterListings where sitterId = new.id and not ${listedSitter('new.id')};
    ${listSitter('new.id')}
  end`,
  // A listing brings its search row and point; ending it takes them away.
  sitterListings_added: `after insert on sitterListings begin
    ${insertSearchRow('new.sitterId')}
    ${insertPoint('new.sitterId')}
  end`,
  sitterListings_removed: `after delete on sitterListings begin
    delete from sitterSearch where rowid = old.key;
    delete from sitterPoints where key = old.key;
  end`,
  // What is searched and where the point is.
  sitterSearch_user_changed: `after update of name, bio, publicLocation on users begin
    ${refreshSearchRow('new.id')}
  end`,
  sitterSearch_service_added: `after insert on sitterServices begin ${refreshSearchRow('new.sitterId')} end`,
  sitterSearch_service_removed: `after delete on sitterServices begin ${refreshSearchRow('old.sitterId')} end`,
  sitterSearch_service_changed: `after update on sitterServices begin
    ${refreshSearchRow('old.sitterId')}
    ${refreshSearchRow('new.sitterId')}
  end`,
  sitterPoints_user_moved: `after update of publicLatitude, publicLongitude on users begin
    delete from sitterPoints where key = (select key from sitterListings where sitterId = new.id);
    ${insertPoint('new.id')}
  end`,
}

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('reviews').addColumn('reply', 'text').execute()
  await db.schema.alterTable('reviews').addColumn('repliedAt', 'text').execute()

  // A sitter's own photos (at most 6, enforced by the sitters feature); position orders them.
  await db.schema
    .createTable('sitterPhotos')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('sitterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('position', 'integer', (c) => c.notNull())
    .addColumn('path', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addUniqueConstraint('sitterPhotos_position', ['sitterId', 'position'])
    .execute()

  if (engineOf(db) === 'postgres') return createPostgresListings(db)

  await db.schema
    .createTable('sitterListings')
    .addColumn('key', 'integer', (c) => c.primaryKey())
    .addColumn('sitterId', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .execute()
  await sql`create virtual table sitterSearch using fts5(
    name, location, services, bio,
    tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3'
  )`.execute(db)
  await sql`create virtual table sitterPoints using rtree(key, minLatitude, maxLatitude, minLongitude, maxLongitude)`.execute(db)

  for (const [name, body] of Object.entries(triggers)) await sql.raw(`create trigger ${name} ${body}`).execute(db)

  // Sitters that exist already.
  await sql`insert into sitterListings (sitterId)
    select u.id from users u join sitterProfiles p on p.userId = u.id
    where u.accountStatus = 'active' and u.role in ('sitter', 'both')`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  if (engineOf(db) === 'postgres') {
    for (const [name, table] of Object.entries(postgresTriggers)) await sql.raw(`drop trigger "${name}" on "${table}"`).execute(db)
    await sql`drop function "refreshSitterListing"`.execute(db)
    await sql`drop function "sitterListingChanged"`.execute(db)
  } else {
    for (const name of Object.keys(triggers)) await sql.raw(`drop trigger ${name}`).execute(db)
    await sql`drop table sitterPoints`.execute(db)
    await sql`drop table sitterSearch`.execute(db)
  }
  await db.schema.dropTable('sitterListings').execute()
  await db.schema.dropTable('sitterPhotos').execute()
  await db.schema.alterTable('reviews').dropColumn('repliedAt').execute()
  await db.schema.alterTable('reviews').dropColumn('reply').execute()
}

// ---- PostgreSQL ----

/** The service labels of the snapshot above, for the tsvector. */
const postgresServiceText = `
  (select string_agg(s.service || ' ' || case s.service
      when 'walking' then 'Dog Walking' when 'sitting' then 'Dog Sitting' when 'boarding' then 'Boarding'
      when 'daycare' then 'Daycare' when 'training' then 'Training' when 'grooming' then 'Grooming' end, ' ')
   from "sitterServices" s where s."sitterId" = u.id)`

/** Name, place, services and bio weighted A to D, accents removed as SQLite's tokenizer does. */
const postgresDocument = `
  setweight(to_tsvector('simple', unaccent(u.name)), 'A') ||
  setweight(to_tsvector('simple', unaccent(coalesce(u."publicLocation", ''))), 'B') ||
  setweight(to_tsvector('simple', unaccent(coalesce(${postgresServiceText}, ''))), 'C') ||
  setweight(to_tsvector('simple', unaccent(coalesce(u.bio, ''))), 'D')`

const refreshSitterListing = `
  create function "refreshSitterListing"(sitter text) returns void language plpgsql as $$
  begin
    if not exists (
      select 1 from users u join "sitterProfiles" p on p."userId" = u.id
      where u.id = sitter and u."accountStatus" = 'active' and u.role in ('sitter', 'both')
    ) then
      delete from "sitterListings" where "sitterId" = sitter;
      return;
    end if;
    insert into "sitterListings" ("sitterId") values (sitter) on conflict ("sitterId") do nothing;
    update "sitterListings" l set
      search = ${postgresDocument},
      "position" = case when u."publicLatitude" is null or u."publicLongitude" is null then null
        else point(u."publicLongitude", u."publicLatitude") end
    from users u where u.id = sitter and l."sitterId" = sitter;
  end $$`

/** A row trigger's function: the sitter of the old row and of the new one are recomputed. */
const sitterListingChanged = `
  create function "sitterListingChanged"() returns trigger language plpgsql as $$
  declare
    column_name text := TG_ARGV[0];
    old_sitter text;
    new_sitter text;
  begin
    if TG_OP <> 'INSERT' then old_sitter := to_jsonb(old) ->> column_name; end if;
    if TG_OP <> 'DELETE' then new_sitter := to_jsonb(new) ->> column_name; end if;
    if old_sitter is not null then perform "refreshSitterListing"(old_sitter); end if;
    if new_sitter is not null and new_sitter is distinct from old_sitter then perform "refreshSitterListing"(new_sitter); end if;
    return null;
  end $$`

/** Trigger name -> table. */
const postgresTriggers = {
  sitterListings_profile_changed: 'sitterProfiles',
  sitterListings_user_changed: 'users',
  sitterListings_service_changed: 'sitterServices',
} as const

async function createPostgresListings(db: Kysely<unknown>) {
  await sql`create extension if not exists unaccent`.execute(db)
  await db.schema
    .createTable('sitterListings')
    .addColumn('key', 'integer', (c) => c.primaryKey().generatedByDefaultAsIdentity())
    .addColumn('sitterId', 'text', (c) => c.notNull().unique().references('users.id').onDelete('cascade'))
    .addColumn('search', sql`tsvector`, (c) => c.notNull().defaultTo(sql`''::tsvector`))
    .addColumn('position', sql`point`)
    .execute()
  await sql`create index "sitterListings_search" on "sitterListings" using gin (search)`.execute(db)
  await sql`create index "sitterListings_position" on "sitterListings" using gist ("position")`.execute(db)
  await sql.raw(refreshSitterListing).execute(db)
  await sql.raw(sitterListingChanged).execute(db)
  await sql`create trigger "sitterListings_profile_changed" after insert or delete on "sitterProfiles"
    for each row execute function "sitterListingChanged"('userId')`.execute(db)
  await sql`create trigger "sitterListings_user_changed"
    after update of "accountStatus", role, name, bio, "publicLocation", "publicLatitude", "publicLongitude" on users
    for each row execute function "sitterListingChanged"('id')`.execute(db)
  await sql`create trigger "sitterListings_service_changed" after insert or update or delete on "sitterServices"
    for each row execute function "sitterListingChanged"('sitterId')`.execute(db)
  // Sitters that exist already.
  await sql`select "refreshSitterListing"(p."userId") from "sitterProfiles" p`.execute(db)
}
