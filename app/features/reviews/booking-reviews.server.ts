import { db } from '#app/lib/db.server.ts'

// The review of a booking, if it has one: what a booking's parties see on it (and whether the owner may
// still write one, or the sitter reply).

export type BookingReview = {
  id: string
  bookingId: string
  rating: number
  comment: string
  createdAt: string
  reply: string | null
  repliedAt: string | null
}

export async function findReviewsOfBookings(bookingIds: readonly string[]): Promise<Map<string, BookingReview>> {
  if (bookingIds.length === 0) return new Map()
  const rows = await db
    .selectFrom('reviews')
    .select(['id', 'bookingId', 'rating', 'comment', 'createdAt', 'reply', 'repliedAt'])
    .where('bookingId', 'in', [...new Set(bookingIds)])
    .execute()
  return new Map(rows.map((row) => [row.bookingId, row]))
}
