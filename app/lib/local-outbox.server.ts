import { db } from './db.server.ts'

// A local run (LOCAL_RUN, decision 073) sends no e-mail: every e-mail it would send stays in the emailOutbox
// table, the one record every instance of it shares, and /local/outbox lists them. E-mails the outbox queued
// are there already; one sent at once (a password reset) is written there as sent.

/** Keeps an e-mail sent at once (not queued) in the outbox table, marked sent, so the outbox page lists it. */
export async function keepEmailLocally(email: { to: string; subject: string; text: string; unsubscribeUrl?: string | null }, now = Date.now()) {
  const at = new Date(now).toISOString()
  await db
    .insertInto('emailOutbox')
    .values({
      id: crypto.randomUUID(),
      key: `kept-locally:${crypto.randomUUID()}`,
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      unsubscribeUrl: email.unsubscribeUrl ?? null,
      createdAt: at,
      nextAttemptAt: at,
      sentAt: at,
    })
    .execute()
}

export const localOutboxPageSize = 50

/** The newest e-mails of the outbox table, newest first: what a local run has 'sent'. */
export function listLocalOutbox() {
  return db
    .selectFrom('emailOutbox')
    .select(['id', 'recipient', 'subject', 'body', 'createdAt'])
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(localOutboxPageSize)
    .execute()
}
