import type { Route } from './+types/bookings'
import { requireApiMember, requireApiUser } from '#app/features/accounts/guards.server.ts'
import { staffAccountMessage } from '#app/features/accounts/roles.ts'
import { getBookingFor, listOwnerBookings, toBookingApiJson } from '#app/features/bookings/booking-reads.server.ts'
import { createBooking } from '#app/features/bookings/create-booking.server.ts'
import { BookingRequestSchema, dogsFieldOf, OwnerBookingFiltersSchema } from '#app/features/bookings/schema.ts'
import { jsonError, methodNotAllowed, pagedListResponse, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'

// GET /api/bookings?tab&date&cursor&limit: your bookings as the owner (spec section 4's tabs), a page at a
// time with the next page in the Link header (decision 046). POST /api/bookings:
// request a booking in any of the four payload variants of spec section 3 (sitterId = you: an offer to
// care for a dog listed for sitting, which its owner confirms).
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const { tab, date, cursor, limit } = parseApiInput(OwnerBookingFiltersSchema, Object.fromEntries(url.searchParams))
  const { bookings, next } = await listOwnerBookings(user.id, { tab, date, position: { after: cursor }, limit })
  return pagedListResponse(url, bookings.map(toBookingApiJson), next)
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['GET', 'POST'])
  const user = requireApiMember(context, staffAccountMessage)
  const body = await readJsonBody(request)
  const input = parseApiInput(BookingRequestSchema, body)
  const outcome = await createBooking(user, input)
  if (!outcome.ok && outcome.status === 429) return jsonError(429, outcome.message, {}, retryAfterHeaders(outcome.retryAfterSeconds))
  if (!outcome.ok) {
    const field = outcome.field === 'dogIds' ? dogsFieldOf(body) : outcome.field
    return jsonError(outcome.status, outcome.message, field ? { [field]: [outcome.message] } : {})
  }
  const booking = await getBookingFor(user.id, outcome.bookingId)
  return Response.json(booking && toBookingApiJson(booking), { status: 201 })
}
