import type { Route } from './+types/geocode'
import { searchAddress } from '#app/features/geo/geocoder.server.ts'
import { geocodeAnswer } from '#app/features/geo/geocode-answer.server.ts'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { GeocodeSearchSchema } from '#app/features/geo/geocode-schema.ts'
import { methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/geocode?q= : forward geocoding for signed-in users (it spends upstream quota, ruling 12).
export async function loader({ url, context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const { q } = parseApiInput(GeocodeSearchSchema, Object.fromEntries(url.searchParams))
  return geocodeAnswer(() => searchAddress(q, { client: `user:${user.id}` }))
}

// Only GET is answered; other methods get a JSON 405 with Allow.
export const action = () => methodNotAllowed(['GET'])
