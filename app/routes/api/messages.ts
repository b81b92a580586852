import type { Route } from './+types/messages'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { SendMessageSchema } from '#app/features/messages/schema.ts'
import { sendMessage } from '#app/features/messages/send-message.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'

// POST /api/messages {recipientId, content, clientId?}: a message for clients without the socket, through
// the same function as the socket's sendMessage (the recipient's open sockets get it live). A resend with
// the same clientId answers 200 with the message stored the first time.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const input = parseApiInput(SendMessageSchema, await readJsonBody(request))
  const outcome = await sendMessage(user.id, input)
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
    return jsonError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : {}, headers)
  }
  return Response.json(outcome.message, { status: outcome.duplicate ? 200 : 201 })
}
