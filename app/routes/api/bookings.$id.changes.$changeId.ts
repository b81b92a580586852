import type { Route } from './+types/bookings.$id.changes.$changeId'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { answerProposal } from '#app/features/bookings/booking-proposals.server.ts'
import { getBookingFor, toBookingApiJson } from '#app/features/bookings/booking-reads.server.ts'
import { ProposalAnswerSchema } from '#app/features/bookings/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// PATCH /api/bookings/{id}/changes/{changeId} {status: accepted | declined | withdrawn}: the other party accepts or
// declines a waiting change, its author withdraws it. An acceptance rewrites the booking (409 when the new time no
// longer fits: an overlap, the sitter's hours or blocked days). 200 with the booking.
export const loader = () => methodNotAllowed(['PATCH'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
  const user = requireApiUser(context)
  const { status } = parseApiInput(ProposalAnswerSchema, await readJsonBody(request))
  const outcome = await answerProposal(user, params.id, params.changeId, status)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : {})
  const booking = await getBookingFor(user.id, params.id)
  return Response.json(booking && toBookingApiJson(booking))
}
