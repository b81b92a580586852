import { db } from './db.server.ts'

/**
 * Sliding-window limit stored in the database, so it holds across restarts and processes.
 * `check` counts hits in the window without adding one; `hit` records one.
 */
export function rateLimit({ limit, windowMs }: { limit: number; windowMs: number }) {
  const windowStart = () => new Date(Date.now() - windowMs).toISOString()
  return {
    async isLimited(key: string) {
      const row = await db
        .selectFrom('rateLimitHits')
        .select((eb) => eb.fn.countAll<number>().as('count'))
        .where('key', '=', key)
        .where('at', '>', windowStart())
        .executeTakeFirstOrThrow()
      return Number(row.count) >= limit
    },
    async hit(key: string) {
      await db.insertInto('rateLimitHits').values({ key, at: new Date().toISOString() }).execute()
    },
    async reset(key: string) {
      await db.deleteFrom('rateLimitHits').where('key', '=', key).execute()
    },
  }
}

export async function deleteStaleRateLimitHits(olderThanMs: number) {
  await db
    .deleteFrom('rateLimitHits')
    .where('at', '<', new Date(Date.now() - olderThanMs).toISOString())
    .execute()
}
