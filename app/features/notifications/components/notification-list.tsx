import { Form, href } from 'react-router'
import { EmptyState } from '#app/ui/data-states.tsx'
import { firstNewRowId, firstNewRowIndex, ShowMoreLink } from '#app/ui/show-more-link.tsx'
import type { NotificationJson } from '../notifications.server.ts'
import { formatDelivery, formatNotificationTime } from '../notification-format.ts'
import { notificationIntents } from '../intents.ts'

// The centre's list, newest first: each notification is a form button, so opening it marks it read and then
// goes to its screen with or without JavaScript (a POST answered with a redirect). Unread ones are bold with
// a dot; under each, what the channels made of it ('Sent by push 10:02'). 'Show more' pages on (decision 046). The
// look, the bell and the dot come from `.notification-list` in app.css (issue 34: a list's rows name their utilities once).

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
      <ul aria-label="Notifications" className="notification-list">
        {notifications.map((notification, index) => (
          <li key={notification.id} id={index === firstNew ? firstNewRowId : undefined}>
            <Form method="post" action={href('/notifications')} discover="none">
              <input type="hidden" name="id" value={notification.id} />
              <button type="submit" name="intent" value={notificationIntents.open} data-unread={notification.read ? undefined : ''}>
                <span>
                  <span>
                    {notification.read ? null : <span className="sr-only">Unread: </span>}
                    {notification.text}
                  </span>
                  <span>
                    <time dateTime={notification.occurredAt}>{formatNotificationTime(notification.occurredAt, now, timeZone)}</time>
                    {notification.deliveries.map((delivery) => (
                      <span key={delivery.channel} className={delivery.status === 'failed' ? 'text-red-700' : undefined}>
                        {' · '}
                        {formatDelivery(delivery, timeZone)}
                      </span>
                    ))}
                  </span>
                </span>
              </button>
            </Form>
          </li>
        ))}
      </ul>
      {moreCursor ? <ShowMoreLink href={`${href('/notifications')}?${new URLSearchParams({ cursor: moreCursor })}`} label="Show more" /> : null}
    </>
  )
}
