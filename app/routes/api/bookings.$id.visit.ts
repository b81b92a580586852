import type { Route } from './+types/bookings.$id.visit'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getVisitLogFor } from '#app/features/visits/visit-log.server.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/bookings/{id}/visit: the booking's visit log (check-in and check-out, activities, photos, a walk's
// route, daily updates, alarms) for either party; 404 'Booking not found' to anyone else.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const read = await getVisitLogFor(user.id, params.id)
  if (!read.ok) return jsonError(read.status, read.message)
  return Response.json(read.visit, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
