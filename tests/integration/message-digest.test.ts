import { describe, expect, test } from 'vitest'
import { startAppWithFakeSmtp } from './fake-smtp-app.ts'
import { insertConversation, insertUser } from './fixtures.ts'

// The unread-message digest with a controlled clock: every run is given its `now`, messages are written
// with times relative to it, and the e-mails go over real SMTP to the local fake mail server. Each test
// lives days apart from the others, so a sweep sees only its own messages (the digest looks back a day).
const { smtp, db } = await startAppWithFakeSmtp()
const { deliverDueEmails } = await import('#app/lib/email-outbox.server.ts')
const { queueMessageDigests, digestExcerpt } = await import('#app/features/messages/message-digest.server.ts')
const { presenceOf, presenceLeaseMs, hasOpenSocket } = await import('#app/features/messages/presence.server.ts')
const { setChannelChoice } = await import('#app/features/notification-settings/preferences.server.ts')
const { unsubscribeToken } = await import('#app/features/notification-settings/unsubscribe.server.ts')

const minute = 60_000
let day = 0
/** A moment of its own for each test, two days after the previous one's. */
const freshMoment = () => Date.parse('2030-01-01T12:00:00Z') + ++day * 2 * 24 * 60 * minute
const iso = (instant: number) => new Date(instant).toISOString()

async function unreadConversation(now: number, messages: { minutesAgo: number; content: string }[]) {
  const sam = await insertUser({ name: 'Sam Sitter' })
  const olivia = await insertUser({ name: 'Olivia Owner' })
  const conversationId = await insertConversation(
    olivia.id,
    sam.id,
    messages.map((message) => ({ from: sam.id, at: iso(now - message.minutesAgo * minute), content: message.content })),
  )
  return { sam, olivia, conversationId }
}

/** Queues the due digests and sends them, as the sweep does, at `now`; the mails Olivia got since. */
async function sweep(now: number, recipient: { email: string }) {
  const before = smtp.messages.length
  await queueMessageDigests(now)
  await deliverDueEmails(now)
  return smtp.messages.slice(before).filter((mail) => mail.to.includes(recipient.email))
}

