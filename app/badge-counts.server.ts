import { requestsToAnswerQueries } from '#app/features/bookings/booking-reads.server.ts'
import { unreadMessagesQuery } from '#app/features/messages/unread.server.ts'
import { unreadNotificationsQuery } from '#app/features/notifications/notifications.server.ts'
import { db } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'

// The navigation's badges: Messages counts unread messages, Bookings the requests waiting for the user's
// answer, the bell unread notifications. The root loader reads them with every page; the live socket pushes
// them (a `counts` frame) when the user's sockets open and after every push to the user (a notification
// added or read is one), so an open page follows without reloading.
// `at` orders the two sources: the browser shows whichever was counted later.
// One statement of four subqueries, each feature's own: every page pays for a statement's start once, not four times.

export async function badgeCountsFor(userId: string, now = Date.now()) {
  const [row] = await precompiledBadgeCounts({ userId, now: new Date(now).toISOString() })
  if (!row) throw new Error('The badge counts read no row')
  return {
    unreadMessages: Number(row.unreadMessages),
    requestsToAnswer: Number(row.bookingRequests) + Number(row.seriesRequests),
    unreadNotifications: Number(row.unreadNotifications),
    at: now,
  }
}

/** Exported for the test of its query plan. `now` is an ISO instant. */
export function badgeCountsQuery(userId: string, now: string) {
  const requests = requestsToAnswerQueries(userId, now)
  return db.selectNoFrom([
    unreadMessagesQuery(userId).as('unreadMessages'),
    requests.bookings.as('bookingRequests'),
    requests.series.as('seriesRequests'),
    unreadNotificationsQuery(userId).as('unreadNotifications'),
  ])
}

export type BadgeCounts = Awaited<ReturnType<typeof badgeCountsFor>>

// Every signed-in page asks it: compiled once (decision 089).
const precompiledBadgeCounts = precompiledQuery((values: { userId: string; now: string }) => badgeCountsQuery(values.userId, values.now))
