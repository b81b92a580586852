import type { Route } from './+types/users.me.schedule'
import { requireApiRole, requireApiUser } from '#app/features/accounts/guards.server.ts'
import { SitterScheduleSchema } from '#app/features/availability/schedule-schema.ts'
import { getSitterSchedule, notSitterScheduleMessage, saveSitterSchedule } from '#app/features/availability/schedule.server.ts'
import { jsonError, methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// GET and PUT /api/users/me/schedule: your weekly hours, blocked dates and time zone, as a sitter.
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiRole(context, 'sitter', notSitterScheduleMessage)
  return Response.json(await getSitterSchedule(user.id), { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
  const user = requireApiUser(context)
  const input = parseApiInput(SitterScheduleSchema, await readJsonBody(request))
  const outcome = await saveSitterSchedule(user, input)
  if (!outcome.ok) return jsonError(outcome.status, outcome.message)
  return Response.json(outcome.schedule)
}
