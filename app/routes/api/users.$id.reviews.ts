import type { Route } from './+types/users.$id.reviews'
import { ReviewPageSchema, reviewPageInput } from '#app/features/reviews/review-page-schema.ts'
import { listPublicSitterReviews } from '#app/features/sitters/public-sitter.server.ts'
import { jsonError, methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'
import { pageMeta } from '#app/lib/paging.ts'

// GET /api/users/{id}/reviews?page&limit: a sitter's reviews, newest first, each with the sitter's reply.
export async function loader({ params, url }: Route.LoaderArgs) {
  const paging = parseApiInput(ReviewPageSchema, reviewPageInput(url.searchParams))
  const found = await listPublicSitterReviews(params.id, paging)
  if (!found) return jsonError(404, 'User not found')
  return Response.json({ data: found.reviews, meta: pageMeta(paging, found.total) })
}

export const action = () => methodNotAllowed(['GET'])
