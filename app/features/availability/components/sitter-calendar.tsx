import { Link } from 'react-router'
import { useFollowedLinks } from '#app/ui/followed-links.ts'
import { addMonths, formatDayTitle } from '../calendar-dates.ts'
import { MonthGrid } from './month-grid.tsx'

/**
 * The sitter's own month (on /bookings-sitter and /profile/edit): each day a link that chooses it, marked
 * when the sitter blocked it and, where the page counts them, with its bookings. Links, so it works
 * without JavaScript; the page says where each one leads. The days lead to this same page, as plain anchors
 * that one handler follows (`useFollowedLinks`, decision 090); their look is the `sitter-calendar` class of app.css.
 */
export function SitterCalendar({
  month,
  today,
  date,
  blockedDates,
  bookedDays = {},
  monthHref,
  dayHref,
}: {
  month: string
  today: string
  /** The chosen day, if any. */
  date: string | null
  blockedDates: readonly string[]
  bookedDays?: Readonly<Record<string, number>>
  monthHref: (month: string) => string
  dayHref: (date: string) => string
}) {
  const followLink = useFollowedLinks({ preventScrollReset: true })
  return (
    <div className="sitter-calendar" onClick={followLink}>
      <MonthGrid
        month={month}
        previous={
          <Link to={monthHref(addMonths(month, -1))} preventScrollReset aria-label="Previous month" className="month-arrow">
            ‹
          </Link>
        }
        next={
          <Link to={monthHref(addMonths(month, 1))} preventScrollReset aria-label="Next month" className="month-arrow">
            ›
          </Link>
        }
        renderDay={(day) => {
          const count = bookedDays[day] ?? 0
          const blocked = blockedDates.includes(day)
          const selected = day === date
          const label = [formatDayTitle(day), count ? `${count} ${count === 1 ? 'booking' : 'bookings'}` : null, blocked ? 'blocked' : null]
            .filter(Boolean)
            .join(', ')
          const look = [
            selected ? 'bg-brand-700 font-semibold text-white' : blocked ? 'bg-stone-100 text-stone-600 line-through hover:bg-stone-200' : null,
            day === today && !selected ? 'font-semibold text-brand-700 ring-1 ring-brand-600' : null,
          ]
          return (
            <a href={dayHref(day)} aria-label={label} aria-current={selected ? 'date' : undefined} className={look.filter(Boolean).join(' ') || undefined}>
              {Number(day.slice(8))}
              {/* The dot of a day with bookings. */}
              {count > 0 ? <span aria-hidden /> : null}
            </a>
          )
        }}
      />
      <p className="mt-2 text-sm text-stone-600">
        <span className="line-through">Struck-through</span> days are blocked; a dot marks a day with bookings.
      </p>
    </div>
  )
}
