import type { Route } from './+types/messages.read'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { markMessagesRead } from '#app/features/messages/read-receipts.server.ts'
import { MarkAsReadSchema } from '#app/features/messages/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/messages/read {messageIds}: the socket's markAsRead over HTTP. Every id must be a message sent
// to you (404 otherwise, and nothing is marked); the senders' sockets get messageStatusUpdate.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const { messageIds } = parseApiInput(MarkAsReadSchema, await readJsonBody(request))
  const outcome = await markMessagesRead(user.id, messageIds)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json({ success: true, read: outcome.read })
}
