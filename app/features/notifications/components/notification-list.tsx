import { Form, href } from 'react-router'
import { EmptyState } from '#app/ui/data-states.tsx'
import { BellIcon } from '#app/ui/icons.tsx'
import { firstNewRowId, firstNewRowIndex, ShowMoreLink } from '#app/ui/show-more-link.tsx'
import type { NotificationJson } from '../notifications.server.ts'
import { formatDelivery, formatNotificationTime } from '../notification-format.ts'
import { notificationIntents } from '../intents.ts'

// The centre's list, newest first: each notification is a form button, so opening it marks it read and then
// goes to its screen with or without JavaScript (a POST answered with a redirect). Unread ones are bold with
// a dot; under each, what the channels made of it ('Sent by push 10:02'). 'Show more' pages on (decision 046).

export function NotificationList({
  notifications,
  now,
  timeZone,
  moreCursor,
  shownThroughId,
}: {
  notifications: NotificationJson[]
  now: string
  timeZone: string
  moreCursor: string | null
  shownThroughId: string | null
}) {
  if (notifications.length === 0) {
    return (
      <EmptyState
        title="No notifications yet"
        description="Requests, answers, reviews and unread messages appear here, so you never miss one."
      />
    )
  }
  const firstNew = firstNewRowIndex(notifications, shownThroughId)
  return (
    <>
      <ul aria-label="Notifications" className="divide-y divide-stone-100 overflow-hidden rounded-xl border border-stone-200 bg-white">
        {notifications.map((notification, index) => (
          <li key={notification.id} id={index === firstNew ? firstNewRowId : undefined}>
            <Form method="post" action={href('/notifications')}>
              <input type="hidden" name="id" value={notification.id} />
              <button
                type="submit"
                name="intent"
                value={notificationIntents.open}
                className={`flex w-full items-start gap-3 px-4 py-3 text-left ${notification.read ? 'hover:bg-stone-50' : 'bg-brand-50/60 hover:bg-brand-50'}`}
              >
                <BellIcon className={`mt-0.5 size-5 shrink-0 ${notification.read ? 'text-stone-400' : 'text-brand-700'}`} />
                <span className="min-w-0 flex-1">
                  <span className={`block ${notification.read ? 'text-stone-700' : 'font-semibold text-stone-900'}`}>
                    {notification.read ? null : <span className="sr-only">Unread: </span>}
                    {notification.text}
                  </span>
                  <span className="mt-0.5 block text-sm text-stone-500">
                    <time dateTime={notification.occurredAt}>{formatNotificationTime(notification.occurredAt, now, timeZone)}</time>
                    {notification.deliveries.map((delivery) => (
                      <span key={delivery.channel} className={delivery.status === 'failed' ? 'text-red-700' : undefined}>
                        {' · '}
                        {formatDelivery(delivery, timeZone)}
                      </span>
                    ))}
                  </span>
                </span>
                {notification.read ? null : <span aria-hidden className="mt-2 size-2.5 shrink-0 rounded-full bg-brand-600" />}
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {moreCursor ? <ShowMoreLink href={`${href('/notifications')}?${new URLSearchParams({ cursor: moreCursor })}`} label="Show more" /> : null}
    </>
  )
}
