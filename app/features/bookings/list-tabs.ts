import type { BookingStatus } from '#app/lib/db-schema.ts'
import { localDateTime } from '#app/lib/zoned-time.ts'
import type { OwnerTab, SitterTab } from './schema.ts'

// The list tabs of spec section 4, as data. 'Today' is the booking's own date in its zone; an accepted
// booking dated before today counts as completed (spec section 9).

type Listed = { status: BookingStatus; date: string; timeZone: string }
type Rule = (booking: Listed, now: number) => boolean

const today = (booking: Listed, now: number) => localDateTime(now, booking.timeZone).date
const fromToday: Rule = (booking, now) => booking.date >= today(booking, now)

export const ownerTabRules: Record<OwnerTab, Rule> = {
  upcoming: (booking, now) => (booking.status === 'accepted' || booking.status === 'pending') && fromToday(booking, now),
  pending: (booking, now) => booking.status === 'pending' && fromToday(booking, now),
  past: (booking, now) => ['completed', 'cancelled', 'rejected'].includes(booking.status) || !fromToday(booking, now),
  all: () => true,
}

export const sitterTabRules: Record<SitterTab, Rule> = {
  pending: (booking) => booking.status === 'pending',
  upcoming: (booking, now) => booking.status === 'accepted' && fromToday(booking, now),
  completed: (booking, now) => booking.status === 'completed' || (booking.status === 'accepted' && !fromToday(booking, now)),
  all: () => true,
}

/** Tabs that look back list the newest first; the others the soonest first. */
export const newestFirstTabs: readonly string[] = ['past', 'completed', 'all']
