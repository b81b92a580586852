import { type Kysely, sql } from 'kysely'
import { engineOf } from './engine.ts'

// On PostgreSQL the public data version (migration 005) was one row that every change to a sitter, a
// review or a booking's status updated inside its transaction: writers on N instances waited for each
// other's commits on that row. It becomes a sum over 64 slots (decision 055): a change bumps a slot no
// other open transaction holds (`for update skip locked`, its own slot when it has one), so writers never
// wait for each other, and readers take the sum of what is committed, which still grows with every commit.
// SQLite has one writer and keeps its one row; the sum over it is the same number.

const slots = 64

export async function up(db: Kysely<unknown>) {
  if (engineOf(db) !== 'postgres') return
  await sql`alter table "publicDataVersion" drop constraint "publicDataVersion_id_check"`.execute(db)
  await sql`insert into "publicDataVersion" (id, version) select slot, 0 from generate_series(2, ${sql.lit(slots)}) as slot`.execute(db)
  await sql`create or replace function "bumpPublicDataVersion"() returns trigger language plpgsql as $$
    begin
      update "publicDataVersion" set version = version + 1
      where id = (select id from "publicDataVersion" order by id limit 1 for update skip locked);
      -- Every slot held by others: wait for one.
      if not found then
        update "publicDataVersion" set version = version + 1 where id = 1 + txid_current() % ${sql.lit(slots)};
      end if;
      return null;
    end $$`.execute(db)
}

export async function down(db: Kysely<unknown>) {
  if (engineOf(db) !== 'postgres') return
  await sql`create or replace function "bumpPublicDataVersion"() returns trigger language plpgsql as $$
    begin
      update "publicDataVersion" set version = version + 1;
      return null;
    end $$`.execute(db)
  await sql`update "publicDataVersion" set version = (select sum(version) from "publicDataVersion") where id = 1`.execute(db)
  await sql`delete from "publicDataVersion" where id > 1`.execute(db)
  await sql`alter table "publicDataVersion" add constraint "publicDataVersion_id_check" check (id = 1)`.execute(db)
}
