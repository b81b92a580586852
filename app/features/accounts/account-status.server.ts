import { type Kysely, sql, type Transaction } from 'kysely'
import { type Database, db } from '#app/lib/db.server.ts'
import type { AccountStatus, Role } from '#app/lib/db-schema.ts'
import { recordEvent, type StoredEvent } from '#app/lib/events.server.ts'

// An account's standing (DESIGN.md rulings 2 and 25). `accountStatus` is the one flag every read asks
// (sessions, listings, profiles, dogs); setting it to suspended also deletes the account's sessions, so a
// cookie or token never works again, even after the suspension is lifted. The change is recorded as a
// domain event, so what follows it (pending requests withdrawn) happens exactly once, on any instance.

export const accountEventTypes = { suspended: 'account.suspended', reinstated: 'account.reinstated' } as const

/** Sets an account's status inside the caller's transaction; answers the recorded event's id, or null when it already had it. */
export async function setAccountStatus(trx: Transaction<Database>, userId: string, status: AccountStatus, now = Date.now()) {
  const changed = await trx
    .updateTable('users')
    .set({ accountStatus: status, updatedAt: new Date(now).toISOString() })
    .where('id', '=', userId)
    .where('accountStatus', '<>', status)
    .executeTakeFirst()
  if (Number(changed.numUpdatedRows) === 0) return null
  if (status === 'suspended') await trx.deleteFrom('sessions').where('userId', '=', userId).execute()
  return recordEvent(trx, { type: status === 'suspended' ? accountEventTypes.suspended : accountEventTypes.reinstated, subjectId: userId, payload: {} }, now)
}

/** The account a suspension event is about, or null for another event. */
export const suspendedAccountOf = (event: StoredEvent) => (event.type === accountEventTypes.suspended ? event.subjectId : null)

const overviewColumns = ['id', 'name', 'email', 'role', 'accountStatus', 'createdAt', 'lastSignInAt'] as const

/** What the admins' user list and user page show of accounts (moderation): never a password, address or point. */
export type AccountOverview = { id: string; name: string; email: string; role: Role; accountStatus: AccountStatus; createdAt: string; lastSignInAt: string | null }

/** Accounts whose name or e-mail contains `query` (any case), newest first, at most `limit`. */
export async function searchAccounts(query: string, limit: number): Promise<AccountOverview[]> {
  const pattern = `%${query.toLowerCase().replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return db
    .selectFrom('users')
    .select(overviewColumns)
    .where((eb) => eb.or([eb(sql`lower("name")`, 'like', sql`${pattern} escape '\\'`), eb(sql`lower("email")`, 'like', sql`${pattern} escape '\\'`)]))
    .orderBy('createdAt', 'desc')
    .orderBy('id')
    .limit(limit)
    .execute()
}

export async function findAccountOverview(userId: string): Promise<AccountOverview | undefined> {
  return db.selectFrom('users').select(overviewColumns).where('id', '=', userId).executeTakeFirst()
}

export async function findAccountOverviewByEmail(email: string): Promise<AccountOverview | undefined> {
  return db.selectFrom('users').select(overviewColumns).where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
}

/** The names of accounts, by id (any status: the admins see who did what, suspended or not). */
export async function namesOf(userIds: readonly string[]) {
  const ids = [...new Set(userIds)]
  const rows = ids.length === 0 ? [] : await db.selectFrom('users').select(['id', 'name']).where('id', 'in', ids).execute()
  return new Map(rows.map((row) => [row.id, row.name]))
}

/** The active admins: who hears of a new report. */
export async function activeAdminIds() {
  const rows = await db.selectFrom('users').select('id').where('role', '=', 'admin').where('accountStatus', '=', 'active').execute()
  return rows.map((row) => row.id)
}

/**
 * Makes an account an admin, or an admin an owner again (`npm run admin`, decision 063). An admin is a staff
 * account: neither owner nor sitter (DESIGN.md ruling 2). Answers the role it had, or null for an unknown e-mail.
 */
export async function setAdminRole(email: string, admin: boolean): Promise<Role | null> {
  return db.transaction().execute(async (trx) => {
    const account = await trx.selectFrom('users').select(['id', 'role']).where('email', '=', email.trim().toLowerCase()).executeTakeFirst()
    if (!account) return null
    const role: Role = admin ? 'admin' : account.role === 'admin' ? 'owner' : account.role
    if (role !== account.role) {
      await trx.updateTable('users').set({ role, updatedAt: new Date().toISOString() }).where('id', '=', account.id).execute()
      await trx.deleteFrom('sessions').where('userId', '=', account.id).execute()
    }
    return account.role
  })
}

/** An account's status as a transaction sees it; undefined for an unknown account. */
export async function accountStatusOf(userId: string, executor: Kysely<Database> = db) {
  return (await executor.selectFrom('users').select('accountStatus').where('id', '=', userId).executeTakeFirst())?.accountStatus
}
