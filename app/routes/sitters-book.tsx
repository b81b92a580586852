import { useState } from 'react'
import { data, Form, href, Link, useNavigation, useSubmit } from 'react-router'
import type { Route } from './+types/sitters-book'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { ChoiceCard, DogChoices, FormPart, textInputClass, WeeklyHours } from '#app/features/bookings/components/request-parts.tsx'
import { RequestDatePicker } from '#app/features/bookings/components/request-date-picker.tsx'
import { TimePicker } from '#app/features/bookings/components/time-picker.tsx'
import { getSitterRequestScreen, submitSitterRequestForm } from '#app/features/bookings/request-screens.server.ts'
import { bookingTimeFields, type OwnerRequestField, ownerRequestFields } from '#app/features/bookings/request-fields.ts'
import { bookingStyles, dayPeriods, slotsOfPeriods, type TimeSlot } from '#app/features/bookings/periods.ts'
import { formatRateForDogs, priceCentsFor, rateForDogs } from '#app/features/bookings/pricing.ts'
import { formatCancellationTerms } from '#app/features/sitters/cancellation-terms.ts'
import { formatRate } from '#app/features/sitters/rates.ts'
import { timeOfAnswers } from '#app/features/bookings/service-times.ts'
import { GoBackLink } from '#app/ui/go-back-link.tsx'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { SitterRating } from '#app/features/sitters/components/sitter-rating.tsx'
import { getPublicSitter } from '#app/features/sitters/public-sitter.server.ts'
import { formatUsd } from '#app/lib/money.ts'
import { retryAfterFromAction, retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { Button } from '#app/ui/button.tsx'
import { type AnsweredField, answeredForm, AnswerSummary, type FormAnswer, FormErrors, useUnfixedAnswer } from '#app/ui/form-answer.tsx'
import type { FieldLabels } from '#app/ui/form-error-summary.tsx'
import { Page } from '#app/ui/page.tsx'
import { SitterNotBookable } from '#app/features/bookings/components/sitter-not-bookable.tsx'
import { useHydrated } from '#app/ui/use-hydrated.ts'

// /sitters/{id}/book and /booking/new?sitter={id} (DESIGN.md ruling 13): an owner asks a sitter for a
// booking: a date from the sitter's calendar (past, blocked and full days disabled), the time as the
// service is booked (ruling 21: a walk's start and duration, a period of the day or custom times, the
// day, the night; only what that day can take), a dog, the service, notes and the place. The price row
// is pricing.ts's figure, the one the booking stores. The page posts to createBooking, the function POST
// /api/bookings calls; the month arrows and a change of day or service send the form with GET (without
// JavaScript: 'Show free times'), so nothing typed is lost and the times fit the day.

export async function loader({ context, url, params }: Route.LoaderArgs) {
  const user = await requireMember({ context, url })
  const sitterId = params.id ?? url.searchParams.get('sitter') ?? ''
  const screen = await getSitterRequestScreen(user, sitterId, url.searchParams, { viaQuery: !params.id })
  return screen.page === 'not-found' ? data(screen, { status: 404 }) : screen
}

export async function action({ request, context, url, params }: Route.ActionArgs) {
  const user = await requireMember({ context, url })
  const sitterId = params.id ?? url.searchParams.get('sitter') ?? ''
  const outcome = await submitSitterRequestForm(user, sitterId, await request.formData())
  if (!outcome.ok) {
    const retryAfter = outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
    return data({ result: outcome.result, times: outcome.times }, { status: outcome.status, headers: retryAfter })
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
  ['duration', 'Duration'],
  ['notes', 'Notes'],
  ['location', 'Meeting place'],
]

type Loaded = Extract<Route.ComponentProps['loaderData'], { page: 'form' }>

export default function SitterBookingRequestRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.page !== 'form') return <SitterNotBookable reason={loaderData.page} />
  return <RequestForm loaded={actionData?.times ? { ...loaderData, times: actionData.times } : loaderData} answer={actionData?.result} />
}

