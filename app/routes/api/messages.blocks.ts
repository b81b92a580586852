import type { Route } from './+types/messages.blocks'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { blockUser } from '#app/features/messages/blocks.server.ts'
import { BlockSchema } from '#app/features/messages/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/messages/blocks {userId}: block a user. No messages go either way and your conversation is
// hidden from both of you, no booking goes either way and the requests pending between you are withdrawn;
// 201, or 200 when you had blocked them already.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const { userId } = parseApiInput(BlockSchema, await readJsonBody(request))
  const outcome = await blockUser(user.id, userId)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, outcome.status === 400 ? { userId: [outcome.message] } : {})
  return Response.json({ userId, blocked: true }, { status: outcome.created ? 201 : 200 })
}
