import { type Expression, expressionBuilder, type SqlBool } from 'kysely'
import { type Database, schemaConstant } from '#app/lib/db.server.ts'
import type { SortOrder } from '#app/lib/keyset-paging.ts'
import type { OwnerTab, SitterTab } from './schema.ts'

// The list tabs of spec section 4, as SQL conditions (decision 046: filtered where the rows are, then paged).
// 'Today' is the booking's own date in its zone: the date is today or later while the end of that day
// (dayEndsAt, stored with the booking) lies ahead. An accepted booking dated before today counts as
// completed (spec section 9).

type TabCondition = (now: number) => Expression<SqlBool>

const on = expressionBuilder<Database, 'bookings'>()
/** A booking starts on its own date, and no day lasts this long (25 hours with a clock change): one whose day has not ended started less than this long ago. */
const longerThanAnyDayMs = 48 * 3_600_000
// The bound on startsAt follows from the one on dayEndsAt; it is there so the list's (party, startsAt) index
// starts at yesterday rather than walking every booking the user ever had (issue 34: 1,000 bookings).
const fromToday: TabCondition = (now) =>
  on.and([on('bookings.dayEndsAt', '>', new Date(now).toISOString()), on('bookings.startsAt', '>', new Date(now - longerThanAnyDayMs).toISOString())])
const beforeToday: TabCondition = (now) => on('bookings.dayEndsAt', '<=', new Date(now).toISOString())

export const ownerTabConditions: Record<OwnerTab, TabCondition | null> = {
  upcoming: (now) => on.and([on('bookings.status', 'in', ['accepted', 'pending']), fromToday(now)]),
  pending: (now) => on.and([on('bookings.status', '=', schemaConstant('pending')), fromToday(now)]),
  past: (now) => on.or([on('bookings.status', 'in', ['completed', 'cancelled', 'rejected']), beforeToday(now)]),
  all: null,
}

/**
 * A request still waiting at its start expires then (expiry.server.ts, run before every read of bookings), so
 * every waiting request starts later than this bound, which only tells the (sitterId, startsAt) index where to begin.
 */
const notExpired: TabCondition = (now) => on('bookings.startsAt', '>', new Date(now - longerThanAnyDayMs).toISOString())

export const sitterTabConditions: Record<SitterTab, TabCondition | null> = {
  pending: (now) => on.and([on('bookings.status', '=', schemaConstant('pending')), notExpired(now)]),
  upcoming: (now) => on.and([on('bookings.status', '=', schemaConstant('accepted')), fromToday(now)]),
  completed: (now) =>
    on.or([on('bookings.status', '=', schemaConstant('completed')), on.and([on('bookings.status', '=', schemaConstant('accepted')), beforeToday(now)])]),
  all: null,
}

/** Tabs that look back list the newest first; the others, a day's bookings and the untabbed list the soonest first. */
export function listOrder({ tab, date }: { tab?: string; date?: string }): SortOrder {
  return tab && !date && ['past', 'completed', 'all'].includes(tab) ? 'desc' : 'asc'
}
