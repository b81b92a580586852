import { sql } from 'kysely'
import { hasActiveAccount } from '#app/features/accounts/users.server.ts'
import { decideDelivery } from '#app/features/notification-settings/preferences.server.ts'
import { unsubscribeFooter } from '#app/features/notification-settings/unsubscribe.server.ts'
import { db, exclusively } from '#app/lib/db.server.ts'
import { emailGreeting } from '#app/lib/email-greeting.ts'
import { queueEmail } from '#app/lib/email-outbox.server.ts'
import { env } from '#app/lib/env.server.ts'
import { dispatchEvents, recordEvent } from '#app/lib/events.server.ts'
import { notBlockedBetween } from './blocks.server.ts'
import { messageEventTypes } from './message-event-types.ts'
import { hasOpenSocket } from './presence.server.ts'

// The unread-message digest (issue 20, decision 053): someone who was sent messages, has not read them for
// 15 minutes and has no socket open anywhere gets one e-mail per conversation, at most once an hour per
// conversation, naming the sender, the count and a short excerpt of the newest message. Each digest
// covers only messages newer than the conversation's previous one, so the same messages never mail twice.
// One instance sweeps at a time (an advisory lock); the claim of the conversation's hour and the queued
// e-mail commit together, and the claim only succeeds while the hour is free, so a digest is queued once.
// A `message.digested` event, in the same transaction, names the e-mail's outbox key, so the notification
// centre shows what became of it.

export const digestAfterMs = 15 * 60_000
export const digestEveryMs = 60 * 60_000
/** Older unread messages are left alone (a first start, a long outage): a digest is news, not an archive. */
const lookBackMs = 24 * 60 * 60_000
const excerptLength = 80

const iso = (instant: number) => new Date(instant).toISOString()

/**
 * A short excerpt of a message for an e-mail, leaving out what may be an address or contact detail: words
 * with digits (house numbers, postcodes, phone numbers), e-mail and web addresses.
 */
export function digestExcerpt(content: string) {
  const words = content
    .replace(/\s+/g, ' ')
    .trim()
    .split(' ')
    .map((word) => (/\d|@|:\/\/|^www\./i.test(word) ? '…' : word))
    .join(' ')
    .replace(/…( …)+/g, '…')
  return words.length <= excerptLength ? words : `${words.slice(0, excerptLength - 1).trimEnd()}…`
}

type Person = { id: string; name: string; email: string }

/**
 * The digest e-mail of `unread` messages from `sender` in a conversation, quoting the newest, as sent at `at`: its
 * outbox key names the recipient, the conversation and that instant.
 */
export function digestEmail(digest: { recipient: Person; sender: Pick<Person, 'id' | 'name'>; conversationId: string; unread: number; latest: string }, at: number) {
  const { recipient, sender, unread } = digest
  const senderName = sender.name.trim().split(/\s+/)[0] ?? sender.name
  const unsubscribe = unsubscribeFooter(recipient.id, 'messages')
  const many = unread === 1 ? 'a message' : `${unread} messages`
  const lines = [
    `${senderName} sent you ${many} on Pawpal that you have not read yet:`,
    `"${digestExcerpt(digest.latest)}"`,
    `Read and reply:\n${env.PUBLIC_URL}/messages/${sender.id}`,
  ]
  return {
    key: `digest:${recipient.id}:${digest.conversationId}:${iso(at)}`,
    to: recipient.email,
    subject: `${senderName} sent you ${many} on Pawpal`,
    text: `${emailGreeting(recipient.name)}\n\n${lines.join('\n\n')}\n\nPawpal\n\n${unsubscribe.text}\n`,
    unsubscribeUrl: unsubscribe.unsubscribeUrl,
  }
}

type Candidate = { recipientId: string; conversationId: string; senderId: string; unread: number; lastDigestAt: string | null }

