import type { Route } from './+types/geocode'
import {
  GeocodeSearchSchema,
  GeocoderRateLimited,
  GeocoderUnavailable,
  notFoundMessage,
  searchAddress,
  unavailableMessage,
} from '#app/features/geo/geocoder.server.ts'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { jsonError, methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'

// GET /api/geocode?q= : forward geocoding for signed-in users (it spends upstream quota, ruling 12).
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const { q } = parseApiInput(GeocodeSearchSchema, Object.fromEntries(url.searchParams))
  try {
    const result = await searchAddress(q, { client: `user:${user.id}` })
    if (!result) return jsonError(404, notFoundMessage)
    return Response.json(result, { headers: { 'Cache-Control': 'private, max-age=3600' } })
  } catch (error) {
    if (error instanceof GeocoderRateLimited) return jsonError(429, error.message, {}, retryAfterHeaders(error.retryAfterSeconds))
    if (error instanceof GeocoderUnavailable) return jsonError(502, unavailableMessage)
    throw error
  }
}

// Only GET is answered; other methods get a JSON 405 with Allow.
export const action = () => methodNotAllowed(['GET'])
