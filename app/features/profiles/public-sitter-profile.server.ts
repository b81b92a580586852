import { countLateCancellations } from '#app/features/bookings/booking-reads.server.ts'
import { countCompletedBookings } from '#app/features/bookings/completed-bookings.server.ts'
import { getMedianReplyMinutes } from '#app/features/messages/reply-time.server.ts'
import { getPublicSitter } from '#app/features/sitters/public-sitter.server.ts'
import type { SitterFacts } from '#app/features/sitters/sitter-facts.ts'

// A sitter's public profile as the sitter page and GET /api/users/{id} show it: what sitters publishes,
// with the facts measured from other features (DESIGN.md ruling 6: the 'Book with' card's facts are
// measured, not claimed): the completed bookings and late cancellations (bookings) and the median reply time (messages).

/** An active sitter's public profile with the measured facts; null for unknown ids, suspended accounts and non-sitters. */
export async function getPublicSitterProfile(id: string) {
  const [sitter, medianReplyMinutes, completedBookings, lateCancellations] = await Promise.all([
    getPublicSitter(id),
    getMedianReplyMinutes(id),
    countCompletedBookings(id),
    countLateCancellations(id, 'sitter'),
  ])
  if (!sitter) return null
  const facts: SitterFacts = { medianReplyMinutes, completedBookings, lateCancellations }
  return { ...sitter, ...facts }
}
