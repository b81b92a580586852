import { parseWithZod } from '@conform-to/zod/v4'
import { StatusChangeFormSchema } from '#app/features/bookings/booking-forms.ts'
import { statusChangedToast, statusRefusedToast } from '#app/features/bookings/status-toasts.ts'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { changeBookingStatusAndCalendars } from './booking-calendar.server.ts'
import { addAcceptedBookingToCalendars } from './calendar-requests.server.ts'

// The booking screens' buttons that change a booking and its calendars (/bookings/{id}, /bookings-sitter):
// the same functions as PATCH /api/bookings/{id}/status and POST /api/bookings/{id}/calendar, answered
// with the toast the screen shows (a refusal also with its reason, which the screen shows in its dialog).

export type StatusFormOutcome =
  | { ok: true; toast: ToastInput }
  | { ok: false; status: number; toast: ToastInput; message: string; /** The move that was refused, when one was chosen. */ move: BookingStatus | null }

/** Accept, decline, cancel or complete, from a status dialog's form. */
export async function submitStatusChange(user: { id: string }, bookingId: string, formData: FormData): Promise<StatusFormOutcome> {
  const submission = parseWithZod(formData, { schema: StatusChangeFormSchema })
  if (submission.status !== 'success') {
    const message = 'Please choose what to do with this booking.'
    return { ok: false, status: 400, toast: statusRefusedToast(null, message), message, move: null }
  }
  const move = submission.value.status
  const outcome = await changeBookingStatusAndCalendars(user, bookingId, submission.value)
  if (!outcome.ok) return { ok: false, status: outcome.status, toast: statusRefusedToast(move, outcome.message), message: outcome.message, move }
  return { ok: true, toast: statusChangedToast(outcome.status, outcome.calendar) }
}

/** 'Add to Google Calendar' on an accepted booking: a refusal stays on the page, a calendar that failed is reported. */
export async function submitAddToCalendar(userId: string, bookingId: string): Promise<{ ok: true; toast: ToastInput } | { ok: false; status: number; toast: ToastInput }> {
  const outcome = await addAcceptedBookingToCalendars(userId, bookingId)
  if (!outcome.ok) return { ok: false, status: outcome.status, toast: notAdded(outcome.message) }
  const { added, message } = outcome.calendar
  return { ok: true, toast: added ? { type: 'success', title: 'Added to Google Calendar' } : notAdded(message) }
}

const notAdded = (description: string): ToastInput => ({ type: 'error', title: 'Not added to Google Calendar', description })
