import type { Route } from './+types/users.$id.availability'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getSitterAvailability } from '#app/features/bookings/availability.server.ts'
import { AvailabilityQuerySchema } from '#app/features/bookings/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/users/{id}/availability?from&to: a sitter's busy times (DESIGN.md ruling 7), for signed-in users.
export async function loader({ context, params, url }: Route.LoaderArgs) {
  requireApiUser(context)
  const range = parseApiInput(AvailabilityQuerySchema, Object.fromEntries(url.searchParams))
  const outcome = await getSitterAvailability(params.id, range)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message, outcome.field ? { [outcome.field]: [outcome.message] } : {})
  return Response.json(outcome.availability, { headers: { 'Cache-Control': 'private, no-store' } })
}

export const action = () => methodNotAllowed(['GET'])
