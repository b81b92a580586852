import type { Route } from './+types/booking-series.$id'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { seriesStatusMessages } from '#app/features/bookings/booking-series.server.ts'
import { getSeriesFor, toSeriesApiJson } from '#app/features/bookings/series-reads.server.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// GET /api/booking-series/{id}: one of your weekly series, with its bookings and the dates that did not fit (and,
// while it waits for the sitter, what the next eight weeks would be).
export async function loader({ context, params }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const series = await getSeriesFor(user.id, params.id)
  if (!series) return jsonError(404, seriesStatusMessages.notFound)
  return Response.json(toSeriesApiJson(series), { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
