import { jsonError } from '#app/lib/api.server.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { type GeocodeResult, GeocoderRateLimited, GeocoderUnavailable, notFoundMessage, unavailableMessage } from './geocoder.server.ts'

/** The API's answer to a geocoder lookup: the place (cached an hour), 404 not found, 429 over the client's share, 502 upstream trouble. */
export async function geocodeAnswer(lookup: () => Promise<GeocodeResult | null>) {
  try {
    const result = await lookup()
    if (!result) return jsonError(404, notFoundMessage)
    return Response.json(result, { headers: { 'Cache-Control': 'private, max-age=3600' } })
  } catch (error) {
    if (error instanceof GeocoderRateLimited) return jsonError(429, error.message, {}, retryAfterHeaders(error.retryAfterSeconds))
    if (error instanceof GeocoderUnavailable) return jsonError(502, unavailableMessage)
    throw error
  }
}
