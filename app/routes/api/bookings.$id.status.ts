import type { Route } from './+types/bookings.$id.status'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getBookingFor, toBookingApiJson } from '#app/features/bookings/booking-reads.server.ts'
import { StatusChangeSchema } from '#app/features/bookings/schema.ts'
import { changeBookingStatusAndCalendars } from '#app/features/calendar/booking-calendar.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// PATCH /api/bookings/{id}/status {status, addToCalendar?}: accept, decline (rejected), cancel or complete,
// as the status machine allows (409 with the reason otherwise). An acceptance with addToCalendar (the
// default) also adds the booking to both parties' Google Calendars; `calendar` says what happened.
export const loader = () => methodNotAllowed(['PATCH'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
  const user = requireApiUser(context)
  const change = parseApiInput(StatusChangeSchema, await readJsonBody(request))
  const outcome = await changeBookingStatusAndCalendars(user, params.id, change)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  const booking = await getBookingFor(user.id, outcome.bookingId)
  return Response.json({ ...(booking && toBookingApiJson(booking)), calendar: outcome.calendar })
}
