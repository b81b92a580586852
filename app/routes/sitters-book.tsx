import { useState } from 'react'
import { data, Form, href, useNavigation } from 'react-router'
import type { Route } from './+types/sitters-book'
import { requireUser } from '#app/features/accounts/guards.server.ts'
import { DatePicker } from '#app/features/bookings/components/date-picker.tsx'
import { DogChoices, FormPart, textInputClass, TimeInput, TimeOption, WeeklyHours } from '#app/features/bookings/components/request-parts.tsx'
import { formatSlot } from '#app/features/bookings/slots.ts'
import { getSitterRequestScreen, submitSitterRequestForm } from '#app/features/bookings/request-screens.server.ts'
import { type OwnerRequestField, ownerRequestFields } from '#app/features/bookings/request-fields.ts'
import { bookingPeriods, type BookingPeriod, hourlySlotsOf, multiPeriods, periodLabels, periodWindows, type TimeSlot } from '#app/features/bookings/periods.ts'
import { priceCentsFor } from '#app/features/bookings/pricing.ts'
import { GoBackLink } from '#app/features/dogs/components/dog-not-found.tsx'
import { serviceLabels } from '#app/features/sitters/options.ts'
import { formatRating, reviewCountText } from '#app/features/sitters/sitter-format.ts'
import { getPublicSitter } from '#app/features/sitters/public-sitter.server.ts'
import { formatHourlyRate, formatUsd } from '#app/lib/money.ts'
import { retryAfterFromAction, retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { Button } from '#app/ui/button.tsx'
import { EmptyState, LinkButton } from '#app/ui/data-states.tsx'
import { type AnsweredField, answeredForm, AnswerSummary, type FormAnswer, FormErrors } from '#app/ui/form-answer.tsx'
import type { FieldLabels } from '#app/ui/form-error-summary.tsx'
import { Page } from '#app/ui/page.tsx'

// /sitters/{id}/book and /booking/new?sitter={id} (DESIGN.md ruling 13): an owner asks a sitter for a
// booking: a date from the sitter's calendar (past, blocked and full days disabled), a period of the day
// or custom times, a dog, the service, notes and the place. The price row is the sitter's rate times the
// hours. The page posts to createBooking, the function POST /api/bookings calls; the month arrows
// submit the form with GET, so nothing typed is lost between months.

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireUser({ context, url })
  const sitterId = params.id ?? url.searchParams.get('sitter') ?? ''
  const screen = await getSitterRequestScreen(user, sitterId, url.searchParams, { viaQuery: !params.id })
  return screen.page === 'not-found' ? data(screen, { status: 404 }) : screen
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireUser({ context, url })
  const sitterId = params.id ?? url.searchParams.get('sitter') ?? ''
  const outcome = await submitSitterRequestForm(user, sitterId, await request.formData())
  if (!outcome.ok) {
    const retryAfter = outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
    return data({ result: outcome.result }, { status: outcome.status, headers: retryAfter })
  }
  const sitter = await getPublicSitter(sitterId)
  return redirectWithToast(href('/bookings/:id', { id: outcome.bookingId }), {
    type: 'success',
    title: 'Booking requested',
    description: `Your booking with ${sitter?.name ?? 'the sitter'} has been created successfully. You will hear when they accept it.`,
  })
}

export const headers = retryAfterFromAction

/** The fields in page order, as the error summary names them. */
const fieldLabels: FieldLabels = [
  ['dogId', 'Dog'],
  ['service', 'Service'],
  ['date', 'Date'],
  ['timePeriod', 'Time'],
  ['timePeriods', 'Periods'],
  ['startTime', 'Start time'],
  ['endTime', 'End time'],
  ['notes', 'Notes'],
  ['location', 'Meeting place'],
]

type Loaded = Extract<Route.ComponentProps['loaderData'], { page: 'form' }>

export default function SitterBookingRequestRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.page === 'not-found') {
    return (
      <Page width="narrow">
        <EmptyState title="Sitter not found" description="This sitter does not exist or is not taking bookings." action={<LinkButton to={href('/map')}>Browse sitters</LinkButton>} />
      </Page>
    )
  }
  if (loaderData.page === 'yourself') {
    return (
      <Page width="narrow">
        <EmptyState title="You cannot book yourself" action={<LinkButton to={href('/bookings-sitter')}>Your bookings</LinkButton>} />
      </Page>
    )
  }
  return <RequestForm loaded={loaderData} answer={actionData?.result} />
}

