import { href } from 'react-router'
import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { bookingAlertEventTypes, readBookingAlert } from '#app/features/bookings/booking-alerts.server.ts'
import { bookingEventTypes, readBookingChange } from '#app/features/bookings/booking-changes.server.ts'
import { type BookingEmailContext, type BookingEvent, bookingEmail, loadBookingEmailContext } from '#app/features/bookings/booking-emails.server.ts'
import { findBookingById } from '#app/features/bookings/booking-records.server.ts'
import { messageEventTypes } from '#app/features/messages/message-events.server.ts'
import { findMessageJson } from '#app/features/messages/stored-message.server.ts'
import { unreadInConversation } from '#app/features/messages/unread.server.ts'
import { reviewEventTypes } from '#app/features/reviews/review-writes.server.ts'
import type { StoredEvent, Subscriber } from '#app/lib/events.server.ts'
import { type BookingNotice, bookingNoticeText, unreadMessagesText } from './notification-texts.ts'
import { escalateByEmail } from './notification-emails.server.ts'
import { pushMessageNotification, pushNotification, type PushUrgency } from './notification-pushes.server.ts'
import { addNotifications, keepUnreadMessagesEntry, nameUnreadEntryEmail, type NewNotification, usersWithUnreadEntryFor } from './notifications.server.ts'

// The notification centre follows the domain events (decision 038): every change of a booking, a review
// and its reply becomes one notification for each party it concerns (not the one who made it), and
// unread messages one entry per conversation, read when the conversation is read. What a notification is
// added for also goes out by push (notification-pushes.server.ts) but a completion, which waits in the
// centre; a request about to expire that no push delivered escalates to e-mail. A notification names the
// e-mail that told the same (a booking e-mail, the unread-message digest), so the centre shows its fate.

type Party = 'owner' | 'sitter'
const other = (party: Party): Party => (party === 'owner' ? 'sitter' : 'owner')

/** Who hears of a change: the party that did not make it; of an expiry or a reminder, both; of a warning, who must answer. */
function readersOf(notice: BookingNotice, actor: Party | null, requestedBy: Party): Party[] {
  if (notice === 'reviewed') return ['sitter']
  if (notice === 'replied') return ['owner']
  if (notice === 'expiring') return [other(requestedBy)]
  return actor ? [other(actor)] : ['owner', 'sitter']
}

const hour = 60 * 60

/** How a notice is pushed: how long a push service keeps it for a phone that is off, and whether it may break quiet hours. */
const pushOf: Partial<Record<BookingNotice, PushUrgency>> = {
  requested: { ttlSeconds: 24 * hour },
  accepted: { ttlSeconds: 24 * hour },
  rejected: { ttlSeconds: 24 * hour },
  cancelled: { ttlSeconds: 24 * hour },
  expired: { ttlSeconds: 24 * hour },
  reviewed: { ttlSeconds: 24 * hour },
  replied: { ttlSeconds: 24 * hour },
  expiring: { ttlSeconds: 2 * hour, urgent: true },
  reminder: { ttlSeconds: hour },
}

const emailedNotices = ['requested', 'accepted', 'rejected', 'cancelled', 'expired', 'expiring'] as const satisfies readonly BookingEvent[]

/** The outbox key of the booking e-mail telling this reader the same news, if there is one (bookings/booking-emails.server.ts). */
function emailKeyFor(notice: BookingNotice, context: BookingEmailContext, actor: Party | null, userId: string) {
  const emailed = emailedNotices.find((candidate) => candidate === notice)
  if (!emailed) return null
  const email = bookingEmail(emailed, context, actor ?? undefined)
  return email.recipientId === userId ? email.key : null
}

const kindOf = (notice: BookingNotice) => (notice === 'reviewed' || notice === 'replied' ? 'reviews' : notice === 'reminder' ? 'reminders' : 'bookings')

async function recordBookingNotice(event: StoredEvent, notice: BookingNotice, actor: Party | null) {
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
  }
  const userIds = { owner: booking.ownerId, sitter: booking.sitterId }
  const currentYear = new Date(event.occurredAt).getUTCFullYear()
  const notifications: NewNotification[] = readersOf(notice, actor, booking.requestedBy).map((reader) => ({
    userId: userIds[reader],
    eventId: event.id,
    kind: kindOf(notice),
    type: event.type,
    text: bookingNoticeText(notice, facts, { actor, reader, currentYear }),
    href: href('/bookings/:id', { id: booking.id }),
    occurredAt: event.occurredAt,
    emailKey: emailKeyFor(notice, context, actor, userIds[reader]),
  }))
  const added = await addNotifications(notifications)
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
  types: [...bookingEventTypes, ...bookingAlertEventTypes, reviewEventTypes.written, reviewEventTypes.replied, ...Object.values(messageEventTypes)],
  async handle(event) {
    const change = readBookingChange(event)
    if (change) return recordBookingNotice(event, change.change, change.actor)
    const alert = readBookingAlert(event)
    if (alert) return recordBookingNotice(event, alert.kind, null)
    if (event.type === reviewEventTypes.written) return recordBookingNotice(event, 'reviewed', 'owner')
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
