import type { Route } from './+types/users.me.home-access.views'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { listHomeAccessViews } from '#app/features/home-access/home-access.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/users/me/home-access/views: which sitter was shown your home access, for which booking, when.
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  return Response.json({ data: await listHomeAccessViews(user.id) }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
