import type { Kysely, Transaction } from 'kysely'
import { findAccountOverview, setAccountStatus } from '#app/features/accounts/account-status.server.ts'
import { type Database, db } from '#app/lib/db.server.ts'
import { dispatchEvents } from '#app/lib/events.server.ts'
import { type Admin, auditActions, recordAudit } from './audit-log.server.ts'
import { moderationMessages } from './moderation-terms.ts'

// Suspending an account (DESIGN.md ruling 25). The suspension row keeps the reason and the end; the
// account's status is what every read asks, so the user's sessions and tokens stop at once on every
// instance (deleted with the status change), their open sockets close within a second (their sessions
// are checked twice a second), their listing leaves /sitters, /map and /dogs/available (the listings
// follow the status), and their pending requests are withdrawn and their push devices put to sleep (the
// `account.suspended` event). A
// suspension with an end lifts itself: the sweep, and a sign-in after the end, lift it.

export type SuspensionFailure = { ok: false; status: 400 | 404 | 409; message: string; field?: 'until' }

/** The start of `until` (UTC): the first day the user may sign in again. */
const endOf = (until: string | undefined) => (until ? `${until}T00:00:00.000Z` : null)

/** Checks a suspension's end: a day after today (UTC). */
export function checkUntil(until: string | undefined, now = Date.now()): SuspensionFailure | null {
  const endsAt = endOf(until)
  if (endsAt && Date.parse(endsAt) <= now) return { ok: false, status: 400, message: moderationMessages.untilInPast, field: 'until' }
  return null
}

/**
 * Suspends an account inside the caller's transaction and records it in the audit log; answers the ids of
 * the events to dispatch after the commit, or a failure (an unknown account, an admin, a standing suspension).
 */
export async function suspendInTransaction(trx: Transaction<Database>, admin: Admin, userId: string, input: { reason: string; until?: string }, now = Date.now()) {
  const account = await trx.selectFrom('users').select(['role']).where('id', '=', userId).executeTakeFirst()
  if (!account) return { ok: false, status: 404, message: moderationMessages.userNotFound } as const
  if (account.role === 'admin') return { ok: false, status: 409, message: moderationMessages.adminNotSuspended } as const
  // The status change is the lock: of two admins suspending at once, the second changes nothing.
  const eventId = await setAccountStatus(trx, userId, 'suspended', now)
  if (!eventId) return { ok: false, status: 409, message: moderationMessages.alreadySuspended } as const
  await trx
    .insertInto('suspensions')
    .values({ id: crypto.randomUUID(), userId, reason: input.reason, startedAt: new Date(now).toISOString(), endsAt: endOf(input.until), suspendedById: admin.id, liftedAt: null, liftedById: null })
    .execute()
  await recordAudit(trx, admin, { action: auditActions.suspendUser, targetKind: 'user', targetId: userId, reason: input.reason }, now)
  return { ok: true, eventIds: [eventId] } as const
}

export async function suspendUser(admin: Admin, userId: string, input: { reason: string; until?: string }, now = Date.now()) {
  const refused = checkUntil(input.until, now)
  if (refused) return refused
  const outcome = await db.transaction().execute((trx) => suspendInTransaction(trx, admin, userId, input, now))
  if (outcome.ok) void dispatchEvents(outcome.eventIds)
  return outcome
}

/** Lifts an account's suspension: by an admin (audited), or by itself at its end (`admin` null). */
async function liftInTransaction(trx: Transaction<Database>, admin: Admin | null, userId: string, now: number) {
  const at = new Date(now).toISOString()
  const reinstated = await setAccountStatus(trx, userId, 'active', now)
  if (!reinstated) return null
  await trx.updateTable('suspensions').set({ liftedAt: at, liftedById: admin?.id ?? null }).where('userId', '=', userId).where('liftedAt', 'is', null).execute()
  if (admin) await recordAudit(trx, admin, { action: auditActions.liftSuspension, targetKind: 'user', targetId: userId }, now)
  return reinstated
}

export async function liftSuspension(admin: Admin, userId: string, now = Date.now()): Promise<{ ok: true } | SuspensionFailure> {
  if (!(await findAccountOverview(userId))) return { ok: false, status: 404, message: moderationMessages.userNotFound }
  const eventId = await db.transaction().execute((trx) => liftInTransaction(trx, admin, userId, now))
  if (!eventId) return { ok: false, status: 409, message: moderationMessages.notSuspended }
  void dispatchEvents([eventId])
  return { ok: true }
}

/** Lifts every suspension whose end has come (the sweep, on any instance: each is lifted once). Answers how many. */
export async function liftEndedSuspensions(now = Date.now(), userId?: string) {
  let query = db.selectFrom('suspensions').select('userId').where('liftedAt', 'is', null).where('endsAt', '<=', new Date(now).toISOString())
  if (userId) query = query.where('userId', '=', userId)
  const ended = await query.execute()
  const events: string[] = []
  for (const { userId: id } of ended) {
    const eventId = await db.transaction().execute((trx) => liftInTransaction(trx, null, id, now))
    if (eventId) events.push(eventId)
  }
  void dispatchEvents(events)
  return events.length
}

export type StandingSuspension = { reason: string; startedAt: string; endsAt: string | null }

/** The suspension an account is under now, or null. */
export async function standingSuspensionOf(userId: string, executor: Kysely<Database> = db): Promise<StandingSuspension | null> {
  const row = await executor
    .selectFrom('suspensions')
    .select(['reason', 'startedAt', 'endsAt'])
    .where('userId', '=', userId)
    .where('liftedAt', 'is', null)
    .executeTakeFirst()
  return row ?? null
}
