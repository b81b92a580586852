import type { ReactNode } from 'react'
import { formatMonthTitle, monthWeeks } from '../calendar-dates.ts'
import { weekdays } from '../weekdays.ts'

/**
 * A month as a table of weeks, Monday first. The caller draws each day (a link, a radio button) and the
 * month arrows (links, or submit buttons of a form), so the same grid serves every booking calendar.
 * Its look is the `month-grid` class of app.css, the arrows' the `month-arrow` class.
 */
export function MonthGrid({
  month,
  previous,
  next,
  renderDay,
}: {
  month: string
  previous: ReactNode
  next: ReactNode
  renderDay: (date: string) => ReactNode
}) {
  return (
    <div className="w-full max-w-sm">
      <div className="mb-2 flex items-center justify-between">
        {previous}
        <p className="font-semibold" aria-live="polite">
          {formatMonthTitle(month)}
        </p>
        {next}
      </div>
      <table className="month-grid">
        <caption className="sr-only">{formatMonthTitle(month)}</caption>
        <thead>
          <tr>
            {weekdays.map(({ short, label: long }) => (
              <th key={short} scope="col">
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {monthWeeks(month).map((week) => (
            <tr key={week.find(Boolean)}>
              {week.map((date, index) => (
                <td key={date ?? `empty-${index}`}>{date ? renderDay(date) : null}</td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
