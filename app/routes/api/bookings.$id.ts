import type { Route } from './+types/bookings.$id'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getBookingFor, toBookingApiJson } from '#app/features/bookings/booking-reads.server.ts'
import { bookingMessages } from '#app/features/bookings/schema.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/bookings/{id}: one booking, for its owner or its sitter only (404 'Booking not found' to anyone else).
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const booking = await getBookingFor(user.id, params.id)
  if (!booking) return jsonError(404, bookingMessages.bookingNotFound)
  return Response.json(toBookingApiJson(booking), { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
