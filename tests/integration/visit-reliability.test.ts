import { beforeAll, expect, test } from 'vitest'
import { findSitterReliability } from '#app/features/visits/reliability.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest } from './app.ts'
import { insertBooking, insertDog, insertSitter, insertUser } from './fixtures.ts'
import { textOf } from './page-visits.ts'

// A sitter's reliability line (issue 32 part 2): counted from the visit logs, never typed in. Every booking of
// theirs that was checked in or raised a missed check-in counts once; it was on time when the check-in came no later
// than 15 minutes after the start. The rows are inserted here and the expected numbers counted by hand below.

beforeAll(async () => {
  await migrateToLatest()
})

// In January 2030 Zurich is UTC+1: every booking below starts at 10:00 there, 09:00 UTC.
async function loggedSitter() {
  const sitter = await insertSitter({ name: 'Rita Reliable' })
  const owner = await insertUser()
  const parties = { ownerId: owner.id, sitterId: sitter.id, dogId: await insertDog(owner.id) }
  const booking = (day: number) => insertBooking(parties, { status: 'completed', date: `2030-01-${String(day).padStart(2, '0')}`, slots: [{ startTime: '10:00', endTime: '11:00' }] })
  const visit = (bookingId: string, checkedInAt: string) => db.insertInto('visits').values({ bookingId, checkedInAt, checkInPlace: 'no_position', checkInDistanceMeters: null }).execute()
  const alarm = (bookingId: string, kind: string) => db.insertInto('visitAlarms').values({ bookingId, kind, recordedAt: '2030-01-01T00:00:00.000Z' }).execute()

  await visit(await booking(1), '2030-01-01T08:50:00.000Z') // 10 minutes early: on time
  await visit(await booking(2), '2030-01-02T09:15:00.000Z') // 15 minutes late: still on time
  await visit(await booking(3), '2030-01-03T09:16:00.000Z') // 16 minutes late
  await alarm(await booking(4), 'missed-check-in') // never checked in
  await booking(5) // nothing logged: not counted
  const lateAfterAlarm = await booking(6)
  await alarm(lateAfterAlarm, 'missed-check-in')
  await visit(lateAfterAlarm, '2030-01-06T09:40:00.000Z') // counted once, late
  const notCheckedOut = await booking(7)
  await visit(notCheckedOut, '2030-01-07T09:00:00.000Z') // on time, whatever became of the check-out
  await alarm(notCheckedOut, 'missed-check-out')

  const other = await insertSitter({ name: 'Someone Else' })
  const othersBooking = await insertBooking({ ...parties, sitterId: other.id }, { status: 'completed', date: '2030-01-08', slots: [{ startTime: '10:00', endTime: '11:00' }] })
  await visit(othersBooking, '2030-01-08T10:30:00.000Z')
  return sitter
}

// Counted by hand from the rows above: bookings 1, 2, 3, 4, 6 and 7 are logged; 1, 2 and 7 were on time.
const expected = { onTime: 3, visits: 6 }

test("is counted from the sitter's own logged visits and missed check-ins", async () => {
  const sitter = await loggedSitter()
  expect(await findSitterReliability(sitter.id)).toEqual(expected)
  expect(await findSitterReliability((await insertSitter()).id)).toBeNull()
})

test("shows on the sitter's public profile, and not before a first logged visit", async () => {
  const sitter = await loggedSitter()
  const newcomer = await insertSitter({ name: 'Nina New' })

  const profile = await appRequest(`/sitters/${sitter.id}`)
  expect(profile.status).toBe(200)
  expect(await textOf(profile)).toContain('On time for 3 of 6 visits')

  const newcomersProfile = await appRequest(`/sitters/${newcomer.id}`)
  expect(newcomersProfile.status).toBe(200)
  expect(await textOf(newcomersProfile)).not.toContain('On time for')
})
