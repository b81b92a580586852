import { type Expression, expressionBuilder, type Selectable, type SqlBool } from 'kysely'
import { type Database, db, isOneOf } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import type { ReviewsOfOwnersTable, ReviewsTable } from '#app/lib/db-schema.ts'

// The two reviews of a booking, if it has them: the owner's of the sitter and the sitter's of the owner and the
// dog. What each party may see of them is the bookings feature's rule (booking-reads.server.ts): its own always,
// the other's once published. A review an admin hid is still the booking's one review, never shown.

const bookingReviewColumns = ['id', 'bookingId', 'rating', 'comment', 'createdAt', 'reply', 'repliedAt', 'hiddenAt', 'publishedAt'] as const
const reviewOfOwnerColumns = ['id', 'bookingId', 'rating', 'comment', 'createdAt', 'publishedAt'] as const

export type BookingReview = Pick<Selectable<ReviewsTable>, (typeof bookingReviewColumns)[number]>
export type BookingReviewOfOwner = Pick<Selectable<ReviewsOfOwnersTable>, (typeof reviewOfOwnerColumns)[number]>

export type ReviewsOfBooking = { ofSitter: BookingReview | null; ofOwner: BookingReviewOfOwner | null }

export async function findReviewsOfBookings(bookingIds: readonly string[]): Promise<Map<string, ReviewsOfBooking>> {
  const ids = [...new Set(bookingIds)]
  if (ids.length === 0) return new Map()
  const list = { bookingIds: JSON.stringify(ids) }
  const [ofSitters, ofOwners] = await Promise.all([reviewsAmong(list), reviewsOfOwnersAmong(list)])
  return new Map(
    ids.map((id) => [id, { ofSitter: ofSitters.find((row) => row.bookingId === id) ?? null, ofOwner: ofOwners.find((row) => row.bookingId === id) ?? null }]),
  )
}

// Every booking page and API answer asks them: compiled once (decision 089), the ids as one JSON value.
type BookingIds = { bookingIds: string }
const reviewsAmong = precompiledQuery(({ bookingIds }: BookingIds) =>
  db.selectFrom('reviews').select(bookingReviewColumns).where((eb) => isOneOf(eb.ref('bookingId'), bookingIds)),
)
const reviewsOfOwnersAmong = precompiledQuery(({ bookingIds }: BookingIds) =>
  db.selectFrom('reviewsOfOwners').select(reviewOfOwnerColumns).where((eb) => isOneOf(eb.ref('bookingId'), bookingIds)),
)

/** Whether the owner of the booking `bookingId` names has reviewed it: a condition for the bookings feature's queries. */
export function bookingHasReview(bookingId: Expression<string>): Expression<SqlBool> {
  return expressionBuilder<Database>().exists(db.selectFrom('reviews').select('reviews.id').where('reviews.bookingId', '=', bookingId))
}
