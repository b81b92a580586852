import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, href, Link } from 'react-router'
import type { Route } from './+types/admin-report'
import { requireAdmin } from '#app/features/accounts/guards.server.ts'
import { AdminHeader } from '#app/features/moderation/components/admin-nav.tsx'
import { ReportStateTag } from '#app/features/moderation/components/report-state-tag.tsx'
import { ReportSnapshotView } from '#app/features/moderation/components/report-snapshot.tsx'
import { otherReportsText, reportReasonLabel } from '#app/features/moderation/moderation-format.ts'
import { reportKindLabels, reportStateLabels } from '#app/features/moderation/moderation-terms.ts'
import { openReport, resolveReport } from '#app/features/moderation/reports.server.ts'
import { ResolutionSchema } from '#app/features/moderation/schema.ts'
import { formatNotificationTime } from '#app/features/notifications/notification-format.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { knowZoneOffsets } from '#app/lib/zone-offsets.ts'
import { addDays, viewerClock } from '#app/lib/zoned-time.ts'
import { Page } from '#app/ui/page.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'

// /admin/reports/{id} (issue 30, DESIGN.md ruling 25): one report with what was reported as it was then,
// who reported it, why, and how many other reports name the same user; an open one is resolved here once.
// Opening it is written to the audit log (openReport). Everyone but an admin: 404.

// Only an open report shows the form, and its script (the lazy validation and the fields, about 12 KB gzip) would
// put the page over its first-load budget (DESIGN.md section 8): it comes after the page, as a booking's forms do.
const ResolutionForm = shownLater(() => import('#app/features/moderation/components/resolution-form.tsx').then((m) => m.ResolutionForm))

export async function loader({ context, params }: Route.LoaderArgs) {
  const admin = requireAdmin({ context })
  const report = await openReport(admin, params.id)
  if (!report) throw data(null, { status: 404 })
  const clock = viewerClock(admin)
  return { report, ...clock, constraint: getZodConstraint(ResolutionSchema), firstUntil: addDays(clock.now.slice(0, 10), 1) }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin({ context })
  const submission = parseWithZod(await request.formData(), { schema: ResolutionSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const outcome = await resolveReport(admin, params.id, submission.value)
  const back = href('/admin/reports/:id', { id: params.id })
  if (!outcome.ok && outcome.status === 404) throw data(null, { status: 404 })
  if (!outcome.ok && outcome.status === 409) return redirectWithToast(back, { type: 'error', title: outcome.message })
  if (!outcome.ok) {
    const errors = outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] }
    return data({ result: submission.reply(errors) }, { status: outcome.status })
  }
  return redirectWithToast(back, { type: 'success', title: 'Report resolved', description: reportStateLabels[outcome.state] })
}

export default function AdminReportRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { report, now, timeZone } = loaderData
  knowZoneOffsets(loaderData.zoneOffsets)
  const others = otherReportsText(report.otherReportCount)
  const userLink = (user: { id: string; name: string }) => (
    <Link to={href('/admin/users/:id', { id: user.id })} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
      <bdi>{user.name}</bdi>
    </Link>
  )
  return (
    <Page width="regular" className="flex flex-col gap-6">
      <AdminHeader current="reports" onSectionPage={false} title={`${reportKindLabels[report.kind]} report`} description={reportReasonLabel(report.reason)} />
      <section aria-labelledby="report-heading" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
        <div className="mb-3 flex flex-wrap items-center justify-between gap-2">
          <h2 id="report-heading" className="text-lg font-semibold">
            The report
          </h2>
          <ReportStateTag state={report.state} />
        </div>
        <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr] sm:items-baseline">
          <dt className="text-sm text-stone-500">Reported by</dt>
          <dd>{userLink(report.reporter)}</dd>
          <dt className="text-sm text-stone-500">About</dt>
          <dd>
            {userLink(report.reportedUser)}
            {report.reportedUser.accountStatus === 'suspended' ? <span className="text-red-700"> (suspended)</span> : null}
            {others ? <span className="block text-sm font-medium text-amber-800">{others}</span> : null}
          </dd>
          <dt className="mt-2 text-sm text-stone-500 sm:mt-0">When</dt>
          <dd>
            <time dateTime={report.createdAt}>{formatNotificationTime(report.createdAt, now, timeZone)}</time>
          </dd>
          <dt className="mt-2 text-sm text-stone-500 sm:mt-0">Reason</dt>
          <dd>{reportReasonLabel(report.reason)}</dd>
          <dt className="mt-2 text-sm text-stone-500 sm:mt-0">Details</dt>
          <dd className="whitespace-pre-line break-words">{report.details || <span className="text-stone-500">None given</span>}</dd>
        </dl>
      </section>
      <section aria-labelledby="snapshot-heading" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
        <h2 id="snapshot-heading" className="text-lg font-semibold">
          What was reported
        </h2>
        <p className="mb-3 text-sm text-stone-500">
          {report.snapshot.kind === 'conversation' && report.snapshot.messages.some((message) => message.addedAt)
            ? 'As the reporter saw it when they reported it, and the messages they added since.'
            : 'As the reporter saw it when they reported it.'}
        </p>
        <ReportSnapshotView snapshot={report.snapshot} now={now} timeZone={timeZone} />
      </section>
      <section aria-labelledby="resolution-heading" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
        <h2 id="resolution-heading" className="mb-3 text-lg font-semibold">
          {report.state === 'open' ? 'Resolve' : 'Resolution'}
        </h2>
        {report.state === 'open' ? (
          <ResolutionForm kind={report.kind} lastResult={actionData?.result} constraint={loaderData.constraint} firstUntil={loaderData.firstUntil} />
        ) : (
          <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[9rem_1fr]">
            <dt className="text-sm text-stone-500">Outcome</dt>
            <dd className="font-medium">{reportStateLabels[report.state]}</dd>
            <dt className="mt-2 text-sm text-stone-500 sm:mt-0">Note</dt>
            <dd className="whitespace-pre-line break-words">{report.resolutionNote}</dd>
            {report.resolvedAt ? (
              <>
                <dt className="mt-2 text-sm text-stone-500 sm:mt-0">When</dt>
                <dd>
                  <time dateTime={report.resolvedAt}>{formatNotificationTime(report.resolvedAt, now, timeZone)}</time>
                </dd>
              </>
            ) : null}
          </dl>
        )}
      </section>
    </Page>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData ? `${reportKindLabels[loaderData.report.kind]} report | Pawpal admin` : 'Report | Pawpal admin' },
]
