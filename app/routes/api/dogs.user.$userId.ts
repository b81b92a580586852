import type { Route } from './+types/dogs.user.$userId'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { toDogJson } from '#app/features/dogs/dog.ts'
import { listDogsVisibleTo } from '#app/features/dogs/dogs.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/dogs/user/{userId}: all of your own dogs; of another user only those a sitter may see
// (listed for sitting, owner active: features/dogs/visibility.server.ts). An unknown user has no dogs: an empty list.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  return Response.json((await listDogsVisibleTo(user, params.userId)).map(toDogJson))
}

export const action = () => methodNotAllowed(['GET'])
