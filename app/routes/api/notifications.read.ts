import type { Route } from './+types/notifications.read'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { markAllNotificationsRead } from '#app/features/notifications/notifications.server.ts'
import { methodNotAllowed } from '#app/lib/api.server.ts'

// POST /api/notifications/read: marks all your notifications read ('Mark all as read'); `read` is how many were unread.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  return Response.json({ success: true, read: await markAllNotificationsRead(user.id) })
}
