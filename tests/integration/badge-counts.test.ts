import { CompiledQuery } from 'kysely'
import { beforeAll, describe, expect, test } from 'vitest'
import { migrateToLatest } from '#app/lib/db.server.ts'
import { tablesScannedWhole } from './query-plans.ts'
import { insertBooking, insertConversation, insertDog, insertSitter, insertUser, localDateFromToday } from './fixtures.ts'

// The Bookings badge on every signed-in page (badge-counts.server.ts): the requests waiting for the user's own
// answer, pending and not yet begun, and made by the other party (DESIGN.md ruling 4). On both engines.

beforeAll(async () => {
  await migrateToLatest()
})

describe('the Bookings badge', () => {
  test("counts the requests the user answers: an owner's requests for the sitter, a sitter's offers for the owner; none begun, answered or their own", async () => {
    const { badgeCountsFor } = await import('#app/badge-counts.server.ts')
    const owner = await insertUser({ name: 'Olivia Owner' })
    const sitter = await insertSitter({ name: 'Sam Sitter', services: [{ service: 'walking', hourlyRateCents: 2400 }] })
    const dogId = await insertDog(owner.id, { name: 'Rex' })
    const parties = { dogId, ownerId: owner.id, sitterId: sitter.id }
    const tomorrow = localDateFromToday(1)

    await insertBooking(parties, { date: tomorrow, slots: [{ startTime: '09:00', endTime: '10:00' }] })
    await insertBooking(parties, { date: tomorrow, slots: [{ startTime: '11:00', endTime: '12:00' }] })
    await insertBooking(parties, { date: tomorrow, slots: [{ startTime: '13:00', endTime: '14:00' }], requestedBy: 'sitter' })
    // Begun (yesterday), answered, or not pending: none counts.
    await insertBooking(parties, { date: localDateFromToday(-1), slots: [{ startTime: '09:00', endTime: '10:00' }] })
    await insertBooking(parties, { date: tomorrow, slots: [{ startTime: '15:00', endTime: '16:00' }], status: 'accepted' })
    await insertBooking(parties, { date: tomorrow, slots: [{ startTime: '17:00', endTime: '18:00' }], status: 'rejected' })

    expect((await badgeCountsFor(sitter.id)).requestsToAnswer).toBe(2)
    expect((await badgeCountsFor(owner.id)).requestsToAnswer).toBe(1)
  })
})

describe('the Messages badge', () => {
  test('counts unread messages to the user, none from a sender blocked either way or suspended, a sender both blocked and suspended set aside once', async () => {
    const { badgeCountsFor } = await import('#app/badge-counts.server.ts')
    const { blockUser } = await import('#app/features/messages/blocks.server.ts')
    const { db } = await import('#app/lib/db.server.ts')
    const me = await insertUser({ name: 'Mia Me' })
    const [friend, other, blockedByMe, blockingMe, suspended, blockedAndSuspended] = await Promise.all(
      ['Fay Friend', 'Otto Other', 'Bo Blocked', 'Bea Blocking', 'Sid Suspended', 'Sue Both'].map((name) => insertUser({ name })),
    )
    const at = (minute: number) => `2026-03-01T10:${String(minute).padStart(2, '0')}:00.000Z`
    await insertConversation(me.id, friend!.id, [{ from: friend!.id, at: at(1) }, { from: friend!.id, at: at(2) }, { from: me.id, at: at(3) }])
    await insertConversation(me.id, other!.id, [{ from: other!.id, at: at(4) }, { from: other!.id, at: at(9) }])
    for (const sender of [blockedByMe, blockingMe, suspended, blockedAndSuspended]) {
      await insertConversation(me.id, sender!.id, [{ from: sender!.id, at: at(5) }, { from: sender!.id, at: at(6) }])
    }
    // One of Otto's is read; one to someone else is not Mia's.
    await insertConversation(other!.id, friend!.id, [{ from: other!.id, at: at(7) }])
    await db.updateTable('messages').set({ readAt: at(8) }).where('senderId', '=', other!.id).where('recipientId', '=', me.id).where('createdAt', '=', at(4)).execute()
    expect((await badgeCountsFor(me.id)).unreadMessages).toBe(2 + 1 + 2 * 4)

    expect((await blockUser(me.id, blockedByMe!.id)).ok).toBe(true)
    expect((await blockUser(blockingMe!.id, me.id)).ok).toBe(true)
    expect((await blockUser(me.id, blockedAndSuspended!.id)).ok).toBe(true)
    await db.updateTable('users').set({ accountStatus: 'suspended' }).where('id', 'in', [suspended!.id, blockedAndSuspended!.id]).execute()
    expect((await badgeCountsFor(me.id)).unreadMessages).toBe(2 + 1)
    // The blocks and suspensions hide only what they concern: Mia's and Otto's unread messages to Fay count for her.
    expect((await badgeCountsFor(friend!.id)).unreadMessages).toBe(2)
  })
})

describe('the badges on every signed-in page', () => {
  test("are read in one statement, each count among the user's own rows: no table read whole, no index of every user's rows", async () => {
    const { badgeCountsQuery } = await import('#app/badge-counts.server.ts')
    const { db, engine } = await import('#app/lib/db.server.ts')
    const query = badgeCountsQuery('someone', '2026-11-27T08:00:00.000Z')
    expect(await tablesScannedWhole(db, query)).toEqual([])
    if (engine !== 'sqlite') return
    const compiled = query.compile()
    const plan = await db.executeQuery<{ detail: string }>(CompiledQuery.raw(`explain query plan ${compiled.sql}`, [...compiled.parameters]))
    const searches = plan.rows.map((row) => row.detail).filter((detail) => /^SEARCH (messages|bookings|bookingSeries|notifications) /.test(detail))
    expect(searches).toEqual([
      'SEARCH messages USING COVERING INDEX messages_unread_sender (recipientId=?)',
      'SEARCH messages USING COVERING INDEX messages_unread_sender (recipientId=? AND senderId=? AND readAt=?)',
      'SEARCH bookings USING COVERING INDEX bookings_pending_sitter (sitterId=? AND startsAt>?)',
      'SEARCH bookings USING COVERING INDEX bookings_pending_owner (ownerId=? AND startsAt>?)',
      'SEARCH bookingSeries USING INDEX bookingSeries_sitter (sitterId=?)',
      'SEARCH notifications USING INDEX notifications_user_unread (userId=?)',
    ])
    // The senders set aside are a list for `in`, not sorted into a distinct set first (a temporary B-tree).
    expect(plan.rows.map((row) => row.detail)).not.toContainEqual(expect.stringMatching(/UNION$|TEMP B-TREE/))
  })
})
