import { href } from 'react-router'
import { expressionBuilder } from 'kysely'
import {
  calendarFeedTokenOf,
  findCalendarFeedOwner,
  rotateCalendarFeedToken,
} from './calendar-feed-token.server.ts'
import { renderIcsCalendar } from './ics.ts'
import type { Database } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { bookingEventContent, loadEventNames } from './booking-events.server.ts'
import { bookingsOfParty, findBookings, partyOf } from '#app/features/bookings/booking-records.server.ts'
import { seriesIcsEvents } from './series-events.server.ts'

// Every user's private calendar feed (DESIGN.md ruling 11): an ICS file of their accepted bookings, from
// both sides (as owner and as sitter), that any calendar app can subscribe to. Bookings accepted and
// later completed stay in it, so past care stays in the calendar; pending, declined and cancelled ones
// are not in it. The URL holds a random token: rotating it revokes every copy of the old URL.

const feedPath = (token: string) => href('/api/calendar/:feed', { feed: `${token}.ics` })

/** The user's feed URL (the profile shows it), made on first use. */
export async function calendarFeedUrlOf(userId: string) {
  return `${env.PUBLIC_URL}${feedPath(await calendarFeedTokenOf(userId))}`
}

/** A new feed URL; the old one answers 404 from now on. */
export async function rotateCalendarFeed(userId: string) {
  return `${env.PUBLIC_URL}${feedPath(await rotateCalendarFeedToken(userId))}`
}

/** The feed named by a token, as iCalendar text; null for a token that names nobody (any more). */
export async function renderCalendarFeed(token: string, now = Date.now()) {
  const userId = await findCalendarFeedOwner(token)
  if (!userId) return null
  const on = expressionBuilder<Database, 'bookings'>()
  const bookings = await findBookings(on.and([bookingsOfParty(userId), on('bookings.status', 'in', ['accepted', 'completed'])]))
  // A weekly series' bookings are one recurring event (series-events.server.ts); the rest one event each.
  const singles = bookings.filter((booking) => !booking.seriesId)
  const namesOf = await loadEventNames(singles)
  const events = [
    ...singles.map((booking) => {
      const content = bookingEventContent(booking, namesOf(booking), partyOf(booking, userId))
      return { uid: `booking-${booking.id}@pawpal`, ...content, updatedAt: Date.parse(booking.updatedAt) || now }
    }),
    ...(await seriesIcsEvents(userId, bookings)),
  ].sort((a, b) => a.start - b.start)
  return renderIcsCalendar({ name: 'Pawpal bookings', events }, now)
}
