import { getFormProps, useForm } from '@conform-to/react'
import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data, Form, href, Link, useNavigation } from 'react-router'
import type { Route } from './+types/home-access'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { formatBookingDate } from '#app/features/bookings/booking-format.ts'
import { formatWindowMoment } from '#app/features/home-access/access-window.ts'
import { getOwnHomeAccess, listHomeAccessViews, listUpcomingAccessWindows, saveHomeAccess, vaultPageHeaders } from '#app/features/home-access/home-access.server.ts'
import { homeAccessFields, homeAccessLabels } from '#app/features/home-access/fields.ts'
import { type HomeAccessInput, HomeAccessSchema } from '#app/features/home-access/schema.ts'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { Button } from '#app/ui/button.tsx'
import { TextAreaField, TextField } from '#app/ui/field.tsx'
import { conformProblems, failedAnswer, type FieldLabels, FormErrorSummary, useErrorSummary } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { Page } from '#app/ui/page.tsx'

// /home-access (issue 32 part 3, DESIGN.md ruling 27): the owner's entry instructions and codes, sealed at rest;
// when the sitters of their accepted bookings see them; and every time one did.

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const [own, windows, views] = await Promise.all([getOwnHomeAccess(user.id), listUpcomingAccessWindows(user.id), listHomeAccessViews(user.id)])
  // A vault no configured key opens shows an empty form: saving it seals it anew with the current key.
  const homeAccess = own.ok ? own.homeAccess : null
  // Each view's moment in its booking's zone, written here: in the browser, reading a zone would make an Intl object
  // while the page hydrates (decision 120), as the windows' are.
  const shownViews = views.map((view) => ({ ...view, viewedAtText: formatWindowMoment(Date.parse(view.viewedAt), view.booking.timeZone ?? 'UTC') }))
  return { homeAccess, problem: own.ok ? null : own.message, windows, views: shownViews, constraint: getZodConstraint(HomeAccessSchema) }
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const submission = parseWithZod(await request.formData(), { schema: HomeAccessSchema })
  if (submission.status !== 'success') return data({ result: submission.reply() }, { status: 400 })
  const saved = await saveHomeAccess(user.id, submission.value)
  return redirectWithToast(href('/home-access'), saved.updatedAt ? { type: 'success', title: 'Home access saved' } : { type: 'success', title: 'Home access cleared' })
}

export const headers = () => vaultPageHeaders

const loadValidator = validatorLoader(() => import('#app/features/home-access/validators.ts').then((m) => m.validateHomeAccess))

const fieldLabels: FieldLabels = homeAccessFields.map((field) => [field, homeAccessLabels[field]] as const)

const linkStyle = 'tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4'

const codeInput = { autoComplete: 'off', autoCapitalize: 'off', spellCheck: false } as const

export default function HomeAccessRoute({ loaderData, actionData }: Route.ComponentProps) {
  const { homeAccess, problem, windows, views } = loaderData
  const navigation = useNavigation()
  const onValidate = useLazyValidation<HomeAccessInput>(loadValidator)
  const [form, fields] = useForm<HomeAccessInput>({
    lastResult: actionData?.result,
    onValidate,
    constraint: loaderData.constraint,
    defaultValue: Object.fromEntries(homeAccessFields.map((field) => [field, homeAccess?.[field] ?? ''])),
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
  })
  const problems = conformProblems(form, fieldLabels)
  const messages = form.errors ?? []
  const summary = useErrorSummary(failedAnswer(actionData?.result), form.onSubmit, problems.length + messages.length)
  const busy = navigation.state === 'submitting' && navigation.formAction === href('/home-access')
  return (
    <Page width="regular" className="space-y-8">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">Home access</h1>
        <p className="text-stone-600">
          Entry instructions and codes for your sitters, encrypted. The sitter of an accepted booking sees them on the booking page from 2
          hours before it starts until it ends, and you see every view below. They are never sent by e-mail, push or message.
        </p>
      </header>
      {problem ? (
        <p role="alert" className="rounded-lg border border-red-200 bg-red-50 p-3 text-red-900">
          {problem} Save it again to replace it.
        </p>
      ) : null}

      <Form method="post" {...getFormProps(form)} onSubmit={summary.onSubmit} className="space-y-4">
        <FormErrorSummary id={form.errorId} problems={problems} messages={messages} focusKey={summary.focusKey} />
        <TextAreaField label={homeAccessLabels.instructions} field={fields.instructions} textareaProps={{ autoComplete: 'off' }} />
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label={homeAccessLabels.lockboxCode} field={fields.lockboxCode} inputProps={codeInput} />
          <TextField label={homeAccessLabels.doorCode} field={fields.doorCode} inputProps={codeInput} />
          <TextField label={homeAccessLabels.alarmCode} field={fields.alarmCode} inputProps={codeInput} />
          <TextField label={homeAccessLabels.wifiNetwork} field={fields.wifiNetwork} inputProps={codeInput} />
          <TextField label={homeAccessLabels.wifiPassword} field={fields.wifiPassword} inputProps={codeInput} />
        </div>
        <p className="text-sm text-stone-600">Leave every field empty and save to clear your home access.</p>
        <Button type="submit" disabled={busy} className="w-full sm:w-auto">
          {busy ? 'Saving...' : 'Save home access'}
        </Button>
      </Form>

      <section aria-labelledby="windows-heading" className="space-y-2">
        <h2 id="windows-heading" className="text-lg font-semibold">
          Who sees it next
        </h2>
        {windows.length === 0 ? (
          <p className="text-stone-600">No accepted booking to come: no sitter sees your home access.</p>
        ) : (
          <ul className="space-y-2">
            {windows.map((window) => (
              <li key={window.bookingId} className="rounded-lg border border-stone-200 bg-white p-3">
                <bdi>{window.sitterName}</bdi> {window.open ? 'sees this now, ' : `sees this from ${window.opensAt} `}until the{' '}
                {serviceLabels[window.service as SitterService] ?? window.service} booking ends at {window.closesAt}
                {window.round
                  ? `, then from 2 hours before each later booking of your weekly round (${window.round.weekdays}, ${window.round.endDate ? `until ${window.round.endDate}` : 'with no end date'}).`
                  : '.'}{' '}
                <span className="inline-flex flex-wrap gap-x-4">
                  <Link to={href('/bookings/:id', { id: window.bookingId })} className={linkStyle}>
                    Booking
                  </Link>
                  {window.round ? (
                    <Link to={href('/bookings/series/:id', { id: window.round.id })} className={linkStyle}>
                      Weekly round
                    </Link>
                  ) : null}
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>

      <section aria-labelledby="views-heading" className="space-y-2">
        <h2 id="views-heading" className="text-lg font-semibold">
          Views
        </h2>
        {views.length === 0 ? (
          <p className="text-stone-600">No sitter has seen your home access yet.</p>
        ) : (
          <ul className="space-y-2">
            {views.map((view) => (
              <li key={view.id} className="rounded-lg border border-stone-200 bg-white p-3">
                <bdi className="font-medium">{view.sitter.name}</bdi> viewed it at {view.viewedAtText}, for the{' '}
                <Link to={href('/bookings/:id', { id: view.booking.id })} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
                  booking{view.booking.date ? ` of ${formatBookingDate(view.booking.date)}` : ''}
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </Page>
  )
}

export const meta: Route.MetaFunction = () => [{ title: 'Home access | Pawpal' }]
