import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import type { ReactNode } from 'react'
import { data, href } from 'react-router'
import type { Route } from './+types/admin-user'
import { requireAdmin } from '#app/features/accounts/guards.server.ts'
import { RoleTag, StatusTag } from '#app/features/moderation/components/account-tags.tsx'
import { AdminHeader } from '#app/features/moderation/components/admin-nav.tsx'
import { ReportList } from '#app/features/moderation/components/report-list.tsx'
import { UserBookings } from '#app/features/moderation/components/user-bookings.tsx'
import { getAdminUserView } from '#app/features/moderation/admin-users.server.ts'
import { formatSuspensionEnd, suspensionUntil } from '#app/features/moderation/moderation-format.ts'
import { moderationMessages, suspensionIntents } from '#app/features/moderation/moderation-terms.ts'
import { SuspensionSchema } from '#app/features/moderation/schema.ts'
import { liftSuspension, suspendUser } from '#app/features/moderation/suspensions.server.ts'
import { formatNotificationTime } from '#app/features/notifications/notification-format.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { knowZoneOffsets } from '#app/lib/zone-offsets.ts'
import { addDays, formatLongDate, viewerClock } from '#app/lib/zoned-time.ts'
import { Page } from '#app/ui/page.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'

// /admin/users/{id} (issue 30, DESIGN.md ruling 25): an account as the admins see it (role, status, last
// sign-in, member since), its standing suspension with 'Lift suspension', or the form that suspends it; the
// reports by and against them, and their latest bookings. Everyone but an admin: 404.

// The suspension forms' script (the lazy validation and the fields, about 12 KB gzip) would put the page over its
// first-load budget (DESIGN.md section 8): it comes after the page, as the report page's resolution form does.
const suspensionForms = () => import('#app/features/moderation/components/suspension-form.tsx')
const SuspendForm = shownLater(() => suspensionForms().then((m) => m.SuspendForm))
const LiftSuspensionForm = shownLater(() => suspensionForms().then((m) => m.LiftSuspensionForm))

export async function loader({ context, params }: Route.LoaderArgs) {
  const admin = requireAdmin({ context })
  const view = await getAdminUserView(params.id)
  if (!view) throw data(null, { status: 404 })
  const clock = viewerClock(admin)
  // The day the account was made may lie before the span of offsets the page brings: read on the server.
  const memberSince = formatLongDate(view.account.createdAt, admin.timeZone)
  return { ...view, ...clock, memberSince, constraint: getZodConstraint(SuspensionSchema), firstUntil: addDays(clock.now.slice(0, 10), 1) }
}

export async function action({ request, context, params }: Route.ActionArgs) {
  const admin = requireAdmin({ context })
  const formData = await request.formData()
  const back = href('/admin/users/:id', { id: params.id })
  if (formData.get('intent') === suspensionIntents.lift) {
    const lifted = await liftSuspension(admin, params.id)
    if (!lifted.ok && lifted.status === 404) throw data(null, { status: 404 })
    if (!lifted.ok) return redirectWithToast(back, { type: 'error', title: lifted.message })
    return redirectWithToast(back, { type: 'success', title: 'Suspension lifted', description: 'They can sign in again.' })
  }
  const submission = parseWithZod(formData, { schema: SuspensionSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const outcome = await suspendUser(admin, params.id, submission.value)
  if (!outcome.ok && outcome.status === 404) throw data(null, { status: 404 })
  if (!outcome.ok) {
    const errors = 'field' in outcome && outcome.field ? { fieldErrors: { [outcome.field]: [outcome.message] } } : { formErrors: [outcome.message] }
    return data({ result: submission.reply(errors) }, { status: outcome.status })
  }
  return redirectWithToast(back, { type: 'success', title: 'Account suspended', description: 'They were signed out everywhere.' })
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="space-y-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {children}
    </section>
  )
}

const emptyLine = (text: string) => <p className="rounded-xl border border-dashed border-stone-300 px-4 py-6 text-center text-stone-500">{text}</p>

export default function AdminUserRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { account, suspension, reports, bookings, now, timeZone, memberSince } = loaderData
  knowZoneOffsets(loaderData.zoneOffsets)
  const suspended = account.accountStatus === 'suspended'
  return (
    <Page width="regular" className="flex flex-col gap-6">
      <AdminHeader current="users" onSectionPage={false} title={<bdi>{account.name}</bdi>} description={<span className="break-all">{account.email}</span>} />
      <section aria-label="Account" className="rounded-2xl border border-stone-200 bg-white p-4 sm:p-5">
        <dl className="grid grid-cols-[8rem_1fr] gap-x-4 gap-y-2">
          <dt className="text-sm text-stone-500">Role</dt>
          <dd>
            <RoleTag role={account.role} />
          </dd>
          <dt className="text-sm text-stone-500">Status</dt>
          <dd>
            <StatusTag status={account.accountStatus} />
          </dd>
          <dt className="text-sm text-stone-500">Last sign-in</dt>
          <dd>{account.lastSignInAt ? <time dateTime={account.lastSignInAt}>{formatNotificationTime(account.lastSignInAt, now, timeZone)}</time> : 'Never'}</dd>
          <dt className="text-sm text-stone-500">Member since</dt>
          <dd>
            <time dateTime={account.createdAt}>{memberSince}</time>
          </dd>
        </dl>
      </section>
      <section aria-labelledby="suspension-heading" className={`space-y-3 rounded-2xl border bg-white p-4 sm:p-5 ${suspended ? 'border-red-200' : 'border-stone-200'}`}>
        <h2 id="suspension-heading" className="text-lg font-semibold">
          {suspended ? `Suspended ${formatSuspensionEnd(suspensionUntil(suspension?.endsAt ?? null))}` : 'Suspend'}
        </h2>
        {suspended ? (
          <>
            {suspension ? (
              <dl className="grid gap-x-4 gap-y-1 sm:grid-cols-[8rem_1fr]">
                <dt className="text-sm text-stone-500">Reason</dt>
                <dd className="whitespace-pre-line break-words">{suspension.reason}</dd>
                <dt className="mt-2 text-sm text-stone-500 sm:mt-0">Since</dt>
                <dd>
                  <time dateTime={suspension.startedAt}>{formatNotificationTime(suspension.startedAt, now, timeZone)}</time>
                </dd>
              </dl>
            ) : null}
            <LiftSuspensionForm />
          </>
        ) : account.role === 'admin' ? (
          <p className="text-stone-600">{moderationMessages.adminNotSuspended}.</p>
        ) : (
          <SuspendForm userName={account.name} lastResult={actionData?.result} constraint={loaderData.constraint} firstUntil={loaderData.firstUntil} />
        )}
      </section>
      <Section id="against-heading" title="Reports about them">
        {reports.against.length > 0 ? (
          <ReportList reports={reports.against} now={now} timeZone={timeZone} label="Reports about them" showReportedUser={false} />
        ) : (
          emptyLine('Nobody has reported them.')
        )}
      </Section>
      <Section id="by-heading" title="Reports by them">
        {reports.by.length > 0 ? <ReportList reports={reports.by} now={now} timeZone={timeZone} label="Reports by them" /> : emptyLine('They have not reported anyone.')}
      </Section>
      <Section id="bookings-heading" title="Latest bookings">
        {bookings.length > 0 ? <UserBookings bookings={bookings} /> : emptyLine('No bookings yet.')}
      </Section>
    </Page>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData ? `${loaderData.account.name} | Pawpal admin` : 'User | Pawpal admin' }]
