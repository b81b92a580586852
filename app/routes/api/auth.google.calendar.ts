import type { Route } from './+types/auth.google.calendar'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getSitterAvailability } from '#app/features/bookings/availability.server.ts'
import { listOwnGoogleEvents } from '#app/features/bookings/calendar-requests.server.ts'
import { CalendarQuerySchema } from '#app/features/calendar/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/auth/google/calendar?from&to: the events of your own Google Calendar. With ?sitterId: that
// sitter's busy times (the availability read), never the events of someone else's calendar.
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const query = parseApiInput(CalendarQuerySchema, Object.fromEntries(url.searchParams))
  const headers = { 'Cache-Control': 'private, no-store' }
  if (query.sitterId && query.sitterId !== user.id) {
    const outcome = await getSitterAvailability(query.sitterId, query)
    if (!outcome.ok) return jsonError(outcome.status, outcome.message)
    return Response.json(outcome.availability, { headers })
  }
  const outcome = await listOwnGoogleEvents(user.id, query)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json({ items: outcome.items }, { headers })
}

export const action = () => methodNotAllowed(['GET'])
