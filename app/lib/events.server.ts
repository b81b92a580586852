import { type Kysely, sql, type Transaction } from 'kysely'
import { db, type Database } from './db.server.ts'

// Domain events as a transactional outbox (decision 038). A feature records what happened (a booking
// accepted, a message sent) in the transaction that made it happen; each subscriber registered for the
// event's type gets a delivery row in that same transaction, so a side effect exists exactly when its
// change committed. After the commit the writer dispatches its events at once; what fails, or what a
// crashed process left behind, is picked up by the sweep (`deliverDueEvents`) with backoff. Delivery is
// at least once: handlers are idempotent (keyed e-mails, calendar event ids derived from the booking,
// pushes a client can see twice). A handler never fails or delays the change: it runs after the commit.
// Subscribers are registered by the composition root (app/lifecycle.server.ts), so lib imports no feature.

export type EventRecord = { type: string; subjectId: string; payload: Record<string, unknown> }

export type StoredEvent = EventRecord & { id: string; occurredAt: string }

export type Subscriber = {
  /** Stored with each delivery: renaming a subscriber orphans its undelivered rows. */
  name: string
  types: readonly string[]
  /** Throws to be retried later; what it returns reaches a writer that dispatched the event itself. */
  handle: (event: StoredEvent) => Promise<unknown>
}

export type DeliveryResult = { ok: true; value: unknown } | { ok: false; error: unknown }

/** A worker that took a delivery and then died is replaced after this long. */
const leaseMs = 60_000
const maxAttempts = 10
/** 5 s, 10 s, 20 s ... between attempts, at most an hour. */
export const eventRetryDelayMs = (attempts: number) => Math.min(5_000 * 2 ** Math.max(0, attempts - 1), 60 * 60_000)

// On globalThis, as the chat hub is: a dev reload of this module (and the tests, which load the app's
// modules twice) keeps one registry; registering a name again replaces its handler.
const globalRegistry = globalThis as typeof globalThis & { __pawpalEventSubscribers?: Map<string, Subscriber> }
const registry = (globalRegistry.__pawpalEventSubscribers ??= new Map<string, Subscriber>())

export function registerSubscriber(subscriber: Subscriber) {
  registry.set(subscriber.name, subscriber)
}

const iso = (instant: number) => new Date(instant).toISOString()

/** Records an event and its deliveries inside the caller's transaction; returns the event's id. */
export async function recordEvent(trx: Transaction<Database> | Kysely<Database>, event: EventRecord, now = Date.now()) {
  const id = crypto.randomUUID()
  await trx
    .insertInto('domainEvents')
    .values({ id, type: event.type, subjectId: event.subjectId, payload: JSON.stringify(event.payload), occurredAt: iso(now) })
    .execute()
  const subscribers = [...registry.values()].filter((subscriber) => subscriber.types.includes(event.type))
  if (subscribers.length > 0) {
    await trx
      .insertInto('eventDeliveries')
      .values(subscribers.map((subscriber) => ({ eventId: id, subscriber: subscriber.name, nextAttemptAt: iso(now) })))
      .execute()
  }
  return id
}

type DueDelivery = { eventId: string; subscriber: string; attempts: number; nextAttemptAt: string }

/**
 * Handles the deliveries of these events now (right after the commit that recorded them), each
 * subscriber's in parallel; the results by event id and subscriber name. A delivery another worker holds
 * is left to it.
 */
export async function dispatchEvents(eventIds: readonly string[], now = Date.now()) {
  const results = new Map<string, Map<string, DeliveryResult>>()
  if (eventIds.length === 0) return results
  const due = await db
    .selectFrom('eventDeliveries')
    .select(['eventId', 'subscriber', 'attempts', 'nextAttemptAt'])
    .where('eventId', 'in', eventIds)
    .where('deliveredAt', 'is', null)
    .where('nextAttemptAt', '<=', iso(now))
    .execute()
  await Promise.all(
    due.map(async (delivery) => {
      const result = await deliver(delivery, now)
      if (!result) return
      const byEvent = results.get(delivery.eventId) ?? new Map<string, DeliveryResult>()
      byEvent.set(delivery.subscriber, result)
      results.set(delivery.eventId, byEvent)
    }),
  )
  return results
}

