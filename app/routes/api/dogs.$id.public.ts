import type { Route } from './+types/dogs.$id.public'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getAvailableDog, toAvailableDogJson } from '#app/features/dogs/available-dogs.server.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/dogs/{id}/public: one dog available for sitting, as a sitter sees it (spec section 7).
// Unknown, unlisted, the sitter's own, a suspended owner's, or asked by a non-sitter: 404.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const dog = await getAvailableDog(user, params.id)
  if (!dog) return jsonError(404, 'Dog not found')
  return Response.json(toAvailableDogJson(dog), { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
