import { CompiledQuery } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { ownerTabConditions, sitterTabConditions } from '#app/features/bookings/list-tabs.server.ts'
import { db, engine, migrateToLatest } from '#app/lib/db.server.ts'

// Issue 34: an owner or a sitter with years of bookings opens the upcoming list many times a day. The list
// reads the user's bookings in start order (the (party, startsAt) indexes); without a lower bound on the
// start it walks every booking the user ever had before it reaches today.

describe.runIf(engine === 'sqlite')('the upcoming tabs', () => {
  beforeAll(async () => {
    await migrateToLatest()
  })
  const now = Date.parse('2026-11-27T08:00:00Z')
  const cases = [
    ['owner', 'Upcoming', 'ownerId', 'bookings_owner_start', ownerTabConditions.upcoming],
    ['owner', 'Pending', 'ownerId', 'bookings_owner_start', ownerTabConditions.pending],
    ['sitter', 'Upcoming', 'sitterId', 'bookings_sitter_start', sitterTabConditions.upcoming],
  ] as const

  test.each(cases)("the %s's %s tab starts its index at a bound on the start, not at the first booking ever", async (_party, _tab, column, index, condition) => {
    const query = db
      .selectFrom('bookings')
      .selectAll()
      .where(column, '=', 'someone')
      .where(condition!(now))
      .orderBy('startsAt')
      .orderBy('id')
      .limit(21)
      .compile()
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${query.sql}`, [...query.parameters]))
    expect(plan.rows.map((row) => row.detail)).toContain(`SEARCH bookings USING INDEX ${index} (${column}=? AND startsAt>?)`)
  })
})
