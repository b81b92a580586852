import type { SubmissionResult } from '@conform-to/react'
import { Form, useNavigation } from 'react-router'
import { formatUsd } from '#app/lib/money.ts'
import { Button } from '#app/ui/button.tsx'
import { textControlClass } from '#app/ui/field.tsx'
import { answeredForm, AnswerSummary, FormErrors } from '#app/ui/form-answer.tsx'
import type { FieldLabels } from '#app/ui/form-error-summary.tsx'
import type { SitterService } from '#app/features/sitters/options.ts'
import { formatBookingDate, formatNameList, historyLabels } from '../booking-format.ts'
import { formatBookingMoment } from '../booking-moment.ts'
import type { changeFormFields } from '../booking-change-forms.server.ts'
import type { BookingPageJson, ProposalJson } from '../booking-reads.server.ts'
import { bookingStyles, dayPeriods, periodLabels, walkDurations } from '../periods.ts'
import { formatSlot, slotMinutes } from '../slots.ts'
import { DogChoices, type DogOption } from './request-parts.tsx'

// A booking's changes both sides agree to (issue 33 part 2) on its page: the change waiting for an answer with the
// booking before and as proposed (the price too) and its buttons, or 'Propose a change' (a details element: it opens
// without JavaScript); and the booking's history. The forms post to the page (booking-change-forms.server.ts).

type Terms = ProposalJson['previous']

const describeTime = (terms: Terms) => terms.slots.map(formatSlot).join(' and ')
const describeDogs = (terms: Terms) => formatNameList(terms.dogNames)

/** The rows of a proposal: what it changes, before and after, and the price either way. */
function proposalRows(change: ProposalJson) {
  const { previous, proposed } = change
  const rows: { label: string; before: string; after: string }[] = []
  if (previous.date !== proposed.date) rows.push({ label: 'Date', before: formatBookingDate(previous.date), after: formatBookingDate(proposed.date) })
  if (describeTime(previous) !== describeTime(proposed)) rows.push({ label: 'Time', before: describeTime(previous), after: describeTime(proposed) })
  if (previous.dogIds.join() !== proposed.dogIds.join()) rows.push({ label: 'Dogs', before: describeDogs(previous), after: describeDogs(proposed) })
  if ((previous.notes ?? '') !== (proposed.notes ?? '')) rows.push({ label: 'Notes', before: previous.notes || 'None', after: proposed.notes || 'None' })
  rows.push({ label: 'Price', before: formatUsd(previous.priceCents), after: formatUsd(proposed.priceCents) })
  return rows
}

export function PendingChange({ booking, change, error }: { booking: BookingPageJson; change: ProposalJson; error: string | null }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'change-answer'
  const author = change.proposedBy === 'owner' ? booking.owner.name : booking.sitter.name
  return (
    <section aria-labelledby="pending-change-heading" className="space-y-3 rounded-2xl border border-amber-300 bg-amber-50 p-5">
      <h2 id="pending-change-heading" className="text-lg font-semibold text-amber-950">
        {change.canWithdraw ? (
          'Your proposed change'
        ) : (
          <>
            <bdi>{author}</bdi> proposes a change
          </>
        )}
      </h2>
      <p className="text-sm text-amber-950">
        {change.canWithdraw ? 'Waiting for an answer. The booking stays as it is until then.' : 'Accept it and the booking reads as proposed; decline it and nothing changes.'}
      </p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-2 text-sm">
        {proposalRows(change).map((row) => (
          <div key={row.label} className="contents">
            <dt className="font-medium text-stone-700">{row.label}</dt>
            <dd>
              {row.before === row.after ? (
                <span>{row.after} (unchanged)</span>
              ) : (
                <>
                  <span className="text-stone-600 line-through decoration-stone-400">{row.before}</span>
                  <span aria-hidden> → </span>
                  <span className="sr-only"> becomes </span>
                  <span className="font-semibold whitespace-pre-line">{row.after}</span>
                </>
              )}
            </dd>
          </div>
        ))}
      </dl>
      {error ? (
        <p role="alert" className="text-sm font-medium text-red-700">
          {error}
        </p>
      ) : null}
      <Form method="post" preventScrollReset className="flex flex-wrap gap-2">
        <input type="hidden" name="intent" value="change-answer" />
        <input type="hidden" name="changeId" value={change.id} />
        {change.canAnswer ? (
          <>
            <Button type="submit" name="status" value="accepted" disabled={busy} className="tap-target">
              Accept change
            </Button>
            <Button type="submit" name="status" value="declined" variant="secondary" disabled={busy} className="tap-target">
              Decline
            </Button>
          </>
        ) : null}
        {change.canWithdraw ? (
          <Button type="submit" name="status" value="withdrawn" variant="secondary" disabled={busy} className="tap-target">
            Withdraw change
          </Button>
        ) : null}
      </Form>
    </section>
  )
}

