import type { Route } from './+types/messages.conversations'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { listConversationsFor, startConversation } from '#app/features/messages/conversations.server.ts'
import { ConversationListSchema, messageErrors, StartConversationSchema } from '#app/features/messages/schema.ts'
import { jsonError, methodNotAllowed, pagedListResponse, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// GET /api/messages/conversations?q&cursor&limit: your conversations with a last message, newest first (spec
// section 3, Conversation summary), a page at a time with the next page in the Link header (decision 046). POST {partnerId}: opens the conversation with a user, 201; 409 when it exists,
// which clients treat as success (spec section 4).
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const { q, cursor, limit } = parseApiInput(ConversationListSchema, Object.fromEntries(url.searchParams))
  const { conversations, next } = await listConversationsFor(user.id, { search: q, position: { after: cursor }, limit })
  return pagedListResponse(url, conversations, next)
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const user = requireApiUser(context)
  const { partnerId } = parseApiInput(StartConversationSchema, await readJsonBody(request))
  const outcome = await startConversation(user.id, partnerId)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, outcome.status === 400 ? { partnerId: [outcome.message] } : {})
  if (!outcome.created) return jsonError(409, messageErrors.conversationExists)
  return Response.json({ id: outcome.conversationId, partnerId }, { status: 201 })
}
