import { href } from 'react-router'
import { activeAdminIds } from '#app/features/accounts/account-status.server.ts'
import { addNotifications } from '#app/features/notifications/notifications.server.ts'
import type { StoredEvent, Subscriber } from '#app/lib/events.server.ts'
import { reportKindLabels } from './moderation-terms.ts'
import { reportEventTypes, reportPartiesOf } from './reports.server.ts'

// What people hear of moderation (issue 30), through the notification centre: every active admin hears of
// a new report and of messages a reporter added to an open one (decision 101); the reporter hears that their
// report was handled, never what was done; a warned user hears the warning. In-app only (kind `account`): no
// push or e-mail preference governs them.

export const moderationNotificationKind = 'account'

export const moderationTexts = {
  newReport: (kind: string) => `New report: ${kind.toLowerCase()}`,
  added: (kind: string, messages: number) =>
    `Report updated: ${messages === 1 ? 'a message' : `${messages} messages`} added to a ${kind.toLowerCase()} report`,
  handled: 'Thank you: our team looked into your report and handled it.',
  warned: (kind: string) => `A warning from Pawpal: a report about your ${kind.toLowerCase()} was upheld. Please keep to our terms.`,
}

async function notifyOfReport(event: StoredEvent) {
  const report = await reportPartiesOf(event.subjectId)
  if (!report) return
  const kind = reportKindLabels[report.kind]
  const base = { eventId: event.id, kind: moderationNotificationKind, type: event.type, occurredAt: event.occurredAt, emailKey: null }
  if (event.type !== reportEventTypes.resolved) {
    if (event.type === reportEventTypes.added && report.state !== 'open') return
    const text = event.type === reportEventTypes.added ? moderationTexts.added(kind, Number(event.payload.messages)) : moderationTexts.newReport(kind)
    const admins = await activeAdminIds()
    await addNotifications(admins.map((userId) => ({ ...base, userId, text, href: href('/admin/reports/:id', { id: report.id }) })))
    return
  }
  const told = [{ ...base, userId: report.reporterId, text: moderationTexts.handled, href: href('/notifications') }]
  if (report.state === 'user_warned') told.push({ ...base, userId: report.reportedUserId, text: moderationTexts.warned(kind), href: href('/terms') })
  await addNotifications(told)
}

export const moderationNotificationSubscriber: Subscriber = {
  name: 'moderation-notifications',
  types: [reportEventTypes.filed, reportEventTypes.added, reportEventTypes.resolved],
  handle: notifyOfReport,
}
