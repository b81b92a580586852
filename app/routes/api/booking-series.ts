import type { Route } from './+types/booking-series'
import { requireApiMember } from '#app/features/accounts/guards.server.ts'
import { staffAccountMessage } from '#app/features/accounts/roles.ts'
import { requestSeries } from '#app/features/bookings/booking-series.server.ts'
import { SeriesRequestSchema } from '#app/features/bookings/schema.ts'
import { getSeriesFor, toSeriesApiJson } from '#app/features/bookings/series-reads.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// POST /api/booking-series {sitterId, dogIds, service?, weekdays, firstDate, endDate?, time one way, notes?, location?}:
// an owner asks a sitter for the same care every week (issue 33 part 1). 201 with the series, waiting for the sitter.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiMember(context, staffAccountMessage)
  const input = parseApiInput(SeriesRequestSchema, await readJsonBody(request))
  const outcome = await requestSeries(user, input)
  if (!outcome.ok) {
    const headers = outcome.retryAfterSeconds ? { 'Retry-After': String(outcome.retryAfterSeconds) } : undefined
    return jsonError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : {}, headers)
  }
  const series = await getSeriesFor(user.id, outcome.seriesId)
  return Response.json(series && toSeriesApiJson(series), { status: 201 })
}
