import { requestsToAnswerQueries } from '#app/features/bookings/booking-reads.server.ts'
import { unreadMessagesQuery } from '#app/features/messages/unread.server.ts'
import { unreadNotificationsQuery } from '#app/features/notifications/notifications.server.ts'
import { db } from '#app/lib/db.server.ts'

// The navigation's badges: Messages counts unread messages, Bookings the requests waiting for the user's
// answer, the bell unread notifications. The root loader reads them with every page; the live socket pushes
// them (a `counts` frame) when the user's sockets open and after every push to the user (a notification
// added or read is one), so an open page follows without reloading.
// `at` orders the two sources: the browser shows whichever was counted later.
// One statement of four subqueries, each feature's own: every page pays for a statement's start once, not four times.

export async function badgeCountsFor(userId: string, now = Date.now()) {
  const row = await badgeCountsQuery(userId, now).executeTakeFirstOrThrow()
  return {
    unreadMessages: Number(row.unreadMessages),
    requestsToAnswer: Number(row.bookingRequests) + Number(row.seriesRequests),
    unreadNotifications: Number(row.unreadNotifications),
    at: now,
  }
}

/** Exported for the test of its query plan. */
export function badgeCountsQuery(userId: string, now: number) {
  const requests = requestsToAnswerQueries(userId, now)
  return db.selectNoFrom([
    unreadMessagesQuery(userId).as('unreadMessages'),
    requests.bookings.as('bookingRequests'),
    requests.series.as('seriesRequests'),
    unreadNotificationsQuery(userId).as('unreadNotifications'),
  ])
}

export type BadgeCounts = Awaited<ReturnType<typeof badgeCountsFor>>
