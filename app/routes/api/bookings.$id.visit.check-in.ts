import type { Route } from './+types/bookings.$id.visit.check-in'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { CheckInSchema } from '#app/features/visits/schema.ts'
import { checkIn } from '#app/features/visits/visit-log.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/bookings/{id}/visit/check-in {latitude?, longitude?}: the sitter starts the visit, from 30 minutes
// before the start until the end, once. The position is kept only as a place and a distance in 50 m steps.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const { latitude, longitude } = parseApiInput(CheckInSchema, await readJsonBody(request))
  const position = latitude !== undefined && longitude !== undefined ? { latitude, longitude } : null
  const outcome = await checkIn(user.id, params.id, position)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome.visit, { status: 201 })
}
