// How a sitter's measured facts (DESIGN.md ruling 6) read on the map's quick view. Safe in the browser.
// The facts are measured above sitters (profiles/public-sitter-profile.server.ts), from bookings and messages.

export type SitterFacts = {
  /** The median minutes the sitter takes to answer a message; null before their first answer. */
  medianReplyMinutes: number | null
  completedBookings: number
}

/** 'Usually replies within 15 minutes' from the measured median; rounded up, never flattering. */
export function describeReplyTime(medianMinutes: number) {
  if (medianMinutes <= 1) return 'Usually replies within a minute'
  if (medianMinutes < 60) return `Usually replies within ${Math.ceil(medianMinutes / 5) * 5} minutes`
  const hours = Math.ceil(medianMinutes / 60)
  if (hours < 24) return `Usually replies within ${hours === 1 ? 'an hour' : `${hours} hours`}`
  const days = Math.ceil(medianMinutes / (24 * 60))
  return `Usually replies within ${days === 1 ? 'a day' : `${days} days`}`
}

/** '12 completed bookings', '1 completed booking'. */
export function formatCompletedBookings(count: number) {
  return `${count} completed ${count === 1 ? 'booking' : 'bookings'}`
}
