import { type Kysely, type RawBuilder, sql } from 'kysely'
import { type Database, engine } from './db.server.ts'

// The one home of 'take due work, do it, mark it done or retry later' for the tables that queue work after
// a commit: the event outbox's deliveries (events.server.ts) and the e-mail queue (email-outbox.server.ts).
// Any number of workers, in one process or in N app instances on one database, sweep at once and each row
// is taken by one of them (decision 050):
// - a worker takes rows with one statement that moves their next attempt past a lease and counts the
//   attempt; on PostgreSQL the rows it picks are locked with `for update skip locked`, so a second worker
//   picks other rows instead of taking the same ones once the first commits; SQLite's single writer runs
//   one such statement at a time;
// - a taken row is marked done, or failed with its message and a next attempt after a growing delay;
// - a worker that died after taking a row leaves it until the lease runs out, then another takes it (so
//   delivery is at least once, and handlers are idempotent).

export type WorkQueue = {
  table: 'emailOutbox' | 'eventDeliveries'
  /** The columns naming one row. */
  key: readonly string[]
  /** Set when the work is done. */
  doneColumn: 'sentAt' | 'deliveredAt'
  /** A worker that took a row and then died is replaced after this long. */
  leaseMs: number
  maxAttempts: number
  /** How long after its `attempts`-th failure a row is tried again. */
  retryDelayMs: (attempts: number) => number
}

/** A taken row: `attempts` counts this attempt. */
export type Taken = { attempts: number }

export type WorkResult<T = unknown> = { ok: true; value: T } | { ok: false; error: unknown }

const iso = (instant: number) => new Date(instant).toISOString()

const lockedRowsSkipped = engine === 'postgres' ? sql`for update skip locked` : sql``

/**
 * Takes up to `limit` due rows (oldest due first) for this worker; `only` narrows which. Rows another worker
 * is taking at this moment are skipped, never taken twice.
 */
export async function takeDue<Row extends Taken>(
  database: Kysely<Database>,
  queue: WorkQueue,
  { now, limit, only }: { now: number; limit: number; only?: RawBuilder<unknown> },
): Promise<Row[]> {
  const table = sql.table(queue.table)
  const key = sql.join(queue.key.map((column) => sql.ref(column)))
  const due = [sql`${sql.ref(queue.doneColumn)} is null`, sql`"nextAttemptAt" <= ${iso(now)}`, sql`"attempts" < ${queue.maxAttempts}`]
  if (only) due.push(only)
  const { rows } = await sql<Row>`
    update ${table} set "nextAttemptAt" = ${iso(now + queue.leaseMs)}, "attempts" = "attempts" + 1
    where (${key}) in (
      select ${key} from ${table} where ${sql.join(due, sql` and `)}
      order by "nextAttemptAt" limit ${limit} ${lockedRowsSkipped}
    )
    returning *`.execute(database)
  return rows
}

/**
 * Does the work of a taken row and records how it went: done, or failed and due again after the retry
 * delay (counted from `now`, the time it was taken); `describe` names it in the log.
 */
export async function doTaken<T>(
  database: Kysely<Database>,
  queue: WorkQueue,
  row: Taken & Record<string, unknown>,
  { now, describe }: { now: number; describe: string },
  work: () => Promise<T>,
): Promise<WorkResult<T>> {
  const thisRow = sql.join(
    queue.key.map((column) => sql`${sql.ref(column)} = ${row[column]}`),
    sql` and `,
  )
  try {
    const value = await work()
    await sql`update ${sql.table(queue.table)} set ${sql.ref(queue.doneColumn)} = ${iso(Date.now())}, "lastError" = null where ${thisRow}`.execute(database)
    return { ok: true, value }
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error)
    if (row.attempts >= queue.maxAttempts) console.error(`Giving up on ${describe} after ${row.attempts} attempts: ${message}`)
    else console.warn(`${describe} failed (attempt ${row.attempts}), retrying later: ${message}`)
    await sql`
      update ${sql.table(queue.table)} set "nextAttemptAt" = ${iso(now + queue.retryDelayMs(row.attempts))}, "lastError" = ${message.slice(0, 1000)}
      where ${thisRow}`.execute(database)
    return { ok: false, error }
  }
}

// Work started after a commit (an event dispatched, e-mails sent) or by a timer (a sweep) runs on after
// the request answered; stopping the app waits for it before the database closes (app/lifecycle.server.ts).
const inFlight = new Set<Promise<unknown>>()

/** Tracks `work` as background work that stopping the app waits for. */
export function inBackground<T>(work: Promise<T>): Promise<T> {
  inFlight.add(work)
  void work.finally(() => inFlight.delete(work)).catch(() => {})
  return work
}

/** Resolves once no background work runs (including work started while waiting). */
export async function backgroundWorkDone() {
  while (inFlight.size > 0) await Promise.allSettled([...inFlight])
}
