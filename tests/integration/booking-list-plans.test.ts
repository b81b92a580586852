import { CompiledQuery } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { previousSittersQuery, requestsToAnswerQuery, unreviewedBookingsQuery } from '#app/features/bookings/booking-reads.server.ts'
import { listClock, nextOfItsRound, ownerTabConditions, sitterTabConditions } from '#app/features/bookings/list-tabs.server.ts'
import { db, engine, migrateToLatest } from '#app/lib/db.server.ts'

// Issue 34: an owner or a sitter with years of bookings opens the bookings page many times a day. What it
// reads must not grow with every booking the user ever had.

const planOf = async (query: { sql: string; parameters: readonly unknown[] }) =>
  (await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]))).rows.map((row) => row.detail)

beforeAll(async () => {
  await migrateToLatest()
})

// The upcoming list reads the user's bookings in start order (the (party, startsAt) indexes); without a
// lower bound on the start it walks every past booking before it reaches today.
const now = Date.parse('2026-11-27T08:00:00Z')

describe.runIf(engine === 'sqlite')('the upcoming tabs', () => {
  const cases = [
    ['owner', 'Upcoming', 'ownerId', 'bookings_owner_start', ownerTabConditions.upcoming],
    ['owner', 'Pending', 'ownerId', 'bookings_owner_start', ownerTabConditions.pending],
    ['sitter', 'Upcoming', 'sitterId', 'bookings_sitter_start', sitterTabConditions.upcoming],
    ['sitter', 'Pending', 'sitterId', 'bookings_sitter_start', sitterTabConditions.pending],
  ] as const

  test.each(cases)("the %s's %s tab starts its index at a bound on the start, not at the first booking ever", async (_party, _tab, column, index, condition) => {
    const query = db
      .selectFrom('bookings')
      .selectAll()
      .where(column, '=', 'someone')
      .where(condition!(listClock(now)))
      .orderBy('startsAt')
      .orderBy('id')
      .limit(21)
      .compile()
    expect(await planOf(query)).toContain(`SEARCH bookings USING INDEX ${index} (${column}=? AND startsAt>?)`)
  })
})

// A page's Upcoming tab lists a weekly round by its next visit (decision 104): for each booking of a round it asks
// whether an earlier visit of the round is still to come, which must read the round's visits from today on, not
// every date the round ever had.
describe.runIf(engine === 'sqlite')('the Upcoming tab by rounds', () => {
  test("asks for each round's earlier visits from the round's (series, start) index, starting at the bound", async () => {
    const query = db
      .selectFrom('bookings')
      .selectAll()
      .where('ownerId', '=', 'someone')
      .where((on) => on.and([ownerTabConditions.upcoming!(listClock(now)), nextOfItsRound(listClock(now))]))
      .orderBy('startsAt')
      .orderBy('id')
      .limit(21)
      .compile()
    const plan = await planOf(query)
    expect(plan).toContain('SEARCH bookings USING INDEX bookings_owner_start (ownerId=? AND startsAt>?)')
    expect(plan).toContain('SEARCH earlier USING INDEX bookings_series_start (seriesId=? AND startsAt>? AND startsAt<?)')
  })
})

describe.runIf(engine === 'sqlite')("the New Booking chooser's recent sitters", () => {
  test("group the owner's bookings by sitter from an index alone, before meeting the users table", async () => {
    const plan = await planOf(previousSittersQuery('someone', 10).compile())
    // Grouped first (a co-routine of its own): the users table meets one row a sitter, not one a booking.
    expect(plan.slice(0, 2)).toEqual(['CO-ROUTINE history', 'SEARCH bookings USING COVERING INDEX bookings_owner_sitter (ownerId=?)'])
    expect(plan).not.toContain('USE TEMP B-TREE FOR GROUP BY')
  })
})

describe.runIf(engine === 'sqlite')("the 'How did it go?' prompt", () => {
  test("reads the owner's bookings newest first from now, not from the furthest booking ahead", async () => {
    const query = unreviewedBookingsQuery({ ownerId: 'someone', now: '2026-11-27T08:00:00.000Z' }).compile()
    expect(await planOf(query)).toContain('SEARCH bookings USING INDEX bookings_owner_start (ownerId=? AND startsAt<?)')
  })
})

describe.runIf(engine === 'sqlite')('the Bookings badge on every signed-in page', () => {
  test("counts the requests to answer among the user's own pending bookings ahead, from indexes alone: not every booking of theirs, not every request waiting in the marketplace", async () => {
    const plan = await planOf(requestsToAnswerQuery('someone', '2026-11-27T08:00:00.000Z').compile())
    expect(plan.filter((detail) => detail.startsWith('SEARCH'))).toEqual([
      'SEARCH bookings USING COVERING INDEX bookings_pending_sitter (sitterId=? AND startsAt>?)',
      'SEARCH bookings USING COVERING INDEX bookings_pending_owner (ownerId=? AND startsAt>?)',
    ])
  })
})

// Decision 098: a bare `?` that SQLite marks as able to change the plan makes it prepare the statement again at every
// run; each value goes in as `+?`, an expression it does not mark, with the same plan.
describe.runIf(engine === 'sqlite')('values in the SQL', () => {
  test('go in as +?, and a list still searches its index by them, in its order (no sort)', async () => {
    const query = db.selectFrom('bookings').select('id').where('ownerId', '=', 'someone').orderBy('startsAt').orderBy('id').limit(21).compile()
    expect(query.sql).toMatch(/"ownerId" = \+\? order by "startsAt", "id" limit \+\?$/)
    expect(query.sql).not.toMatch(/[^+]\?/)
    expect(await planOf(query)).toEqual(['SEARCH bookings USING COVERING INDEX bookings_owner_start (ownerId=?)'])
  })
})
