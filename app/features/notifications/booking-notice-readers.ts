import type { BookingNotice } from './notification-texts.ts'

// Who hears of a booking's change and under which preference kind (notification-settings): the rules the
// notification centre applies to every booking event (notification-events.server.ts) and the demo data
// (db/seed.ts) to the changes it seeds.

type Party = 'owner' | 'sitter'
const other = (party: Party): Party => (party === 'owner' ? 'sitter' : 'owner')

/** Who hears of a change: the party that did not make it; of an expiry or a reminder, both; of a warning, who must answer. */
export function readersOf(notice: BookingNotice, actor: Party | null, requestedBy: Party): Party[] {
  if (notice === 'reviewed') return ['sitter']
  if (notice === 'owner-reviewed' || notice === 'replied' || notice === 'home-access-viewed' || notice === 'visit-report') return ['owner']
  // A completion prompts both parties to review each other (DESIGN.md ruling 26).
  if (notice === 'completed' || notice === 'published') return ['owner', 'sitter']
  if (notice === 'expiring') return [other(requestedBy)]
  return actor ? [other(actor)] : ['owner', 'sitter']
}

const reviewNotices: readonly BookingNotice[] = ['reviewed', 'owner-reviewed', 'published', 'replied', 'review-reminder']
// A report card and a missed visit are news of the booking itself ('bookings'), not a convenience like the
// hour-before reminder, which someone may turn off and still must hear that the sitter did not come.
export const kindOf = (notice: BookingNotice) => (reviewNotices.includes(notice) ? 'reviews' : notice === 'reminder' ? 'reminders' : 'bookings')