describe('the unread-message digest', () => {
  test('unread messages older than 15 minutes, no socket open: one e-mail with both parts, the unsubscribe headers and an excerpt; once', async () => {
    const now = freshMoment()
    const { olivia, sam } = await unreadConversation(now, [
      { minutesAgo: 30, content: 'Hi Olivia!' },
      { minutesAgo: 20, content: `Meet me at Bahnhofstrasse 12, 8001 Zurich, or write to sam@example.com. ${'Rex was lovely today. '.repeat(20)}` },
    ])
    const mails = await sweep(now, olivia)
    expect(mails).toHaveLength(1)
    const [mail] = mails
    const unsubscribe = `http://localhost:3000/unsubscribe/${unsubscribeToken(olivia.id, 'messages')}`
    expect(mail!.subject).toBe('Sam sent you 2 messages on Pawpal')
    expect(mail!.text).toBe(
      [
        'Hi Olivia,',
        'Sam sent you 2 messages on Pawpal that you have not read yet:',
        '"Meet me at Bahnhofstrasse … Zurich, or write to … Rex was lovely today. Rex was…"',
        `Read and reply:\nhttp://localhost:3000/messages/${sam.id}`,
        'Pawpal',
        `Stop e-mails about messages:\n${unsubscribe}\n`,
      ].join('\n\n'),
    )
    expect(mail!.html).toContain(`<a href="http://localhost:3000/messages/${sam.id}"`)
    expect(mail!.html).toContain('Sam sent you 2 messages on Pawpal that you have not read yet:')
    expect(mail!.headers.get('list-unsubscribe')).toBe(`<${unsubscribe}>`)
    expect(mail!.headers.get('list-unsubscribe-post')).toBe('List-Unsubscribe=One-Click')
    // The excerpt, not the whole mail: the links carry random ids, which may hold '12' by chance.
    const excerpt = mail!.text.split('\n\n').find((paragraph) => paragraph.startsWith('"'))
    expect(excerpt).toBeDefined()
    for (const secret of ['12', '8001', 'sam@example.com', 'Bahnhofstrasse 12']) expect(excerpt).not.toContain(secret)

    // Later sweeps (this instance or another) find nothing new to send.
    expect(await sweep(now, olivia)).toEqual([])
    expect(await sweep(now + 2 * 60 * minute, olivia)).toEqual([])
  })

  test('two sweeps at once (two instances) queue one digest', async () => {
    const now = freshMoment()
    const { olivia } = await unreadConversation(now, [{ minutesAgo: 20, content: 'Hello there' }])
    const before = smtp.messages.length
    await Promise.all([queueMessageDigests(now), queueMessageDigests(now)])
    await deliverDueEmails(now)
    expect(smtp.messages.slice(before).filter((mail) => mail.to.includes(olivia.email))).toHaveLength(1)
  })

  test('messages younger than 15 minutes wait; read messages are never mailed', async () => {
    const now = freshMoment()
    const { olivia, conversationId } = await unreadConversation(now, [{ minutesAgo: 10, content: 'Are you free tomorrow?' }])
    expect(await sweep(now, olivia)).toEqual([])
    await db.updateTable('messages').set({ readAt: iso(now + minute) }).where('conversationId', '=', conversationId).execute()
    expect(await sweep(now + 10 * minute, olivia)).toEqual([])
  })

  test('at most one per conversation per hour, and each covers only the messages since the last one', async () => {
    const now = freshMoment()
    const { olivia, sam, conversationId } = await unreadConversation(now, [{ minutesAgo: 16, content: 'First' }])
    expect((await sweep(now, olivia)).map((mail) => mail.subject)).toEqual(['Sam sent you a message on Pawpal'])
    await insertMessage(conversationId, sam.id, olivia.id, now + 5 * minute, 'Second')
    expect(await sweep(now + 25 * minute, olivia)).toEqual([])
    expect(await sweep(now + 59 * minute, olivia)).toEqual([])
    const next = await sweep(now + 60 * minute, olivia)
    expect(next.map((mail) => mail.subject)).toEqual(['Sam sent you a message on Pawpal'])
    expect(next[0]!.text).toContain('"Second"')
  })

  test('not while the recipient has a socket open on any instance; a crashed instance stops counting when its lease runs out', async () => {
    const now = freshMoment()
    const { olivia } = await unreadConversation(now, [{ minutesAgo: 20, content: 'Hello there' }])
    const otherInstance = presenceOf('instance-b')
    await otherInstance.renew([olivia.id], now)
    expect(await hasOpenSocket(olivia.id, now)).toBe(true)
    expect(await sweep(now, olivia)).toEqual([])
    // Instance B crashed right after renewing: nothing renews its row again.
    expect(await sweep(now + presenceLeaseMs - 1, olivia)).toEqual([])
    expect(await hasOpenSocket(olivia.id, now + presenceLeaseMs)).toBe(false)
    expect(await sweep(now + presenceLeaseMs, olivia)).toHaveLength(1)
  })

  test('a closed socket (its instance removed the row) lets the digest go at once', async () => {
    const now = freshMoment()
    const { olivia } = await unreadConversation(now, [{ minutesAgo: 20, content: 'Hello there' }])
    const instance = presenceOf('instance-c')
    await instance.renew([olivia.id], now)
    await instance.remove(olivia.id)
    expect(await sweep(now, olivia)).toHaveLength(1)
  })

  test('not when the recipient turned message e-mails off', async () => {
    const now = freshMoment()
    const { olivia } = await unreadConversation(now, [{ minutesAgo: 20, content: 'Hello there' }])
    await setChannelChoice(olivia.id, 'messages', 'email', false)
    expect(await sweep(now, olivia)).toEqual([])
    await setChannelChoice(olivia.id, 'messages', 'email', true)
    expect(await sweep(now, olivia)).toHaveLength(1)
  })
})

test('the excerpt is short and leaves out what may be an address or contact', () => {
  expect(digestExcerpt('See you at  Seefeldstrasse 5a,\n8008 Zürich! Call +41 79 123 45 67')).toBe('See you at Seefeldstrasse … Zürich! Call …')
  expect(digestExcerpt('Photos: https://example.com/x and www.example.com, mail me: a@b.ch')).toBe('Photos: … and … mail me: …')
  expect(digestExcerpt('x'.repeat(200))).toBe(`${'x'.repeat(79)}…`)
})

async function insertMessage(conversationId: string, senderId: string, recipientId: string, at: number, content: string) {
  await db.insertInto('messages').values({ id: crypto.randomUUID(), conversationId, senderId, recipientId, content, createdAt: iso(at), readAt: null }).execute()
}
