import type { Route } from './+types/dogs.available'
import { requireApiRole, requireApiUser } from '#app/features/accounts/guards.server.ts'
import { listAvailableDogs, listOwnListedDogs, notSitterMessage, toAvailableDogJson } from '#app/features/dogs/available-dogs.server.ts'
import { seesOwnListedDogs } from '#app/features/dogs/visibility.server.ts'
import { availableDogFilterInput, AvailableDogFiltersSchema } from '#app/features/dogs/available-filters.ts'
import { methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/dogs/available?q&maxDistance&size&age: dogs listed for sitting, for sitters (spec section 7); an
// owner who is no sitter gets their own listed dogs, as on the page (ruling 18).
export async function loader({ context, url }: Route.LoaderArgs) {
  const headers = { 'Cache-Control': 'private, no-store' }
  const signedIn = requireApiUser(context)
  if (seesOwnListedDogs(signedIn)) return Response.json({ data: (await listOwnListedDogs(signedIn)).map(toAvailableDogJson) }, { headers })
  const user = requireApiRole(context, 'sitter', notSitterMessage)
  const filters = parseApiInput(AvailableDogFiltersSchema, availableDogFilterInput(url.searchParams))
  const { dogs } = await listAvailableDogs(user, filters)
  return Response.json({ data: dogs.map(toAvailableDogJson) }, { headers })
}

export const action = () => methodNotAllowed(['GET'])
