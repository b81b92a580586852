import type { Route } from './+types/admin.users.$id.suspension'
import { requireApiAdmin } from '#app/features/accounts/guards.server.ts'
import { SuspensionSchema } from '#app/features/moderation/schema.ts'
import { liftSuspension, suspendUser } from '#app/features/moderation/suspensions.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/admin/users/{id}/suspension {reason, until?}: suspends an account at once (201); DELETE lifts
// it. Admins only; 409 when already suspended (or not suspended, to lift), or for an admin's account.
export const loader = ({ context }: Route.LoaderArgs) => {
  requireApiAdmin(context)
  return methodNotAllowed(['POST', 'DELETE'])
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiAdmin(context)
  if (request.method === 'DELETE') {
    const lifted = await liftSuspension(admin, params.id)
    if (!lifted.ok) return jsonError(lifted.status, lifted.message)
    return Response.json({ id: params.id, accountStatus: 'active' })
  }
  if (request.method !== 'POST') return methodNotAllowed(['POST', 'DELETE'])
  const input = parseApiInput(SuspensionSchema, await readJsonBody(request))
  const outcome = await suspendUser(admin, params.id, input)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, 'field' in outcome && outcome.field ? { [outcome.field]: [outcome.message] } : {})
  return Response.json({ id: params.id, accountStatus: 'suspended' }, { status: 201 })
}
