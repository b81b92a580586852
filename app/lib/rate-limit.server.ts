import type { HeadersArgs } from 'react-router'
import { db, rowIdentity, serializeOn } from './db.server.ts'

// Sliding-window limits stored in the database (table rateLimitHits: one row per counted hit), so they
// hold across restarts. A hit is counted BEFORE the work it guards (a password hash, an e-mail, an
// upstream request): `take` inserts the hit and counts the window in one transaction and rolls the hit
// back when the window is full, so concurrent requests cannot all pass a check that none has counted
// yet. See docs/decisions/012-rate-limits.md.

/** Hits older than this are deleted by `deleteStaleRateLimitHits`; no window may be longer. */
export const rateLimitRetentionMs = 24 * 60 * 60 * 1000

export type SlotClaim = { key: string; limit: number; windowMs: number }

export type SlotReservation =
  | {
      ok: true
      /** Gives the slots back (the guarded work turned out not to count, e.g. a correct password). */
      refund: () => Promise<void>
    }
  | { ok: false; /** Whole seconds until every full window frees a slot (for Retry-After). */ retryAfterSeconds: number }

export function rateLimit({ limit, windowMs }: { limit: number; windowMs: number }) {
  if (windowMs > rateLimitRetentionMs) throw new Error(`A rate-limit window of ${windowMs} ms outlives the pruning of its hits`)
  return {
    /** This limit applied to one key, for `takeSlots` with several limits at once. */
    claim: (key: string): SlotClaim => ({ key, limit, windowMs }),
    /** Takes a slot for `key`, or answers how long until one is free. */
    take: (key: string) => takeSlots([{ key, limit, windowMs }]),
    /** How many hits of `key` the window holds now (takes nothing). */
    async count(key: string) {
      const { hits } = await db
        .selectFrom('rateLimitHits')
        .select((eb) => eb.fn.countAll<number>().as('hits'))
        .where('key', '=', key)
        .where('at', '>', new Date(Date.now() - windowMs).toISOString())
        .executeTakeFirstOrThrow()
      return Number(hits)
    },
    /** Forgets every hit of `key` (e.g. the failed logins of an account after a successful one). */
    async reset(key: string) {
      await db.deleteFrom('rateLimitHits').where('key', '=', key).execute()
    },
  }
}

class WindowFull extends Error {
  retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super('rate limit window full')
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/** The last take of each set of keys in this process: the next one starts after it. */
const takesInLine = new Map<string, Promise<unknown>>()

/**
 * Runs `take` after this process's earlier takes of the same keys. Concurrent takes of one busy key (a
 * burst of sockets from one address) then wait here, holding nothing, rather than each in a transaction
 * on a pooled connection waiting for the key's lock, which left no connection for anything else.
 */
function inLine<T>(keys: string, take: () => Promise<T>): Promise<T> {
  const taken = (takesInLine.get(keys) ?? Promise.resolve()).then(take)
  const settled = taken.then(
    () => {},
    () => {},
  )
  takesInLine.set(keys, settled)
  void settled.then(() => takesInLine.get(keys) === settled && takesInLine.delete(keys))
  return taken
}

/**
 * Takes one slot from every claim, or none: the hits are inserted first (which takes SQLite's write
 * lock; on PostgreSQL each key's advisory lock: so no other writer counts in between, in this process or
 * another) and the windows counted after; when any window is over its limit the transaction rolls back and
 * nothing is counted. Takes of the same keys in this process wait for each other first (inLine).
 */
export function takeSlots(claims: SlotClaim[]): Promise<SlotReservation> {
  return inLine(JSON.stringify(claims.map(({ key }) => key).toSorted()), () => takeSlotsNow(claims))
}

async function takeSlotsNow(claims: SlotClaim[]): Promise<SlotReservation> {
  const now = Date.now()
  const at = new Date(now).toISOString()
  try {
    await db.transaction().execute(async (trx) => {
      await serializeOn(trx, claims.map(({ key }) => `rate-limit:${key}`))
      await trx
        .insertInto('rateLimitHits')
        .values(claims.map(({ key }) => ({ key, at })))
        .execute()
      let retryAfterSeconds = 0
      for (const { key, limit, windowMs } of claims) {
        const windowStart = new Date(now - windowMs).toISOString()
        const { count } = await trx
          .selectFrom('rateLimitHits')
          .select((eb) => eb.fn.countAll<number>().as('count'))
          .where('key', '=', key)
          .where('at', '>', windowStart)
          .executeTakeFirstOrThrow()
        const over = Number(count) - limit
        if (over <= 0) continue
        // Without our hit the window holds limit + over - 1 hits: the `over`-th oldest must age out.
        const freeing = await trx
          .selectFrom('rateLimitHits')
          .select('at')
          .where('key', '=', key)
          .where('at', '>', windowStart)
          .orderBy('at')
          .limit(1)
          .offset(over - 1)
          .executeTakeFirst()
        const freesAt = (freeing ? Date.parse(freeing.at) : now) + windowMs
        retryAfterSeconds = Math.max(retryAfterSeconds, Math.ceil((freesAt - now) / 1000), 1)
      }
      if (retryAfterSeconds > 0) throw new WindowFull(retryAfterSeconds)
    })
  } catch (error) {
    if (error instanceof WindowFull) return { ok: false, retryAfterSeconds: error.retryAfterSeconds }
    throw error
  }
  return { ok: true, refund: () => refundHits(claims, at) }
}

/** Deletes the one hit per claim that a reservation inserted (the engine's row id picks a single row). */
async function refundHits(claims: SlotClaim[], at: string) {
  for (const { key } of claims) {
    await db
      .deleteFrom('rateLimitHits')
      .where(rowIdentity, '=', (eb) =>
        eb.selectFrom('rateLimitHits').select(rowIdentity.as('id')).where('key', '=', key).where('at', '=', at).limit(1),
      )
      .execute()
  }
}

/** The Retry-After header of a 429 answer. */
export const retryAfterHeaders = (retryAfterSeconds: number) => ({ 'Retry-After': String(retryAfterSeconds) })

/**
 * A page route's `headers` export: React Router leaves an action's own headers off the page it renders,
 * so this carries a 429's Retry-After over (`export const headers = retryAfterFromAction`).
 */
export function retryAfterFromAction({ actionHeaders }: HeadersArgs): HeadersInit {
  const retryAfter = actionHeaders.get('Retry-After')
  return retryAfter ? { 'Retry-After': retryAfter } : {}
}

/** Deletes hits no window still counts; returns how many went. Runs at start-up and periodically (app/lifecycle.server.ts). */
export async function deleteStaleRateLimitHits(olderThanMs = rateLimitRetentionMs) {
  const result = await db
    .deleteFrom('rateLimitHits')
    .where('at', '<', new Date(Date.now() - olderThanMs).toISOString())
    .executeTakeFirst()
  return Number(result.numDeletedRows)
}
