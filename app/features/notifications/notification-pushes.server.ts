import { hasOpenSocket } from '#app/features/messages/presence.server.ts'
import type { NotificationKind } from '#app/features/notification-settings/kinds.ts'
import { decideDelivery } from '#app/features/notification-settings/preferences.server.ts'
import { subscriptionsOf } from '#app/features/push/push-subscriptions.server.ts'
import { sendPush } from '#app/features/push/send-push.server.ts'
import { db } from '#app/lib/db.server.ts'
import { forgetDelivery, recordDelivery } from './notifications.server.ts'

// Which notifications reach a phone by push (issue 20, DESIGN.md ruling 24), through the user's preferences:
// a kind turned off is never pushed ('skipped', as is a message while a page of Pawpal is open and shows it
// live), a push in quiet hours waits until they end (recorded as 'waiting' and sent by the sweep), an urgent
// one (a request about to expire) goes at once. Each outcome is recorded on the notification, so the centre
// shows whether the phone got it.

export type PushedNotification = { id: string; userId: string; kind: NotificationKind; text: string; href: string; tag: string }

export type PushUrgency = { urgent?: boolean; ttlSeconds: number }

/** What the push reached: 'delivered' when a push service accepted it for at least one device. */
export type PushOutcome = 'delivered' | 'failed' | 'no-device' | 'waiting' | 'skipped'

export async function pushNotification(notification: PushedNotification, { urgent = false, ttlSeconds }: PushUrgency, now = Date.now()): Promise<PushOutcome> {
  const decision = await decideDelivery({ userId: notification.userId, kind: notification.kind, channel: 'push', urgent }, now)
  if (decision.send === 'never') return 'skipped'
  if (decision.send === 'later') {
    // Nobody turned push on for a device: nothing waits, and the centre shows no push at all.
    if ((await subscriptionsOf(notification.userId)).length === 0) return 'no-device'
    await recordDelivery(notification.id, 'push', 'waiting', undefined, Date.parse(decision.at))
    return 'waiting'
  }
  const result = await sendPush(
    notification.userId,
    { title: 'Pawpal', body: notification.text, url: notification.href, tag: notification.tag },
    { ttlSeconds, urgency: urgent ? 'high' : 'normal' },
  )
  if (result.outcome !== 'no-device') await recordDelivery(notification.id, 'push', result.outcome, undefined, now)
  return result.outcome
}

/** A new message is pushed only while the recipient has no page of Pawpal open (the page shows it live). */
export async function pushMessageNotification(notification: PushedNotification, now = Date.now()) {
  if (await hasOpenSocket(notification.userId, now)) return 'skipped'
  return pushNotification(notification, { ttlSeconds: 6 * 60 * 60 }, now)
}

/** How long a waiting push stays worth sending: a notification older than this is left to the centre. */
const waitingPushTtlSeconds = 12 * 60 * 60

/**
 * Sends the pushes that waited for the end of someone's quiet hours; run by the sweep on one instance at a
 * time. Each is taken by moving it from 'waiting' to 'sent' first, so it goes out once.
 */
export async function sendWaitingPushes(now = Date.now()) {
  const due = await db
    .selectFrom('notificationDeliveries')
    .innerJoin('notifications', 'notifications.id', 'notificationDeliveries.notificationId')
    .select(['notifications.id', 'notifications.userId', 'notifications.kind', 'notifications.text', 'notifications.href', 'notifications.readAt'])
    .where('notificationDeliveries.channel', '=', 'push')
    .where('notificationDeliveries.status', '=', 'waiting')
    .where('notificationDeliveries.at', '<=', new Date(now).toISOString())
    .execute()
  for (const notification of due) {
    const taken = await db
      .updateTable('notificationDeliveries')
      .set({ status: 'sent', at: new Date(now).toISOString() })
      .where('notificationId', '=', notification.id)
      .where('channel', '=', 'push')
      .where('status', '=', 'waiting')
      .executeTakeFirst()
    if (Number(taken.numUpdatedRows) === 0) continue
    // Read meanwhile (in the centre, or the conversation was opened): nothing left to tell.
    if (notification.readAt !== null) continue
    const result = await sendPush(
      notification.userId,
      { title: 'Pawpal', body: notification.text, url: notification.href, tag: notification.id },
      { ttlSeconds: waitingPushTtlSeconds },
    )
    if (result.outcome === 'no-device') await forgetDelivery(notification.id, 'push')
    else await recordDelivery(notification.id, 'push', result.outcome, undefined, now)
  }
  return due.length
}