/** Queues the digests that are due at `now`; returns how many. Runs on one instance at a time. */
export async function queueMessageDigests(now = Date.now()) {
  const queued = await exclusively('message digests', async () => {
    let count = 0
    for (const candidate of await dueConversations(now)) {
      if (await hasOpenSocket(candidate.recipientId, now)) continue
      const decision = await decideDelivery({ userId: candidate.recipientId, kind: 'messages', channel: 'email' }, now)
      if (decision.send === 'never') continue
      if (await queueDigest(candidate, now)) count++
    }
    return count
  })
  return queued ?? 0
}

/** Conversations with unread messages older than 15 minutes, newer than their last digest, whose hour is free. */
async function dueConversations(now: number): Promise<Candidate[]> {
  const rows = await db
    .selectFrom('messages')
    .leftJoin('messageDigests', (join) =>
      join.onRef('messageDigests.recipientId', '=', 'messages.recipientId').onRef('messageDigests.conversationId', '=', 'messages.conversationId'),
    )
    .innerJoin('users as recipient', 'recipient.id', 'messages.recipientId')
    .select(['messages.recipientId', 'messages.conversationId', 'messages.senderId', 'messageDigests.sentAt as lastDigestAt'])
    .select((eb) => eb.fn.countAll<number>().as('unread'))
    .where('messages.readAt', 'is', null)
    .where('messages.createdAt', '<=', iso(now - digestAfterMs))
    .where('messages.createdAt', '>', iso(now - lookBackMs))
    .where('recipient.accountStatus', '=', 'active')
    .where((eb) => hasActiveAccount(eb.ref('messages.senderId')))
    .where((eb) => notBlockedBetween(eb.ref('messages.recipientId'), eb.ref('messages.senderId')))
    .where((eb) =>
      eb.or([
        eb('messageDigests.sentAt', 'is', null),
        eb.and([eb('messages.createdAt', '>', eb.ref('messageDigests.sentAt')), eb('messageDigests.sentAt', '<=', iso(now - digestEveryMs))]),
      ]),
    )
    .groupBy(['messages.recipientId', 'messages.conversationId', 'messages.senderId', 'messageDigests.sentAt'])
    .execute()
  return rows.map((row) => ({ ...row, unread: Number(row.unread) }))
}

/** Claims the conversation's hour and queues its e-mail in one transaction; false when another run claimed it. */
async function queueDigest(candidate: Candidate, now: number) {
  const { recipientId, conversationId, senderId } = candidate
  const since = candidate.lastDigestAt ?? iso(0)
  const [people, latest] = await Promise.all([
    db.selectFrom('users').select(['id', 'name', 'email']).where('id', 'in', [recipientId, senderId]).execute(),
    db
      .selectFrom('messages')
      .select('content')
      .where('conversationId', '=', conversationId)
      .where('recipientId', '=', recipientId)
      .where('readAt', 'is', null)
      .where('hiddenAt', 'is', null)
      .where('createdAt', '>', since)
      .where('createdAt', '<=', iso(now - digestAfterMs))
      .orderBy('createdAt', 'desc')
      .limit(1)
      .executeTakeFirst(),
  ])
  const recipient = people.find((person) => person.id === recipientId)
  const sender = people.find((person) => person.id === senderId)
  if (!recipient || !sender || !latest) return false
  const email = digestEmail({ recipient, sender, conversationId, unread: candidate.unread, latest: latest.content }, now)
  const { key } = email
  const eventId = await db.transaction().execute(async (trx) => {
    const claimed = await trx
      .insertInto('messageDigests')
      .values({ recipientId, conversationId, sentAt: iso(now) })
      .onConflict((oc) =>
        oc
          .columns(['recipientId', 'conversationId'])
          .doUpdateSet({ sentAt: iso(now) })
          .where(sql.ref('messageDigests.sentAt'), '<=', iso(now - digestEveryMs)),
      )
      .returning('sentAt')
      .executeTakeFirst()
    if (!claimed) return null
    await queueEmail(trx, email, now)
    return recordEvent(trx, { type: messageEventTypes.digested, subjectId: conversationId, payload: { recipientId, emailKey: key } }, now)
  })
  if (!eventId) return false
  void dispatchEvents([eventId], now)
  return true
}
