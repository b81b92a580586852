import type { Route } from './+types/notifications'
import { requireApiUser } from '#app/features/accounts/guards.server.ts'
import { listNotificationsFor } from '#app/features/notifications/notifications.server.ts'
import { NotificationListSchema } from '#app/features/notifications/schema.ts'
import { methodNotAllowed, pagedListResponse, parseApiInput } from '#app/lib/api.server.ts'

// GET /api/notifications?cursor&limit: the notification centre's list, newest first, each with its
// deliveries, a page at a time with the next page in the Link header (decision 046).
export async function loader({ context, url }: Route.LoaderArgs) {
  const user = requireApiUser(context)
  const { cursor, limit } = parseApiInput(NotificationListSchema, Object.fromEntries(url.searchParams))
  const { notifications, next } = await listNotificationsFor(user.id, { position: { after: cursor }, limit })
  return pagedListResponse(url, notifications, next)
}

export const action = () => methodNotAllowed(['GET'])
