import type { Route } from './+types/users.me.calendar-feed'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { calendarFeedUrlOf, rotateCalendarFeed } from '#app/features/bookings/calendar-feed.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/users/me/calendar-feed: the private URL of your ICS feed. POST: a new URL; the old one stops working.
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  return Response.json({ url: await calendarFeedUrlOf(user.id) }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const user = requireApiUser(context)
  return Response.json({ url: await rotateCalendarFeed(user.id) })
}