function RequestForm({ loaded, answer }: { loaded: Loaded; answer: FormAnswer | undefined }) {
  const { sitter, dogs, defaults } = loaded
  const navigation = useNavigation()
  const form = answeredForm<OwnerRequestField>('booking-request', answer, defaults)
  const fields = Object.fromEntries(ownerRequestFields.map((name) => [name, form.field(name)])) as Record<OwnerRequestField, AnsweredField>
  // What the price row reads: the submitted or default choices, then every change the user makes.
  const [chosen, setChosen] = useState(() => ({
    service: fields.service.initialValue,
    timePeriods: submittedPeriods(answer) ?? loaded.chosenPeriods,
    timePeriod: fields.timePeriod.initialValue,
    startTime: fields.startTime.initialValue,
    endTime: fields.endTime.initialValue,
  }))
  const busy = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const rateOf = (service: string | undefined) => sitter.services.find((offered) => offered.service === service)?.hourlyRateCents ?? null
  return (
    <Page width="regular" className="space-y-5">
      <GoBackLink fallback={href('/bookings')} className="tap-target inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-4">
        <span aria-hidden>←</span> Back
      </GoBackLink>
      <header className="flex items-center gap-4">
        <Avatar photo={sitter.profilePhoto} kind="person" size="lg" />
        <div>
          <h1 className="text-2xl font-bold">Book with {sitter.firstName}</h1>
          <p className="text-stone-600">
            {sitter.name}
            {sitter.location ? ` · ${sitter.location}` : ''}
          </p>
          <p className="text-sm text-stone-600">{sitter.rating === null ? 'New sitter' : `★ ${formatRating(sitter.rating)} (${reviewCountText(sitter.reviewCount)})`}</p>
        </div>
      </header>

      <Form
        method="post"
        id={form.id}
        onChange={(event) => {
          const data = new FormData(event.currentTarget)
          const text = (name: string) => (data.get(name) as string | null) ?? undefined
          setChosen({
            service: text('service'),
            timePeriods: data.getAll('timePeriods').map(String),
            timePeriod: text('timePeriod'),
            startTime: text('startTime'),
            endTime: text('endTime'),
          })
        }}
        className="space-y-5"
      >
        {loaded.sitterQuery ? <input type="hidden" name="sitter" value={loaded.sitterQuery} /> : null}
        <AnswerSummary formId={form.id} answer={answer} labels={fieldLabels} />

        <FormPart title="Your dog">
          <DogChoices field={fields.dogId} dogs={dogs} />
        </FormPart>

        {sitter.services.length > 1 ? (
          <FormPart title="Service">
            <fieldset id={fields.service.id}>
              <legend className="sr-only">Service</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {sitter.services.map(({ service, hourlyRateCents }) => (
                  <label
                    key={service}
                    className="tap-target flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-stone-200 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50"
                  >
                    <span className="flex items-center gap-3">
                      <input type="radio" name={fields.service.name} value={service} defaultChecked={fields.service.initialValue === service} className="size-5 accent-brand-700" />
                      {serviceLabels[service]}
                    </span>
                    <span className="text-sm text-stone-600">{hourlyRateCents === null ? 'No rate set' : formatHourlyRate(hourlyRateCents)}</span>
                  </label>
                ))}
              </div>
              <FormErrors id={fields.service.errorId} errors={fields.service.errors} />
            </fieldset>
          </FormPart>
        ) : (
          <input type="hidden" name={fields.service.name} value={defaults.service ?? ''} />
        )}

        <FormPart title="Date">
          <div className="flex flex-col gap-5 sm:flex-row sm:items-start sm:justify-between">
            <DatePicker
              id={fields.date.id}
              name={fields.date.name}
              month={loaded.month}
              days={loaded.days}
              selected={fields.date.initialValue}
              firstMonth={loaded.firstMonth}
              lastMonth={loaded.lastMonth}
              errorId={fields.date.errorId}
              invalid={Boolean(fields.date.errors)}
            />
            <div className="space-y-3 sm:w-56">
              <WeeklyHours name={sitter.firstName} weekly={sitter.weekly} />
              <p className="text-sm text-stone-600">
                Times are in {sitter.firstName}’s time zone, <span className="font-medium">{loaded.timeZone}</span>.
              </p>
            </div>
          </div>
          <FormErrors id={fields.date.errorId} errors={fields.date.errors} />
        </FormPart>

        <FormPart title="Time">
          {loaded.several ? (
            <fieldset id={fields.timePeriods.id} aria-describedby={fields.timePeriods.errors ? fields.timePeriods.errorId : undefined}>
              <legend className="mb-2 text-sm text-stone-700">Choose one or more periods: each is booked as four one-hour walks or visits.</legend>
              <input type="hidden" name="periodMode" value="several" />
              <div className="grid gap-2 sm:grid-cols-3">
                {multiPeriods.map((period) => (
                  <TimeOption
                    key={period}
                    multiple
                    name={fields.timePeriods.name}
                    value={period}
                    label={periodLabels[period]}
                    window={formatSlot(periodWindows[period])}
                    checked={chosen.timePeriods.includes(period)}
                    priceCents={priceCentsFor(rateOf(chosen.service), hourlySlotsOf([period]))}
                  />
                ))}
              </div>
              <FormErrors id={fields.timePeriods.errorId} errors={fields.timePeriods.errors} />
            </fieldset>
          ) : (
            <fieldset id={fields.timePeriod.id} className="group" aria-describedby={fields.timePeriod.errors ? fields.timePeriod.errorId : undefined}>
              <legend className="sr-only">Time period</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {bookingPeriods.map((period) => (
                  <TimeOption
                    key={period}
                    name={fields.timePeriod.name}
                    value={period}
                    label={periodLabels[period]}
                    window={period === 'custom' ? null : `${formatSlot(periodWindows[period])}${period === 'overnight' ? ' (next day)' : ''}`}
                    checked={fields.timePeriod.initialValue === period}
                    priceCents={period === 'custom' ? null : priceCentsFor(rateOf(chosen.service), [periodWindows[period]])}
                  />
                ))}
              </div>
              <FormErrors id={fields.timePeriod.errorId} errors={fields.timePeriod.errors} />
              <div className="mt-3 hidden gap-3 group-has-[input[value=custom]:checked]:grid sm:grid-cols-2">
                <TimeInput label="Start time" field={fields.startTime} />
                <TimeInput label="End time" field={fields.endTime} />
              </div>
            </fieldset>
          )}
          <button
            type="submit"
            name="periods"
            value={loaded.several ? 'one' : 'several'}
            formMethod="get"
            formNoValidate
            className="tap-target text-sm font-medium text-brand-700 underline underline-offset-4"
          >
            {loaded.several ? 'Book one period or custom times' : 'Book several periods of the day'}
          </button>
        </FormPart>

        <FormPart title="Details">
          <div>
            <label htmlFor={fields.notes.id} className="mb-1 block text-sm font-medium text-stone-800">
              Notes for {sitter.firstName} (optional)
            </label>
            <textarea
              id={fields.notes.id}
              name={fields.notes.name}
              defaultValue={fields.notes.initialValue}
              {...fields.notes.aria}
              maxLength={2000}
              className={`${textInputClass} min-h-24`}
            />
            <FormErrors id={fields.notes.errorId} errors={fields.notes.errors} />
          </div>
          <div>
            <label htmlFor={fields.location.id} className="mb-1 block text-sm font-medium text-stone-800">
              Meeting place (optional)
            </label>
            <input
              type="text"
              id={fields.location.id}
              name={fields.location.name}
              defaultValue={fields.location.initialValue}
              {...fields.location.aria}
              maxLength={300}
              autoComplete="address-line1"
              className={textInputClass}
            />
            <p className="text-sm text-stone-600">Shared with {sitter.firstName} once the booking is accepted.</p>
            <FormErrors id={fields.location.errorId} errors={fields.location.errors} />
          </div>
        </FormPart>

        <PriceRow
          rateCents={rateOf(chosen.service)}
          slots={loaded.several ? nonEmpty(hourlySlotsOf(multiPeriods.filter((period) => chosen.timePeriods.includes(period)))) : slotsOf(chosen.timePeriod, chosen.startTime, chosen.endTime)}
        />
        <Button type="submit" disabled={busy || dogs.length === 0} className="tap-target w-full">
          {busy ? 'Sending request...' : 'Request Booking'}
        </Button>
      </Form>
    </Page>
  )
}

