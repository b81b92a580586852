import type { Route } from './+types/users.me.notification-settings'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { getNotificationSettings, saveNotificationSettings } from '#app/features/notification-settings/preferences.server.ts'
import { NotificationSettingsSchema } from '#app/features/notification-settings/schema.ts'
import { methodNotAllowed, parseApiInput, readJsonBody } from '#app/lib/api.server.ts'

// GET and PUT /api/users/me/notification-settings: which notifications you get by push and by e-mail, and
// your quiet hours (in your time zone). PUT replaces all of it.
export async function loader({ context }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  return Response.json(await getNotificationSettings(user.id), { headers: { 'Cache-Control': 'private, no-store' } })
}

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'PUT') return methodNotAllowed(['GET', 'PUT'])
  const user = requireApiUser(context)
  const input = parseApiInput(NotificationSettingsSchema, await readJsonBody(request))
  return Response.json(await saveNotificationSettings(user.id, input), { headers: { 'Cache-Control': 'private, no-store' } })
}
