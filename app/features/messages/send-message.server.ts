import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { db } from '#app/lib/db.server.ts'
import { checkMessagingPartner, touchConversation } from './conversations.server.ts'
import { dispatchEvents } from '#app/lib/events.server.ts'
import { recordMessageSent } from './message-events.server.ts'
import { messageColumns, type MessageJson, toMessageJson } from './message-json.ts'
import { messageErrors, type SendMessageInput } from './schema.ts'

// Sending a message, the one function behind the socket's sendMessage, POST /api/messages and the page's
// send form (DESIGN.md section 5): the rules, then the message stored (and its conversation's time
// moved, and its event recorded) in one transaction, then the event's pushes sent, so an acknowledged
// message is always stored.

/**
 * DESIGN.md section 5: 30 messages per 10 s per user, whichever door they come through. The limit counts
 * the sender's stored messages in the transaction that stores the next one (inserted first, counted
 * after, rolled back when over), so concurrent sends cannot all slip through, and a resend counts once.
 */
export const messageRateLimit = { limit: 30, windowMs: 10_000 }

export type SendOutcome =
  | { ok: true; message: MessageJson; /** The client id was used before: this is the message stored then. */ duplicate: boolean }
  | { ok: false; status: 400 | 403 | 404 | 429; message: string; field?: 'recipientId'; retryAfterSeconds?: number }

let lastMessageTime = 0

/** Creation times never repeat or go back within this process, so a thread reads in the order it was written. */
function nextMessageTime() {
  lastMessageTime = Math.max(Date.now(), lastMessageTime + 1)
  return lastMessageTime
}

/** The client id was stored already (a resend racing the first send): nothing of this one stays. */
class AlreadyStored extends Error {}

class TooFast extends Error {
  readonly retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super(messageErrors.tooFast)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** `connectionId`: the socket it came from, which gets the ack rather than the push. */
export async function sendMessage(senderId: string, input: SendMessageInput, connectionId?: string): Promise<SendOutcome> {
  if (input.clientId) {
    const earlier = await findByClientId(senderId, input.clientId)
    if (earlier) return { ok: true, message: earlier, duplicate: true }
  }
  const partner = await checkMessagingPartner(senderId, input.recipientId)
  if (!partner.ok) return { ...partner, field: partner.status === 403 ? undefined : 'recipientId' }

  const now = nextMessageTime()
  const row = {
    id: crypto.randomUUID(),
    senderId,
    recipientId: input.recipientId,
    content: input.content,
    createdAt: new Date(now).toISOString(),
    readAt: null,
    clientId: input.clientId ?? null,
  }
  let stored
  try {
    stored = await db.transaction().execute(async (trx) => {
      const conversationId = await touchConversation(trx, senderId, input.recipientId, row.createdAt)
      const inserted = await trx
        .insertInto('messages')
        .values({ ...row, conversationId })
        .onConflict((oc) => oc.columns(['senderId', 'clientId']).doNothing())
        .executeTakeFirst()
      if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) throw new AlreadyStored()
      const windowStart = new Date(now - messageRateLimit.windowMs).toISOString()
      const recent = await trx
        .selectFrom('messages')
        .select('createdAt')
        .where('senderId', '=', senderId)
        .where('createdAt', '>', windowStart)
        .orderBy('createdAt', 'desc')
        .limit(messageRateLimit.limit + 1)
        .execute()
      const oldestCounted = recent[messageRateLimit.limit]
      if (oldestCounted) throw new TooFast(Math.max(1, Math.ceil((Date.parse(oldestCounted.createdAt) + messageRateLimit.windowMs - now) / 1000)))
      const eventId = await recordMessageSent(trx, { id: row.id, conversationId }, connectionId)
      return { message: { ...row, conversationId, hiddenAt: null }, eventId }
    })
  } catch (error) {
    if (error instanceof TooFast) return { ok: false, status: 429, message: error.message, retryAfterSeconds: error.retryAfterSeconds }
    if (!(error instanceof AlreadyStored)) throw error
    // The same client id, sent twice at once: the other request stored it.
    const earlier = input.clientId ? await findByClientId(senderId, input.clientId) : null
    if (!earlier) throw new Error('A message with a client id was neither stored nor found', { cause: error })
    return { ok: true, message: earlier, duplicate: true }
  }
  await dispatchEvents([stored.eventId])
  const message = toMessageJson(stored.message, partner.people)
  return { ok: true, message, duplicate: false }
}

async function findByClientId(senderId: string, clientId: string) {
  const row = await db.selectFrom('messages').select(messageColumns).where('senderId', '=', senderId).where('clientId', '=', clientId).executeTakeFirst()
  if (!row) return null
  return toMessageJson(row, await getMemberProfiles([row.senderId]))
}
