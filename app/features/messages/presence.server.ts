import { db } from '#app/lib/db.server.ts'

// Who has a live socket open, on any app instance (decision 053). Each instance writes a row per user with
// an open socket on it (socketPresence), renews its rows while it lives and deletes a user's row when their
// last socket there closes; a row runs out `leaseMs` after its last renewal, so the users of an instance that
// crashed (and renews no more) count as away within that time. Any instance can then ask whether a user
// is reachable live, before falling back to e-mail (the unread-message digest) or push.

/** How often an instance renews its rows. */
export const presenceRenewMs = 30_000
/** A row not renewed for this long is ignored: three renewals missed. */
export const presenceLeaseMs = 3 * presenceRenewMs

const chunk = 500

/** The presence records of one app instance (this process's is `thisInstance`; tests make others). */
export function presenceOf(instanceId: string) {
  return {
    instanceId,
    /** Marks the users as having an open socket here until the lease runs out. */
    async renew(userIds: Iterable<string>, now = Date.now()) {
      const expiresAt = now + presenceLeaseMs
      const all = [...new Set(userIds)]
      for (let start = 0; start < all.length; start += chunk) {
        await db
          .insertInto('socketPresence')
          .values(all.slice(start, start + chunk).map((userId) => ({ instanceId, userId, expiresAt })))
          .onConflict((oc) => oc.columns(['instanceId', 'userId']).doUpdateSet({ expiresAt }))
          .execute()
      }
    },
    /** The user's last socket here closed. */
    async remove(userId: string) {
      await db.deleteFrom('socketPresence').where('instanceId', '=', instanceId).where('userId', '=', userId).execute()
    },
    /** The instance stops: none of its sockets stay open. */
    async clear() {
      await db.deleteFrom('socketPresence').where('instanceId', '=', instanceId).execute()
    },
  }
}

const globalPresence = globalThis as typeof globalThis & { __pawpalInstanceId?: string }
export const thisInstance = presenceOf((globalPresence.__pawpalInstanceId ??= crypto.randomUUID()))

/** Whether the user has a socket open on any instance that is alive. */
export async function hasOpenSocket(userId: string, now = Date.now()) {
  const row = await db.selectFrom('socketPresence').select('userId').where('userId', '=', userId).where('expiresAt', '>', now).limit(1).executeTakeFirst()
  return row !== undefined
}

/** Deletes rows whose instance stopped renewing them (housekeeping). */
export async function deleteExpiredPresence(now = Date.now()) {
  await db.deleteFrom('socketPresence').where('expiresAt', '<=', now).execute()
}
