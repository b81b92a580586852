import type { Route } from './+types/bookings.$id.calendar'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { addAcceptedBookingToCalendars } from '#app/features/bookings/calendar-requests.server.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// POST /api/bookings/{id}/calendar: (again) add an accepted booking to both parties' Google Calendars;
// events already there are not added twice. The answer says what happened per party.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const outcome = await addAcceptedBookingToCalendars(user.id, params.id)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome.calendar)
}
