import type { Route } from './+types/bookings.sitter'
import { requireApiRole } from '#app/features/accounts/guards.server.ts'
import { listSitterBookings, toBookingApiJson } from '#app/features/bookings/booking-reads.server.ts'
import { SitterBookingFiltersSchema } from '#app/features/bookings/schema.ts'
import { methodNotAllowed, pagedListResponse, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/bookings/sitter?tab&date&cursor&limit: your bookings as the sitter (spec section 4's sitter tabs), a
// page at a time with the next page in the Link header (decision 046).
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireApiRole(context, 'sitter', 'Only sitters have sitter bookings')
  const { tab, date, cursor, limit } = parseApiInput(SitterBookingFiltersSchema, Object.fromEntries(url.searchParams))
  const { bookings, next } = await listSitterBookings(user.id, { tab, date, position: { after: cursor }, limit })
  return pagedListResponse(url, bookings.map(toBookingApiJson), next)
}

export const action = () => methodNotAllowed(['GET'])
