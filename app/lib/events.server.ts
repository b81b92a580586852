import { type Kysely, sql, type Transaction } from 'kysely'
import { db, type Database } from './db.server.ts'
import { inBackground, doTaken, takeDue, type WorkQueue, type WorkResult } from './work-queue.server.ts'

// Domain events as a transactional outbox (decision 038). A feature records what happened (a booking
// accepted, a message sent) in the transaction that made it happen; each subscriber registered for the
// event's type gets a delivery row in that same transaction, so a side effect exists exactly when its
// change committed. After the commit the writer dispatches its events at once; what fails, or what a
// crashed process left behind, is picked up by the sweep (`deliverDueEvents`) with backoff; taking and
// retrying deliveries is lib/work-queue.server.ts, shared with the e-mail queue. Delivery is
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

export type DeliveryResult = WorkResult

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

type TakenDelivery = { eventId: string; subscriber: string; attempts: number }

const deliveries: WorkQueue = {
  table: 'eventDeliveries',
  key: ['eventId', 'subscriber'],
  doneColumn: 'deliveredAt',
  leaseMs,
  maxAttempts,
  retryDelayMs: eventRetryDelayMs,
}

/** Only deliveries to subscribers this process has (none when it has none). */
function toKnownSubscribers(eventIds?: readonly string[]) {
  const names = [...registry.keys()]
  if (names.length === 0) return null
  const known = sql`"subscriber" in (${sql.join(names)})`
  return eventIds ? sql`${known} and "eventId" in (${sql.join(eventIds)})` : known
}

/**
 * Handles the deliveries of these events now (right after the commit that recorded them), each
 * subscriber's in parallel; the results by event id and subscriber name. A delivery another worker holds
 * is left to it. Stopping the app waits for this to finish.
 */
export function dispatchEvents(eventIds: readonly string[], now = Date.now()) {
  return inBackground(dispatch(eventIds, now))
}

async function dispatch(eventIds: readonly string[], now: number) {
  const results = new Map<string, Map<string, DeliveryResult>>()
  const only = eventIds.length > 0 ? toKnownSubscribers(eventIds) : null
  if (!only) return results
  const due = await takeDue<TakenDelivery>(db, deliveries, { now, limit: eventIds.length * registry.size, only })
  const events = eventsOf(db, due)
  await Promise.all(
    due.map(async (delivery) => {
      const result = await deliver(db, delivery, events, now)
      const byEvent = results.get(delivery.eventId) ?? new Map<string, DeliveryResult>()
      byEvent.set(delivery.subscriber, result)
      results.set(delivery.eventId, byEvent)
    }),
  )
  return results
}

/**
 * How long a delivery never tried is left to the writer that recorded it: the writer dispatches it right
 * after its commit, and a sweep that took it first would handle it late, one after another with the rest
 * it took. Past this the writer evidently died before it dispatched.
 */
export const writerHeadStartMs = 10_000

/**
 * The sweep: every delivery that is due (retried after a failure, left by a crash, or never tried and
 * past the writer's head start), up to 100 at a time; any number of instances sweep the same database at
 * once and each delivery is handled by one of them. `untriedToo` takes the never tried at once: at
 * start-up, when they are what a stopped process left.
 */
export async function deliverDueEvents(now = Date.now(), database: Kysely<Database> = db, { untriedToo = false } = {}) {
  const known = toKnownSubscribers()
  if (!known) return { due: 0, delivered: 0 }
  const only = untriedToo ? known : sql`${known} and ("attempts" > 0 or "nextAttemptAt" <= ${iso(now - writerHeadStartMs)})`
  const due = await takeDue<TakenDelivery>(database, deliveries, { now, limit: 100, only })
  const events = eventsOf(database, due)
  let delivered = 0
  for (const delivery of due) if ((await deliver(database, delivery, events, now)).ok) delivered++
  return { due: due.length, delivered }
}

/** The events of taken deliveries, read once for all of them. */
async function eventsOf(database: Kysely<Database>, taken: readonly TakenDelivery[]): Promise<Map<string, StoredEvent>> {
  const ids = [...new Set(taken.map((delivery) => delivery.eventId))]
  if (ids.length === 0) return new Map()
  const rows = await database.selectFrom('domainEvents').selectAll().where('id', 'in', ids).execute()
  return new Map(
    rows.map((row) => [row.id, { id: row.id, type: row.type, subjectId: row.subjectId, occurredAt: row.occurredAt, payload: JSON.parse(row.payload) as Record<string, unknown> }]),
  )
}

/** Runs the handler of a delivery this worker took; `events` are the taken deliveries' events (a failure to read them fails the delivery). */
async function deliver(database: Kysely<Database>, delivery: TakenDelivery, events: Promise<Map<string, StoredEvent>>, now: number): Promise<DeliveryResult> {
  const describe = `Event ${delivery.eventId} for ${delivery.subscriber}`
  return doTaken(database, deliveries, delivery, { now, describe }, async () => {
    const subscriber = registry.get(delivery.subscriber)
    const event = (await events).get(delivery.eventId)
    return event && subscriber ? subscriber.handle(event) : undefined
  })
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