const nonEmpty = (slots: TimeSlot[]) => (slots.length > 0 ? slots : null)

/** The periods a refused multi-period form sent back (conform's reply holds a list, or one value). */
function submittedPeriods(answer: FormAnswer | undefined): string[] | null {
  const sent = answer?.initialValue?.timePeriods
  if (sent === undefined) return null
  return (Array.isArray(sent) ? sent : [sent]).filter((value): value is string => typeof value === 'string')
}

function slotsOf(period: string | undefined, startTime: string | undefined, endTime: string | undefined): TimeSlot[] | null {
  if (!period) return null
  if (period === 'custom') return startTime && endTime && endTime > startTime ? [{ startTime, endTime }] : null
  const window = periodWindows[period as Exclude<BookingPeriod, 'custom'>] as TimeSlot | undefined
  return window ? [window] : null
}

/** The sitter's hourly rate times the chosen hours (ruling 3), as the request will store it. */
function PriceRow({ rateCents, slots }: { rateCents: number | null; slots: TimeSlot[] | null }) {
  const price = slots ? priceCentsFor(rateCents, slots) : null
  return (
    <div className="flex items-center justify-between rounded-2xl bg-white p-5 shadow-sm" aria-live="polite">
      <span className="font-medium">Price</span>
      <span className="text-right">
        {rateCents === null ? (
          <span className="text-stone-600">No rate set for this service</span>
        ) : price === null ? (
          <span className="text-stone-600">{formatHourlyRate(rateCents)} · choose a time</span>
        ) : (
          <>
            <span className="block text-lg font-semibold">{formatUsd(price)}</span>
            <span className="block text-sm text-stone-600">{formatHourlyRate(rateCents)}</span>
          </>
        )}
      </span>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.page === 'form' ? `Book with ${loaderData.sitter.firstName} | Pawpal` : 'Book a sitter | Pawpal' },
]
