import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { isReviewWindowOpen, reviewWindowEnd } from '#app/features/reviews/review-window.ts'
import { type ReviewInput, reviewMessages, ReviewReplySchema, ReviewSchema } from '#app/features/reviews/review-write-schema.ts'
import { createReview, createReviewOfOwner, replyToReview } from '#app/features/reviews/review-writes.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import { findCompletedBookingOf } from './booking-records.server.ts'
import type { Party } from './transitions.ts'

// Reviewing a booking (DESIGN.md rulings 6 and 26): the rule who may review what and until when, and the booking
// page's (/bookings/{id}) review and reply forms, saved by the functions POST /api/reviews, POST
// /api/owner-reviews and POST /api/reviews/{id}/reply call. Each party of a completed booking reviews the other
// once, within 14 days of its completion. A refused form comes back with its messages; a saved one says so in a
// toast.

/** The booking `input` names, when `userId` is its `party` and it is open for that party's review. */
async function reviewableBooking(party: Party, userId: string, input: ReviewInput, now: number) {
  const booking = await findCompletedBookingOf(party, userId, input.bookingId)
  if (!booking) return { ok: false as const, status: 403 as const, message: reviewMessages.notReviewable }
  if (!isReviewWindowOpen(booking.completedAt, now)) return { ok: false as const, status: 403 as const, message: reviewMessages.windowClosed }
  return { ok: true as const, booking: { ...booking, windowEndsAt: reviewWindowEnd(booking.completedAt) } }
}

/** POST /api/reviews: the owner of a completed booking reviews its sitter (once). */
export async function reviewBooking(ownerId: string, input: ReviewInput, now = Date.now()) {
  const found = await reviewableBooking('owner', ownerId, input, now)
  return found.ok ? createReview(found.booking, input, now) : found
}

/** POST /api/owner-reviews: the sitter of a completed booking reviews its owner and dog (once). */
export async function reviewOwner(sitterId: string, input: ReviewInput, now = Date.now()) {
  const found = await reviewableBooking('sitter', sitterId, input, now)
  return found.ok ? createReviewOfOwner(found.booking, input, now) : found
}

export type ReviewFormOutcome = { ok: true; toast: ToastInput } | { ok: false; status: number; result: SubmissionResult<string[]> }

/** The viewer's review of the other party of the booking on the page. */
export async function submitReviewForm(
  userId: string,
  booking: { id: string; viewerRole: Party; owner: { name: string }; sitter: { name: string } },
  formData: FormData,
): Promise<ReviewFormOutcome> {
  formData.set('bookingId', booking.id)
  const submission = parseWithZod(formData, { schema: ReviewSchema })
  if (submission.status !== 'success') return { ok: false, status: 400, result: submission.reply() }
  const party = booking.viewerRole
  const outcome = party === 'owner' ? await reviewBooking(userId, submission.value) : await reviewOwner(userId, submission.value)
  if (!outcome.ok) return { ok: false, status: outcome.status, result: submission.reply({ formErrors: [outcome.message] }) }
  const reviewed = party === 'owner' ? booking.sitter.name : booking.owner.name
  const published = outcome.review.publishedAt !== null
  return {
    ok: true,
    toast: {
      type: 'success',
      title: published ? 'Reviews published' : 'Review sent',
      description: published ? `Thank you for reviewing ${reviewed}. Both reviews are now visible.` : `Thank you for reviewing ${reviewed}. It stays hidden from them until they review you or reviews close.`,
    },
  }
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
