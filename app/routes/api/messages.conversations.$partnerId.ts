import type { Route } from './+types/messages.conversations.$partnerId'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getThreadPage } from '#app/features/messages/conversations.server.ts'
import { messageErrors, ThreadPageSchema } from '#app/features/messages/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/messages/conversations/{partnerId}?before&limit: your messages with that user, newest page
// first and oldest first within a page; `meta.olderCursor` is the `before` of the page before. 404 when
// there is no such conversation (DESIGN.md section 4: this is also 'does the conversation exist').
// Reading here marks nothing read: clients send markAsRead for what they show.
export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const { before, limit } = parseApiInput(ThreadPageSchema, Object.fromEntries(url.searchParams))
  const page = await getThreadPage(user.id, params.partnerId, { before, limit })
  if (page.status === 'notFound') return jsonError(404, messageErrors.conversationNotFound)
  if (page.status === 'badCursor') return jsonError(400, messageErrors.cursor, { before: [messageErrors.cursor] })
  const partner = page.people.get(params.partnerId)
  return Response.json(
    {
      conversationId: page.conversationId,
      partner: { id: params.partnerId, name: partner?.name ?? 'Deleted user', profilePhoto: partner?.profilePhoto ?? null, bio: partner?.bio ?? null },
      data: page.messages,
      meta: { limit, olderCursor: page.olderCursor, total: page.total },
    },
    { headers: { 'Cache-Control': 'private, no-store' } },
  )
}

export const action = () => methodNotAllowed(['GET'])
