// A sitter's measured facts (DESIGN.md ruling 6), measured above sitters (profiles/public-sitter-profile.server.ts)
// from bookings and messages; sitter-format.ts words them. Safe in the browser.

export type SitterFacts = {
  /** The median minutes the sitter takes to answer a message; null before their first answer. */
  medianReplyMinutes: number | null
  completedBookings: number
  /** Of the bookings the sitter ever accepted, how many they cancelled late (cancellation-terms.ts). */
  lateCancellations: { late: number; accepted: number }
}
