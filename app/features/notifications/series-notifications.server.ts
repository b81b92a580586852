import { loadSeriesNotice } from '#app/features/bookings/series-notices.server.ts'
import { seriesEventTypes } from '#app/features/bookings/series-change-types.ts'
import type { Subscriber } from '#app/lib/events.server.ts'
import { pushNotification } from './notification-pushes.server.ts'
import { addNotifications } from './notifications.server.ts'

// A weekly series' events in the notification centre and by push (issue 33 part 1): each reader of its notice
// (bookings/series-notices.server.ts) gets one notification leading to the series' page.

export const seriesNotificationSubscriber: Subscriber = {
  name: 'series-notifications',
  types: seriesEventTypes,
  async handle(event) {
    const notice = await loadSeriesNotice(event)
    if (!notice) return
    const added = await addNotifications(
      notice.readers.map((reader) => ({ userId: reader.id, eventId: event.id, kind: 'bookings', type: event.type, text: notice.text, href: notice.href, occurredAt: event.occurredAt, emailKey: null })),
    )
    await Promise.all(added.map((notification) => pushNotification({ ...notification, kind: 'bookings', tag: `series-${notice.seriesId}` }, { ttlSeconds: 24 * 60 * 60 })))
  },
}
