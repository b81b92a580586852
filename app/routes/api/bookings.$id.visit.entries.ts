import type { Route } from './+types/bookings.$id.visit.entries'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { VisitEntrySchema } from '#app/features/visits/schema.ts'
import { addVisitEntry } from '#app/features/visits/visit-log.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/bookings/{id}/visit/entries {kind, note?}: an activity or a note of the visit under way, stamped
// with the server's time.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const entry = parseApiInput(VisitEntrySchema, await readJsonBody(request))
  const outcome = await addVisitEntry(user.id, params.id, entry)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome.visit, { status: 201 })
}
