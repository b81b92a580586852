import { beforeAll, expect, test } from 'vitest'
import { queueMessageDigests } from '#app/features/messages/message-digest.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { seedDemoData } from '#db/seed.ts'
import { appRequest } from './app.ts'
import { apiTokenFor } from './fixtures.ts'

// The demo's unread messages were e-mailed as the app e-mails them (one digest a conversation, 15 minutes after its
// newest unread message), so a demo that starts sends none, and its notification centre says when each went out.

const minute = 60_000
let seededAt = 0

beforeAll(async () => {
  await migrateToLatest()
  seededAt = Math.floor(Date.now() / minute) * minute
  await seedDemoData(db, { storage, now: new Date(seededAt) })
}, 60_000)

test('each conversation with unread messages has one sent digest, 15 minutes after its newest unread message, naming how many', async () => {
  const unread = await db
    .selectFrom('messages')
    .innerJoin('users as sender', 'sender.id', 'messages.senderId')
    .innerJoin('users as recipient', 'recipient.id', 'messages.recipientId')
    .select(['messages.conversationId', 'messages.recipientId', 'recipient.email', 'sender.name as senderName', 'messages.createdAt'])
    .where('messages.readAt', 'is', null)
    .execute()
  const expected = [...Map.groupBy(unread, (message) => `${message.recipientId} ${message.conversationId}`).values()].flatMap((messages) => {
    const newest = messages.map((message) => message.createdAt).sort().at(-1) ?? ''
    const sentAt = new Date(Date.parse(newest) + 15 * minute).toISOString()
    if (Date.parse(sentAt) > seededAt) return []
    const [first] = messages
    const many = messages.length === 1 ? 'a message' : `${messages.length} messages`
    return [{ recipient: first?.email, subject: `${first?.senderName.split(' ')[0]} sent you ${many} on Pawpal`, sentAt }]
  })
  expect(expected.length).toBeGreaterThan(3)
  const emails = await db.selectFrom('emailOutbox').select(['recipient', 'subject', 'sentAt']).where('key', 'like', 'digest:%').execute()
  const byRecipientAndTime = (a: { recipient?: string; sentAt: string | null }, b: { recipient?: string; sentAt: string | null }) =>
    `${a.recipient}${a.sentAt}`.localeCompare(`${b.recipient}${b.sentAt}`)
  expect(emails.sort(byRecipientAndTime)).toEqual(expected.sort(byRecipientAndTime))
  expect(await db.selectFrom('messageDigests').select('sentAt').execute()).toHaveLength(expected.length)
})

test('the demo starting queues no digest, and the owner’s centre says when each unread conversation was e-mailed', async () => {
  expect(await queueMessageDigests(seededAt + minute)).toBe(0)
  expect(await db.selectFrom('emailOutbox').select('id').where('sentAt', 'is', null).execute()).toEqual([])

  const owner = await db.selectFrom('users').select('id').where('email', '=', 'owner@pawpal.test').executeTakeFirstOrThrow()
  const answer = await appRequest('/api/notifications?limit=100', { headers: { authorization: `Bearer ${await apiTokenFor(owner)}` } })
  const entries = (await answer.json()) as { kind: string; occurredAt: string; deliveries: { channel: string; status: string; at: string }[] }[]
  const messageEntries = entries.filter((entry) => entry.kind === 'messages')
  expect(messageEntries.length).toBeGreaterThan(0)
  for (const entry of messageEntries) {
    expect(entry.deliveries).toEqual([{ channel: 'email', status: 'sent', at: new Date(Date.parse(entry.occurredAt) + 15 * minute).toISOString(), detail: null }])
  }
})
