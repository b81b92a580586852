import { type Expression, type SqlBool } from 'kysely'
import { publish } from '#app/features/messages/hub.server.ts'
import { db } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { emailOutcomes } from '#app/lib/email-outbox.server.ts'
import type { NotificationChannel, NotificationDeliveryStatus, NotificationsTable } from '#app/lib/db-schema.ts'
import { keysetCondition, type KeysetCursor, type PagePosition, readKeysetPage } from '#app/lib/keyset-paging.ts'
import { notificationListName, notificationPageSize } from './schema.ts'

// The notification centre's store (decision 051): what the subscriber records (notification-events.server.ts),
// what the centre and the bell read, marking read, and the channels' delivery outcomes. Every change a user
// should see at once tells their open tabs (a `notificationsChanged` hub event: the socket server pushes
// their badge counts again, on whichever instance holds the socket).

/** What the subscriber writes; `emailKey` names the outbox e-mail that tells the same, if one is meant to. */
export type NewNotification = Pick<NotificationsTable, 'userId' | 'eventId' | 'kind' | 'type' | 'text' | 'href' | 'occurredAt' | 'emailKey'>

const iso = (instant: number) => new Date(instant).toISOString()

const tellTabs = (userIds: readonly string[]) => {
  if (userIds.length > 0) publish({ event: 'notificationsChanged', userIds })
}

/** One notification per user and event: handling the event again adds nothing. Answers those this call added. */
export async function addNotifications(notifications: readonly NewNotification[]) {
  if (notifications.length === 0) return []
  const added = await db
    .insertInto('notifications')
    .values(notifications.map((notification) => ({ id: crypto.randomUUID(), ...notification, conversationId: null, readAt: null })))
    .onConflict((oc) => oc.columns(['eventId', 'userId']).doNothing())
    .returning(['id', 'userId', 'kind', 'text', 'href'])
    .execute()
  tellTabs(notifications.map((notification) => notification.userId))
  return added
}

/**
 * The one entry of a conversation with unread messages: added by the first unread message, then kept
 * current (how many, the latest first), and read once the conversation is. `unread` is what the messages
 * feature counts now, so handling an event twice, or late, writes the same thing. Answers the entry's id
 * while the conversation has unread messages.
 */
export async function keepUnreadMessagesEntry(
  userId: string,
  conversationId: string,
  unread: { count: number; latestAt: string; text: string; href: string } | null,
  event: { id: string; type: string },
  now = Date.now(),
) {
  const open = await db
    .selectFrom('notifications')
    .select('id')
    .where('userId', '=', userId)
    .where('conversationId', '=', conversationId)
    .where('readAt', 'is', null)
    .executeTakeFirst()
  let entryId: string | null = null
  if (!unread) {
    if (!open) return null
    await db.updateTable('notifications').set({ readAt: iso(now) }).where('id', '=', open.id).execute()
  } else if (open) {
    await db.updateTable('notifications').set({ text: unread.text, href: unread.href, occurredAt: unread.latestAt }).where('id', '=', open.id).execute()
    entryId = open.id
  } else {
    entryId = crypto.randomUUID()
    // Two instances adding the entry at once: the unique index refuses the second, whose event is retried and updates it.
    await db
      .insertInto('notifications')
      .values({
        id: entryId,
        userId,
        eventId: event.id,
        kind: 'messages',
        type: event.type,
        text: unread.text,
        href: unread.href,
        conversationId,
        occurredAt: unread.latestAt,
        readAt: null,
        emailKey: null,
      })
      .onConflict((oc) => oc.columns(['eventId', 'userId']).doNothing())
      .execute()
  }
  tellTabs([userId])
  return entryId
}

/** The unread-message digest e-mailed about a conversation's unread entry (the latest digest, when there were several). */
export async function nameUnreadEntryEmail(userId: string, conversationId: string, emailKey: string) {
  await db.updateTable('notifications').set({ emailKey }).where('userId', '=', userId).where('conversationId', '=', conversationId).where('readAt', 'is', null).execute()
}

/** Users with an unread entry for this conversation (a read receipt may have emptied it). */
export async function usersWithUnreadEntryFor(conversationId: string) {
  const rows = await db.selectFrom('notifications').select('userId').where('conversationId', '=', conversationId).where('readAt', 'is', null).execute()
  return rows.map((row) => row.userId)
}

/** The bell's number. */
export async function countUnreadNotifications(userId: string) {
  const [row] = await unreadNotificationsOf({ userId })
  return Number(row?.count ?? 0)
}

/** The count as a query of one row and column, to read with other counts in one statement. */
export function unreadNotificationsQuery(userId: string) {
  return db.selectFrom('notifications').select((eb) => eb.fn.countAll<number>().as('count')).where('userId', '=', userId).where('readAt', 'is', null)
}

export type NotificationDelivery = { channel: NotificationChannel; status: NotificationDeliveryStatus; at: string; detail: string | null }

export type NotificationJson = {
  id: string
  kind: string
  type: string
  text: string
  href: string
  read: boolean
  readAt: string | null
  occurredAt: string
  deliveries: NotificationDelivery[]
}

const listColumns = ['id', 'kind', 'type', 'text', 'href', 'readAt', 'occurredAt', 'emailKey'] as const

