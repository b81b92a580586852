import { href } from 'react-router'
import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { bookingAlertEventTypes, readBookingAlert } from '#app/features/bookings/booking-alerts.server.ts'
import { bookingEventTypes } from '#app/features/bookings/booking-change-types.ts'
import { readBookingChange } from '#app/features/bookings/booking-changes.server.ts'
import { type BookingEmailContext, type BookingEvent, bookingEmail, loadBookingEmailContext } from '#app/features/bookings/booking-emails.server.ts'
import { findBookingById } from '#app/features/bookings/booking-records.server.ts'
import { messageEventTypes } from '#app/features/messages/message-event-types.ts'
import { findMessageJson } from '#app/features/messages/stored-message.server.ts'
import { unreadInConversation } from '#app/features/messages/unread.server.ts'
import { readReviewReminder, reviewReminderEventType } from '#app/features/bookings/review-reminders.server.ts'
import { homeAccessEventTypes, readHomeAccessReminder } from '#app/features/home-access/home-access-reminders.server.ts'
import { findReviewsOfBookings } from '#app/features/reviews/booking-reviews.server.ts'
import { readVisitAlarm, visitAlarmEventTypes } from '#app/features/visits/visit-alarms.server.ts'
import { visitEventTypes } from '#app/features/visits/visit-log.server.ts'
import { reviewWindowEnd } from '#app/features/reviews/review-window.ts'
import { type PublishedReviews, reviewEventTypes } from '#app/features/reviews/review-event-types.ts'
import type { StoredEvent, Subscriber } from '#app/lib/events.server.ts'
import { localDateOf } from '#app/lib/zoned-time.ts'
import { type BookingNotice, bookingNoticeText, unreadMessagesText } from './notification-texts.ts'
import { kindOf, readersOf } from './booking-notice-readers.ts'
import { emailReportCard, escalateByEmail, reportCardEmailKey } from './notification-emails.server.ts'
import { pushMessageNotification, pushNotification, type PushUrgency } from './notification-pushes.server.ts'
import { addNotifications, keepUnreadMessagesEntry, nameUnreadEntryEmail, type NewNotification, usersWithUnreadEntryFor } from './notifications.server.ts'

// The notification centre follows the domain events (decision 038): every change of a booking, a review
// and its reply becomes one notification for each party it concerns (not the one who made it; a completion
// and a publication of reviews tell both, each a prompt to review the other), and
// unread messages one entry per conversation, read when the conversation is read. What a notification is
// added for also goes out by push (notification-pushes.server.ts) but a completion, which waits in the
// centre; a request about to expire that no push delivered escalates to e-mail. A notification names the
// e-mail that told the same (a booking e-mail, the unread-message digest), so the centre shows its fate.
// A visit's check-out is the owner's report card (by push and e-mail too); a missed-visit alarm is pushed at
// once, quiet hours or not, to the readers its event names (issue 32).

type Party = 'owner' | 'sitter'

const hour = 60 * 60

/** How a notice is pushed: how long a push service keeps it for a phone that is off, and whether it may break quiet hours. */
const pushOf: Partial<Record<BookingNotice, PushUrgency>> = {
  requested: { ttlSeconds: 24 * hour },
  accepted: { ttlSeconds: 24 * hour },
  rejected: { ttlSeconds: 24 * hour },
  cancelled: { ttlSeconds: 24 * hour },
  expired: { ttlSeconds: 24 * hour },
  reviewed: { ttlSeconds: 24 * hour },
  'owner-reviewed': { ttlSeconds: 24 * hour },
  published: { ttlSeconds: 24 * hour },
  replied: { ttlSeconds: 24 * hour },
  'review-reminder': { ttlSeconds: 24 * hour },
  'home-access-viewed': { ttlSeconds: 24 * hour },
  expiring: { ttlSeconds: 2 * hour, urgent: true },
  reminder: { ttlSeconds: hour },
  'visit-report': { ttlSeconds: 24 * hour },
  'missed-check-in': { ttlSeconds: hour, urgent: true },
  'missed-check-out': { ttlSeconds: hour, urgent: true },
  'missed-update': { ttlSeconds: 2 * hour, urgent: true },
  'change-proposed': { ttlSeconds: 24 * hour },
  changed: { ttlSeconds: 24 * hour },
  'change-declined': { ttlSeconds: 24 * hour },
  'change-withdrawn': { ttlSeconds: 24 * hour },
}

const emailedNotices = ['requested', 'accepted', 'rejected', 'cancelled', 'expired', 'expiring', 'change-proposed', 'changed', 'change-declined'] as const satisfies readonly BookingEvent[]

/** The outbox key of the booking e-mail telling this reader the same news, if there is one (bookings/booking-emails.server.ts). */
function emailKeyFor(notice: BookingNotice, context: BookingEmailContext, actor: Party | null, userId: string, proposalId?: string) {
  if (notice === 'visit-report') return userId === context.owner.id ? reportCardEmailKey(context.booking.id) : null
  const emailed = emailedNotices.find((candidate) => candidate === notice)
  if (!emailed) return null
  const email = bookingEmail(emailed, context, actor ?? undefined, proposalId)
  return email.recipientId === userId ? email.key : null
}

/**
 * `only`: the readers of a reminder or an alarm addressed to some parties; `updateDate`: the day of a missed daily
 * update. A review's notice to a reader who has reviewed too is left out: the two reviews published together, and
 * the published notice tells them so.
 */
