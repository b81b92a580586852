import { ownerReviewsShown } from '#app/features/reviews/owner-reviews.server.ts'
import { reviewWindowDays } from '#app/features/reviews/review-window.ts'
import { answer, errors, jsonBody, nullable, objectOf, ref, signedIn } from './openapi-parts.ts'

// The two-sided, double-blind part of the reviews API (issue 30, DESIGN.md ruling 26, decision 065): the
// sitter's review of the owner and the dog, and what sitters say about an owner, shown on a request.

const window = `Within ${reviewWindowDays} days of the booking's completion, once. Double-blind: the other party sees it when they have reviewed you too (both publish together) or when the ${reviewWindowDays} days pass.`

/** The sitter's review of the owner and the dog of a booking (reviews/review-writes.server.ts). */
const ReviewOfOwner = objectOf({
  id: { type: 'string' },
  bookingId: { type: 'string' },
  sitterId: { type: 'string' },
  ownerId: { type: 'string' },
  dogId: { type: 'string' },
  rating: { type: 'integer', minimum: 1, maximum: 5 },
  comment: { type: 'string', description: 'On punctuality, the dog as described, and communication.' },
  createdAt: { type: 'string', format: 'date-time' },
  publishedAt: nullable('string', { format: 'date-time', description: 'Null while only you, its author, see it.' }),
})

/** The sitter's review of the owner as a booking's parties see it (Booking.reviewOfOwner). */
export const BookingReviewOfOwner = {
  oneOf: [
    { type: 'null' },
    objectOf({
      id: { type: 'string' },
      bookingId: { type: 'string' },
      rating: { type: 'integer', minimum: 1, maximum: 5 },
      comment: { type: 'string' },
      createdAt: { type: 'string', format: 'date-time' },
      publishedAt: nullable('string', { format: 'date-time' }),
    }),
  ],
  description: "The sitter's review of the owner and the dog: the sitter always sees it, the owner once it is published.",
}

/** What sitters say about an owner (reviews/owner-reviews.server.ts): only for the sitter of a pending request. */
export const OwnerReviews = {
  oneOf: [
    { type: 'null' },
    objectOf({
      rating: nullable('number', { description: 'The mean of the stars of published reviews by sitters, to one decimal; null without any.' }),
      reviewCount: { type: 'integer', minimum: 0 },
      reviews: {
        type: 'array',
        maxItems: ownerReviewsShown,
        items: objectOf({
          id: { type: 'string' },
          rating: { type: 'integer', minimum: 1, maximum: 5 },
          comment: { type: 'string' },
          createdAt: { type: 'string', format: 'date-time' },
          author: objectOf({ name: { type: 'string', examples: ['Sam S.'] }, profilePhoto: nullable('string') }),
        }),
        description: `The latest ${ownerReviewsShown}.`,
      },
    }),
  ],
  description:
    "What other sitters said about the owner, published reviews only. Set on `GET /api/bookings/{id}` for the sitter of a pending request; null otherwise (and in lists). Never public.",
}

export const reviewSchemas = { ReviewOfOwnerRecord: ReviewOfOwner }

export const reviewPaths = {
  '/api/owner-reviews': {
    post: {
      operationId: 'reviewOwner',
      tags: ['Reviews'],
      summary: 'As the sitter, review the owner and the dog of a completed booking (once)',
      description: `${window} Never public: other sitters see it on a request from this owner.`,
      security: signedIn,
      requestBody: jsonBody(ref('ReviewInput')),
      responses: {
        201: answer('The review (publishedAt is set when the owner had reviewed you already).', ref('ReviewOfOwnerRecord')),
        ...errors({
          400: true,
          401: true,
          403: `Not a completed booking where you are the sitter, or its ${reviewWindowDays} days have passed.`,
          409: 'Already reviewed.',
          415: true,
        }),
      },
    },
  },
}
