import { randomBytes } from 'node:crypto'
import { db } from '#app/lib/db.server.ts'

// Every user's private calendar feed (DESIGN.md ruling 11) is addressed by a random token kept in
// users.calendarFeedToken: whoever holds the URL can read the feed, so it is long and random, made on
// first use, and replaced (rotated) to revoke every copy of the old URL.

const newToken = () => randomBytes(32).toString('base64url')

/** The user's feed token, made now when the user has none yet. */
export async function calendarFeedTokenOf(userId: string) {
  const made = await readCalendarFeedToken(userId)
  if (made) return made
  await db
    .updateTable('users')
    .set({ calendarFeedToken: newToken() })
    .where('id', '=', userId)
    .where('calendarFeedToken', 'is', null)
    .execute()
  const token = await readCalendarFeedToken(userId)
  if (!token) throw new Error(`User ${userId} has no calendar feed token`)
  return token
}

async function readCalendarFeedToken(userId: string) {
  const row = await db.selectFrom('users').select('calendarFeedToken').where('id', '=', userId).executeTakeFirst()
  return row?.calendarFeedToken ?? null
}

/** Replaces the token: the old feed URL stops working at once. */
export async function rotateCalendarFeedToken(userId: string) {
  const token = newToken()
  await db.updateTable('users').set({ calendarFeedToken: token, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute()
  return token
}

/** The active user a feed token belongs to, or null (unknown, rotated away, or a suspended account). */
export async function findCalendarFeedOwner(token: string) {
  if (token.length < 20 || token.length > 100) return null
  const row = await db
    .selectFrom('users')
    .select('id')
    .where('calendarFeedToken', '=', token)
    .where('accountStatus', '=', 'active')
    .executeTakeFirst()
  return row?.id ?? null
}
