import { href } from 'react-router'
import type { Route } from './+types/admin'
import { requireAdmin } from '#app/features/accounts/guards.server.ts'
import { AdminHeader } from '#app/features/moderation/components/admin-nav.tsx'
import { ReportList, ReportStateTabs } from '#app/features/moderation/components/report-list.tsx'
import { reportStateFilters, reportStateLabels, type ReportStateFilter } from '#app/features/moderation/moderation-terms.ts'
import { listReportsAt, reportListOf } from '#app/features/moderation/reports.server.ts'
import { readPageCursor, showMoreState } from '#app/lib/keyset-paging.ts'
import { EmptyState } from '#app/ui/data-states.tsx'
import { knowZoneOffsets } from '#app/lib/zone-offsets.ts'
import { viewerClock } from '#app/lib/zoned-time.ts'
import { Page } from '#app/ui/page.tsx'
import { ShowMoreLink } from '#app/ui/show-more-link.tsx'

// /admin: the reports queue (issue 30, DESIGN.md ruling 25). Open reports oldest first, resolved ones newest
// first; the states are links (`?state=`), 'Show more' pages on (decision 046). Everyone but an admin: 404.

const stateOf = (url: URL): ReportStateFilter => reportStateFilters.find((state) => state === url.searchParams.get('state')) ?? 'open'

export async function loader({ context, url }: Route.LoaderArgs) {
  const admin = requireAdmin({ context })
  const state = stateOf(url)
  const shownThrough = readPageCursor(url.searchParams, reportListOf(state))
  const { reports, next } = await listReportsAt(state, { through: shownThrough })
  return { state, reports, ...showMoreState(shownThrough, next), ...viewerClock(admin) }
}

const emptyTitles: Record<ReportStateFilter, string> = {
  open: 'No open reports',
  resolved: 'No resolved reports',
  dismissed: 'No dismissed reports',
  content_hidden: 'No reports with hidden content',
  user_warned: 'No reports that warned a user',
  user_suspended: 'No reports that suspended a user',
}

export default function AdminReportsRoute({ loaderData }: Route.ComponentProps) {
  const { state, reports, now, timeZone, moreCursor, shownThrough } = loaderData
  knowZoneOffsets(loaderData.zoneOffsets)
  const moreHref = moreCursor && `${href('/admin')}?${new URLSearchParams(state === 'open' ? { cursor: moreCursor } : { state, cursor: moreCursor })}`
  return (
    <Page width="regular" className="flex flex-col gap-5">
      <AdminHeader current="reports" title="Reports" description="What users reported, oldest open report first." />
      <ReportStateTabs current={state} />
      {reports.length === 0 ? (
        <EmptyState
          title={emptyTitles[state]}
          description={state === 'open' ? 'New reports from users appear here, and every admin is notified of each.' : 'Resolved reports appear here, newest first.'}
        />
      ) : (
        <>
          <ReportList reports={reports} now={now} timeZone={timeZone} label={`${state === 'resolved' ? 'Resolved' : reportStateLabels[state]} reports`} shownThroughId={shownThrough?.id ?? null} />
          {moreHref ? <ShowMoreLink href={moreHref} label="Show more" /> : null}
        </>
      )}
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Reports | Pawpal admin' }]
