import { blockedBookingsSubscriber, suspendedAccountBookingsSubscriber } from '#app/features/bookings/blocked-bookings.server.ts'
import { bookingEventTypes } from '#app/features/bookings/booking-change-types.ts'
import { bookingEmailSubscriber, bookingPartiesOf } from '#app/features/bookings/booking-changes.server.ts'
import { bookingCalendarSubscriber } from '#app/features/calendar/booking-calendar.server.ts'
import { seriesCalendarSubscriber } from '#app/features/calendar/series-calendar.server.ts'
import { homeAccessReminderSubscriber } from '#app/features/home-access/home-access-reminders.server.ts'
import { publish } from '#app/features/messages/hub.server.ts'
import { moderationNotificationSubscriber } from '#app/features/moderation/moderation-events.server.ts'
import { messagePushSubscriber } from '#app/features/messages/message-events.server.ts'
import { notificationSubscriber } from '#app/features/notifications/notification-events.server.ts'
import { sessionDevicesSubscriber } from '#app/features/push/push-subscriptions.server.ts'
import { seriesNotificationSubscriber } from '#app/features/notifications/series-notifications.server.ts'
import { seriesEmailSubscriber } from '#app/features/bookings/series-notices.server.ts'
import { reviewEventTypes } from '#app/features/reviews/review-event-types.ts'
import { visitAlarmEventTypes } from '#app/features/visits/visit-alarms.server.ts'
import { visitEventTypes } from '#app/features/visits/visit-log.server.ts'
import { registerSubscriber, type Subscriber } from '#app/lib/events.server.ts'

// The composition root of the domain events (decision 038): which side effect follows which recorded
// change. Features record events and export their handlers; only this module ties them together, so no
// feature reaches into another to send an e-mail or push to a socket.

/** Both parties' open pages hear that a booking of theirs changed (its status, reviews, visit log or a missed visit). */
const bookingPushSubscriber: Subscriber = {
  name: 'booking-pushes',
  types: [...bookingEventTypes, ...Object.values(reviewEventTypes), ...Object.values(visitEventTypes), ...Object.values(visitAlarmEventTypes)],
  async handle(event) {
    const booking = await bookingPartiesOf(event.subjectId)
    if (!booking) return
    publish({
      event: 'bookingUpdate',
      userIds: [booking.ownerId, booking.sitterId],
      data: { bookingId: event.subjectId, status: booking.status, change: event.type },
    })
  },
}

export function registerEventSubscribers() {
  const subscribers = [bookingEmailSubscriber, bookingCalendarSubscriber, seriesCalendarSubscriber, bookingPushSubscriber, messagePushSubscriber, notificationSubscriber, blockedBookingsSubscriber, suspendedAccountBookingsSubscriber, moderationNotificationSubscriber, homeAccessReminderSubscriber, seriesEmailSubscriber, seriesNotificationSubscriber, sessionDevicesSubscriber]
  for (const subscriber of subscribers) {
    registerSubscriber(subscriber)
  }
}
