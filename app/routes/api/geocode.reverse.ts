import type { Route } from './+types/geocode.reverse'
import { reverseGeocode } from '#app/features/geo/geocoder.server.ts'
import { geocodeAnswer } from '#app/features/geo/geocode-answer.server.ts'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { ReverseGeocodeSchema } from '#app/features/geo/geocode-schema.ts'
import { methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/geocode/reverse?lat&lon : the address at a point, for signed-in users (ruling 12).
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const { lat, lon } = parseApiInput(ReverseGeocodeSchema, Object.fromEntries(url.searchParams))
  return geocodeAnswer(() => reverseGeocode(lat, lon, { client: `user:${user.id}` }))
}

// Only GET is answered; other methods get a JSON 405 with Allow.
export const action = () => methodNotAllowed(['GET'])
