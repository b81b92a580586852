import { href, Link } from 'react-router'
import { formatBookingDate } from '#app/features/bookings/booking-format.ts'
import { StatusBadge } from '#app/features/bookings/components/status-badge.tsx'
import { type SitterService, serviceLabels } from '#app/features/sitters/options.ts'
import type { AdminUserView } from '../admin-users.server.ts'

// A user's latest bookings on their admin page: the date, the service, the status and the other party
// (a link to their admin page). The admins see no addresses, notes or prices here.

const serviceLabel = (service: string) => (Object.hasOwn(serviceLabels, service) ? serviceLabels[service as SitterService] : service)

export function UserBookings({ bookings }: { bookings: AdminUserView['bookings'] }) {
  return (
    <ul aria-label="Latest bookings" className="divide-y divide-stone-100 overflow-hidden rounded-xl border border-stone-200 bg-white">
      {bookings.map((booking) => (
        <li key={booking.id} className="flex flex-wrap items-center gap-x-3 gap-y-1 px-4 py-2">
          <span className="min-w-0 flex-1">
            <span className="block font-medium">{formatBookingDate(booking.date)}</span>
            <span className="block text-sm text-stone-600">
              {serviceLabel(booking.service)} · {booking.side === 'owner' ? 'with sitter ' : 'for owner '}
              <Link to={href('/admin/users/:id', { id: booking.otherParty.id })} className="tap-target inline-flex items-center font-medium text-brand-700 underline underline-offset-4">
                <bdi>{booking.otherParty.name}</bdi>
              </Link>
            </span>
          </span>
          <StatusBadge status={booking.status} />
        </li>
      ))}
    </ul>
  )
}
