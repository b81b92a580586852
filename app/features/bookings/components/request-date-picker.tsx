import { addMonths, closedDayLabels, type DayState, formatDayTitle } from '#app/features/availability/calendar-dates.ts'
import { MonthGrid } from '#app/features/availability/components/month-grid.tsx'
import { type AnsweredField, FormErrors } from '#app/ui/form-answer.tsx'

// The date of every request screen and booking wizard: a month of radio buttons, past, blocked, off and
// full days disabled (DESIGN.md ruling 7), with a line under the month that says why, and the field's
// error. The month arrows submit the form with GET and `month`, so the page comes back with that month
// and everything typed so far, with or without JavaScript.

export type RequestMonth = {
  month: string
  days: { date: string; state: DayState }[]
  /** The earliest and latest months the arrows go to. */
  firstMonth: string
  lastMonth: string
}

export function RequestDatePicker({
  field,
  calendar,
  selected = field.initialValue,
  monthAction,
}: {
  /** The date field: its id is where the error summary's 'Date' link leads. */
  field: AnsweredField
  calendar: RequestMonth
  selected?: string | null | undefined
  /** Where the month arrows send the form, when that is not the form's own action (a wizard's step). */
  monthAction?: string
}) {
  const { month, days, firstMonth, lastMonth } = calendar
  const invalid = Boolean(field.errors)
  const stateOf = new Map(days.map((day) => [day.date, day.state]))
  const closed = (Object.keys(closedDayLabels) as Exclude<DayState, 'open'>[]).flatMap((state) => {
    const count = days.filter((day) => day.state === state).length
    return count > 0 ? [`${count} ${closedDayLabels[state]}`] : []
  })
  const arrow = (target: string, label: string, text: string, disabled: boolean) => (
    <button type="submit" name="month" value={target} formMethod="get" formAction={monthAction} formNoValidate disabled={disabled} aria-label={label} className="month-arrow">
      {text}
    </button>
  )
  return (
    <fieldset id={field.id} aria-describedby={invalid ? field.errorId : undefined}>
      <legend className="sr-only">Date</legend>
      <MonthGrid
        month={month}
        previous={arrow(addMonths(month, -1), 'Previous month', '‹', month <= firstMonth)}
        next={arrow(addMonths(month, 1), 'Next month', '›', month >= lastMonth)}
        renderDay={(date) => {
          const state = stateOf.get(date) ?? 'past'
          const open = state === 'open'
          return (
            <label
              className={`relative flex h-11 w-full items-center justify-center rounded-lg text-sm has-focus-visible:ring-2 has-focus-visible:ring-brand-600 ${
                open
                  ? 'cursor-pointer font-medium text-stone-900 hover:bg-brand-50 has-checked:bg-brand-700 has-checked:text-white'
                  : 'cursor-not-allowed text-stone-300 line-through decoration-stone-300'
              }`}
            >
              <input
                type="radio"
                name={field.name}
                value={date}
                disabled={!open}
                defaultChecked={open && selected === date}
                aria-label={open ? formatDayTitle(date) : `${formatDayTitle(date)}, ${closedDayLabels[state]}`}
                aria-invalid={invalid ? true : undefined}
                className="absolute inset-0 size-full cursor-pointer appearance-none opacity-0 disabled:cursor-not-allowed"
              />
              {Number(date.slice(8))}
            </label>
          )
        }}
      />
      {closed.length > 0 ? (
        <p className="mt-2 text-sm text-stone-600">
          <span className="line-through">Struck-through</span> days cannot be picked: {closed.join(', ')}.
        </p>
      ) : null}
      <FormErrors id={field.errorId} errors={field.errors} />
    </fieldset>
  )
}
