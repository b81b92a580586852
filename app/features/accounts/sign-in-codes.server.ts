import { createHash, randomBytes } from 'node:crypto'
import { createCookie, href } from 'react-router'
import { googleFlowCookiePrefix } from '#app/lib/credentials.server.ts'
import { db } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { browserIdOf, createSession } from './session.server.ts'

// The hand-over of a Google sign-in to /login/success (DESIGN.md ruling 31, decision 059). A link alone
// never signs a browser in: the code in it works once, for 60 seconds, and only in the browser holding the
// cookie it got when it started the sign-in. Both are stored as hashes, so the table leaks neither.

export const signInCodeLifetimeMs = 60 * 1000

/** Long enough for Google's consent screen; it only has to outlive the round trip. */
const browserCookieLifetimeSeconds = 10 * 60

const browserCookie = createCookie(`${googleFlowCookiePrefix}signin`, {
  httpOnly: true,
  sameSite: 'lax',
  path: href('/login/success'),
  maxAge: browserCookieLifetimeSeconds,
  secure: env.secureCookies,
  secrets: [env.SESSION_SECRET],
})

const hashOf = (secret: string) => createHash('sha256').update(secret).digest('base64url')

/** A new secret naming this browser for one sign-in; it goes to the browser's cookie and to the callback. */
export const newBrowserBinding = () => randomBytes(32).toString('base64url')

/** The Set-Cookie that gives this browser its binding, sent where the sign-in starts. */
export const bindBrowser = (binding: string) => browserCookie.serialize(binding)

/** The Set-Cookie that forgets the binding once it did its job. */
export const forgetBrowserBinding = () => browserCookie.serialize('', { maxAge: 0 })

/** A code for the browser holding `binding`'s cookie to turn into a cookie session at /login/success. */
export async function issueSignInCode(binding: string, userId: string, isNewUser: boolean) {
  const code = randomBytes(32).toString('base64url')
  const now = Date.now()
  await db
    .insertInto('signInCodes')
    .values({
      codeHash: hashOf(code),
      browserHash: hashOf(binding),
      userId,
      isNewUser: isNewUser ? 1 : 0,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + signInCodeLifetimeMs).toISOString(),
    })
    .execute()
  return code
}

/**
 * Spends `code` and starts a cookie session in one transaction: the conditional update changes exactly one
 * row only for an unused, unexpired code issued to this browser, so of several requests racing with one code
 * exactly one gets a session. Null for anything else; a code shown to another browser stays unspent.
 */
export async function redeemSignInCode(request: Request, code: string | null) {
  const binding: unknown = await browserCookie.parse(request.headers.get('cookie'))
  if (!code || typeof binding !== 'string' || !binding) return null
  const codeHash = hashOf(code)
  const browserId = await browserIdOf(request)
  return db.transaction().execute(async (trx) => {
    const now = new Date().toISOString()
    const spent = await trx
      .updateTable('signInCodes')
      .set({ usedAt: now })
      .where('codeHash', '=', codeHash)
      .where('browserHash', '=', hashOf(binding))
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst()
    if (spent.numUpdatedRows !== 1n) return null
    const handed = await trx
      .selectFrom('signInCodes')
      .innerJoin('users', 'users.id', 'signInCodes.userId')
      .select(['users.id', 'signInCodes.isNewUser'])
      .where('signInCodes.codeHash', '=', codeHash)
      .where('users.accountStatus', '=', 'active')
      .executeTakeFirst()
    if (!handed) return null
    const session = await createSession(handed.id, 'cookie', request.headers.get('user-agent'), trx, browserId)
    return { session, isNewUser: handed.isNewUser === 1 }
  })
}

/** Deletes codes past their minute, spent or not: nothing can use them any more. */
export async function deleteExpiredSignInCodes() {
  await db.deleteFrom('signInCodes').where('expiresAt', '<=', new Date().toISOString()).execute()
}
