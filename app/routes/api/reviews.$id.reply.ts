import type { Route } from './+types/reviews.$id.reply'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { ReviewReplySchema } from '#app/features/reviews/review-write-schema.ts'
import { replyToReview } from '#app/features/reviews/review-writes.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/reviews/{id}/reply {reply}: the reviewed sitter answers a review, once.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const { reply } = parseApiInput(ReviewReplySchema, await readJsonBody(request))
  const outcome = await replyToReview(user.id, params.id, reply)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome.review)
}