const changeFieldLabels: FieldLabels = [
  ['date', 'Date'],
  ['startTime', 'Start time'],
  ['duration', 'Duration'],
  ['timePeriod', 'Time'],
  ['startTimeCustom', 'Start time'],
  ['endTimeCustom', 'End time'],
  ['dogIds', 'Dogs'],
  ['notes', 'Notes'],
]

type ChangeField = (typeof changeFormFields)[number]

type ChangeDogs = { several: boolean; dogs: DogOption[] } | null

export function ProposeChange({ booking, dogs, answer, today }: { booking: BookingPageJson; dogs: ChangeDogs; answer: SubmissionResult<string[]> | null; today: string }) {
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('intent') === 'change-propose'
  const style = bookingStyles[booking.service as SitterService]
  const [firstSlot] = booking.timeSlots
  const form = answeredForm<ChangeField>('booking-change', answer, { date: booking.date, notes: booking.notes ?? '', duration: String(firstSlot ? slotMinutes(firstSlot) : 60) })
  const field = form.field
  const sentDogs = answer?.initialValue?.dogIds
  const chosenDogs = Array.isArray(sentDogs) ? sentDogs.map(String) : booking.dogIds
  return (
    <details open={Boolean(answer)} className="group rounded-2xl bg-white p-5 shadow-sm">
      <summary className="tap-target flex cursor-pointer items-center text-lg font-semibold">Propose a change</summary>
      <Form method="post" id={form.id} preventScrollReset className="mt-3 space-y-4">
        <input type="hidden" name="intent" value="change-propose" />
        <p className="text-sm text-stone-600">
          Change what should be different; the rest stays as booked. <bdi>{booking.viewerRole === 'owner' ? booking.sitter.name : booking.owner.name}</bdi>{' '}
          accepts or declines it, and both of you see the price before and after.
        </p>
        <AnswerSummary formId={form.id} answer={answer} labels={changeFieldLabels} />
        <div>
          <label htmlFor={field('date').id} className="mb-1 block text-sm font-medium text-stone-800">
            Date
          </label>
          <input type="date" id={field('date').id} name="date" min={today} defaultValue={field('date').initialValue} {...field('date').aria} className={textControlClass} />
          <FormErrors id={field('date').errorId} errors={field('date').errors} />
        </div>
        {style === 'walk' ? (
          <div className="grid gap-3 sm:grid-cols-2">
            <div>
              <label htmlFor={field('startTime').id} className="mb-1 block text-sm font-medium text-stone-800">
                New start time (empty keeps the booked time)
              </label>
              <input type="time" step={900} id={field('startTime').id} name="startTime" defaultValue={field('startTime').initialValue} {...field('startTime').aria} className={textControlClass} />
              <FormErrors id={field('startTime').errorId} errors={field('startTime').errors} />
            </div>
            <fieldset>
              <legend className="mb-1 block text-sm font-medium text-stone-800">Duration</legend>
              <div className="flex gap-2">
                {walkDurations.map((minutes) => (
                  <label key={minutes} className="tap-target flex items-center gap-2 rounded-lg border border-stone-300 px-3">
                    <input type="radio" name="duration" value={minutes} defaultChecked={field('duration').initialValue === String(minutes)} className="size-5 accent-brand-700" />
                    {minutes} minutes
                  </label>
                ))}
              </div>
            </fieldset>
          </div>
        ) : null}
        {style === 'periods' ? (
          <div className="space-y-3">
            <div>
              <label htmlFor={field('timePeriod').id} className="mb-1 block text-sm font-medium text-stone-800">
                Time
              </label>
              <select id={field('timePeriod').id} name="timePeriod" defaultValue={field('timePeriod').initialValue ?? ''} {...field('timePeriod').aria} className={textControlClass}>
                <option value="">Keep the booked time</option>
                {[...dayPeriods, 'custom' as const].map((period) => (
                  <option key={period} value={period}>
                    {periodLabels[period]}
                  </option>
                ))}
              </select>
              <FormErrors id={field('timePeriod').errorId} errors={field('timePeriod').errors} />
            </div>
            <div className="grid grid-cols-2 gap-3">
              {(['startTimeCustom', 'endTimeCustom'] as const).map((name) => (
                <div key={name}>
                  <label htmlFor={field(name).id} className="mb-1 block text-sm font-medium text-stone-800">
                    {name === 'startTimeCustom' ? 'Custom start' : 'Custom end'}
                  </label>
                  <input type="time" step={900} id={field(name).id} name={name} defaultValue={field(name).initialValue} {...field(name).aria} className={textControlClass} />
                  <FormErrors id={field(name).errorId} errors={field(name).errors} />
                </div>
              ))}
            </div>
          </div>
        ) : null}
        {dogs && dogs.dogs.length > 1 ? (
          <div>
            <p className="mb-1 text-sm font-medium text-stone-800">{dogs.several ? 'Dogs' : 'Dog'}</p>
            <DogChoices
              field={{ ...field('dogIds'), name: 'dogIds', initialValue: chosenDogs[0] }}
              dogs={dogs.dogs}
              several={dogs.several ? { name: 'dogIds', chosen: chosenDogs } : undefined}
            />
          </div>
        ) : null}
        <div>
          <label htmlFor={field('notes').id} className="mb-1 block text-sm font-medium text-stone-800">
            Notes
          </label>
          <textarea id={field('notes').id} name="notes" maxLength={2000} defaultValue={field('notes').initialValue} {...field('notes').aria} className={`${textControlClass} min-h-20`} />
          <FormErrors id={field('notes').errorId} errors={field('notes').errors} />
        </div>
        <Button type="submit" disabled={busy} className="tap-target w-full sm:w-auto">
          {busy ? 'Sending...' : 'Send proposal'}
        </Button>
      </Form>
    </details>
  )
}

export function BookingHistory({ booking }: { booking: BookingPageJson }) {
  if (!booking.history?.length) return null
  const nameOf = { owner: booking.owner.name, sitter: booking.sitter.name }
  return (
    <section aria-labelledby="history-heading" className="space-y-3 rounded-2xl bg-white p-5 shadow-sm">
      <h2 id="history-heading" className="text-lg font-semibold">
        History
      </h2>
      <ol className="space-y-2 text-sm">
        {booking.history.map((entry, index) => (
          <li key={`${entry.at}-${index}`} className="flex flex-wrap justify-between gap-x-3">
            <span>
              <span className="font-medium">{historyLabels[entry.what]}</span>
              {entry.by ? (
                <>
                  {' '}
                  by <bdi>{nameOf[entry.by]}</bdi>
                </>
              ) : null}
            </span>
            <time dateTime={entry.at} className="ml-auto text-stone-600">
              {formatBookingMoment(entry.at, booking.timeZone)}
            </time>
          </li>
        ))}
      </ol>
    </section>
  )
}
