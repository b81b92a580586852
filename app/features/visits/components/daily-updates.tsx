import { formatBookingDate } from '#app/features/bookings/booking-format.ts'
import type { VisitLogJson } from '../visit-log.server.ts'
import { visitRules } from '../visit-rules.ts'

/** Boarding and daycare: the day's update with a photo, done or due by 20:00. */
export function DailyUpdates({ updates }: { updates: NonNullable<VisitLogJson['dailyUpdates']> }) {
  if (updates.length === 0) return null
  return (
    <div>
      <h3 className="mb-1 text-sm font-medium text-stone-800">Daily updates</h3>
      <ul className="space-y-1 text-sm">
        {updates.map((update) => (
          <li key={update.date} className="flex flex-wrap justify-between gap-x-3">
            <span>{formatBookingDate(update.date)}</span>
            <span className={update.done ? 'font-medium text-green-800' : 'text-stone-600'}>{update.done ? 'Done' : `Due by ${visitRules.dailyUpdateDueTime}`}</span>
          </li>
        ))}
      </ul>
    </div>
  )
}
