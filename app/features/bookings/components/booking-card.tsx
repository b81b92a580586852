import type { ReactNode } from 'react'
import { href } from 'react-router'
import { serviceLabels } from '#app/features/sitters/options.ts'
import { Avatar } from '#app/ui/avatar.tsx'
import { useFollowedLinks } from '#app/ui/followed-links.ts'
import type { BookingCardData } from '../booking-cards.server.ts'
import type { Party } from '../transitions.ts'
import { formatNearDate, formatShortDate } from '#app/features/availability/calendar-dates.ts'
import { formatDogNames } from '../booking-format.ts'
import { StatusBadge } from './status-badge.tsx'

/**
 * A page's booking cards, as a list that follows its cards' links with React Router (decision 090): the cards' links
 * are plain anchors, which cost less to render than `<Link>`s; the first card's carry `data-discover`, by which React
 * Router learns their routes as it would from a `<Link>`.
 */
export function BookingCardList({ children }: { children: ReactNode }) {
  const followLink = useFollowedLinks()
  return (
    <ul className="grid gap-3 lg:grid-cols-2" onClick={followLink}>
      {children}
    </ul>
  )
}

/**
 * Spec section 2, Booking card: the dog's photo and name (every dog's name, DESIGN.md ruling 28), date ('MMM d, yyyy'), time, status badge, the
 * other party, the breed, the place if any. The whole card opens /bookings/{id}; `actions` (Accept,
 * Reject), while the booking is pending or accepted Contact (the conversation with the other party), and where the
 * card stands for its weekly round (decision 104) the round's link sit above that link. Its look is the
 * `booking-card` class of app.css, which styles its parts by their place (the photo beside the text, the actions
 * below; the text's head, then its lines; Contact and the round, the actions' links without a class of their own):
 * the card repeats 20 times on a list.
 */
export function BookingCard({
  booking,
  viewer,
  actions,
  discover = true,
  today,
}: {
  booking: BookingCardData
  viewer: Party
  actions?: ReactNode
  /** False on a list's later cards: the first card's links already show React Router the routes they lead to. */
  discover?: boolean
  /** The viewer's today: the dashboard's cards say 'Today' and 'Tomorrow'; the lists, beside their day strip, the date. */
  today?: string
}) {
  const discovery = discover ? 'true' : undefined
  const other = { label: viewer === 'sitter' ? 'Owner' : 'Sitter', person: booking.other }
  const moreSlots = booking.moreSlotCount ?? 0
  const canContact = booking.status === 'pending' || booking.status === 'accepted'
  const { round } = booking
  return (
    <article className="booking-card">
      <div>
        <Avatar photo={booking.dogs[0]?.avatar ?? null} kind="dog" />
        <div>
          <div>
            <h3>
              <a href={href('/bookings/:id', { id: booking.id })} data-discover={discovery}>
                <bdi>{formatDogNames(booking.dogs)}</bdi>
              </a>
            </h3>
            <StatusBadge status={booking.status} reason={booking.statusReason} />
          </div>
          <p>{`${booking.dogs.length > 1 ? `${booking.dogs.length} dogs` : (booking.dogs[0]?.breed ?? '')} · ${serviceLabels[booking.service as keyof typeof serviceLabels] ?? booking.service}`}</p>
          <p>{`${today ? formatNearDate(booking.date, today) : formatShortDate(booking.date)}${booking.timeSlot ? ` · ${booking.timeSlot}` : ''}${moreSlots > 0 ? ` (+${moreSlots} more)` : ''}`}</p>
          <p>
            {`${other.label}: `}
            <bdi>{other.person.name}</bdi>
          </p>
          {booking.location ? <p className="truncate">{booking.location}</p> : null}
          {booking.awaitsYourAnswer ? <p className="font-medium text-amber-800">Waiting for your answer</p> : null}
          {booking.underWay ? <p className="font-medium text-brand-700">Happening now</p> : null}
        </div>
      </div>
      {actions || canContact || round ? (
        <div>
          {actions}
          {canContact ? (
            <a href={`${href('/messages')}?${new URLSearchParams({ userId: other.person.id })}`} data-discover={discovery} aria-label={`Contact ${other.person.name}`}>
              Contact
            </a>
          ) : null}
          {round ? (
            <a href={href('/bookings/series/:id', { id: round.seriesId })} data-discover={discovery}>
              {roundText(round.more)}
            </a>
          ) : null}
        </div>
      ) : null}
    </article>
  )
}

/** What follows a weekly round's next visit, which stands for the round on a list's Upcoming tab (decision 104). */
const roundText = (more: number) => `Weekly · ${more === 0 ? 'last visit' : `${more} more`}`
