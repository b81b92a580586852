import { data, Form, href, useNavigation, useSubmit } from 'react-router'
import type { Route } from './+types/bookings-new'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { RequestDatePicker } from '#app/features/bookings/components/request-date-picker.tsx'
import { FormPart } from '#app/features/bookings/components/request-parts.tsx'
import { TimePicker } from '#app/features/bookings/components/time-picker.tsx'
import { priceCentsFor } from '#app/features/bookings/pricing.ts'
import { formatCancellationTerms } from '#app/features/sitters/cancellation-terms.ts'
import { formatRate } from '#app/features/sitters/rates.ts'
import { getDogRequestScreen, submitDogRequestForm } from '#app/features/bookings/request-screens.server.ts'
import { bookingTimeFields } from '#app/features/bookings/request-fields.ts'
import { timeOfAnswers } from '#app/features/bookings/service-times.ts'
import { GoBackLink } from '#app/ui/go-back-link.tsx'
import { formatUsd } from '#app/lib/money.ts'
import { retryAfterFromAction, retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { Button } from '#app/ui/button.tsx'
import { EmptyState } from '#app/ui/data-states.tsx'
import { answeredForm, AnswerSummary, type FormAnswer, FormErrors, useUnfixedAnswer } from '#app/ui/form-answer.tsx'
import type { FieldLabels } from '#app/ui/form-error-summary.tsx'
import { Page } from '#app/ui/page.tsx'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { useState } from 'react'

// /bookings/new?dogId (spec section 2, Book a Walk): a sitter asks to walk a dog its owner listed for
// sitting (spec variant (b); the owner then accepts or declines). A date (past days, and days the
// sitter blocked or filled, disabled), a walk's start time (the free quarter hours of that day) and
// duration (DESIGN.md ruling 21), a price row from the sitter's own walking rate (pricing.ts, the price
// the request stores), notes for the owner. A change of day asks the page again (without JavaScript:
// 'Show free times'). Anyone who may not see the dog as available gets 'Dog not found'.

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireMember({ context, url })
  const screen = await getDogRequestScreen(user, url.searchParams.get('dogId') ?? '', url.searchParams)
  return screen.dog ? screen : data(screen, { status: 404 })
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireMember({ context, url })
  const outcome = await submitDogRequestForm(user, url.searchParams.get('dogId') ?? '', await request.formData())
  if (!outcome.ok) {
    const retryAfter = outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
    return data({ result: outcome.result, times: outcome.times }, { status: outcome.status, headers: retryAfter })
  }
  return redirectWithToast(href('/bookings/:id', { id: outcome.bookingId }), {
    type: 'success',
    title: 'Booking requested',
    description: 'Your request has been sent to the owner. You will hear when they accept it.',
  })
}

export default function DogBookingRequestRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.dog) {
    return (
      <Page width="narrow">
        <EmptyState
          title="Dog not found"
          description="This dog does not exist or is no longer available for sitting."
          action={
            <GoBackLink fallback={href('/dogs/available')} className="tap-target inline-flex items-center rounded-lg bg-brand-700 px-4 py-2 font-medium text-white hover:bg-brand-800">
              Go Back
            </GoBackLink>
          }
        />
      </Page>
    )
  }
  return <DogRequestForm loaded={actionData?.times ? { ...loaderData, times: actionData.times } : loaderData} answer={actionData?.result} />
}

export const headers = retryAfterFromAction

const fieldLabels: FieldLabels = [
  ['date', 'Date'],
  ['startTime', 'Start time'],
  ['duration', 'Duration'],
  ['notes', 'Notes'],
]

type Loaded = Extract<Route.ComponentProps['loaderData'], { month: string }>

