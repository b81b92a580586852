import type { Route } from './+types/bookings.sitter'
import { requireApiRole } from '#app/features/accounts/guards.server.ts'
import { listSitterBookings, toBookingApiJson } from '#app/features/bookings/booking-reads.server.ts'
import { SitterBookingFiltersSchema } from '#app/features/bookings/schema.ts'
import { methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/bookings/sitter?tab&date: your bookings as the sitter (spec section 4's sitter tabs).
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireApiRole(context, 'sitter', 'Only sitters have sitter bookings')
  const filters = parseApiInput(SitterBookingFiltersSchema, Object.fromEntries(url.searchParams))
  return Response.json((await listSitterBookings(user.id, filters)).map(toBookingApiJson), { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
