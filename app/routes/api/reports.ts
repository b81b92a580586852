import type { Route } from './+types/reports'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { fileReport } from '#app/features/moderation/reports.server.ts'
import { NewReportSchema } from '#app/features/moderation/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'

// POST /api/reports {kind, subjectId, reason, details?}: report a conversation (subjectId: the other user),
// a sitter profile, a review, a dog listed for sitting or a booking you are a party of to the admins. 201 with the report's id; 200 with
// the same id when your report of it is still open. 404 for what you cannot see. The reported user is not told.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const input = parseApiInput(NewReportSchema, await readJsonBody(request))
  const outcome = await fileReport(user, input)
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
    return jsonError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : {}, headers)
  }
  return Response.json({ id: outcome.reportId }, { status: outcome.created ? 201 : 200 })
}
