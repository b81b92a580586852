import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { dayStripDates, formatMonthTitle, formatWeekdayShort } from '#app/features/availability/calendar-dates.ts'
import { monthArrowClass } from '#app/features/availability/components/month-grid.tsx'

/**
 * Spec section 2, Bookings page: a horizontally scrolling strip of the month's days with 7 days before
 * and after it, month arrows, and a dot on days with bookings. Days and arrows are links; with
 * JavaScript the strip scrolls the picked day (or today) into view.
 */
export function DayStrip({
  month,
  selected,
  today,
  bookedDays,
  hrefForDay,
  hrefForMonth,
  previousMonth,
  nextMonth,
}: {
  month: string
  selected: string | null
  today: string
  bookedDays: Record<string, number>
  hrefForDay: (date: string) => string
  hrefForMonth: (month: string) => string
  previousMonth: string
  nextMonth: string
}) {
  const strip = useRef<HTMLOListElement>(null)
  const focusDay = selected ?? today
  useEffect(() => {
    const list = strip.current
    const item = list?.querySelector<HTMLElement>(`[data-date="${focusDay}"]`)
    if (list && item) list.scrollLeft = item.offsetLeft - list.clientWidth / 2 + item.clientWidth / 2
  }, [focusDay, month])
  return (
    <nav aria-label="Days" className="rounded-2xl bg-white p-3 shadow-sm">
      <div className="mb-2 flex items-center justify-between">
        <Link to={hrefForMonth(previousMonth)} preventScrollReset aria-label="Previous month" className={monthArrowClass}>
          ‹
        </Link>
        <p className="font-semibold">{formatMonthTitle(month)}</p>
        <Link to={hrefForMonth(nextMonth)} preventScrollReset aria-label="Next month" className={monthArrowClass}>
          ›
        </Link>
      </div>
      <ol ref={strip} className="flex snap-x gap-1.5 overflow-x-auto scroll-smooth px-0.5 py-1">
        {dayStripDates(month).map((date) => {
          const count = bookedDays[date] ?? 0
          const isSelected = date === selected
          const outside = !date.startsWith(month)
          return (
            <li key={date} data-date={date} className="snap-center">
              <Link
                to={hrefForDay(date)}
                preventScrollReset
                aria-current={isSelected ? 'date' : undefined}
                className={`relative flex h-16 w-12 flex-col items-center justify-center rounded-xl text-sm ${
                  isSelected ? 'bg-brand-700 text-white' : date === today ? 'ring-1 ring-brand-600 text-brand-800' : outside ? 'text-stone-500 hover:bg-stone-100' : 'hover:bg-stone-100'
                }`}
              >
                {/* The name starts with what the day shows ('Mon 24'), so voice control can say it (WCAG 2.5.3). */}
                <span className="text-xs">{formatWeekdayShort(date)}</span>{' '}
                <span className="text-base font-semibold">{Number(date.slice(8))}</span>
                <span className="sr-only">
                  {` ${formatMonthTitle(date.slice(0, 7))}${count ? `, ${count} ${count === 1 ? 'booking' : 'bookings'}` : ''}${date === today ? ', today' : ''}`}
                </span>
                {count > 0 ? <span aria-hidden className={`absolute bottom-1.5 size-1.5 rounded-full ${isSelected ? 'bg-white' : 'bg-brand-600'}`} /> : null}
              </Link>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
