import type { Route } from './+types/owner-reviews'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { reviewOwner } from '#app/features/bookings/booking-review.server.ts'
import { ReviewSchema } from '#app/features/reviews/review-write-schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/owner-reviews {bookingId, rating, comment}: the sitter reviews the owner and the dog of a completed booking, once.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const input = parseApiInput(ReviewSchema, await readJsonBody(request))
  const outcome = await reviewOwner(user.id, input)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome.review, { status: 201 })
}
