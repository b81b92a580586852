import { describe, expect, test } from 'vitest'
import { inactiveAccountIds } from '#app/features/accounts/users.server.ts'
import { unreviewedBookingsQuery } from '#app/features/bookings/booking-reads.server.ts'
import { listClock, ownerTabConditions, sitterTabConditions } from '#app/features/bookings/list-tabs.server.ts'
import { dogsAvailableTo } from '#app/features/dogs/visibility.server.ts'
import { db } from '#app/lib/db.server.ts'

// Decision 092: a bound value that decides whether a partial index applies (pending bookings, dogs listed for
// sitting) makes SQLite prepare the statement again at every run. The reads every booking list and the
// available dogs ask write those constants into their SQL; a change back to a bound value fails here.

const now = Date.parse('2026-11-28T08:00:00Z')
const bookingsWhere = (condition: Parameters<ReturnType<typeof db.selectFrom<'bookings'>>['where']>[0]) =>
  db.selectFrom('bookings').select('bookings.id').where(condition).compile()

describe('the booking lists write the statuses they ask into their SQL', () => {
  const tabs = [
    ['the sitter’s Pending tab', sitterTabConditions.pending!, ["'pending'"]],
    ['the sitter’s Upcoming tab', sitterTabConditions.upcoming!, ["'accepted'"]],
    ['the sitter’s Completed tab', sitterTabConditions.completed!, ["'completed'", "'accepted'"]],
    ['the owner’s Pending tab', ownerTabConditions.pending!, ["'pending'"]],
  ] as const

  test.each(tabs)('%s', (_name, condition, statuses) => {
    const { sql, parameters } = bookingsWhere(condition(listClock(now)))
    for (const status of statuses) expect(sql).toContain(`"bookings"."status" = ${status}`)
    expect(parameters).not.toContainEqual(expect.stringMatching(/^(pending|accepted|completed)$/))
  })

  test('the review prompt’s completed bookings', () => {
    const { sql, parameters } = unreviewedBookingsQuery({ ownerId: 'owner-id', now: new Date(now).toISOString() }).compile()
    expect(sql).toContain(`"bookings"."status" = 'completed'`)
    expect(parameters).not.toContain('completed')
  })
})

test('the available dogs write "listed for sitting" into their SQL', () => {
  const { sql, parameters } = db.selectFrom('dogs').select('dogs.id').where(dogsAvailableTo({ id: 'sitter-id', role: 'sitter' })).compile()
  expect(sql).toContain(`"dogs"."listedForSitting" = 1`)
  expect(parameters).toEqual(expect.arrayContaining(['sitter-id']))
  expect(parameters).not.toContain(1)
})

test('the suspended accounts the Messages badge sets aside write "active" into their SQL', () => {
  const { sql, parameters } = inactiveAccountIds().compile()
  expect(sql).toContain(`"users"."accountStatus" <> 'active'`)
  expect(parameters).toEqual([])
})
