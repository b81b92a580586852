import type { ReactNode } from 'react'
import { href, Link } from 'react-router'
import { serviceLabels } from '#app/features/sitters/options.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import type { BookingCardData } from '../booking-reads.server.ts'
import { formatShortDate } from '#app/features/availability/calendar-dates.ts'
import { formatDogNames } from '../booking-format.ts'
import { StatusBadge } from './status-badge.tsx'

/**
 * Spec section 2, Booking card: the dog's photo and name (every dog's name, DESIGN.md ruling 28), date ('MMM d, yyyy'), time, status badge, the
 * other party, the breed, the place if any. The whole card opens /bookings/{id}; `actions` (Accept,
 * Reject) and, while the booking is pending or accepted, Contact (the conversation with the other party)
 * sit above that link.
 */
export function BookingCard({ booking, actions }: { booking: BookingCardData; actions?: ReactNode }) {
  const other = booking.viewerRole === 'sitter' ? { label: 'Owner', person: booking.owner } : { label: 'Sitter', person: booking.sitter }
  const moreSlots = booking.timeSlots.length - 1
  const canContact = booking.status === 'pending' || booking.status === 'accepted'
  return (
    <article className="relative rounded-xl border border-stone-200 bg-white p-4 shadow-xs focus-within:ring-2 focus-within:ring-brand-600 hover:border-brand-600">
      <div className="flex gap-3">
        <Avatar photo={booking.dogs[0]?.avatar ?? null} kind="dog" />
        <div className="min-w-0 flex-1 space-y-0.5">
          <div className="-mt-2.5 flex items-center justify-between gap-2">
            <h3 className="font-semibold">
              <Link to={href('/bookings/:id', { id: booking.id })} className="tap-target inline-flex items-center outline-none after:absolute after:inset-0 after:content-['']">
                <bdi>{formatDogNames(booking.dogs)}</bdi>
              </Link>
            </h3>
            <StatusBadge status={booking.status} reason={booking.statusReason} />
          </div>
          <p className="text-sm text-stone-600">
            {booking.dogs.length > 1 ? `${booking.dogs.length} dogs` : booking.dogs[0]?.breed} · {serviceLabels[booking.service as keyof typeof serviceLabels] ?? booking.service}
          </p>
          <p className="text-sm font-medium text-stone-900">
            {formatShortDate(booking.date)}
            {booking.timeSlot ? ` · ${booking.timeSlot}` : ''}
            {moreSlots > 0 ? ` (+${moreSlots} more)` : ''}
          </p>
          <p className="text-sm text-stone-700">
            {other.label}: <bdi>{other.person.name}</bdi>
          </p>
          {booking.location ? <p className="truncate text-sm text-stone-600">{booking.location}</p> : null}
          {booking.status === 'pending' && booking.confirmingParty === booking.viewerRole ? (
            <p className="text-sm font-medium text-amber-800">Waiting for your answer</p>
          ) : null}
        </div>
      </div>
      {actions || canContact ? (
        <div className="relative z-10 mt-3 flex flex-wrap gap-2">
          {actions}
          {canContact ? (
            <Link
              to={`${href('/messages')}?${new URLSearchParams({ userId: other.person.id })}`}
              aria-label={`Contact ${other.person.name}`}
              className="tap-target inline-flex items-center justify-center rounded-lg border border-stone-300 bg-white px-4 text-sm font-medium text-stone-900 hover:bg-stone-100"
            >
              Contact
            </Link>
          ) : null}
        </div>
      ) : null}
    </article>
  )
}
