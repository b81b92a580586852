import type { Route } from './+types/messages.blocks.$userId'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { unblockUser } from '#app/features/messages/blocks.server.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// DELETE /api/messages/blocks/{userId}: lift your block; the conversation comes back unless they blocked
// you too. 404 when you had not blocked them.
export const loader = () => methodNotAllowed(['DELETE'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'DELETE') return methodNotAllowed(['DELETE'])
  const user = requireApiUser(context)
  if (!(await unblockUser(user.id, params.userId))) return jsonError(404, 'You have not blocked this user')
  return Response.json({ userId: params.userId, blocked: false })
}
