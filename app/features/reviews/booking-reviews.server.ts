import type { Selectable } from 'kysely'
import { db } from '#app/lib/db.server.ts'
import type { ReviewsTable } from '#app/lib/db-schema.ts'

// The review of a booking, if it has one: what a booking's parties see on it (and whether the owner may
// still write one, or the sitter reply).

const bookingReviewColumns = ['id', 'bookingId', 'rating', 'comment', 'createdAt', 'reply', 'repliedAt'] as const

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