async function recordBookingNotice(
  event: StoredEvent,
  notice: BookingNotice,
  actor: Party | null,
  { only, updateDate = null }: { only?: readonly string[]; updateDate?: string | null } = {},
) {
  const booking = await findBookingById(event.subjectId)
  if (!booking) return
  const context = await loadBookingEmailContext(booking)
  const { dogName, owner, sitter } = context
  const facts = {
    date: booking.date,
    startTime: booking.slots[0]?.startTime ?? null,
    service: booking.service,
    dogName,
    ownerName: owner.name,
    sitterName: sitter.name,
    requestedBy: booking.requestedBy,
    reviewsCloseOn: booking.completedAt ? localDateOf(reviewWindowEnd(booking.completedAt), booking.timeZone) : null,
    published: notice === 'published' ? (event.payload as PublishedReviews) : undefined,
    updateDate,
  }
  const userIds = { owner: booking.ownerId, sitter: booking.sitterId }
  const currentYear = new Date(event.occurredAt).getUTCFullYear()
  let readers = readersOf(notice, actor, booking.requestedBy).filter((reader) => !only || only.includes(userIds[reader]))
  if (notice === 'reviewed' || notice === 'owner-reviewed') {
    const reviews = (await findReviewsOfBookings([booking.id])).get(booking.id)
    readers = readers.filter((reader) => !(reader === 'owner' ? reviews?.ofSitter : reviews?.ofOwner))
  }
  const notifications: NewNotification[] = readers.map((reader) => ({
    userId: userIds[reader],
    eventId: event.id,
    kind: kindOf(notice),
    type: event.type,
    text: bookingNoticeText(notice, facts, { actor, reader, currentYear }),
    href: notice === 'home-access-viewed' ? href('/home-access') : href('/bookings/:id', { id: booking.id }),
    occurredAt: event.occurredAt,
    emailKey: emailKeyFor(notice, context, actor, userIds[reader], (event.payload as { proposalId?: string }).proposalId),
  }))
  const added = await addNotifications(notifications)
  // Queued whether or not this handling added the notification: the outbox key sends it once, a retry included.
  if (notice === 'visit-report') await emailReportCard(context)
  const push = pushOf[notice]
  if (!push) return
  await Promise.all(
    added.map(async (notification) => {
      const outcome = await pushNotification({ ...notification, kind: kindOf(notice), tag: `booking-${booking.id}` }, push)
      if (notice === 'expiring' && outcome !== 'delivered') await escalateByEmail(booking)
    }),
  )
}

async function keepUnreadEntry(event: StoredEvent, userId: string, conversationId: string) {
  const unread = await unreadInConversation(userId, conversationId)
  const sender = unread && (await getMemberProfiles([unread.senderId])).get(unread.senderId)
  const entry = unread && sender ? { ...unread, text: unreadMessagesText(sender.name, unread.count), href: href('/messages/:userId', { userId: unread.senderId }) } : null
  const entryId = await keepUnreadMessagesEntry(userId, conversationId, entry, event)
  if (entryId && entry && event.type === messageEventTypes.sent) {
    await pushMessageNotification({ id: entryId, userId, kind: 'messages', text: entry.text, href: entry.href, tag: `conversation-${conversationId}` })
  }
}

export const notificationSubscriber: Subscriber = {
  name: 'notifications',
  types: [
    ...bookingEventTypes,
    ...bookingAlertEventTypes,
    reviewReminderEventType,
    ...Object.values(reviewEventTypes),
    ...Object.values(messageEventTypes),
    homeAccessEventTypes.changeReminder,
    visitEventTypes.checkedOut,
    ...Object.values(visitAlarmEventTypes),
  ],
  async handle(event) {
    const change = readBookingChange(event)
    if (change) return recordBookingNotice(event, change.change, change.actor)
    const alert = readBookingAlert(event)
    if (alert) return recordBookingNotice(event, alert.kind, null)
    const reviewReminder = readReviewReminder(event)
    if (reviewReminder) return recordBookingNotice(event, 'review-reminder', null, { only: reviewReminder.userIds })
    const homeAccessReminder = readHomeAccessReminder(event)
    if (homeAccessReminder) return recordBookingNotice(event, 'home-access-viewed', null, { only: [homeAccessReminder.ownerId] })
    if (event.type === visitEventTypes.checkedOut) return recordBookingNotice(event, 'visit-report', 'sitter')
    const alarm = readVisitAlarm(event)
    if (alarm) return recordBookingNotice(event, alarm.alarm, null, { only: alarm.userIds, updateDate: alarm.date })
    if (event.type === reviewEventTypes.written) return recordBookingNotice(event, 'reviewed', 'owner')
    if (event.type === reviewEventTypes.ownerReviewed) return recordBookingNotice(event, 'owner-reviewed', 'sitter')
    if (event.type === reviewEventTypes.published) return recordBookingNotice(event, 'published', null)
    if (event.type === reviewEventTypes.replied) return recordBookingNotice(event, 'replied', 'sitter')
    if (event.type === messageEventTypes.sent) {
      const message = await findMessageJson((event.payload as { messageId: string }).messageId)
      if (message) await keepUnreadEntry(event, message.recipient.id, message.conversationId)
      return
    }
    if (event.type === messageEventTypes.digested) {
      const { recipientId, emailKey } = event.payload as { recipientId: string; emailKey: string }
      return nameUnreadEntryEmail(recipientId, event.subjectId, emailKey)
    }
    if (event.type === messageEventTypes.read) {
      for (const userId of await usersWithUnreadEntryFor(event.subjectId)) await keepUnreadEntry(event, userId, event.subjectId)
    }
  },
}
