// What a user turns on or off (issue 20), and the channels besides the in-app centre, which gets everything.

export const notificationKinds = ['bookings', 'reminders', 'messages', 'reviews'] as const
export type NotificationKind = (typeof notificationKinds)[number]

export const notificationChannels = ['push', 'email'] as const
export type NotificationChannel = (typeof notificationChannels)[number]

export const isNotificationKind = (value: string): value is NotificationKind => (notificationKinds as readonly string[]).includes(value)

/** How the settings form and the unsubscribe page name each kind. */
export const kindLabels: Record<NotificationKind, { title: string; detail: string }> = {
  bookings: { title: 'Booking requests and answers', detail: 'New requests, accepted, declined, cancelled or expired bookings, report cards and missed visits' },
  reminders: { title: 'Reminders', detail: 'An hour before an accepted booking starts' },
  messages: { title: 'Messages', detail: 'New messages while you are away from Pawpal' },
  reviews: { title: 'Reviews', detail: 'A review of your care, or a reply to your review' },
}

export const channelLabels: Record<NotificationChannel, string> = { push: 'Push', email: 'E-mail' }

/**
 * What a new user gets (decision 053): everything by push, and everything by e-mail but reminders (an
 * e-mail an hour before a booking arrives when a phone buzz is what helps; the booking is already in their
 * calendar), with quiet hours from 22:00 to 07:00 in their time zone.
 */
export const defaultChannels: Record<NotificationKind, Record<NotificationChannel, boolean>> = {
  bookings: { push: true, email: true },
  reminders: { push: true, email: false },
  messages: { push: true, email: true },
  reviews: { push: true, email: true },
}

export const defaultQuietHours = { enabled: true, start: '22:00', end: '07:00' }

/** How many days after its e-mail an unsubscribe link works (unsubscribe.server.ts); the page past it says so. */
export const unsubscribeLinkLifetimeDays = 90
