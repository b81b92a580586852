import type { Route } from './+types/booking-series.$id.status'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { changeSeriesStatus } from '#app/features/bookings/booking-series.server.ts'
import { SeriesStatusSchema } from '#app/features/bookings/schema.ts'
import { getSeriesFor, toSeriesApiJson } from '#app/features/bookings/series-reads.server.ts'
import { methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// PATCH /api/booking-series/{id}/status {status, from?, addToCalendar?}: the sitter accepts or declines a waiting
// series (an acceptance makes eight weeks of bookings; 409 with `conflicts` when no date fits), its owner cancels the
// request, either party ends an accepted series from a date. 200 with the series.
export const loader = () => methodNotAllowed(['PATCH'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'PATCH') return methodNotAllowed(['PATCH'])
  const user = requireApiUser(context)
  const change = parseApiInput(SeriesStatusSchema, await readJsonBody(request))
  const outcome = await changeSeriesStatus(user, params.id, change)
  if (!outcome.ok) {
    const body = { message: outcome.message, errors: outcome.field ? { [outcome.field]: [outcome.message] } : {}, ...(outcome.conflicts ? { conflicts: outcome.conflicts } : {}) }
    return Response.json(body, { status: outcome.status })
  }
  const series = await getSeriesFor(user.id, params.id)
  return Response.json(series && toSeriesApiJson(series))
}
