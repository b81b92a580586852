import type { Route } from './+types/admin.users.$id'
import { requireApiAdmin } from '#app/features/accounts/guards.server.ts'
import { getAdminUserView } from '#app/features/moderation/admin-users.server.ts'
import { moderationMessages } from '#app/features/moderation/moderation-terms.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/admin/users/{id}: an account as the admins see it: role, status, standing suspension, reports by
// and against them, latest bookings, last sign-in (admins only).
export async function loader({ context, params }: Route.LoaderArgs) {
  requireApiAdmin(context)
  const view = await getAdminUserView(params.id)
  if (!view) return jsonError(404, moderationMessages.userNotFound)
  return Response.json(view, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = ({ context }: Route.ActionArgs) => {
  requireApiAdmin(context)
  return methodNotAllowed(['GET'])
}
