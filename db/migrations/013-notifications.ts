import { type Kysely, sql } from 'kysely'

// The notification centre (issue 20, decision 051): one row per user and domain event that concerns them
// (a booking's change, a review, a reply), and one per conversation with unread messages, which later
// messages update until the conversation is read. Each delivery channel (push, e-mail) records per
// notification whether it was sent, delivered or failed.

export async function up(db: Kysely<unknown>) {
  await db.schema
    .createTable('notifications')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('eventId', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('type', 'text', (c) => c.notNull())
    .addColumn('text', 'text', (c) => c.notNull())
    .addColumn('href', 'text', (c) => c.notNull())
    .addColumn('conversationId', 'text')
    .addColumn('occurredAt', 'text', (c) => c.notNull())
    .addColumn('readAt', 'text')
    .execute()
  // An event is handled at least once: a second handling finds its row.
  await db.schema.createIndex('notifications_event_user').on('notifications').columns(['eventId', 'userId']).unique().execute()
  // The centre's keyset pages, newest first (decision 046).
  await db.schema.createIndex('notifications_user_list').on('notifications').columns(['userId', 'occurredAt', 'id']).execute()
  // The bell's count.
  await db.schema.createIndex('notifications_user_unread').on('notifications').column('userId').where(sql.ref('readAt'), 'is', null).execute()
  // At most one unread entry per conversation: two instances handling two messages at once cannot both add one.
  await db.schema
    .createIndex('notifications_unread_conversation')
    .on('notifications')
    .columns(['userId', 'conversationId'])
    .unique()
    .where(sql<boolean>`"readAt" is null and "conversationId" is not null`)
    .execute()

  await db.schema
    .createTable('notificationDeliveries')
    .addColumn('notificationId', 'text', (c) => c.notNull().references('notifications.id').onDelete('cascade'))
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('detail', 'text')
    .addPrimaryKeyConstraint('notificationDeliveries_pk', ['notificationId', 'channel'])
    .execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('notificationDeliveries').execute()
  await db.schema.dropTable('notifications').execute()
}
