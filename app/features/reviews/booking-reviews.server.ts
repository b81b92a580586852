import { type Expression, expressionBuilder, type Selectable, type SqlBool } from 'kysely'
import { type Database, db } from '#app/lib/db.server.ts'
import type { ReviewsTable } from '#app/lib/db-schema.ts'

// The review of a booking, if it has one: what a booking's parties see on it (and whether the owner may
// still write one, or the sitter reply). A review an admin hid is still the booking's one review, never shown.

const bookingReviewColumns = ['id', 'bookingId', 'rating', 'comment', 'createdAt', 'reply', 'repliedAt', 'hiddenAt'] as const

export type BookingReview = Pick<Selectable<ReviewsTable>, (typeof bookingReviewColumns)[number]>

export async function findReviewsOfBookings(bookingIds: readonly string[]): Promise<Map<string, BookingReview>> {
  if (bookingIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('reviews')
    .select(bookingReviewColumns)
    .where('bookingId', 'in', [...new Set(bookingIds)])
    .execute()
  return new Map(rows.map((row) => [row.bookingId, row]))
}

/** Whether the booking `bookingId` names has a review: a condition for the bookings feature's queries. */
export function bookingHasReview(bookingId: Expression<string>): Expression<SqlBool> {
  return expressionBuilder<Database>().exists(db.selectFrom('reviews').select('reviews.id').where('reviews.bookingId', '=', bookingId))
}
