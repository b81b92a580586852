import { type ReviewInput, reviewMessages } from '#app/features/reviews/review-write-schema.ts'
import { createReview } from '#app/features/reviews/review-writes.server.ts'
import { findCompletedBookingOfOwner } from './booking-records.server.ts'

/** POST /api/reviews and the booking page's review form: only the owner of a completed booking may review it (once). */
export async function reviewBooking(ownerId: string, input: ReviewInput) {
  const booking = await findCompletedBookingOfOwner(ownerId, input.bookingId)
  if (!booking) return { ok: false as const, status: 403 as const, message: reviewMessages.notReviewable }
  return createReview(booking, input)
}
