import { type ReactNode, useEffect, useMemo, useRef, useState } from 'react'
import { type FetcherWithComponents, Link } from 'react-router'
import { formatCancellationTerms } from '#app/features/sitters/cancellation-terms.ts'
import { formatUsd } from '#app/lib/money.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { Button } from '#app/ui/button.tsx'
import { answeredForm, AnswerSummary, FormErrors, useUnfixedAnswer } from '#app/ui/form-answer.tsx'
import type { FieldLabels } from '#app/ui/form-error-summary.tsx'
import { shownLater } from '#app/ui/shown-later.tsx'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import type { WizardStepView } from '../booking-wizard.server.ts'
import {
  stepProblems,
  type WizardAnswerName,
  type WizardAnswers,
  wizardAnswerNames,
  wizardStepAnswers,
  wizardStepCount,
  type WizardStep,
} from '../wizard-flows.ts'
import { wizardStepPath } from '../wizard-path.ts'
import { bookingTimeFields } from '../request-fields.ts'
import { RequestDatePicker } from './request-date-picker.tsx'
import { DogChoices, textInputClass } from './request-parts.tsx'
import { TimePicker } from './time-picker.tsx'

// The meeting place's address search and map (about 6 KB gzip with its fields) would put the wizard's pages over
// their first-load budget (DESIGN.md section 8); only the chat flow's last step shows it, so its script comes after
// the page, and at once when the wizard opens in a dialog.
const MeetingPlace = shownLater(() => import('./meeting-place.tsx').then((m) => m.MeetingPlace), { everyVisit: true })

// One step of a booking wizard (wizard-flows.ts), the same markup as a page of its own (without
// JavaScript, /sitters/{id}/book/{flow}/{step}) and inside the map's quick view or the conversation's
// dialog (with JavaScript, where `Form` is a fetcher's form, so the page behind stays). The earlier
// answers travel as hidden fields; Continue asks the server for the next step, which checks them.

type FormComponent = FetcherWithComponents<unknown>['Form']

const stepTitles = {
  quick: { 1: 'Choose a date', 2: 'Choose a time', 3: 'Your dog and details' },
  chat: { 1: 'Date and time', 2: 'Your dog', 3: 'Meeting place' },
} as const

const fieldLabels: FieldLabels = [
  ['date', 'Date'],
  ['timePeriod', 'Time'],
  ['startTime', 'Start time'],
  ['endTime', 'End time'],
  ['duration', 'Duration'],
  ['dogId', 'Dog'],
  ['notes', 'Notes'],
  ['location', 'Meeting place'],
]

