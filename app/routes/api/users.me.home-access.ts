import type { Route } from './+types/users.me.home-access'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getOwnHomeAccess, saveHomeAccess } from '#app/features/home-access/home-access.server.ts'
import { HomeAccessSchema } from '#app/features/home-access/schema.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// GET and PUT /api/users/me/home-access: your entry instructions and codes, sealed at rest (decision 070).
// PUT replaces them all; a body with no field set clears them.
const privateAnswer = { headers: { 'Cache-Control': 'private, no-store' } }

export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const read = await getOwnHomeAccess(user.id)
  if (!read.ok) return jsonError(read.status, read.message)
  return Response.json(read.homeAccess, privateAnswer)
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
  const user = requireApiUser(context)
  const input = parseApiInput(HomeAccessSchema, await readJsonBody(request))
  return Response.json(await saveHomeAccess(user.id, input), privateAnswer)
}
