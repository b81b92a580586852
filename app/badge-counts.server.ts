import { countRequestsToAnswer } from '#app/features/bookings/booking-reads.server.ts'
import { countUnreadMessages } from '#app/features/messages/unread.server.ts'
import { countUnreadNotifications } from '#app/features/notifications/notifications.server.ts'

// The navigation's badges: Messages counts unread messages, Bookings the requests waiting for the user's
// answer, the bell unread notifications. The root loader reads them with every page; the live socket pushes
// them (a `counts` frame) when the user's sockets open and after every push to the user (a notification
// added or read is one), so an open page follows without reloading.
// `at` orders the two sources: the browser shows whichever was counted later.

export async function badgeCountsFor(userId: string, now = Date.now()) {
  const [unreadMessages, requestsToAnswer, unreadNotifications] = await Promise.all([
    countUnreadMessages(userId),
    countRequestsToAnswer(userId, now),
    countUnreadNotifications(userId),
  ])
  return { unreadMessages, requestsToAnswer, unreadNotifications, at: now }
}

export type BadgeCounts = Awaited<ReturnType<typeof badgeCountsFor>>