type ListRow = { id: string; kind: string; type: string; text: string; href: string; readAt: string | null; occurredAt: string; emailKey: string | null }

/** A user's notifications, newest first, a keyset page at a time (decision 046), each with its deliveries. */
export async function listNotificationsFor(
  userId: string,
  { position = {}, limit = notificationPageSize }: { position?: PagePosition; limit?: number } = {},
): Promise<{ notifications: NotificationJson[]; next: KeysetCursor | null }> {
  const { rows, next } = await readKeysetPage(
    (condition, rowLimit) =>
      condition === null && rowLimit === firstPageRows ? firstNotificationPage({ userId }) : notificationPageQuery(userId, condition, rowLimit).execute(),
    (row) => ({ list: notificationListName, key: row.occurredAt, id: row.id }),
    (cursor, options) => keysetCondition({ key: 'occurredAt', id: 'id' }, cursor, 'desc', options),
    position,
    limit,
  )
  return { notifications: await withDeliveries(rows), next }
}

function notificationPageQuery(userId: string, condition: Expression<SqlBool> | null, limit: number) {
  let query = db.selectFrom('notifications').select(listColumns).where('userId', '=', userId)
  if (condition) query = query.where(condition)
  return query.orderBy('occurredAt', 'desc').orderBy('id', 'desc').limit(limit)
}

// The top of the list and the unread count (what /notifications opens on) are compiled once (decision 089):
// building these queries cost more CPU than SQLite spent answering them.
const firstPageRows = notificationPageSize + 1
const firstNotificationPage = precompiledQuery(({ userId }: { userId: string }) => notificationPageQuery(userId, null, firstPageRows))
const unreadNotificationsOf = precompiledQuery(({ userId }: { userId: string }) => unreadNotificationsQuery(userId))

/**
 * The rows as JSON with their deliveries, oldest first: what the channels recorded (push), and the e-mail's
 * fate read from its outbox row (no row: no e-mail was queued, e.g. the kind is off by e-mail).
 */
async function withDeliveries(rows: readonly ListRow[]): Promise<NotificationJson[]> {
  const recorded = new Map<string, NotificationDelivery[]>()
  const ids = rows.map((row) => row.id)
  if (ids.length > 0) {
    const deliveries = await db.selectFrom('notificationDeliveries').selectAll().where('notificationId', 'in', ids).execute()
    for (const { notificationId, ...delivery } of deliveries) recorded.set(notificationId, [...(recorded.get(notificationId) ?? []), delivery])
  }
  const emails = await emailOutcomes(rows.flatMap((row) => (row.emailKey ? [row.emailKey] : [])))
  return rows.map(({ emailKey, ...row }) => {
    const email = emailKey ? emails.get(emailKey) : undefined
    const deliveries = [...(recorded.get(row.id) ?? []), ...(email ? [{ channel: 'email' as const, ...email, detail: null }] : [])]
    deliveries.sort((a, b) => a.at.localeCompare(b.at) || a.channel.localeCompare(b.channel))
    return { ...row, read: row.readAt !== null, deliveries }
  })
}

/** A user's own notification; null for anyone else's or an unknown id. */
export async function findNotificationOf(userId: string, id: string): Promise<NotificationJson | null> {
  const row = await db.selectFrom('notifications').select(listColumns).where('id', '=', id).where('userId', '=', userId).executeTakeFirst()
  if (!row) return null
  const [json] = await withDeliveries([row])
  return json ?? null
}

/** Marks one of the user's notifications read (once: the first time stays); null when it is not theirs. */
export async function markNotificationRead(userId: string, id: string, now = Date.now()) {
  const result = await db.updateTable('notifications').set({ readAt: iso(now) }).where('id', '=', id).where('userId', '=', userId).where('readAt', 'is', null).executeTakeFirst()
  if (Number(result.numUpdatedRows) > 0) tellTabs([userId])
  return findNotificationOf(userId, id)
}

/** How many were unread. */
export async function markAllNotificationsRead(userId: string, now = Date.now()) {
  const result = await db.updateTable('notifications').set({ readAt: iso(now) }).where('userId', '=', userId).where('readAt', 'is', null).executeTakeFirst()
  const read = Number(result.numUpdatedRows)
  if (read > 0) tellTabs([userId])
  return read
}

/** Takes back a channel's line: the push that waited found no device left to go to. */
export async function forgetDelivery(notificationId: string, channel: NotificationChannel) {
  await db.deleteFrom('notificationDeliveries').where('notificationId', '=', notificationId).where('channel', '=', channel).execute()
}

/**
 * What a channel (push, e-mail) made of a notification, shown in the centre ('Sent by push 10:02'): the
 * latest outcome per channel. An unknown notification (deleted with its user) is ignored.
 */
export async function recordDelivery(notificationId: string, channel: NotificationChannel, status: NotificationDeliveryStatus, detail?: string, now = Date.now()) {
  const exists = await db.selectFrom('notifications').select('id').where('id', '=', notificationId).executeTakeFirst()
  if (!exists) return
  const values = { status, at: iso(now), detail: detail ?? null }
  await db
    .insertInto('notificationDeliveries')
    .values({ notificationId, channel, ...values })
    .onConflict((oc) => oc.columns(['notificationId', 'channel']).doUpdateSet(values))
    .execute()
}
