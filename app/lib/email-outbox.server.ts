import type { Kysely, Transaction } from 'kysely'
import { db, type Database } from './db.server.ts'
import { deliverEmail, type Email } from './email.server.ts'
import { doTaken, inBackground, takeDue, type WorkQueue } from './work-queue.server.ts'

// E-mails that report a change (a booking requested, accepted, ...) are written to the emailOutbox table
// in the same transaction as the change, then delivered by a worker after the commit: an e-mail exists
// exactly when its change happened, a slow or failing mail server never holds a transaction or fails a
// request, and a failed delivery is retried. Each e-mail has a key naming what it reports; a key is
// queued once, so the same event never mails twice.

export type OutboxEmail = Email & {
  /** What the e-mail reports, e.g. 'booking:<id>:accepted'. */
  key: string
}

/** Sending again this long after a worker took an e-mail, if that worker never finished (it crashed). */
const leaseMs = 2 * 60_000
const maxEmailAttempts = 8
/** 1, 2, 4, 8 ... minutes between attempts, at most 6 hours. */
const retryDelayMs = (attempts: number) => Math.min(60_000 * 2 ** Math.max(0, attempts - 1), 6 * 60 * 60_000)

const iso = (instant: number) => new Date(instant).toISOString()

/** Queues an e-mail (inside the caller's transaction, if any); a key already queued stays as it is. */
export async function queueEmail(trx: Transaction<Database> | Kysely<Database>, email: OutboxEmail, now = Date.now()) {
  await trx
    .insertInto('emailOutbox')
    .values({
      id: crypto.randomUUID(),
      key: email.key,
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      unsubscribeUrl: email.unsubscribeUrl ?? null,
      createdAt: iso(now),
      nextAttemptAt: iso(now),
    })
    .onConflict((oc) => oc.column('key').doNothing())
    .execute()
}

const emails: WorkQueue = { table: 'emailOutbox', key: ['id'], doneColumn: 'sentAt', leaseMs, maxAttempts: maxEmailAttempts, retryDelayMs }

type TakenEmail = { id: string; recipient: string; subject: string; body: string; unsubscribeUrl: string | null; attempts: number }

/**
 * Sends the e-mails that are due, up to 50; any number of instances do this on one database at once and
 * each e-mail is sent by one of them (lib/work-queue.server.ts). A failure is kept with its message and
 * retried later, up to 8 attempts.
 */
export async function deliverDueEmails(now = Date.now(), database: Kysely<Database> = db) {
  const due = await takeDue<TakenEmail>(database, emails, { now, limit: 50 })
  let sent = 0
  let failed = 0
  for (const email of due) {
    const describe = `E-mail ${email.id} to ${email.recipient}`
    const result = await doTaken(database, emails, email, { now, describe }, () =>
      deliverEmail({ to: email.recipient, subject: email.subject, text: email.body, unsubscribeUrl: email.unsubscribeUrl }),
    )
    if (result.ok) sent++
    else failed++
  }
  return { sent, failed }
}

let delivering: Promise<void> | null = null
let deliverAgain = false

/**
 * Starts delivering due e-mails in the background (after a commit that queued some); one run at a
 * time, and one more when asked again meanwhile. Never throws: what fails is retried by the next run.
 */
export function deliverEmailsSoon() {
  if (delivering) {
    deliverAgain = true
    return delivering
  }
  delivering = inBackground(
    (async () => {
      do {
        deliverAgain = false
        try {
          await deliverDueEmails()
        } catch (error) {
          console.error('Delivering queued e-mails failed:', error)
        }
      } while (deliverAgain)
      delivering = null
    })(),
  )
  return delivering
}

export type EmailOutcome = { status: 'waiting' | 'sent' | 'failed'; at: string }

/**
 * What became of the queued e-mails with these keys, read from their outbox rows (the one record, whichever
 * instance sent them): waiting since queued (retries included), sent when the mail server accepted it, failed
 * at the last attempt once the outbox gave up. A key never queued is absent.
 */
export async function emailOutcomes(keys: readonly string[]) {
  const outcomes = new Map<string, EmailOutcome>()
  if (keys.length === 0) return outcomes
  const rows = await db.selectFrom('emailOutbox').select(['key', 'createdAt', 'attempts', 'nextAttemptAt', 'sentAt']).where('key', 'in', keys).execute()
  for (const row of rows) {
    if (row.sentAt) outcomes.set(row.key, { status: 'sent', at: row.sentAt })
    else if (row.attempts >= maxEmailAttempts) {
      // A failed attempt sets the next one a retry delay after it started (lib/work-queue.server.ts).
      outcomes.set(row.key, { status: 'failed', at: iso(Date.parse(row.nextAttemptAt) - retryDelayMs(row.attempts)) })
    } else outcomes.set(row.key, { status: 'waiting', at: row.createdAt })
  }
  return outcomes
}
