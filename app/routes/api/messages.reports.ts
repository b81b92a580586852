import type { Route } from './+types/messages.reports'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { reportConversation } from '#app/features/messages/reports.server.ts'
import { ReportSchema } from '#app/features/messages/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/messages/reports {partnerId, reason, details?}: report your conversation with a user to the
// admins (201). The reported user is not told. 404 when you have no conversation with them.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const input = parseApiInput(ReportSchema, await readJsonBody(request))
  const outcome = await reportConversation(user.id, input)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json({ id: outcome.reportId }, { status: 201 })
}
