import type { Route } from './+types/auth.calendar.event'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { addEventToOwnCalendar } from '#app/features/bookings/calendar-requests.server.ts'
import { CalendarEventSchema } from '#app/features/calendar/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/auth/calendar/event: an event in your own Google Calendar (spec section 3's payload). When it
// is one of your accepted bookings, it is that booking's event, added once.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const input = parseApiInput(CalendarEventSchema, await readJsonBody(request))
  const outcome = await addEventToOwnCalendar(user.id, input)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome, { status: outcome.created ? 201 : 200 })
}
