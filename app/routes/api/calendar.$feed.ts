import type { Route } from './+types/calendar.$feed'
import { renderCalendarFeed } from '#app/features/calendar/calendar-feed.server.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/calendar/{token}.ics: a user's accepted bookings as an iCalendar feed. The token is the only
// key (calendar apps send no cookies); an unknown or rotated one is a 404.
export async function loader({ params }: Route.LoaderArgs) {
  const token = params.feed.endsWith('.ics') ? params.feed.slice(0, -'.ics'.length) : null
  const feed = token ? await renderCalendarFeed(token) : null
  if (feed === null) return jsonError(404, 'Calendar feed not found')
  return new Response(feed, {
    headers: {
      'Content-Type': 'text/calendar; charset=utf-8',
      'Content-Disposition': 'inline; filename="pawpal-bookings.ics"',
      'Cache-Control': 'private, no-cache',
    },
  })
}

export const action = () => methodNotAllowed(['GET'])
