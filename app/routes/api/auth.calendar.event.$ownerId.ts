import type { Route } from './+types/auth.calendar.event.$ownerId'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { addBookingEventForOwner } from '#app/features/bookings/calendar-requests.server.ts'
import { CalendarEventSchema } from '#app/features/calendar/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/auth/calendar/event/{ownerId}: a sitter adds an accepted booking with this owner (the one
// starting at startDateTime) to the owner's Google Calendar; anything else is 403.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const input = parseApiInput(CalendarEventSchema, await readJsonBody(request))
  const outcome = await addBookingEventForOwner(user.id, params.ownerId, input)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome, { status: outcome.created ? 201 : 200 })
}
