import { href, Link } from 'react-router'
import { formatShortDate } from '#app/features/availability/calendar-dates.ts'
import type { BookingJson } from '../booking-reads.server.ts'

/**
 * In place of Accept on a request that overlaps an accepted booking of the sitter (the acceptance would be
 * refused): when that booking starts, 24-hour in the sitter's zone, with its date when it is another day,
 * and for the sitter a link to it.
 */
export function OverlapNote({
  overlap,
  date,
  sitterName,
  className = '',
}: {
  overlap: BookingJson['overlap'] | undefined
  /** The request's date. */
  date: string
  /** Named when the overlapping booking is not the viewer's own (the owner's view, without its id). */
  sitterName?: string
  className?: string
}) {
  if (!overlap) return null
  const when = `${overlap.date === date ? '' : `on ${formatShortDate(overlap.date)} `}at ${overlap.startTime}`
  return (
    <p className={`text-sm font-medium text-amber-900 ${className}`}>
      {overlap.bookingId ? (
        <Link to={href('/bookings/:id', { id: overlap.bookingId })} className="tap-target inline-flex items-center underline underline-offset-4">
          Overlaps your booking {when}
        </Link>
      ) : (
        <>
          <bdi>{sitterName}</bdi> is already booked {when}
        </>
      )}
    </p>
  )
}
