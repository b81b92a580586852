import type { Route } from './+types/bookings.$id.home-access'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { readHomeAccessForBooking } from '#app/features/home-access/home-access.server.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/bookings/{id}/home-access: the owner's home access, for the sitter of the accepted booking from 2
// hours before its start until its end (each answer is a view listed to the owner); 403 outside that window
// and to the owner, 404 'Booking not found' to anyone else.
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const read = await readHomeAccessForBooking(user.id, params.id)
  if (!read.ok) return jsonError(read.status, read.message)
  return Response.json(read.homeAccess, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
