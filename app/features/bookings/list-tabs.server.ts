import { type Expression, expressionBuilder, sql, type SqlBool } from 'kysely'
import { type Database, schemaConstant } from '#app/lib/db.server.ts'
import type { SortOrder } from '#app/lib/keyset-paging.ts'
import type { OwnerTab, SitterTab } from './schema.ts'

// The list tabs of spec section 4, as SQL conditions (decision 046: filtered where the rows are, then paged).
// 'Today' is the booking's own date in its zone: the date is today or later while the end of that day
// (dayEndsAt, stored with the booking) lies ahead, and so is a stay past midnight until it ends (endsAt,
// decision 108). An accepted booking dated before today and over counts as completed (spec section 9).

/** The instants the tabs compare with, as ISO strings: now, and longer than any booking lasts before it. */
export type ListClock = { now: string; dayStartBound: string }

export type TabCondition = (clock: ListClock) => Expression<SqlBool>

const on = expressionBuilder<Database, 'bookings'>()
/**
 * A booking starts on its own date and ends by the end of the next day, 49 hours at most with a clock change: one whose
 * day or whose time has not ended started less than this long ago.
 */
const longerThanAnyBookingMs = 72 * 3_600_000

export const listClock = (now: number): ListClock => ({ now: new Date(now).toISOString(), dayStartBound: new Date(now - longerThanAnyBookingMs).toISOString() })

// The bound on startsAt follows from the ends; it is there so the list's (party, startsAt) index
// starts at yesterday rather than walking every booking the user ever had (issue 34: 1,000 bookings).
const fromToday: TabCondition = ({ now, dayStartBound }) => on.and([on.or([on('bookings.dayEndsAt', '>', now), on('bookings.endsAt', '>', now)]), on('bookings.startsAt', '>', dayStartBound)])
const beforeToday: TabCondition = ({ now }) => on.and([on('bookings.dayEndsAt', '<=', now), on('bookings.endsAt', '<=', now)])

export const ownerTabConditions: Record<OwnerTab, TabCondition | null> = {
  upcoming: (clock) => on.and([on('bookings.status', 'in', ['accepted', 'pending']), fromToday(clock)]),
  pending: (clock) => on.and([on('bookings.status', '=', schemaConstant('pending')), fromToday(clock)]),
  past: (clock) => on.or([on('bookings.status', 'in', ['completed', 'cancelled', 'rejected']), beforeToday(clock)]),
  all: null,
}

/**
 * A request still waiting at its start expires then (expiry.server.ts, run before every read of bookings), so
 * every waiting request starts later than this bound, which only tells the (sitterId, startsAt) index where to begin.
 */
const notExpired: TabCondition = ({ dayStartBound }) => on('bookings.startsAt', '>', dayStartBound)

export const sitterTabConditions: Record<SitterTab, TabCondition | null> = {
  pending: (clock) => on.and([on('bookings.status', '=', schemaConstant('pending')), notExpired(clock)]),
  upcoming: (clock) => on.and([on('bookings.status', '=', schemaConstant('accepted')), fromToday(clock)]),
  completed: (clock) =>
    on.or([on('bookings.status', '=', schemaConstant('completed')), on.and([on('bookings.status', '=', schemaConstant('accepted')), beforeToday(clock)])]),
  all: null,
}

/**
 * The lists' pages (not the API, decision 104) show a weekly round in their Upcoming tabs by its next visit: a
 * booking of a series is listed there only when no accepted booking of its series still to come starts before it
 * (or with it and a lower id, the list's own order). The day strip and a picked day still show every visit.
 */
export const nextOfItsRound: TabCondition = ({ now, dayStartBound }) => firstOfItsRound({ startsAfter: dayStartBound, endsAfter: now })

/** '/' (decision 106): a visit of a round that starts later than now only when it is the first of its round to do so. */
export const firstToComeOfItsRound: TabCondition = ({ now }) => firstOfItsRound({ startsAfter: now, endsAfter: now })

/** A booking of no series, or one that no accepted visit of its series starting after `startsAfter` whose date or time ends after `endsAfter` precedes. */
const firstOfItsRound = ({ startsAfter, endsAfter }: { startsAfter: string; endsAfter: string }) =>
  on.or([
    on('bookings.seriesId', 'is', null),
    on.not(
      on.exists(
        on
          .selectFrom('bookings as earlier')
          .select(sql.lit(1).as('one'))
          .whereRef('earlier.seriesId', '=', 'bookings.seriesId')
          .where('earlier.startsAt', '>', startsAfter)
          .where('earlier.startsAt', '<=', on.ref('bookings.startsAt'))
          .where('earlier.status', '=', schemaConstant('accepted'))
          .where((earlier) => earlier.or([earlier('earlier.dayEndsAt', '>', endsAfter), earlier('earlier.endsAt', '>', endsAfter)]))
          .where((earlier) => earlier.or([earlier('earlier.startsAt', '<', earlier.ref('bookings.startsAt')), earlier('earlier.id', '<', earlier.ref('bookings.id'))])),
      ),
    ),
  ])

/** Tabs that look back list the newest first; the others, a day's bookings and the untabbed list the soonest first. */
export function listOrder({ tab, date }: { tab?: string; date?: string }): SortOrder {
  return tab && !date && ['past', 'completed', 'all'].includes(tab) ? 'desc' : 'asc'
}
