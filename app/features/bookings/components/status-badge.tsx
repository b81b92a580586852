import type { BookingStatus } from '#app/lib/db-schema.ts'

// Spec section 4, Booking status: pending yellow, accepted green, rejected red, completed blue,
// cancelled grey (the status chip of app.css: a `<span data-status>`, coloured by it; the chip repeats on
// every card of a list). A request nobody answered before its start reads 'Expired' (still grey).

export const statusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Declined',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

export function StatusBadge({ status, reason }: { status: BookingStatus; reason?: string | null }) {
  const label = status === 'cancelled' && reason === 'expired' ? 'Expired' : statusLabels[status]
  return (
    <span data-status={status}>
      {label}
    </span>
  )
}
