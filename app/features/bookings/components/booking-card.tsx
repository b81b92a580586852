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
 * sit above that link. Its look is the `booking-card` classes of app.css: the card repeats 20 times on a list.
 */
export function BookingCard({ booking, actions }: { booking: BookingCardData; actions?: ReactNode }) {
  const other = { label: booking.viewerRole === 'sitter' ? 'Owner' : 'Sitter', person: booking.other }
  const moreSlots = booking.moreSlotCount
  const canContact = booking.status === 'pending' || booking.status === 'accepted'
  return (
    <article className="booking-card">
      <div className="flex gap-3">
        <Avatar photo={booking.dogs[0]?.avatar ?? null} kind="dog" />
        <div className="booking-card-text">
          <div className="booking-card-head">
            <h3>
              <Link to={href('/bookings/:id', { id: booking.id })}>
                <bdi>{formatDogNames(booking.dogs)}</bdi>
              </Link>
            </h3>
            <StatusBadge status={booking.status} reason={booking.statusReason} />
          </div>
          <p>{`${booking.dogs.length > 1 ? `${booking.dogs.length} dogs` : (booking.dogs[0]?.breed ?? '')} · ${serviceLabels[booking.service as keyof typeof serviceLabels] ?? booking.service}`}</p>
          <p className="font-medium text-stone-900">{`${formatShortDate(booking.date)}${booking.timeSlot ? ` · ${booking.timeSlot}` : ''}${moreSlots > 0 ? ` (+${moreSlots} more)` : ''}`}</p>
          <p className="text-stone-700">
            {`${other.label}: `}
            <bdi>{other.person.name}</bdi>
          </p>
          {booking.location ? <p className="truncate">{booking.location}</p> : null}
          {booking.status === 'pending' && booking.confirmingParty === booking.viewerRole ? <p className="font-medium text-amber-800">Waiting for your answer</p> : null}
        </div>
      </div>
      {actions || canContact ? (
        <div className="booking-card-actions">
          {actions}
          {canContact ? (
            <Link to={`${href('/messages')}?${new URLSearchParams({ userId: other.person.id })}`} aria-label={`Contact ${other.person.name}`} className="button-link button-link-plain text-sm">
              Contact
            </Link>
          ) : null}
        </div>
      ) : null}
    </article>
  )
}
