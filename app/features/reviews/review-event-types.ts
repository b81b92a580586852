// The domain events of reviews, by type, without the database: the review writes record them, the notification centre
// turns them into notices, and the demo data (db/seed.ts) seeds the notices of its reviews.

/** The domain events of reviews; the subject is the reviewed booking. */
export const reviewEventTypes = {
  written: 'review.written',
  ownerReviewed: 'review.owner-reviewed',
  published: 'review.published',
  replied: 'review.replied',
} as const

/** What a review.published event carries: whose reviews became visible. */
export type PublishedReviews = { ownerReviewed: boolean; sitterReviewed: boolean }
