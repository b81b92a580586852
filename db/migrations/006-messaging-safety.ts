import { type Kysely, sql } from 'kysely'

// Messages come alive (issue 11): what the initial schema did not yet hold.
// - messages.clientId: the id a client gives a message it sends; a resend with the same id (after a lost
//   ack, a reconnect) finds the stored message instead of storing a second one. Unique per sender; SQLite
//   and Postgres both let any number of rows leave it null.
// - messages_conversation_order replaces messages_conversation_time: a thread is read newest first and
//   paged with a (createdAt, id) cursor, and the conversation list asks each conversation for its last
//   message; with id in the index both are index walks without a sort.
// - messages_sender_time: the limit of 30 messages per 10 s per user counts the sender's own recent
//   messages, in the transaction that stores the next one.
// - userBlocks: a user blocked by another; no messages either way, their thread hidden from both.
// - conversationReports: a conversation reported for the admins to look at.
// Independent of 005 (another feature's), so the two may land in either order on a fresh database.

export async function up(db: Kysely<unknown>) {
  await db.schema.alterTable('messages').addColumn('clientId', 'text').execute()
  await db.schema.createIndex('messages_sender_client').unique().on('messages').columns(['senderId', 'clientId']).execute()
  await db.schema.dropIndex('messages_conversation_time').execute()
  await db.schema.createIndex('messages_conversation_order').on('messages').columns(['conversationId', 'createdAt', 'id']).execute()
  await db.schema.createIndex('messages_sender_time').on('messages').columns(['senderId', 'createdAt']).execute()

  await db.schema
    .createTable('userBlocks')
    .addColumn('blockerId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('blockedId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('userBlocks_pair', ['blockerId', 'blockedId'])
    .addCheckConstraint('userBlocks_not_self', sql`"blockerId" <> "blockedId"`)
    .execute()

  await db.schema
    .createTable('conversationReports')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('conversationId', 'text', (c) => c.notNull().references('conversations.id').onDelete('cascade'))
    .addColumn('reporterId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reportedUserId', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('details', 'text', (c) => c.notNull())
    .addColumn('createdAt', 'text', (c) => c.notNull())
    .execute()
  await db.schema.createIndex('conversationReports_createdAt').on('conversationReports').column('createdAt').execute()
}

export async function down(db: Kysely<unknown>) {
  await db.schema.dropTable('conversationReports').execute()
  await db.schema.dropTable('userBlocks').execute()
  await db.schema.dropIndex('messages_sender_time').execute()
  await db.schema.dropIndex('messages_conversation_order').execute()
  await db.schema.createIndex('messages_conversation_time').on('messages').columns(['conversationId', 'createdAt']).execute()
  await db.schema.dropIndex('messages_sender_client').execute()
  await db.schema.alterTable('messages').dropColumn('clientId').execute()
}
