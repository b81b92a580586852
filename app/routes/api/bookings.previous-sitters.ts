import type { Route } from './+types/bookings.previous-sitters'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { listPreviousSitters } from '#app/features/bookings/booking-reads.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/bookings/previous-sitters: the sitters you booked before, the most recent first.
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  return Response.json(await listPreviousSitters(user.id), { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
