import { useState } from 'react'
import { data, Form, href, useNavigation } from 'react-router'
import type { Route } from './+types/series-new'
import { requireMember } from '#app/features/accounts/guards.server.ts'
import { weekdays } from '#app/features/availability/weekdays.ts'
import { ChoiceCard, DogChoices, FormPart, textInputClass, WeeklyHours } from '#app/features/bookings/components/request-parts.tsx'
import { bookingStyles, dayPeriods, periodLabels, periodWindows, walkDurations } from '#app/features/bookings/periods.ts'
import { formatRateForDogs, priceCentsFor, rateForDogs } from '#app/features/bookings/pricing.ts'
import { type SeriesFormField, seriesFormFields } from '#app/features/bookings/series-form-fields.ts'
import { getSeriesRequestScreen, submitSeriesRequestForm } from '#app/features/bookings/series-screens.server.ts'
import { timeOfAnswers } from '#app/features/bookings/service-times.ts'
import { formatCancellationTerms } from '#app/features/sitters/cancellation-terms.ts'
import { serviceLabels } from '#app/features/sitters/options.ts'
import { formatRate } from '#app/features/sitters/rates.ts'
import { formatUsd } from '#app/lib/money.ts'
import { retryAfterFromAction, retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { quarterHours } from '#app/lib/zoned-time.ts'
import { Button } from '#app/ui/button.tsx'
import { type AnsweredField, answeredForm, AnswerSummary, type FormAnswer, FormErrors, useUnfixedAnswer } from '#app/ui/form-answer.tsx'
import type { FieldLabels } from '#app/ui/form-error-summary.tsx'
import { Page } from '#app/ui/page.tsx'
import { SitterNotBookable } from '#app/features/bookings/components/sitter-not-bookable.tsx'
import { useHydrated } from '#app/ui/use-hydrated.ts'

// /bookings/series/new?sitter={id} (issue 33 part 1): an owner asks a sitter for the same care every week: the dogs,
// the service, the weekdays, the time as the service is booked (a walk's start and length, a period of the day, the
// day, the night), the first date and an optional last one, notes and the place. The sitter answers the whole series
// on its page. A change of service asks the page again with GET (without JavaScript: 'Show the times for this
// service'), so nothing chosen is lost.

export async function loader({ context, url }: Route.LoaderArgs) {
  const user = await requireMember({ context, url })
  const screen = await getSeriesRequestScreen(user, url.searchParams.get('sitter') ?? '', url.searchParams)
  return screen.page === 'not-found' ? data(screen, { status: 404 }) : screen
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const user = await requireMember({ context, url })
  const outcome = await submitSeriesRequestForm(user, url.searchParams.get('sitter') ?? '', await request.formData())
  if (!outcome.ok) {
    const retryAfter = outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined
    return data({ result: outcome.result }, { status: outcome.status, headers: retryAfter })
  }
  return redirectWithToast(href('/bookings/series/:id', { id: outcome.seriesId }), {
    type: 'success',
    title: 'Weekly request sent',
    description: 'The sitter answers the whole series at once. You will hear when they do.',
  })
}

export const headers = retryAfterFromAction

const fieldLabels: FieldLabels = [
  ['dogId', 'Dog'],
  ['service', 'Service'],
  ['weekdays', 'Weekdays'],
  ['startTime', 'Start time'],
  ['duration', 'Duration'],
  ['timePeriod', 'Time'],
  ['endTime', 'End time'],
  ['firstDate', 'First date'],
  ['endDate', 'Last date'],
  ['notes', 'Notes'],
  ['location', 'Meeting place'],
]

type Loaded = Extract<Route.ComponentProps['loaderData'], { page: 'form' }>

export default function SeriesRequestRoute({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.page !== 'form') return <SitterNotBookable reason={loaderData.page} />
  return <SeriesForm loaded={loaderData} answer={actionData?.result} />
}

/** A list a refused form sent back (conform's reply holds a list, or one value). */
function submittedList(answer: FormAnswer | undefined, name: string): string[] | null {
  const sent = answer?.initialValue?.[name]
  if (sent === undefined) return null
  return (Array.isArray(sent) ? sent : [sent]).filter((value): value is string => typeof value === 'string')
}

function SeriesForm({ loaded, answer: refused }: { loaded: Loaded; answer: FormAnswer | undefined }) {
  const { sitter, dogs, defaults } = loaded
  const navigation = useNavigation()
  const hydrated = useHydrated()
  const answer = useUnfixedAnswer('series-request', refused, [])
  const form = answeredForm<SeriesFormField>('series-request', answer, defaults)
  const fields = Object.fromEntries(seriesFormFields.map((name) => [name, form.field(name)])) as Record<SeriesFormField, AnsweredField>
  const severalDogs = sitter.acceptsMultipleDogs && dogs.length > 1
  const chosenDays = submittedList(answer, 'weekdays') ?? loaded.chosen.weekdays
  const [chosen, setChosen] = useState(() => ({
    dogIds: submittedList(answer, 'dogIds') ?? loaded.chosen.dogIds,
    timePeriod: fields.timePeriod.initialValue,
    startTime: fields.startTime.initialValue,
    endTime: fields.endTime.initialValue,
    duration: fields.duration.initialValue,
  }))
  const service = sitter.services.find((offered) => offered.service === defaults.service) ?? sitter.services[0]
  const style = service ? bookingStyles[service.service] : null
  const busy = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const dogCount = severalDogs ? Math.max(1, chosen.dogIds.length) : 1
  const slots = style ? (timeOfAnswers(style, chosen)?.slots ?? null) : null
  const rate = service && service.hourlyRateCents !== null ? formatRateForDogs(service.service, { hourlyRateCents: service.hourlyRateCents, extraDogRateCents: service.extraDogRateCents }, dogCount) : null
  const price = service && slots ? priceCentsFor(service.service, rateForDogs(service, dogCount), slots) : null
  return (
    <Page width="regular" className="space-y-5">
      <header className="space-y-1">
        <h1 className="text-2xl font-bold">
          Weekly care with <bdi>{sitter.firstName}</bdi>
        </h1>
        <p className="text-stone-600">
          Ask once for the same time every week. <bdi>{sitter.firstName}</bdi> accepts or declines the whole series; each date then becomes a booking of its own.
        </p>
      </header>
      <Form
        method="post"
        id={form.id}
        className="space-y-5"
        onChange={(event) => {
          const values = new FormData(event.currentTarget)
          const text = (name: string) => (values.get(name) as string | null) ?? undefined
          setChosen({ dogIds: values.getAll('dogIds').map(String), timePeriod: text('timePeriod'), startTime: text('startTime'), endTime: text('endTime'), duration: text('duration') })
          if (event.target instanceof HTMLInputElement && event.target.name === 'service') event.currentTarget.requestSubmit(document.getElementById('series-show-times'))
        }}
      >
        <input type="hidden" name="sitter" value={sitter.id} />
        <AnswerSummary formId={form.id} answer={answer} labels={fieldLabels} />
        <FormPart title={severalDogs ? 'Your dogs' : 'Your dog'}>
          <DogChoices field={fields.dogId} dogs={dogs} several={severalDogs ? { name: 'dogIds', chosen: chosen.dogIds } : undefined} />
        </FormPart>

        <FormPart title="Service">
          <fieldset id={fields.service.id}>
            <legend className="sr-only">Service</legend>
            <div className="grid gap-2 sm:grid-cols-2">
              {sitter.services.map((offered) => (
                <ChoiceCard
                  key={offered.service}
                  name="service"
                  value={offered.service}
                  label={serviceLabels[offered.service]}
                  aside={offered.hourlyRateCents === null ? 'No rate set' : formatRate(offered.service, offered.hourlyRateCents)}
                  checked={service?.service === offered.service}
                />
              ))}
            </div>
            <FormErrors id={fields.service.errorId} errors={fields.service.errors} />
          </fieldset>
          <button
            id="series-show-times"
            type="submit"
            formMethod="get"
            formNoValidate
            // With JavaScript a change of service submits through it by itself; out of sight and out of the tab order.
            hidden={hydrated}
            className="tap-target text-sm font-medium text-brand-700 underline underline-offset-4"
          >
            Show the times for this service
          </button>
        </FormPart>

        <FormPart title="Every week on">
          <fieldset id={fields.weekdays.id} aria-describedby={fields.weekdays.errors ? fields.weekdays.errorId : undefined}>
            <legend className="sr-only">Weekdays</legend>
            <div className="grid grid-cols-4 gap-2 sm:grid-cols-7">
              {weekdays.map((day) => (
                <label key={day.value} className="tap-target flex cursor-pointer items-center justify-center gap-2 rounded-xl border border-stone-200 px-2 py-2 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600">
                  <input type="checkbox" name="weekdays" value={day.value} defaultChecked={chosenDays.includes(String(day.value))} className="size-5 shrink-0 accent-brand-700" />
                  <abbr title={day.label} className="no-underline">
                    {day.short}
                  </abbr>
                </label>
              ))}
            </div>
            <FormErrors id={fields.weekdays.errorId} errors={fields.weekdays.errors} />
          </fieldset>
          <WeeklyHours name={sitter.firstName} weekly={sitter.weekly} />
        </FormPart>

        <FormPart title="Time">
          {style === 'walk' ? (
            <div className="grid gap-3 sm:grid-cols-2">
              <TimeSelect field={fields.startTime} label="Start time" />
              <fieldset id={fields.duration.id} aria-describedby={fields.duration.errors ? fields.duration.errorId : undefined}>
                <legend className="mb-1 block text-sm font-medium text-stone-800">Duration</legend>
                <div className="grid grid-cols-2 gap-2">
                  {walkDurations.map((minutes) => (
                    <ChoiceCard key={minutes} name="duration" value={String(minutes)} label={`${minutes} minutes`} checked={fields.duration.initialValue === String(minutes)} />
                  ))}
                </div>
                <FormErrors id={fields.duration.errorId} errors={fields.duration.errors} />
              </fieldset>
            </div>
          ) : style === 'periods' ? (
            <div className="space-y-3">
              <fieldset id={fields.timePeriod.id} aria-describedby={fields.timePeriod.errors ? fields.timePeriod.errorId : undefined}>
                <legend className="sr-only">Time</legend>
                <div className="grid gap-2 sm:grid-cols-2">
                  {dayPeriods.map((period) => (
                    <ChoiceCard key={period} name="timePeriod" value={period} label={periodLabels[period]} detail={`${periodWindows[period].startTime} - ${periodWindows[period].endTime}`} checked={fields.timePeriod.initialValue === period} />
                  ))}
                  <ChoiceCard name="timePeriod" value="custom" label={periodLabels.custom} checked={fields.timePeriod.initialValue === 'custom'} />
                </div>
                <FormErrors id={fields.timePeriod.errorId} errors={fields.timePeriod.errors} />
              </fieldset>
              <div className="grid gap-3 sm:grid-cols-2">
                <TimeSelect field={fields.startTime} label="Custom start" />
                <TimeSelect field={fields.endTime} label="Custom end" />
              </div>
            </div>
          ) : style === 'day' ? (
            <p className="text-stone-700">The whole day ({periodWindows.all_day.startTime} - {periodWindows.all_day.endTime}).</p>
          ) : style === 'night' ? (
            <p className="text-stone-700">The night ({periodWindows.overnight.startTime} - {periodWindows.overnight.endTime}).</p>
          ) : null}
        </FormPart>

        <FormPart title="Dates">
          <div className="grid gap-3 sm:grid-cols-2">
            <DateInput field={fields.firstDate} label="First date" min={loaded.today} />
            <DateInput field={fields.endDate} label="Last date (optional)" min={loaded.today} hint="Leave it empty to keep going until one of you ends it." />
          </div>
        </FormPart>

        <FormPart title="Details">
          <div>
            <label htmlFor={fields.notes.id} className="mb-1 block text-sm font-medium text-stone-800">
              Notes for <bdi>{sitter.firstName}</bdi> (optional)
            </label>
            <textarea id={fields.notes.id} name="notes" defaultValue={fields.notes.initialValue} {...fields.notes.aria} maxLength={2000} className={`${textInputClass} min-h-24`} />
            <FormErrors id={fields.notes.errorId} errors={fields.notes.errors} />
          </div>
          <div>
            <label htmlFor={fields.location.id} className="mb-1 block text-sm font-medium text-stone-800">
              Meeting place (optional)
            </label>
            <input type="text" id={fields.location.id} name="location" defaultValue={fields.location.initialValue} {...fields.location.aria} maxLength={300} autoComplete="address-line1" className={textInputClass} />
            <p className="text-sm text-stone-600">Shared with <bdi>{sitter.firstName}</bdi> once the series is accepted.</p>
            <FormErrors id={fields.location.errorId} errors={fields.location.errors} />
          </div>
        </FormPart>

        <div className="flex items-center justify-between rounded-2xl bg-white p-5 shadow-sm" aria-live="polite">
          <span className="font-medium">Each visit</span>
          <span className="text-right">
            {rate === null ? (
              <span className="text-stone-600">No rate set for this service</span>
            ) : price === null ? (
              <span className="text-stone-600">{rate} · choose a time</span>
            ) : (
              <>
                <span className="block text-lg font-semibold">{formatUsd(price)}</span>
                <span className="block text-sm text-stone-600">{rate}, fixed for the whole series when accepted</span>
              </>
            )}
          </span>
        </div>
        <p className="text-sm text-stone-600">{formatCancellationTerms(sitter.cancellationTerms)}</p>
        <Button type="submit" disabled={busy || dogs.length === 0} className="tap-target w-full">
          {busy ? 'Sending request...' : 'Request weekly care'}
        </Button>
      </Form>
    </Page>
  )
}

function TimeSelect({ field, label }: { field: AnsweredField; label: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <select id={field.id} name={field.name} defaultValue={field.initialValue ?? ''} {...field.aria} className={textInputClass}>
        <option value="">Choose a time</option>
        {quarterHours.map((time) => (
          <option key={time} value={time}>
            {time}
          </option>
        ))}
      </select>
      <FormErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

function DateInput({ field, label, min, hint }: { field: AnsweredField; label: string; min: string; hint?: string }) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
      <input type="date" id={field.id} name={field.name} min={min} defaultValue={field.initialValue} {...field.aria} className={textInputClass} />
      {hint ? <p className="text-sm text-stone-600">{hint}</p> : null}
      <FormErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.page === 'form' ? `Weekly care with ${loaderData.sitter.firstName} | Pawpal` : 'Weekly care | Pawpal' },
]
