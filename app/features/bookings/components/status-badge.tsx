import type { BookingStatus } from '#app/lib/db-schema.ts'

// Spec section 4, Booking status: pending yellow, accepted green, rejected red, completed blue,
// cancelled grey. A request nobody answered before its start reads 'Expired' (still grey).

export const statusLabels: Record<BookingStatus, string> = {
  pending: 'Pending',
  accepted: 'Accepted',
  rejected: 'Declined',
  completed: 'Completed',
  cancelled: 'Cancelled',
}

const tones: Record<BookingStatus, string> = {
  pending: 'bg-yellow-100 text-yellow-900 ring-yellow-300',
  accepted: 'bg-green-100 text-green-900 ring-green-300',
  rejected: 'bg-red-100 text-red-900 ring-red-300',
  completed: 'bg-blue-100 text-blue-900 ring-blue-300',
  cancelled: 'bg-stone-200 text-stone-700 ring-stone-300',
}

export function StatusBadge({ status, reason }: { status: BookingStatus; reason?: string | null }) {
  const label = status === 'cancelled' && reason === 'expired' ? 'Expired' : statusLabels[status]
  return (
    <span data-status={status} className={`inline-flex shrink-0 items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[status]}`}>
      {label}
    </span>
  )
}
