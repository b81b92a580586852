import type { Route } from './+types/bookings.$id.visit.check-out'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { CheckOutSchema } from '#app/features/visits/schema.ts'
import { checkOut } from '#app/features/visits/visit-log.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/bookings/{id}/visit/check-out {note?}: the sitter closes the visit into its report card, once.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const { note } = parseApiInput(CheckOutSchema, await readJsonBody(request))
  const outcome = await checkOut(user.id, params.id, note)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome.visit)
}
