import type { ReactNode } from 'react'
import { formatUsd } from '#app/lib/money.ts'
import { type AnsweredField, FormErrors } from '#app/ui/form-answer.tsx'
import type { TimeChoices } from '../time-choices.server.ts'
import { textInputClass, TimeOption } from './request-parts.tsx'

// The time of a request, as its service is booked (DESIGN.md ruling 21), the same in every booking
// screen: a walk's start time (only the free quarter hours of the chosen day) and its duration; a
// period of the day, each disabled with its reason, or custom times chosen from the free quarter
// hours; daycare's whole day or boarding's night. Nothing is offered before a day is chosen.

export type TimeFields = Record<'timePeriod' | 'startTime' | 'endTime' | 'duration', AnsweredField>

export function TimePicker({
  choices,
  fields,
  noDate,
}: {
  choices: TimeChoices
  fields: TimeFields
  /** What stands in for the times before a day is chosen (a hint, a button that asks for that day's times). */
  noDate: ReactNode
}) {
  if (!choices.date) return <div className="rounded-xl bg-stone-50 p-3 text-sm text-stone-700">{noDate}</div>
  const notes = choices.notes.length > 0 ? <TimeNotes notes={choices.notes} /> : null
  if (choices.style === 'walk') {
    return (
      <div className="space-y-3">
        <TimeSelect label="Start time" field={fields.startTime} times={choices.startTimes} />
        {notes}
        <fieldset id={fields.duration.id} aria-describedby={fields.duration.errors ? fields.duration.errorId : undefined}>
          <legend className="mb-2 text-sm font-medium text-stone-800">Duration</legend>
          <div className="grid grid-cols-2 gap-2">
            {choices.durations.map(({ minutes, priceCents }) => (
              <label
                key={minutes}
                className="tap-target flex cursor-pointer items-center justify-between gap-3 rounded-xl border border-stone-200 px-3 py-2 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
              >
                <span className="flex items-center gap-3">
                  <input type="radio" name={fields.duration.name} value={minutes} defaultChecked={fields.duration.initialValue === String(minutes)} className="size-5 accent-brand-700" />
                  <span className="font-medium">{minutes} minutes</span>
                </span>
                {priceCents === null ? null : <span className="text-sm font-medium text-stone-700">{formatUsd(priceCents)}</span>}
              </label>
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
          <TimeOption
            key={period.value}
            name={fields.timePeriod.name}
            value={period.value}
            label={period.label}
            window={period.window && period.value === 'overnight' ? `${period.window} (next day)` : period.window}
            priceCents={period.priceCents}
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

/** A choice of the quarter hours on offer: a time that is not on offer cannot be sent. */
function TimeSelect({ label, field, times }: { label: string; field: AnsweredField; times: readonly string[] }) {
  return (
    <div>
      <label htmlFor={field.id} className="mb-1 block text-sm font-medium text-stone-800">
        {label}
      </label>
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