function DogRequestForm({ loaded, answer: refused }: { loaded: Loaded; answer: FormAnswer | undefined }) {
  const { dog } = loaded
  const navigation = useNavigation()
  const answer = useUnfixedAnswer('dog-booking', refused, [bookingTimeFields])
  const form = answeredForm<'date' | 'timePeriod' | 'startTime' | 'endTime' | 'duration' | 'notes'>('dog-booking', answer, loaded.defaults)
  const fields = { date: form.field('date'), notes: form.field('notes') }
  const timeFields = { timePeriod: form.field('timePeriod'), startTime: form.field('startTime'), endTime: form.field('endTime'), duration: form.field('duration') }
  const [walk, setWalk] = useState({ startTime: timeFields.startTime.initialValue, duration: timeFields.duration.initialValue })
  const time = timeOfAnswers('walk', walk)
  const priceCents = time ? priceCentsFor('walking', loaded.rateCents, time.slots) : null
  const hydrated = useHydrated()
  const submit = useSubmit()
  const busy = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  return (
    <Page width="regular" className="space-y-5">
      <GoBackLink fallback={href('/dogs/available/:id', { id: dog.id })} className="tap-target inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-4">
        <span aria-hidden>←</span> Back
      </GoBackLink>
      <h1 className="text-2xl font-bold">Book a Walk</h1>
      <section aria-label="Dog" className="flex items-center gap-4 rounded-2xl bg-white p-4 shadow-sm">
        <Avatar photo={dog.photo} kind="dog" size="lg" />
        <div>
          <p className="text-lg font-semibold">{dog.name}</p>
          <p className="text-stone-600">
            {dog.breed} · {dog.age}
          </p>
          <p className="text-sm text-stone-600">Owner: {dog.ownerName}</p>
        </div>
      </section>

      <Form
        method="post"
        id={form.id}
        className="space-y-5"
        onChange={(event) => {
          // A new day has its own free times: ask the page again, with everything chosen so far.
          if (event.target instanceof HTMLInputElement && event.target.name === 'date') {
            void submit(event.currentTarget, { method: 'get', replace: true, preventScrollReset: true })
            return
          }
          const data = new FormData(event.currentTarget)
          setWalk({ startTime: (data.get('startTime') as string | null) ?? undefined, duration: (data.get('duration') as string | null) ?? undefined })
        }}
      >
        <input type="hidden" name="dogId" value={dog.id} />
        <AnswerSummary formId={form.id} answer={answer} labels={fieldLabels} />
        <FormPart title="Date">
          <RequestDatePicker field={fields.date} calendar={loaded} />
        </FormPart>
        <FormPart title="Time">
          <p className="text-sm text-stone-600">In your time zone ({loaded.timeZone})</p>
          <TimePicker choices={loaded.times} fields={timeFields} noDate="Choose a date to see your free times." />
          {hydrated ? null : (
            <button type="submit" formMethod="get" formNoValidate className="tap-target block text-sm font-medium text-brand-700 underline underline-offset-4">
              Show free times for the chosen day
            </button>
          )}
        </FormPart>
        <div className="flex items-center justify-between rounded-2xl bg-white p-5 shadow-sm" aria-live="polite">
          <span className="font-medium">Price</span>
          <span className="text-right">
            {loaded.rateCents === null ? (
              <span className="text-stone-600">No walking rate set</span>
            ) : priceCents === null ? (
              <span className="text-stone-600">{formatRate('walking', loaded.rateCents)} · choose a time</span>
            ) : (
              <>
                <span className="block text-lg font-semibold">{formatUsd(priceCents)}</span>
                <span className="block text-sm text-stone-600">{formatRate('walking', loaded.rateCents)}</span>
              </>
            )}
          </span>
        </div>
        <FormPart title="Notes for the owner">
          <label htmlFor={fields.notes.id} className="sr-only">
            Notes for the owner
          </label>
          <textarea
            id={fields.notes.id}
            name={fields.notes.name}
            defaultValue={fields.notes.initialValue}
            {...fields.notes.aria}
            maxLength={2000}
            placeholder={`Anything ${dog.ownerName.split(' ')[0]} should know (optional)`}
            className="tap-target min-h-24 w-full rounded-lg border border-stone-300 bg-white px-3 py-2.5 text-base shadow-xs outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
          />
          <FormErrors id={fields.notes.errorId} errors={fields.notes.errors} />
        </FormPart>
        <p className="text-sm text-stone-600">{formatCancellationTerms(loaded.cancellationTerms)} These are your terms: the booking keeps them.</p>
        <Button type="submit" disabled={busy} className="tap-target w-full">
          {busy ? 'Sending request...' : 'Request Booking'}
        </Button>
      </Form>
    </Page>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: loaderData?.dog ? `Book a walk with ${loaderData.dog.name} | Pawpal` : 'Dog not found | Pawpal' }]
