import type { Route } from './+types/messages.reports'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { ReportSchema } from '#app/features/messages/schema.ts'
import { reportConversation } from '#app/features/moderation/reports.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'

// POST /api/messages/reports {partnerId, reason, details?}: report your conversation with a user to the
// admins (201; 200 with the same id when your report of it is still open). The reported user is not told.
// 404 when you have no conversation with them. The moderation feature keeps it (issue 30).
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const input = parseApiInput(ReportSchema, await readJsonBody(request))
  const outcome = await reportConversation(user, input)
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
    return jsonError(outcome.status, outcome.message, {}, headers)
  }
  return Response.json({ id: outcome.reportId }, { status: outcome.created ? 201 : 200 })
}
