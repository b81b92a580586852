import type { Route } from './+types/bookings.$id.changes'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { proposeChange } from '#app/features/bookings/booking-proposals.server.ts'
import { getBookingFor, toBookingApiJson } from '#app/features/bookings/booking-reads.server.ts'
import { BookingChangeSchema } from '#app/features/bookings/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/bookings/{id}/changes {date?, time one way?, dogIds?, notes?}: a party proposes a change of a pending
// or accepted booking that has not begun; the other party answers it (bookings.$id.changes.$changeId.ts). 201 with
// the booking, whose `changes` end with the proposal (its price before and after).
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const input = parseApiInput(BookingChangeSchema, await readJsonBody(request))
  const outcome = await proposeChange(user, params.id, input)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : {})
  const booking = await getBookingFor(user.id, params.id)
  return Response.json(booking && toBookingApiJson(booking), { status: 201 })
}
