import type { BookingStatus } from '#app/lib/db-schema.ts'

// The status changes a party may make on a booking, as the confirmation (components/status-dialog.tsx) and
// the buttons that open it name them.

export type Move = Extract<BookingStatus, 'accepted' | 'rejected' | 'cancelled' | 'completed'>

export const moves: Record<Move, { title: string; verb: string }> = {
  accepted: { title: 'Accept Booking', verb: 'accept' },
  rejected: { title: 'Decline Booking', verb: 'decline' },
  cancelled: { title: 'Cancel Booking', verb: 'cancel' },
  completed: { title: 'Complete Booking', verb: 'mark as completed' },
}

export const isMove = (value: string | null): value is Move => value !== null && value in moves

/** How each move is offered as a button on a booking. */
export const moveButtonLabels: Record<Move, string> = {
  accepted: 'Accept',
  rejected: 'Decline',
  cancelled: 'Cancel Booking',
  completed: 'Mark as Completed',
}
