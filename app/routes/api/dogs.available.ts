import type { Route } from './+types/dogs.available'
import { requireApiRole } from '#app/features/accounts/guards.server.ts'
import { listAvailableDogs, notSitterMessage, toAvailableDogJson } from '#app/features/dogs/available-dogs.server.ts'
import { availableDogFilterInput, AvailableDogFiltersSchema } from '#app/features/dogs/available-filters.ts'
import { methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/dogs/available?q&maxDistance&size&age: dogs listed for sitting, for sitters (spec section 7).
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireApiRole(context, 'sitter', notSitterMessage)
  const filters = parseApiInput(AvailableDogFiltersSchema, availableDogFilterInput(url.searchParams))
  const { dogs } = await listAvailableDogs(user, filters)
  return Response.json({ data: dogs.map(toAvailableDogJson) }, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
