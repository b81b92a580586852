import type { Route } from './+types/notifications.$id.read'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { markNotificationRead } from '#app/features/notifications/notifications.server.ts'
import { notificationErrors } from '#app/features/notifications/schema.ts'
import { jsonError, methodNotAllowed } from '#app/lib/api.server.ts'

// POST /api/notifications/{id}/read: marks one of your notifications read and answers it; 404 for anyone else's.
export const loader = () => methodNotAllowed(['POST'])

export async function action({ request, context, params }: Route.ActionArgs) {
  if (request.method !== 'POST') return methodNotAllowed(['POST'])
  const user = requireApiUser(context)
  const notification = await markNotificationRead(user.id, params.id)
  if (!notification) return jsonError(404, notificationErrors.notFound)
  return Response.json(notification)
}
