import type { Kysely } from 'kysely'

// Domain events (issue 17, decision 038): what changed is written in the transaction that changed it, and
// the side effects (e-mails, calendar events, live pushes) subscribe to it. One row per event, and one per
// subscriber that has to handle it, so each subscriber is retried on its own and nothing is done twice.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('domainEvents')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('subjectId', 'text', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('occurredAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('domainEvents_occurredAt').on('domainEvents').column('occurredAt').execute()

  await db.schema
    .createTable('eventDeliveries')
    .addColumn('eventId', 'text', (c) => c.notNull().references('domainEvents.id').onDelete('cascade'))
    .addColumn('subscriber', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('nextAttemptAt', 'text', (c) => c.notNull())
    .addColumn('deliveredAt', 'text')
    .addColumn('lastError', 'text')
    .addPrimaryKeyConstraint('eventDeliveries_pk', ['eventId', 'subscriber'])
    .execute()
  await db.schema.createIndex('eventDeliveries_due').on('eventDeliveries').columns(['deliveredAt', 'nextAttemptAt']).execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('eventDeliveries').execute()
  await db.schema.dropTable('domainEvents').execute()
}
