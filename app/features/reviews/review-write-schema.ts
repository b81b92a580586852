import { z } from 'zod'
import { plainText } from '#app/lib/plain-text.ts'
import { maxReviewLength } from './review-limits.ts'

// Writing reviews (DESIGN.md rulings 6 and 26): within 14 days of a booking's completion, its owner reviews the
// sitter and its sitter the owner and the dog, once each: 1-5 stars and a comment of up to 2,000 characters
// (POST /api/reviews and POST /api/owner-reviews take the same body); the sitter may reply once.

export const reviewMessages = {
  ratingRange: 'Rating must be a whole number of stars from 1 to 5',
  notReviewable: 'You can only review a completed booking of yours',
  alreadyReviewed: 'You have already reviewed this booking',
  windowClosed: 'Reviews close 14 days after a booking is completed',
  reviewNotFound: 'Review not found',
  alreadyReplied: 'You have already replied to this review',
  replyRequired: 'Reply is required',
} as const

/** A form sends the stars as text ('4'); JSON as a number. Anything else is refused. */
const stars = z.preprocess(
  (value) => (typeof value === 'string' && /^\s*[1-5]\s*$/.test(value) ? Number(value) : value),
  z.number({ error: reviewMessages.ratingRange }).int({ error: reviewMessages.ratingRange }).min(1, { error: reviewMessages.ratingRange }).max(5, { error: reviewMessages.ratingRange }),
)

/** POST /api/reviews and POST /api/owner-reviews. */
export const ReviewSchema = z.object({
  bookingId: plainText('Booking', { error: 'Booking is required' }).min(1, { error: 'Booking is required' }).max(100),
  rating: stars,
  comment: plainText('Comment', { multiline: true })
    .max(maxReviewLength, { error: `Comment must be at most ${maxReviewLength} characters` })
    .default(''),
})

/** POST /api/reviews/{id}/reply. */
export const ReviewReplySchema = z.object({
  reply: plainText('Reply', { multiline: true, error: reviewMessages.replyRequired })
    .min(1, { error: reviewMessages.replyRequired })
    .max(maxReviewLength, { error: `Reply must be at most ${maxReviewLength} characters` }),
})

export type ReviewInput = z.output<typeof ReviewSchema>
