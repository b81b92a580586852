import { useEffect, useRef } from 'react'
import { Link } from 'react-router'
import { dayStrip, formatMonthTitle } from '#app/features/availability/calendar-dates.ts'
import { useFollowedLinks } from '#app/ui/followed-links.ts'

/**
 * Spec section 2, Bookings page: a horizontally scrolling strip of the month's days with 7 days before
 * and after it, month arrows, and a dot on days with bookings. Days and arrows are links to this same
 * page (nothing for React Router to discover: `discover="none"`), the days plain anchors that one handler
 * follows (`useFollowedLinks`, decision 090); the strip opens at the picked day (or today): by its CSS
 * (`scroll-initial-target`) without JavaScript, and with it by the effect below in any browser. Its look is the
 * `day-strip` classes of app.css: the 45 days would otherwise repeat the same utilities.
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
  const followLink = useFollowedLinks({ preventScrollReset: true })
  const { dates: days, weekdays } = dayStrip(month)
  const focusIndex = days.indexOf(selected ?? today)
  const title = formatMonthTitle(month)
  useEffect(() => {
    const list = strip.current
    const item = list?.children[focusIndex]
    if (list && item instanceof HTMLElement) list.scrollLeft = item.offsetLeft - list.clientWidth / 2 + item.clientWidth / 2
  }, [focusIndex, month])
  return (
    <nav aria-label="Days" className="rounded-2xl bg-white p-3 shadow-sm">
      <div className="mb-2 flex items-center justify-between">
        <Link to={hrefForMonth(previousMonth)} preventScrollReset discover="none" aria-label="Previous month" className="month-arrow">
          ‹
        </Link>
        <p className="font-semibold">{title}</p>
        <Link to={hrefForMonth(nextMonth)} preventScrollReset discover="none" aria-label="Next month" className="month-arrow">
          ›
        </Link>
      </div>
      <ol ref={strip} aria-label={title} className="day-strip" onClick={followLink}>
        {days.map((date, index) => {
          const count = bookedDays[date] ?? 0
          const isSelected = date === selected
          const outside = !date.startsWith(month)
          const rest = [
            outside ? formatMonthTitle(date.slice(0, 7)) : '',
            date === today ? 'today' : '',
            count ? `with ${count} ${count === 1 ? 'booking' : 'bookings'}` : '',
          ]
            .filter(Boolean)
            .join(' ')
          return (
            <li key={date} className={index === days.length - 1 ? 'day-strip-end' : undefined}>
              <a
                href={hrefForDay(date)}
                aria-current={isSelected ? 'date' : undefined}
                className={isSelected ? undefined : date === today ? 'day-strip-today' : outside ? 'day-strip-outside' : undefined}
              >
                {/* The name starts with what the day shows ('Mon 24'), so voice control can say it (WCAG 2.5.3); the
                    span, for screen readers only, adds in words what the list's name (the month) does not say: the
                    month of a day before or after it, today, the bookings ('Mon 24 today with 1 booking'); browsers
                    put a space before it (it is positioned), so it cannot start with a comma. An empty span draws
                    the dot. */}
                {`${weekdays[index]} `}
                <b>{Number(date.slice(8))}</b>
                {rest ? <span>{rest}</span> : null}
                {count > 0 ? <span /> : null}
              </a>
            </li>
          )
        })}
      </ol>
    </nav>
  )
}
