import { sql } from 'kysely'
import { afterEach, describe, expect, test, vi } from 'vitest'
import type { HubEvent } from '#app/features/messages/hub-event.ts'
import { maxMessageLength } from '#app/features/messages/limits.ts'
import { postgresHub } from '#app/features/messages/postgres-hub.server.ts'
import { findMessageJson } from '#app/features/messages/stored-message.server.ts'
import { db, engine } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { insertConversation, insertUser } from './fixtures.ts'

// The hub across instances (DESIGN.md ruling 22): two hubs on one PostgreSQL database stand for two app
// instances. What one publishes reaches the other's listeners, message bodies read back by id.

const stops: (() => Promise<void>)[] = []
afterEach(async () => {
  for (const stop of stops.splice(0)) await stop()
})

async function instance() {
  const heard: HubEvent[] = []
  const hub = postgresHub(env.database.engine === 'postgres' ? env.database.url : '', (event) => heard.push(event))
  await hub.start()
  stops.push(hub.stop)
  return { hub, heard }
}

describe.runIf(engine === 'postgres')('the message hub on PostgreSQL', () => {
  test('a message published on one instance reaches the other whole, its read receipt, a booking change and a notification after it, in order', async () => {
    const [olivia, sam] = [await insertUser({ name: 'Olivia' }), await insertUser({ name: 'Sam' })]
    // 4,000 dogs are 16,000 bytes of UTF-8: twice what one NOTIFY can carry, so only its id travels.
    const content = '🐕'.repeat(maxMessageLength)
    const conversationId = await insertConversation(olivia.id, sam.id, [{ from: olivia.id, at: new Date().toISOString(), content }])
    const { id: messageId } = await db.selectFrom('messages').select('id').where('conversationId', '=', conversationId).executeTakeFirstOrThrow()
    const message = (await findMessageJson(messageId))!
    const [a, b] = [await instance(), await instance()]

    const events: HubEvent[] = [
      { event: 'newMessage', userIds: [olivia.id, sam.id], data: message, exceptConnectionId: 'socket-on-a' },
      { event: 'messageStatusUpdate', userIds: [olivia.id, sam.id], data: { messageId, conversationId, read: true } },
      { event: 'bookingUpdate', userIds: [olivia.id], data: { bookingId: 'booking-1', status: 'accepted', change: 'booking.accepted' } },
      // A notification added on one instance: the bell of the user's socket on the other counts again.
      { event: 'notificationsChanged', userIds: [sam.id] },
    ]
    for (const event of events) a.hub.publish(event)

    await vi.waitFor(() => expect(b.heard).toHaveLength(4))
    expect(b.heard).toEqual(events)
    expect((b.heard[0] as Extract<HubEvent, { event: 'newMessage' }>).data.content).toBe(content)
    // The publisher delivered to its own sockets at once, and does not hear its own notices again.
    expect(a.heard).toEqual(events)
  })

  test('a burst of messages published at once reaches the other instance whole and in order', async () => {
    const [olivia, sam] = [await insertUser({ name: 'Olivia' }), await insertUser({ name: 'Sam' })]
    const at = (index: number) => new Date(Date.UTC(2026, 0, 1, 12, index)).toISOString()
    const conversationId = await insertConversation(
      olivia.id,
      sam.id,
      Array.from({ length: 60 }, (_, index) => ({ from: index % 2 ? sam.id : olivia.id, at: at(index), content: `Burst ${index}` })),
    )
    const stored = await db.selectFrom('messages').select('id').where('conversationId', '=', conversationId).orderBy('createdAt').execute()
    const messages = await Promise.all(stored.map(async ({ id }) => (await findMessageJson(id))!))
    const [a, b] = [await instance(), await instance()]

    // Sent as they come, the notices published meanwhile together; read on the other side a batch at a time.
    for (const message of messages) a.hub.publish({ event: 'newMessage', userIds: [olivia.id, sam.id], data: message })

    await vi.waitFor(() => expect(b.heard).toHaveLength(60))
    expect(b.heard.map((event) => (event.event === 'newMessage' ? event.data : null))).toEqual(messages)
  })

  test('an instance whose listening connection drops connects again and hears what is published after', async () => {
    const [a, b] = [await instance(), await instance()]
    const { rows } = await sql<{ ended: boolean }>`
      select pg_terminate_backend(pid) as ended from pg_stat_activity
      where application_name = 'pawpal-hub' and datname = current_database()`.execute(db)
    expect(rows.length).toBe(2)

    let round = 0
    await vi.waitFor(
      () => {
        round += 1
        a.hub.publish({ event: 'bookingUpdate', userIds: ['someone'], data: { bookingId: `after-${round}`, status: 'pending', change: 'booking.requested' } })
        expect(b.heard.length).toBeGreaterThan(0)
      },
      { timeout: 10_000, interval: 200 },
    )
    const { rows: listening } = await sql<{ pid: number }>`
      select pid from pg_stat_activity where application_name = 'pawpal-hub' and datname = current_database()`.execute(db)
    expect(listening.length).toBe(2)
  })
})
