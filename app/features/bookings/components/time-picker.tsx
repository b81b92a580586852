import type { ReactNode } from 'react'
import { type AnsweredField, FormErrors } from '#app/ui/form-answer.tsx'
import type { TimeChoices } from '../time-choices.server.ts'
import { ChoiceCard, priceAside, textInputClass } from './request-parts.tsx'

// The time of a request, as its service is booked (DESIGN.md ruling 21), the same in every booking
// screen: a walk's start time (only the free quarter hours of the chosen day) and its duration; a
// period of the day, each disabled with its reason, or custom times chosen from the free quarter
// hours; daycare's whole day or boarding's night. Nothing is offered before a day is chosen. The
// multi-period form ('Book several periods of the day') checks periods the same way, each disabled with
// its reason.

export type TimeFields = Record<'timePeriod' | 'startTime' | 'endTime' | 'duration', AnsweredField>

export function TimePicker({
  choices,
  fields,
  noDate,
  several,
}: {
  choices: TimeChoices
  fields: TimeFields
  /** What stands in for the times before a day is chosen (a hint, a button that asks for that day's times). */
  noDate: ReactNode
  /** The multi-period form: its field and the periods chosen so far. */
  several?: { field: AnsweredField; chosen: readonly string[] }
}) {
  if (several) return <SeveralPeriods choices={choices} field={several.field} chosen={several.chosen} />
  if (!choices.date) return <div className="rounded-xl bg-stone-50 p-3 text-sm text-stone-700">{noDate}</div>
  const notes = choices.notes.length > 0 ? <TimeNotes notes={choices.notes} /> : null
  if (choices.style === 'walk') {
    return (
      <div className="space-y-3">
        <TimeSelect label="Start time" field={fields.startTime} times={choices.startTimes} />
        {notes}
        <fieldset id={fields.duration.id} aria-describedby={fields.duration.errors ? fields.duration.errorId : undefined}>
          <legend className="mb-2 text-sm font-medium text-stone-800">Duration</legend>
          {/* One column on phones: '30 minutes' and its price on one line. */}
          <div className="grid gap-2 sm:grid-cols-2">
            {choices.durations.map(({ minutes, priceCents }) => (
              <ChoiceCard
                key={minutes}
                name={fields.duration.name}
                value={String(minutes)}
                label={`${minutes} minutes`}
                aside={priceAside(priceCents)}
                checked={fields.duration.initialValue === String(minutes)}
              />
            ))}
          </div>
          <FormErrors id={fields.duration.errorId} errors={fields.duration.errors} />
        </fieldset>
      </div>
    )
  }
  const only = choices.periods.length === 1 ? choices.periods[0] : undefined
  return (
    <fieldset id={fields.timePeriod.id} className="group" aria-describedby={fields.timePeriod.errors ? fields.timePeriod.errorId : undefined}>
      <legend className="mb-2 text-sm font-medium text-stone-800">{only ? (only.value === 'overnight' ? 'Night' : 'Day') : 'Time period'}</legend>
      <div className="grid gap-2 sm:grid-cols-2">
        {choices.periods.map((period) => (
          <ChoiceCard
            key={period.value}
            name={fields.timePeriod.name}
            value={period.value}
            label={period.label}
            detail={period.window === null ? 'Choose start and end' : period.value === 'overnight' ? `${period.window} (next day)` : period.window}
            aside={priceAside(period.priceCents)}
            checked={fields.timePeriod.initialValue === period.value || period === only}
            refusal={period.refusal}
          />
        ))}
      </div>
      <FormErrors id={fields.timePeriod.errorId} errors={fields.timePeriod.errors} />
      {choices.periods.some((period) => period.value === 'custom') ? (
        <div className="mt-3 hidden gap-3 group-has-[input[value=custom]:checked]:grid sm:grid-cols-2">
          <TimeSelect label="Start time" field={fields.startTime} times={choices.startTimes} />
          <TimeSelect label="End time" field={fields.endTime} times={choices.endTimes} />
          <div className="sm:col-span-2">{notes}</div>
        </div>
      ) : null}
    </fieldset>
  )
}

/** One or more periods of the day (a walker: a 60-minute walk as each starts), those the day cannot take disabled with the reason. */
function SeveralPeriods({ choices, field, chosen }: { choices: TimeChoices; field: AnsweredField; chosen: readonly string[] }) {
  return (
    <fieldset id={field.id} aria-describedby={field.errors ? field.errorId : undefined}>
      <legend className="mb-2 text-sm text-stone-700">
        {choices.style === 'walk' ? 'Choose one or more periods: each is a 60-minute walk as the period starts.' : 'Choose one or more periods of the day.'}
      </legend>
      <input type="hidden" name="periodMode" value="several" />
      <div className="grid gap-2 sm:grid-cols-3">
        {choices.severalPeriods.map((period) => (
          <ChoiceCard
            key={period.value}
            multiple
            name={field.name}
            value={period.value}
            label={period.label}
            detail={period.window}
            aside={priceAside(period.priceCents)}
            checked={chosen.includes(period.value)}
            refusal={period.refusal}
          />
        ))}
      </div>
      <FormErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}

/** A choice of the quarter hours on offer: a time that is not on offer cannot be sent. */
function TimeSelect({ label, field, times }: { label: string; field: AnsweredField; times: readonly string[] }) {
  return (
    <div>
      {/* A label names a control: a day with no time on offer has none, so its name is plain text. */}
      {times.length === 0 ? (
        <p className="mb-1 block text-sm font-medium text-stone-800">{label}</p>
      ) : (
        <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-stone-800">
          {label}
        </label>
      )}
      {times.length === 0 ? (
        <p id={field.id} className="text-sm text-stone-700">
          No free time on this day.
        </p>
      ) : (
        <select id={field.id} name={field.name} defaultValue={field.initialValue && times.includes(field.initialValue) ? field.initialValue : ''} {...field.aria} className={textInputClass}>
          <option value="">Choose…</option>
          {times.map((time) => (
            <option key={time} value={time}>
              {time}
            </option>
          ))}
        </select>
      )}
      <FormErrors id={field.errorId} errors={field.errors} />
    </div>
  )
}

function TimeNotes({ notes }: { notes: readonly string[] }) {
  return (
    <ul className="space-y-0.5 text-sm text-stone-600">
      {notes.map((note) => (
        <li key={note}>{note}</li>
      ))}
    </ul>
  )
}
