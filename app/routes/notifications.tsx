import { viewerClock } from '#app/lib/zoned-time.ts'
import { knowZoneOffsets } from '#app/lib/zone-offsets.ts'
import { data, Form, redirect } from 'react-router'
import type { Route } from './+types/notifications'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { takesPartInBookings } from '#app/features/accounts/roles.ts'
import { NotificationList } from '#app/features/notifications/components/notification-list.tsx'
import { countUnreadNotifications, listNotificationsFor, markAllNotificationsRead, markNotificationRead } from '#app/features/notifications/notifications.server.ts'
import { notificationIntents } from '#app/features/notifications/intents.ts'
import { notificationErrors, NotificationFormSchema, notificationListName } from '#app/features/notifications/schema.ts'
import { PushSwitch } from '#app/features/push/components/push-switch.tsx'
import { readPageCursor, showMoreState } from '#app/lib/keyset-paging.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { Button } from '#app/ui/button.tsx'
import { Page } from '#app/ui/page.tsx'

// /notifications (issue 20, decision 051): every booking change that concerns you, reviews, replies and
// unread messages, newest first, 20 at a time with 'Show more'. Opening one marks it read and goes to its
// screen; 'Mark all as read' reads them all. Works without JavaScript (form posts answered with redirects).

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const shownThrough = readPageCursor(url.searchParams, notificationListName)
  const [list, unread] = await Promise.all([
    listNotificationsFor(user.id, { position: { through: shownThrough } }),
    countUnreadNotifications(user.id),
  ])
  return {
    notifications: list.notifications,
    ...showMoreState(shownThrough, list.next),
    unread,
    ...viewerClock(user),
    // An admin's notices are in-app only (decision 063): no push to turn on.
    pushSwitch: takesPartInBookings(user.role),
  }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const form = NotificationFormSchema.safeParse(Object.fromEntries(await request.formData()))
  if (!form.success) throw data('Not a notification form', { status: 400 })
  if (form.data.intent === notificationIntents.markAllRead) {
    const read = await markAllNotificationsRead(user.id)
    return redirectWithToast(`${url.pathname}${url.search}`, { type: 'success', title: read > 0 ? 'All notifications marked as read' : 'Nothing unread' })
  }
  const notification = await markNotificationRead(user.id, form.data.id)
  if (!notification) throw data(notificationErrors.notFound, { status: 404 })
  return redirect(notification.href)
}

export default function NotificationsRoute({ loaderData }: Route.ComponentProps) {
  const { notifications, unread, now, timeZone, moreCursor, shownThrough, pushSwitch, zoneOffsets } = loaderData
  knowZoneOffsets(zoneOffsets)
  return (
    <Page width="regular" className="flex flex-col gap-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <div>
          <h1 className="text-2xl font-bold">Notifications</h1>
          <p className="text-stone-600">{unread === 0 ? 'You are all caught up.' : `${unread} unread`}</p>
        </div>
        {unread > 0 ? (
          <Form method="post">
            <Button type="submit" name="intent" value={notificationIntents.markAllRead} variant="secondary" className="tap-target">
              Mark all as read
            </Button>
          </Form>
        ) : null}
      </div>
      {pushSwitch ? <PushSwitch title="Push notifications" /> : null}
      <NotificationList notifications={notifications} now={now} timeZone={timeZone} moreCursor={moreCursor} shownThroughId={shownThrough?.id ?? null} />
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Notifications | Pawpal' }]