export function WizardStepForm({
  view,
  Form,
  busy,
  onClose,
  onDateChosen,
  isPage = false,
}: {
  view: WizardStepView
  Form: FormComponent
  /** The form is on its way (Continue, Back or Confirm). */
  busy: boolean
  /** With JavaScript, where the wizard sits in another screen: closing hands back to it. */
  onClose?: () => void
  /** With JavaScript: ask the server for this step again with the chosen date (its free times). */
  onDateChosen?: (form: HTMLFormElement) => void
  /** The wizard is the whole page (its own URL), so 'Book with ...' is the page's heading. */
  isPage?: boolean
}) {
  const hydrated = useHydrated()
  const { flow, step, sitter } = view
  const asked = wizardStepAnswers[flow][step]
  const last = step === wizardStepCount
  // The step's message ('Missing information: ...') is the form's, not a field's.
  const refused = useMemo(() => {
    const { form: formMessages, ...fieldErrors } = view.errors
    return { initialValue: view.answers, error: { ...fieldErrors, '': formMessages ?? null } }
  }, [view])
  const answer = useUnfixedAnswer(`booking-wizard-${flow}`, refused, [bookingTimeFields])
  const form = answeredForm<WizardAnswerName>(`booking-wizard-${flow}`, answer)
  const [problems, setProblems] = useState(() => Object.keys(stepProblems(flow, step, view.answers, view.style)).length)
  const formRef = useRef<HTMLFormElement>(null)
  useEffect(() => {
    // The chosen day's free times arrived (onDateChosen): the form stays as the user left it, but a
    // time that day cannot take is let go, and the step's problems are counted again.
    const element = formRef.current
    if (!element) return
    for (const input of element.querySelectorAll<HTMLInputElement>('input:checked:disabled')) input.checked = false
    setProblems(Object.keys(stepProblems(flow, step, answersOf(new FormData(element)), view.style)).length)
  }, [view, flow, step])
  const here = wizardStepPath(sitter.id, flow, step)
  const previous = step > 1 ? wizardStepPath(sitter.id, flow, (step - 1) as WizardStep) : null
  const action = last ? `${here}${view.back ? `?${new URLSearchParams({ back: view.back })}` : ''}` : wizardStepPath(sitter.id, flow, (step + 1) as WizardStep)
  const ready = !hydrated || problems === 0
  // The day's free times come from the server: without JavaScript, the step is asked again for the chosen day first.
  const dayFirst = Boolean(view.times && !view.times.date)
  const noDogs = asked.includes('dogId') && view.dogs?.length === 0
  const Title = isPage ? 'h1' : 'p'

  return (
    <Form
      method={last ? 'post' : 'get'}
      action={action}
      id={form.id}
      ref={formRef}
      preventScrollReset
      onChange={(event) => {
        const values = answersOf(new FormData(event.currentTarget))
        setProblems(Object.keys(stepProblems(flow, step, values, view.style)).length)
        if (onDateChosen && event.target instanceof HTMLInputElement && event.target.name === 'date' && asked.includes('timePeriod')) onDateChosen(event.currentTarget)
      }}
      className="space-y-4"
    >
      <div className="flex items-center gap-2">
        {previous ? (
          <button type="submit" formAction={previous} formMethod="get" formNoValidate aria-label="Back" className={backClass}>
            <span aria-hidden>←</span>
          </button>
        ) : onClose ? (
          <button type="button" onClick={onClose} aria-label="Back" className={backClass}>
            <span aria-hidden>←</span>
          </button>
        ) : (
          <Link to={view.closeTo} aria-label="Back" className={backClass}>
            <span aria-hidden>←</span>
          </Link>
        )}
        <Avatar photo={sitter.profilePhoto} kind="person" size="sm" />
        <div className="min-w-0 flex-1">
          <Title className="truncate text-base font-semibold">Book with {sitter.firstName}</Title>
          <p className="text-sm text-stone-600">
            Step {step} of {wizardStepCount}: {stepTitles[flow][step]}
          </p>
        </div>
      </div>
      {/* The bar draws the 'Step n of 3' above it: screen readers have read that already. */}
      <div className="h-1.5 overflow-hidden rounded-full bg-stone-100" aria-hidden>
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${(step / wizardStepCount) * 100}%` }} />
      </div>

      {view.back ? <input type="hidden" name="back" value={view.back} /> : null}
      {wizardAnswerNames
        .filter((name) => !asked.includes(name) && view.answers[name] !== undefined && Object.values(wizardStepAnswers[flow]).some((names) => names.includes(name)))
        .map((name) => (
          <input key={name} type="hidden" name={name} value={view.answers[name]} />
        ))}
      <AnswerSummary formId={form.id} answer={answer} labels={fieldLabels} />

      {view.month && asked.includes('date') ? (
        <div>
          <RequestDatePicker field={form.field('date')} calendar={view.month} selected={view.answers.date} monthAction={here} />
          <p className="mt-1 text-sm text-stone-600">
            Times are in {sitter.firstName}’s time zone, <span className="font-medium">{view.month.timeZone}</span>.
          </p>
        </div>
      ) : null}

      {view.times ? (
        <TimePicker
          choices={view.times}
          fields={{ timePeriod: form.field('timePeriod'), startTime: form.field('startTime'), endTime: form.field('endTime'), duration: form.field('duration') }}
          noDate={`Choose a date to see ${sitter.firstName}’s free times.`}
        />
      ) : null}

      {view.dogs && asked.includes('dogId') ? <DogChoices field={form.field('dogId')} dogs={view.dogs} /> : null}
      {view.severalDogsPath ? (
        <Link to={view.severalDogsPath} className="tap-target inline-flex items-center text-sm font-medium text-brand-700 underline underline-offset-4">
          Booking more than one dog? <bdi>{sitter.firstName}</bdi> takes several: book them together
        </Link>
      ) : null}
      {asked.includes('notes') && !noDogs ? (
        <div>
          <label htmlFor={form.field('notes').id} className="mb-1 block text-sm font-medium text-stone-800">
            Notes for <bdi>{sitter.firstName}</bdi> (optional)
          </label>
          <textarea
            id={form.field('notes').id}
            name="notes"
            defaultValue={view.answers.notes}
            {...form.field('notes').aria}
            maxLength={2000}
            className={`${textInputClass} min-h-20`}
          />
          <FormErrors id={form.field('notes').errorId} errors={form.field('notes').errors} />
        </div>
      ) : null}

      {view.tileUrl ? <MeetingPlace view={view} tileUrl={view.tileUrl} inputId={form.field('location').id} errors={form.field('location').errors} /> : null}

      {view.summary ? <Summary summary={view.summary} sitterName={sitter.name} /> : null}

      {noDogs ? null : (
        <div className="flex gap-2">
          {/* The conversation's dialog has Back and Next buttons (spec section 2); the map's wizard its back arrow and Continue. */}
          {flow === 'chat' && previous ? (
            <Button type="submit" variant="secondary" formAction={previous} formMethod="get" formNoValidate className="tap-target flex-1">
              Back
            </Button>
          ) : null}
          {dayFirst && !hydrated ? (
            <Button type="submit" formAction={here} formMethod="get" className="tap-target flex-2">
              Show free times
            </Button>
          ) : (
            <Button type="submit" disabled={busy || !ready} className="tap-target flex-2">
              {last ? (busy ? 'Sending request...' : 'Confirm Booking') : flow === 'chat' ? 'Next' : 'Continue'}
            </Button>
          )}
        </div>
      )}
    </Form>
  )
}

const backClass = 'tap-target -ml-2 flex shrink-0 items-center justify-center rounded-full text-xl text-stone-700 hover:bg-stone-100'

function answersOf(data: FormData): WizardAnswers {
  const answers: WizardAnswers = {}
  for (const name of wizardAnswerNames) {
    const value = data.get(name)
    if (typeof value === 'string' && value.trim() !== '') answers[name] = value.trim()
  }
  return answers
}

function Summary({ summary, sitterName }: { summary: NonNullable<WizardStepView['summary']>; sitterName: string }) {
  const rows: [string, ReactNode][] = [
    ['Sitter', <bdi key="sitter">{sitterName}</bdi>],
    ['Service', summary.service],
    ['Date', summary.date ?? 'Not chosen'],
    ['Time', summary.time ?? 'Not chosen'],
    ...(summary.dogName ? ([['Dog', <bdi key="dog">{summary.dogName}</bdi>]] as [string, ReactNode][]) : []),
  ]
  return (
    <section aria-label="Summary" className="rounded-xl bg-stone-50 p-4 text-sm">
      <dl className="space-y-1">
        {rows.map(([term, detail]) => (
          <div key={term} className="flex justify-between gap-3">
            <dt className="text-stone-600">{term}</dt>
            <dd className="text-right font-medium text-stone-900">{detail}</dd>
          </div>
        ))}
        <div className="flex justify-between gap-3 border-t border-stone-200 pt-2">
          <dt className="font-medium">Price</dt>
          <dd className="text-right text-base font-semibold">
            {summary.priceCents === null ? (summary.rate ?? 'No rate set') : formatUsd(summary.priceCents)}
          </dd>
        </div>
      </dl>
      <p className="mt-2 text-stone-600">{formatCancellationTerms(summary.cancellationTerms)}</p>
    </section>
  )
}
