import { href, Link } from 'react-router'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { formatBookingDate, formatDogNames } from '../booking-format.ts'
import { formatShortWeekdays } from '../series-format.ts'
import type { SeriesCard } from '../series-reads.server.ts'
import { formatSlot } from '../slots.ts'

// The 'Weekly' section of both booking lists: the user's waiting and running series, each a link to its page.

export function WeeklySeriesList({ series, side }: { series: readonly SeriesCard[]; side: 'owner' | 'sitter' }) {
  if (series.length === 0) return null
  return (
    <section aria-labelledby="weekly-heading" className="space-y-2 rounded-2xl bg-white p-4 shadow-sm">
      <h2 id="weekly-heading" className="font-semibold">
        Weekly
      </h2>
      <ul className="divide-y divide-stone-100">
        {series.map((each) => (
          <li key={each.id}>
            <Link to={href('/bookings/series/:id', { id: each.id })} className="tap-target flex items-center justify-between gap-3 py-2 hover:bg-stone-50">
              <span className="min-w-0">
                <span className="block font-medium">
                  {serviceLabels[each.service as SitterService] ?? each.service} for <bdi>{formatDogNames(each.dogNames.map((name) => ({ name })))}</bdi>
                </span>
                <span className="block text-sm text-stone-600">
                  {formatShortWeekdays(each.weekdays)} · {each.timeSlots.map(formatSlot).join(', ')} · {side === 'owner' ? 'with' : 'for'} <bdi>{each.otherName}</bdi>
                </span>
                <span className="block text-sm text-stone-600">
                  From {formatBookingDate(each.firstDate)}
                  {each.endDate ? ` to ${formatBookingDate(each.endDate)}` : ''}
                </span>
              </span>
              <span className={`shrink-0 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${each.status === 'pending' ? 'bg-yellow-100 text-yellow-900 ring-yellow-300' : 'bg-green-100 text-green-900 ring-green-300'}`}>
                {each.status === 'pending' ? (side === 'sitter' ? 'Needs your answer' : 'Waiting') : 'Running'}
              </span>
            </Link>
          </li>
        ))}
      </ul>
    </section>
  )
}
