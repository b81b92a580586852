import type { Route } from './+types/users.me'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getOwnProfile, toUserJson } from '#app/features/accounts/profile.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/users/me: the signed-in user's own profile, sitter fields included (spec section 7).
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const profile = await getOwnProfile(user.id)
  return Response.json(toUserJson(profile), { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
