import { countRequestsToAnswer } from '#app/features/bookings/booking-reads.server.ts'
import { countUnreadMessages } from '#app/features/messages/unread.server.ts'

// The navigation's badges: Messages counts unread messages, Bookings the requests waiting for the user's
// answer. The root loader reads them with every page; the live socket pushes them (a `counts` frame) when
// the user's sockets open and after every push to the user, so an open page follows without reloading.
// `at` orders the two sources: the browser shows whichever was counted later.

export async function badgeCountsFor(userId: string, now = Date.now()) {
  const [unreadMessages, requestsToAnswer] = await Promise.all([countUnreadMessages(userId), countRequestsToAnswer(userId, now)])
  return { unreadMessages, requestsToAnswer, at: now }
}

export type BadgeCounts = Awaited<ReturnType<typeof badgeCountsFor>>
