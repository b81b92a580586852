import type { BookingStatus } from '#app/lib/db-schema.ts'
import type { ToastInput } from '#app/lib/toast.ts'

// What the booking screens say after a status change (spec section 8, 'Success toasts' and 'Bookings'):
// the spec's words, with the calendar's real outcome (DESIGN.md ruling 11: an accept never fails because
// of the calendar, and the toast says what happened).

/** `calendar`: what the calendars reported after an acceptance (features/calendar), null when they were left alone. */
export function statusChangedToast(status: BookingStatus, calendar: { added: boolean; message: string } | null): ToastInput {
  if (status === 'accepted') {
    if (calendar?.added) return { type: 'success', title: 'Booking accepted and added to Google Calendar!' }
    return { type: 'success', title: 'Booking accepted', ...(calendar ? { description: calendar.message } : {}) }
  }
  if (status === 'rejected') return { type: 'success', title: 'Booking rejected' }
  return { type: 'success', title: 'Status updated', description: `Booking has been ${status}` }
}

/** A refused or failed change: the spec's title for the move, the server's reason as the description. */
export function statusRefusedToast(status: BookingStatus | null, message: string): ToastInput {
  const title = status === 'accepted' ? 'Failed to accept booking' : status === 'rejected' ? 'Failed to reject booking' : 'Failed to update booking status'
  return { type: 'error', title, description: message }
}