function RequestForm({ loaded, answer: refused }: { loaded: Loaded; answer: FormAnswer | undefined }) {
  const { sitter, dogs, defaults } = loaded
  const navigation = useNavigation()
  const answer = useUnfixedAnswer('booking-request', refused, [bookingTimeFields])
  const form = answeredForm<OwnerRequestField>('booking-request', answer, defaults)
  const fields = Object.fromEntries(ownerRequestFields.map((name) => [name, form.field(name)])) as Record<OwnerRequestField, AnsweredField>
  // What the price row reads: the submitted or default choices, then every change the user makes.
  const severalDogs = sitter.acceptsMultipleDogs && dogs.length > 1
  const [chosen, setChosen] = useState(() => ({
    service: fields.service.initialValue,
    dogIds: submittedList(answer, 'dogIds') ?? (loaded.chosenDogs.length > 0 ? loaded.chosenDogs : defaults.dogId ? [defaults.dogId] : []),
    timePeriods: submittedList(answer, 'timePeriods') ?? loaded.chosenPeriods,
    timePeriod: fields.timePeriod.initialValue,
    startTime: fields.startTime.initialValue,
    endTime: fields.endTime.initialValue,
    duration: fields.duration.initialValue,
  }))
  const hydrated = useHydrated()
  const submit = useSubmit()
  const busy = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const offered = sitter.services.find((offered) => offered.service === chosen.service)
  const dogCount = severalDogs ? Math.max(1, chosen.dogIds.length) : 1
  const style = offered ? bookingStyles[offered.service] : null
  return (
    <Page width="regular" className="space-y-5">
      <GoBackLink fallback={href('/bookings')} className="tap-target inline-flex items-center gap-1 text-sm font-medium text-brand-700 underline underline-offset-4">
        <span aria-hidden>←</span> Back
      </GoBackLink>
      <header className="flex items-center gap-4">
        <Avatar photo={sitter.profilePhoto} kind="person" size="lg" />
        <div>
          <h1 className="text-2xl font-bold">
            Book with <bdi>{sitter.firstName}</bdi>
          </h1>
          <p className="text-stone-600">
            <bdi>{sitter.name}</bdi>
            {sitter.location ? ` · ${sitter.location}` : ''}
          </p>
          <p className="text-sm">
            <SitterRating rating={sitter.rating} reviewCount={sitter.reviewCount} />
          </p>
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
            dogIds: data.getAll('dogIds').map(String),
            timePeriods: data.getAll('timePeriods').map(String),
            timePeriod: text('timePeriod'),
            startTime: text('startTime'),
            endTime: text('endTime'),
            duration: text('duration'),
          })
          // A new day or service has its own free times, and other dogs their own prices: ask the page again, with everything chosen so far.
          const changed = event.target instanceof HTMLInputElement ? event.target.name : null
          if (changed === 'date' || changed === 'service' || changed === 'dogIds') {
            void submit(event.currentTarget, { method: 'get', replace: true, preventScrollReset: true })
          }
        }}
        className="space-y-5"
      >
        {loaded.sitterQuery ? <input type="hidden" name="sitter" value={loaded.sitterQuery} /> : null}
        <AnswerSummary formId={form.id} answer={answer} labels={fieldLabels} />

        <FormPart title={severalDogs ? 'Your dogs' : 'Your dog'}>
          {severalDogs ? <p className="text-sm text-stone-600"><bdi>{sitter.firstName}</bdi> takes several dogs at once: choose every dog for this booking.</p> : null}
          <DogChoices field={fields.dogId} dogs={dogs} several={severalDogs ? { name: 'dogIds', chosen: chosen.dogIds } : undefined} />
        </FormPart>

        {sitter.services.length > 1 ? (
          <FormPart title="Service">
            <fieldset id={fields.service.id}>
              <legend className="sr-only">Service</legend>
              <div className="grid gap-2 sm:grid-cols-2">
                {sitter.services.map(({ service, hourlyRateCents }) => (
                  <ChoiceCard
                    key={service}
                    name={fields.service.name}
                    value={service}
                    label={serviceLabels[service]}
                    aside={hourlyRateCents === null ? 'No rate set' : formatRate(service, hourlyRateCents)}
                    checked={fields.service.initialValue === service}
                  />
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
            <RequestDatePicker field={fields.date} calendar={loaded} />
            <div className="space-y-3 sm:w-56">
              <WeeklyHours name={sitter.firstName} weekly={sitter.weekly} />
              <p className="text-sm text-stone-600">
                Times are in {sitter.firstName}’s time zone, <span className="font-medium">{loaded.timeZone}</span>.
              </p>
            </div>
          </div>
        </FormPart>

        <FormPart title="Time">
          {loaded.times ? (
            <TimePicker
              choices={loaded.times}
              fields={{ timePeriod: fields.timePeriod, startTime: fields.startTime, endTime: fields.endTime, duration: fields.duration }}
              noDate={`Choose a date to see ${sitter.firstName}’s free times.`}
              several={loaded.several ? { field: fields.timePeriods, chosen: chosen.timePeriods } : undefined}
            />
          ) : null}
          {hydrated ? null : (
            <button type="submit" formMethod="get" formNoValidate className="tap-target block text-sm font-medium text-brand-700 underline underline-offset-4">
              Show free times for the chosen day and service
            </button>
          )}
          {style === 'walk' || style === 'periods' ? (
            <button
              type="submit"
              name="periods"
              value={loaded.several ? 'one' : 'several'}
              formMethod="get"
              formNoValidate
              className="tap-target text-sm font-medium text-brand-700 underline underline-offset-4"
            >
              {loaded.several ? 'Book one time' : 'Book several periods of the day'}
            </button>
          ) : null}
        </FormPart>

        <FormPart title="Details">
          <div>
            <label htmlFor={fields.notes.id} className="mb-1 block text-sm font-medium text-stone-800">
              Notes for <bdi>{sitter.firstName}</bdi> (optional)
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
          offered={offered ?? null}
          dogCount={dogCount}
          slots={
            !style
              ? null
              : loaded.several
                ? nonEmpty(slotsOfPeriods(style, dayPeriods.filter((period) => chosen.timePeriods.includes(period))))
                : (timeOfAnswers(style, chosen)?.slots ?? null)
          }
        />
        <p className="text-sm text-stone-600">{formatCancellationTerms(sitter.cancellationTerms)}</p>
        <Button type="submit" disabled={busy || dogs.length === 0} className="tap-target w-full">
          {busy ? 'Sending request...' : 'Request Booking'}
        </Button>
      </Form>
      <p className="text-center text-sm text-stone-700">
        The same time every week?{' '}
        <Link to={`${href('/bookings/series/new')}?${new URLSearchParams({ sitter: sitter.id })}`} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
          Ask <bdi>{sitter.firstName}</bdi> for weekly care
        </Link>
      </p>
    </Page>
  )
}

const nonEmpty = (slots: TimeSlot[]) => (slots.length > 0 ? slots : null)

/** A list a refused form sent back, such as its periods or dogs (conform's reply holds a list, or one value). */
function submittedList(answer: FormAnswer | undefined, name: 'timePeriods' | 'dogIds'): string[] | null {
  const sent = answer?.initialValue?.[name]
  if (sent === undefined) return null
  return (Array.isArray(sent) ? sent : [sent]).filter((value): value is string => typeof value === 'string')
}

type OfferedRate = { service: SitterService; hourlyRateCents: number | null; extraDogRateCents: number | null }

/** The sitter's rate for the chosen dogs times the chosen hours, day or night (pricing.ts), as the request will store it. */
function PriceRow({ offered, dogCount, slots }: { offered: OfferedRate | null; dogCount: number; slots: TimeSlot[] | null }) {
  const service = offered?.service ?? null
  const rateCents = offered ? rateForDogs(offered, dogCount) : null
  const price = service && slots ? priceCentsFor(service, rateCents, slots) : null
  const rate = offered && offered.hourlyRateCents !== null ? formatRateForDogs(offered.service, { hourlyRateCents: offered.hourlyRateCents, extraDogRateCents: offered.extraDogRateCents }, dogCount) : null
  return (
    <div className="flex items-center justify-between rounded-2xl bg-white p-5 shadow-sm" aria-live="polite">
      <span className="font-medium">Price</span>
      <span className="text-right">
        {rate === null ? (
          <span className="text-stone-600">No rate set for this service</span>
        ) : price === null ? (
          <span className="text-stone-600">{rate} · choose a time</span>
        ) : (
          <>
            <span className="block text-lg font-semibold">{formatUsd(price)}</span>
            <span className="block text-sm text-stone-600">{rate}</span>
          </>
        )}
      </span>
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.page === 'form' ? `Book with ${loaderData.sitter.firstName} | Pawpal` : 'Book a sitter | Pawpal' },
]
