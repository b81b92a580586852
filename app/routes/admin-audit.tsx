import { href, Link } from 'react-router'
import type { Route } from './+types/admin-audit'
import { namesOf } from '#app/features/accounts/account-status.server.ts'
import { requireAdmin } from '#app/features/accounts/guards.server.ts'
import { type AuditAction, auditActionLabels, auditListName, listAuditLogAt } from '#app/features/moderation/audit-log.server.ts'
import { AdminHeader } from '#app/features/moderation/components/admin-nav.tsx'
import { reportKindLabels } from '#app/features/moderation/moderation-terms.ts'
import { reportSubjectsOf } from '#app/features/moderation/reports.server.ts'
import { formatNotificationTime } from '#app/features/notifications/notification-format.ts'
import { readPageCursor, showMoreState } from '#app/lib/keyset-paging.ts'
import { EmptyState } from '#app/ui/data-states.tsx'
import { knowZoneOffsets } from '#app/lib/zone-offsets.ts'
import { viewerClock } from '#app/lib/zoned-time.ts'
import { Page } from '#app/ui/page.tsx'
import { firstNewRowId, firstNewRowIndex, ShowMoreLink } from '#app/ui/show-more-link.tsx'

// /admin/audit (issue 30, DESIGN.md ruling 25): every admin action and every admin read of reported content,
// newest first, 50 at a time with 'Show more': when, who, what, on what (a link when it is a report, named by its
// kind and the user it names, or a user), and the reason given. The log is append-only. Everyone but an admin: 404.

const actionLabel = (action: string) => (Object.hasOwn(auditActionLabels, action) ? auditActionLabels[action as AuditAction] : action)

export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin({ context })
  const shownThrough = readPageCursor(url.searchParams, auditListName)
  const { rows, next } = await listAuditLogAt({ through: shownThrough })
  const reports = await reportSubjectsOf(rows.flatMap((row) => (row.targetKind === 'report' ? [row.targetId] : [])))
  const userNames = await namesOf([
    ...rows.flatMap((row) => (row.targetKind === 'user' ? [row.targetId] : [])),
    ...[...reports.values()].map((report) => report.reportedUserId),
  ])
  const targetNameOf = (row: (typeof rows)[number]) => {
    if (row.targetKind === 'user') return userNames.get(row.targetId) ?? 'Deleted user'
    const report = row.targetKind === 'report' ? reports.get(row.targetId) : undefined
    return report ? `Report about ${userNames.get(report.reportedUserId) ?? 'a deleted user'} (${reportKindLabels[report.kind]})` : null
  }
  return {
    entries: rows.map((row) => ({ ...row, actionLabel: actionLabel(row.action), targetName: targetNameOf(row) })),
    ...showMoreState(shownThrough, next),
    ...viewerClock(admin),
  }
}

const targetNames: Record<string, string> = { report: 'Report', user: 'User', review: 'Review', conversation: 'Conversation' }

function Target({ kind, id, name }: { kind: string; id: string; name: string | null }) {
  const linkClass = 'tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4'
  if (kind === 'report') {
    return (
      <Link to={href('/admin/reports/:id', { id })} className={linkClass}>
        <bdi>{name ?? 'Open the report'}</bdi>
      </Link>
    )
  }
  if (kind === 'user') {
    return (
      <Link to={href('/admin/users/:id', { id })} className={linkClass}>
        <bdi>{name}</bdi>
      </Link>
    )
  }
  return (
    <span className="text-stone-600">
      {targetNames[kind] ?? kind} <code className="text-xs break-all">{id}</code>
    </span>
  )
}

export default function AdminAuditRoute({ loaderData }: Route.ComponentProps) {
  const { entries, now, timeZone, moreCursor, shownThrough } = loaderData
  knowZoneOffsets(loaderData.zoneOffsets)
  const firstNew = firstNewRowIndex(entries, shownThrough?.id ?? null)
  return (
    <Page width="regular" className="flex flex-col gap-5">
      <AdminHeader current="audit" title="Audit log" description="Every admin action and every read of a report, newest first. Nothing here can be changed." />
      {entries.length === 0 ? (
        <EmptyState title="Nothing logged yet" description="Reading a report, resolving it, and suspending or reinstating an account are logged here." />
      ) : (
        <>
          <ol aria-label="Audit log" className="divide-y divide-stone-100 overflow-hidden rounded-xl border border-stone-200 bg-white">
            {entries.map((entry, index) => (
              <li key={entry.id} id={index === firstNew ? firstNewRowId : undefined} className="space-y-0.5 px-4 py-3">
                <div className="flex flex-wrap items-baseline justify-between gap-x-3">
                  <p>
                    <span className="font-semibold">{entry.actionLabel}</span>
                    <span className="text-stone-600">
                      {' by '}
                      <bdi>{entry.adminName}</bdi>
                    </span>
                  </p>
                  <time dateTime={entry.at} className="text-sm text-stone-500">
                    {formatNotificationTime(entry.at, now, timeZone)}
                  </time>
                </div>
                <Target kind={entry.targetKind} id={entry.targetId} name={entry.targetName} />
                {entry.reason ? <p className="text-sm whitespace-pre-line break-words text-stone-700">“{entry.reason}”</p> : null}
              </li>
            ))}
          </ol>
          {moreCursor ? <ShowMoreLink href={`${href('/admin/audit')}?${new URLSearchParams({ cursor: moreCursor })}`} label="Show more" /> : null}
        </>
      )}
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Audit log | Pawpal admin' }]