/** The sweep: every delivery that is due (never tried, retried after a failure, or left by a crash). */
export async function deliverDueEvents(now = Date.now()) {
  const due = await db
    .selectFrom('eventDeliveries')
    .select(['eventId', 'subscriber', 'attempts', 'nextAttemptAt'])
    .where('deliveredAt', 'is', null)
    .where('nextAttemptAt', '<=', iso(now))
    .where('attempts', '<', maxAttempts)
    .orderBy('nextAttemptAt')
    .limit(100)
    .execute()
  let delivered = 0
  for (const delivery of due) if ((await deliver(delivery, now))?.ok) delivered++
  return { due: due.length, delivered }
}

/**
 * Takes the delivery by moving its next attempt forward from the value read (compare and set), so two
 * workers or two processes never run it at once, then runs its handler. Null when another took it.
 */
async function deliver(delivery: DueDelivery, now: number): Promise<DeliveryResult | null> {
  const subscriber = registry.get(delivery.subscriber)
  if (!subscriber) return null
  const taken = await db
    .updateTable('eventDeliveries')
    .set({ nextAttemptAt: iso(now + leaseMs), attempts: sql<number>`"attempts" + 1` })
    .where('eventId', '=', delivery.eventId)
    .where('subscriber', '=', delivery.subscriber)
    .where('deliveredAt', 'is', null)
    .where('nextAttemptAt', '=', delivery.nextAttemptAt)
    .executeTakeFirst()
  if (Number(taken.numUpdatedRows) === 0) return null
  const attempts = delivery.attempts + 1
  const where = { eventId: delivery.eventId, subscriber: delivery.subscriber }
  try {
    const event = await loadEvent(delivery.eventId)
    const value = event ? await subscriber.handle(event) : undefined
    await db.updateTable('eventDeliveries').set({ deliveredAt: iso(Date.now()), lastError: null }).where('eventId', '=', where.eventId).where('subscriber', '=', where.subscriber).execute()
    return { ok: true, value }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (attempts >= maxAttempts) console.error(`Giving up on event ${delivery.eventId} for ${delivery.subscriber} after ${attempts} attempts: ${message}`)
    else console.warn(`Event ${delivery.eventId} for ${delivery.subscriber} failed (attempt ${attempts}), retrying later: ${message}`)
    await db
      .updateTable('eventDeliveries')
      .set({ nextAttemptAt: iso(now + eventRetryDelayMs(attempts)), lastError: message.slice(0, 1000) })
      .where('eventId', '=', where.eventId)
      .where('subscriber', '=', where.subscriber)
      .execute()
    return { ok: false, error }
  }
}

async function loadEvent(id: string): Promise<StoredEvent | null> {
  const row = await db.selectFrom('domainEvents').selectAll().where('id', '=', id).executeTakeFirst()
  if (!row) return null
  return { id: row.id, type: row.type, subjectId: row.subjectId, occurredAt: row.occurredAt, payload: JSON.parse(row.payload) as Record<string, unknown> }
}

/**
 * Deletes events every subscriber has handled, and those older than 30 days whatever became of them
 * (a delivery given up on stays that long for a look).
 */
export async function pruneDeliveredEvents(now = Date.now()) {
  const result = await db
    .deleteFrom('domainEvents')
    .where((eb) =>
      eb.or([
        eb.not(eb.exists(eb.selectFrom('eventDeliveries').select('eventId').whereRef('eventDeliveries.eventId', '=', 'domainEvents.id').where('deliveredAt', 'is', null))),
        eb('occurredAt', '<', iso(now - 30 * 24 * 60 * 60_000)),
      ]),
    )
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
