import type { Route } from './+types/bookings.$id.visit.route'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { RouteSchema } from '#app/features/visits/schema.ts'
import { addRoutePoints } from '#app/features/visits/visit-log.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/bookings/{id}/visit/route {points: [{latitude, longitude, at}]}: a batch of a walk's positions. The
// server measures the distance and duration with every point and never stores one within 200 m of either home.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const { points } = parseApiInput(RouteSchema, await readJsonBody(request))
  const outcome = await addRoutePoints(user.id, params.id, points)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome.visit)
}
