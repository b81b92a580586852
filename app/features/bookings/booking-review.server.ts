import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { type ReviewInput, reviewMessages, ReviewReplySchema, ReviewSchema } from '#app/features/reviews/review-write-schema.ts'
import { createReview, replyToReview } from '#app/features/reviews/review-writes.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { findCompletedBookingOfOwner } from './booking-records.server.ts'

// Reviewing a booking (DESIGN.md ruling 6): the rule who may review, and the booking page's (/bookings/{id})
// review and reply forms, saved by the functions POST /api/reviews and POST /api/reviews/{id}/reply call.
// A refused form comes back with its messages; a saved one says so in a toast.

/** POST /api/reviews and the booking page's review form: only the owner of a completed booking may review it (once). */
export async function reviewBooking(ownerId: string, input: ReviewInput) {
  const booking = await findCompletedBookingOfOwner(ownerId, input.bookingId)
  if (!booking) return { ok: false as const, status: 403 as const, message: reviewMessages.notReviewable }
  return createReview(booking, input)
}

export type ReviewFormOutcome = { ok: true; toast: ToastInput } | { ok: false; status: number; result: SubmissionResult<string[]> }

/** The owner's review of the booking on the page. */
export async function submitReviewForm(ownerId: string, booking: { id: string; sitter: { name: string } }, formData: FormData): Promise<ReviewFormOutcome> {
  formData.set('bookingId', booking.id)
  const submission = parseWithZod(formData, { schema: ReviewSchema })
  if (submission.status !== 'success') return { ok: false, status: 400, result: submission.reply() }
  const outcome = await reviewBooking(ownerId, submission.value)
  if (!outcome.ok) return { ok: false, status: outcome.status, result: submission.reply({ formErrors: [outcome.message] }) }
  return { ok: true, toast: { type: 'success', title: 'Review posted', description: `Thank you for reviewing ${booking.sitter.name}.` } }
}

/** The sitter's reply to the review of the booking on the page. */
export async function submitReplyForm(sitterId: string, booking: { review: { id: string } | null }, formData: FormData): Promise<ReviewFormOutcome> {
  const submission = parseWithZod(formData, { schema: ReviewReplySchema })
  if (submission.status !== 'success') return { ok: false, status: 400, result: submission.reply() }
  if (!booking.review) return { ok: false, status: 404, result: submission.reply({ formErrors: [reviewMessages.reviewNotFound] }) }
  const outcome = await replyToReview(sitterId, booking.review.id, submission.value.reply)
  if (!outcome.ok) return { ok: false, status: outcome.status, result: submission.reply({ formErrors: [outcome.message] }) }
  return { ok: true, toast: { type: 'success', title: 'Reply posted' } }
}
