import type { Route } from './+types/admin.users'
import { requireApiAdmin } from '#app/features/accounts/guards.server.ts'
import { findUsers } from '#app/features/moderation/admin-users.server.ts'
import { UserSearchQuerySchema } from '#app/features/moderation/schema.ts'
import { methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/admin/users?q=: accounts whose name or e-mail contains q, newest first, at most 50 (admins only).
export async function loader({ context, url }: Route.LoaderArgs) {
  requireApiAdmin(context)
  const { q } = parseApiInput(UserSearchQuerySchema, Object.fromEntries(url.searchParams))
  return Response.json(await findUsers(q), { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = ({ context }: Route.ActionArgs) => {
  requireApiAdmin(context)
  return methodNotAllowed(['GET'])
}
