import type { Route } from './+types/admin.reports.$id.resolution'
import { requireApiAdmin } from '#app/features/accounts/guards.server.ts'
import { resolveReport } from '#app/features/moderation/reports.server.ts'
import { ResolutionSchema } from '#app/features/moderation/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/admin/reports/{id}/resolution {outcome, note, until?}: resolves an open report once (admins
// only): dismissed, content_hidden (the reported messages or review), user_warned, or user_suspended (the
// note is the reason the user sees; until: the day they may sign in again). 409 when already resolved.
export const loader = ({ context }: Route.LoaderArgs) => {
  requireApiAdmin(context)
  return methodNotAllowed(['POST'])
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireApiAdmin(context)
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const input = parseApiInput(ResolutionSchema, await readJsonBody(request))
  const outcome = await resolveReport(admin, params.id, input)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : {})
  return Response.json({ id: params.id, state: outcome.state })
}
