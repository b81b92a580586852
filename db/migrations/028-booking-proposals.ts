import { type Kysely, sql } from 'kysely'

// Changes both sides agree to (issue 33 part 2, DESIGN.md ruling 28): either party of a pending or accepted booking
// proposes a new date, time, dogs or notes; the other accepts or declines it, or its author withdraws it.
// - bookingProposals: one row per proposal, with the booking as it was (`previous`) and as proposed (`proposed`),
//   each a JSON snapshot {date, period, slots, dogIds, notes, priceCents}, so the booking's history reads both prices
//   whatever changed after. At most one proposal of a booking waits for an answer (a partial unique index).

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('bookingProposals')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('bookingId', 'text', (c) => c.notNull().references('bookings.id').onDelete('cascade'))
    .addColumn('proposedById', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('previous', 'text', (c) => c.notNull())
    .addColumn('proposed', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addColumn('answeredById', 'text', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('answeredAt', 'text')
    .execute()
  await db.schema.createIndex('bookingProposals_booking').on('bookingProposals').columns(['bookingId', 'createdAt']).execute()
  await db.schema
    .createIndex('bookingProposals_one_waiting')
    .on('bookingProposals')
    .column('bookingId')
    .unique()
    .where(sql.ref('status'), '=', 'pending')
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('bookingProposals').execute()
}
