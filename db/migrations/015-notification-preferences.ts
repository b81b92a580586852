import type { Kysely } from 'kysely'

// Issue 20 (h20-mail): what each user wants to hear of and how, who has a live socket open on any instance,
// the unread-message digest's last send per conversation, and the unsubscribe link each queued e-mail
// carries. Plain Kysely schema calls: the same on SQLite and PostgreSQL (decision 045).

export async function up(db: Kysely<unknown>) {
  // A row only where the user changed the default (notification-settings/preferences.server.ts).
  await db.schema
    .createTable('notificationPreferences')
    .addColumn('userId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('notificationPreferencesKey', ['userId', 'kind', 'channel'])
    .execute()
  // Quiet hours in the user's own time zone (users.timeZone), minutes past midnight; no row: the default.
  await db.schema
    .createTable('notificationQuietHours')
    .addColumn('userId', 'text', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('startMinute', 'integer', (c) => c.notNull())
    .addColumn('endMinute', 'integer', (c) => c.notNull())
    .execute()
  // One row per app instance and user with an open socket there, renewed while the instance lives: a
  // crashed instance's rows run out at `expiresAt` (milliseconds since the epoch).
  await db.schema
    .createTable('socketPresence')
    .addColumn('instanceId', 'text', (c) => c.notNull())
    .addColumn('userId', 'text', (c) => c.notNull())
    .addColumn('expiresAt', 'bigint', (c) => c.notNull())
    .addPrimaryKeyConstraint('socketPresenceKey', ['instanceId', 'userId'])
    .execute()
  await db.schema.createIndex('socketPresenceByUser').on('socketPresence').columns(['userId', 'expiresAt']).execute()
  // When the recipient was last mailed the unread messages of a conversation (at most once an hour).
  await db.schema
    .createTable('messageDigests')
    .addColumn('recipientId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('conversationId', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('sentAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('messageDigestsKey', ['recipientId', 'conversationId'])
    .execute()
  // RFC 8058: the one-click unsubscribe URL of an e-mail's kind, sent as its List-Unsubscribe header.
  await db.schema.alterTable('emailOutbox').addColumn('unsubscribeUrl', 'text').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.alterTable('emailOutbox').dropColumn('unsubscribeUrl').execute()
  await db.schema.dropTable('messageDigests').execute()
  await db.schema.dropTable('socketPresence').execute()
  await db.schema.dropTable('notificationQuietHours').execute()
  await db.schema.dropTable('notificationPreferences').execute()
}
