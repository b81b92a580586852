import { href } from 'react-router'
import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { bookingEventTypes, readBookingChange } from '#app/features/bookings/booking-changes.server.ts'
import { loadBookingEmailContext } from '#app/features/bookings/booking-emails.server.ts'
import { findBookingById } from '#app/features/bookings/booking-records.server.ts'
import { messageEventTypes } from '#app/features/messages/message-events.server.ts'
import { findMessageJson } from '#app/features/messages/stored-message.server.ts'
import { unreadInConversation } from '#app/features/messages/unread.server.ts'
import { reviewEventTypes } from '#app/features/reviews/review-writes.server.ts'
import type { StoredEvent, Subscriber } from '#app/lib/events.server.ts'
import { type BookingNotice, bookingNoticeText, unreadMessagesText } from './notification-texts.ts'
import { addNotifications, keepUnreadMessagesEntry, type NewNotification, usersWithUnreadEntryFor } from './notifications.server.ts'

// The notification centre follows the domain events (decision 038): every change of a booking, a review
// and its reply becomes one notification for each party it concerns (not the one who made it), and
// unread messages one entry per conversation, read when the conversation is read.

type Party = 'owner' | 'sitter'
const other = (party: Party): Party => (party === 'owner' ? 'sitter' : 'owner')

/** Who hears of a change: the party that did not make it; of an expiry, both. */
function readersOf(notice: BookingNotice, actor: Party | null): Party[] {
  if (notice === 'reviewed') return ['sitter']
  if (notice === 'replied') return ['owner']
  return actor ? [other(actor)] : ['owner', 'sitter']
}

async function recordBookingNotice(event: StoredEvent, notice: BookingNotice, actor: Party | null) {
  const booking = await findBookingById(event.subjectId)
  if (!booking) return
  const { dogName, owner, sitter } = await loadBookingEmailContext(booking)
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
  const notifications: NewNotification[] = readersOf(notice, actor).map((reader) => ({
    userId: userIds[reader],
    eventId: event.id,
    kind: notice === 'reviewed' || notice === 'replied' ? 'reviews' : 'bookings',
    type: event.type,
    text: bookingNoticeText(notice, facts, { actor, reader, currentYear }),
    href: href('/bookings/:id', { id: booking.id }),
    occurredAt: event.occurredAt,
  }))
  await addNotifications(notifications)
}

async function keepUnreadEntry(event: StoredEvent, userId: string, conversationId: string) {
  const unread = await unreadInConversation(userId, conversationId)
  const sender = unread && (await getMemberProfiles([unread.senderId])).get(unread.senderId)
  await keepUnreadMessagesEntry(
    userId,
    conversationId,
    unread && sender
      ? { ...unread, text: unreadMessagesText(sender.name, unread.count), href: href('/messages/:userId', { userId: unread.senderId }) }
      : null,
    event,
  )
}

export const notificationSubscriber: Subscriber = {
  name: 'notifications',
  types: [...bookingEventTypes, reviewEventTypes.written, reviewEventTypes.replied, messageEventTypes.sent, messageEventTypes.read],
  async handle(event) {
    const change = readBookingChange(event)
    if (change) return recordBookingNotice(event, change.change, change.actor)
    if (event.type === reviewEventTypes.written) return recordBookingNotice(event, 'reviewed', 'owner')
    if (event.type === reviewEventTypes.replied) return recordBookingNotice(event, 'replied', 'sitter')
    if (event.type === messageEventTypes.sent) {
      const message = await findMessageJson((event.payload as { messageId: string }).messageId)
      if (message) await keepUnreadEntry(event, message.recipient.id, message.conversationId)
      return
    }
    if (event.type === messageEventTypes.read) {
      for (const userId of await usersWithUnreadEntryFor(event.subjectId)) await keepUnreadEntry(event, userId, event.subjectId)
    }
  },
}
