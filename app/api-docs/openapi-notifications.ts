import { notificationKinds } from '#app/features/notification-settings/kinds.ts'
import { maxNotificationPageSize, NotificationListSchema, notificationPageSize } from '#app/features/notifications/schema.ts'
import { answer, errors, nullable, objectOf, pagedListAnswer, pagingParameterDescriptions, pathParameter, queryParameters, ref, signedIn } from './openapi-parts.ts'
import { cursorRules, type StatedRule } from './openapi-parts.ts'

// The notification centre's part of the OpenAPI document (decision 051). The query comes from the route's
// zod schema; the answer is hand-written from listNotificationsFor (features/notifications/notifications.server.ts).

export const notificationTags = [
  {
    name: 'Notifications',
    description:
      'The notification centre: booking changes that concern you, reviews, replies and unread messages (one entry per ' +
      'conversation, read when the conversation is). The `/ws` socket\'s `counts` carry `unreadNotifications` (the bell).',
  },
]

const Notification = objectOf({
  id: { type: 'string' },
  kind: {
    enum: [...notificationKinds, 'account'],
    description: 'The preference kind it belongs to; `account`: about your account and your reports (moderation), in the centre only, whatever the preferences.',
  },
  type: { type: 'string', description: 'The domain event it came from, e.g. `booking.requested`, `review.written`, `message.sent`.' },
  text: { type: 'string', description: "What happened, in words: 'Sam requested a walk for Mochi on Tue 2 Dec, 08:00'. Never an address." },
  href: { type: 'string', description: 'The screen it is about, a path of this app (`/bookings/{id}`, `/messages/{userId}`).' },
  read: { type: 'boolean' },
  readAt: nullable('string', { format: 'date-time' }),
  occurredAt: { type: 'string', format: 'date-time', description: 'When it happened; for unread messages, the latest one. The list is sorted by it, newest first.' },
  deliveries: {
    type: 'array',
    description:
      'What each channel made of it, the latest outcome per channel, oldest first. Push: `waiting` for the end of quiet hours (`at`: when it will go), `delivered` when a push service accepted it, `failed`. E-mail (present only when an e-mail was queued: none when the kind is off by e-mail): `waiting` in the outbox since `at`, `sent` when the mail server accepted it, `failed` when the outbox gave up after its retries.',
    items: objectOf({
      channel: { enum: ['push', 'email'] },
      status: { enum: ['waiting', 'sent', 'delivered', 'failed'] },
      at: { type: 'string', format: 'date-time' },
      detail: nullable('string'),
    }),
  },
})

export const notificationSchemas = { Notification }

export const notificationPaths = {
  '/api/notifications': {
    get: {
      operationId: 'listNotifications',
      tags: ['Notifications'],
      summary: 'Your notifications, newest first, a page at a time',
      description:
        `${notificationPageSize} a page (\`limit\` up to ${maxNotificationPageSize}; more is lowered to it); the next page's ` +
        'address is in the `Link` header. Answers carry `Cache-Control: private, no-store`.',
      security: signedIn,
      parameters: queryParameters(NotificationListSchema, {
        limit: `Notifications per page (default ${notificationPageSize}, at most ${maxNotificationPageSize}).`,
        ...pagingParameterDescriptions,
      }),
      responses: {
        200: pagedListAnswer('One page of notifications.', ref('Notification')),
        ...errors({ 400: 'A bad `limit` or `cursor`.', 401: true }),
      },
    },
  },
  '/api/notifications/read': {
    post: {
      operationId: 'markAllNotificationsRead',
      tags: ['Notifications'],
      summary: 'Mark all your notifications read',
      security: signedIn,
      responses: {
        200: answer('Done; `read` is how many were unread.', objectOf({ success: { const: true }, read: { type: 'integer', minimum: 0 } })),
        ...errors({ 401: true }),
      },
    },
  },
  '/api/notifications/{id}/read': {
    parameters: [pathParameter('id', 'One of your notifications.')],
    post: {
      operationId: 'markNotificationRead',
      tags: ['Notifications'],
      summary: 'Mark one of your notifications read',
      description: 'Marking it again keeps the first `readAt`.',
      security: signedIn,
      responses: {
        200: answer('The notification, read.', ref('Notification')),
        ...errors({ 401: true, 404: 'No such notification of yours.' }),
      },
    },
  },
}

export const notificationRules: Record<string, StatedRule[]> = { listNotifications: cursorRules() }
