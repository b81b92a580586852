import { z } from 'zod'
import { cursorMessages, cursorParameter } from '#app/lib/keyset-paging.ts'
import { limitParameter } from '#app/lib/paging.ts'
import { notificationIntents } from './intents.ts'

export const notificationPageSize = 20
export const maxNotificationPageSize = 100
/** The list a notification cursor belongs to (lib/keyset-paging.ts). */
export const notificationListName = 'notifications'

/** `GET /api/notifications?cursor&limit`. */
export const NotificationListSchema = z.object({
  cursor: cursorParameter.refine((cursor) => !cursor || cursor.list === notificationListName, { error: cursorMessages.foreign }),
  limit: limitParameter(notificationPageSize, maxNotificationPageSize),
})

export const NotificationFormSchema = z.discriminatedUnion('intent', [
  z.object({ intent: z.literal(notificationIntents.open), id: z.string().min(1).max(100) }),
  z.object({ intent: z.literal(notificationIntents.markAllRead) }),
])

export const notificationErrors = { notFound: 'Notification not found' } as const
