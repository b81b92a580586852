import { href, Link } from 'react-router'
import { formatNotificationTime } from '#app/features/notifications/notification-format.ts'
import { firstNewRowId, firstNewRowIndex } from '#app/ui/show-more-link.tsx'
import { otherReportsText, reportReasonLabel } from '../moderation-format.ts'
import { reportKindLabels, reportStateLabels, type ReportStateFilter, reportStateFilters } from '../moderation-terms.ts'
import type { ReportSummary } from '../reports.server.ts'
import { Tag } from './admin-nav.tsx'
import { ReportStateTag } from './report-state-tag.tsx'

// The reports queue and the reports on a user's page: what was reported and why, by whom, about whom (with
// how many other reports name them), when, whether the reporter added messages since (decision 103), and its
// state; the report's own page is one tap away.

const filterLabels: Record<ReportStateFilter, string> = { ...reportStateLabels, resolved: 'All resolved' }

/** The queue's filters as links (`?state=`), so they work without JavaScript; they wrap on a phone. */
export function ReportStateTabs({ current }: { current: ReportStateFilter }) {
  return (
    <nav aria-label="Report states">
      <ul className="flex flex-wrap gap-2">
        {reportStateFilters.map((state) => (
          <li key={state}>
            <Link
              to={state === 'open' ? href('/admin') : `${href('/admin')}?${new URLSearchParams({ state })}`}
              aria-current={state === current ? 'page' : undefined}
              preventScrollReset
              className={`tap-target inline-flex items-center rounded-full border px-4 text-sm font-medium ${
                state === current ? 'border-brand-700 bg-brand-700 text-white' : 'border-stone-300 bg-white text-stone-700 hover:bg-stone-100'
              }`}
            >
              {filterLabels[state]}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}

export function ReportList({
  reports,
  now,
  timeZone,
  label,
  shownThroughId = null,
  showReportedUser = true,
}: {
  reports: ReportSummary[]
  now: string
  timeZone: string
  label: string
  shownThroughId?: string | null
  /** False on the reported user's own page: every report there is about them. */
  showReportedUser?: boolean
}) {
  const firstNew = firstNewRowIndex(reports, shownThroughId)
  return (
    <ul aria-label={label} className="divide-y divide-stone-100 overflow-hidden rounded-xl border border-stone-200 bg-white">
      {reports.map((report, index) => {
        const others = showReportedUser ? otherReportsText(report.otherReportCount) : null
        return (
          <li key={report.id} id={index === firstNew ? firstNewRowId : undefined} className="space-y-1.5 px-4 py-3">
            <div className="flex flex-wrap items-center gap-2">
              <Tag tone="brand">{reportKindLabels[report.kind]}</Tag>
              <ReportStateTag state={report.state} />
              <time dateTime={report.createdAt} className="ml-auto text-sm text-stone-500">
                {formatNotificationTime(report.createdAt, now, timeZone)}
              </time>
            </div>
            <Link
              to={href('/admin/reports/:id', { id: report.id })}
              className="tap-target flex items-center font-semibold text-brand-800 underline-offset-4 hover:underline"
            >
              {reportReasonLabel(report.reason)}
              <span className="sr-only">: open the report of {report.reportedUser.name}</span>
            </Link>
            {report.details ? <p className="line-clamp-2 text-sm whitespace-pre-line text-stone-700">{report.details}</p> : null}
            <p className="text-sm text-stone-600">
              By <bdi className="font-medium text-stone-800">{report.reporter.name}</bdi>
              {showReportedUser ? (
                <>
                  {' about '}
                  <Link to={href('/admin/users/:id', { id: report.reportedUser.id })} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
                    <bdi>{report.reportedUser.name}</bdi>
                  </Link>
                  {report.reportedUser.accountStatus === 'suspended' ? <span className="text-red-700"> (suspended)</span> : null}
                </>
              ) : null}
            </p>
            {others ? <p className="text-sm font-medium text-amber-800">{others}</p> : null}
            {report.grewAt ? (
              <p className="text-sm font-medium text-amber-800">
                Messages added <time dateTime={report.grewAt}>{formatNotificationTime(report.grewAt, now, timeZone)}</time>
              </p>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}
