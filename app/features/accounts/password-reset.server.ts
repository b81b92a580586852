import { createHash, randomBytes } from 'node:crypto'
import { db } from '#app/lib/db.server.ts'
import { emailGreeting } from '#app/lib/email-greeting.ts'
import { sendEmail } from '#app/lib/email.server.ts'
import { env } from '#app/lib/env.server.ts'
import { dispatchEvents, recordEvent } from '#app/lib/events.server.ts'
import { rateLimit, takeSlots } from '#app/lib/rate-limit.server.ts'
import { isCommonPassword } from './common-passwords.server.ts'
import { hashPassword } from './password.server.ts'
import { deleteAllSessionsOf, sessionEventTypes } from './session.server.ts'

const tokenLifetimeMs = 60 * 60 * 1000
// Each request may send an e-mail: 3 per address and 10 per client IP in an hour, counted whether or
// not the address has an account (so the limit says nothing about who has one).
const resetRequestsPerEmail = rateLimit({ limit: 3, windowMs: 60 * 60 * 1000 })
const resetRequestsPerIp = rateLimit({ limit: 10, windowMs: 60 * 60 * 1000 })

export const tooManyResetRequestsMessage = 'Too many password reset requests. Please try again later.'

const hashToken = (token: string) => createHash('sha256').update(token).digest('base64url')

/**
 * E-mails a single-use link valid for one hour. Answers the same whether or not the account exists,
 * so the form cannot be used to find out who has one; over a limit nothing is sent or stored.
 */
export async function requestPasswordReset(
  email: string,
  ip: string,
): Promise<{ ok: true } | { ok: false; message: string; retryAfterSeconds: number }> {
  const slot = await takeSlots([resetRequestsPerEmail.claim(`password-reset:${email}`), resetRequestsPerIp.claim(`password-reset:ip:${ip}`)])
  if (!slot.ok) return { ok: false, message: tooManyResetRequestsMessage, retryAfterSeconds: slot.retryAfterSeconds }
  const user = await db.selectFrom('users').select(['id', 'name']).where('email', '=', email).executeTakeFirst()
  if (!user) return { ok: true }
  const token = randomBytes(32).toString('base64url')
  const now = Date.now()
  await db
    .insertInto('passwordResetTokens')
    .values({
      tokenHash: hashToken(token),
      userId: user.id,
      createdAt: new Date(now).toISOString(),
      expiresAt: new Date(now + tokenLifetimeMs).toISOString(),
    })
    .execute()
  const link = `${env.PUBLIC_URL}/reset-password?${new URLSearchParams({ token })}`
  await sendEmail({
    to: email,
    subject: 'Reset your Pawpal password',
    text: `${emailGreeting(user.name)}\n\nOpen this link within one hour to choose a new password:\n${link}\n\nIf you did not ask for this, ignore this e-mail: your password stays the same.\n`,
  })
  return { ok: true }
}

/** The user a reset link belongs to, while it is unused and unexpired. */
export async function findResetTokenUser(token: string) {
  const row = await db
    .selectFrom('passwordResetTokens')
    .select('userId')
    .where('tokenHash', '=', hashToken(token))
    .where('usedAt', 'is', null)
    .where('expiresAt', '>', new Date().toISOString())
    .executeTakeFirst()
  return row?.userId ?? null
}

/**
 * Sets the new password, spends the link and ends every session of the account; or says why not. The link is
 * spent by a conditional update in the transaction that changes the password, so of several requests racing
 * with one link exactly one changes it (DESIGN.md ruling 31).
 */
export async function resetPassword(token: string, password: string): Promise<'reset' | 'link-invalid' | 'password-too-common'> {
  // Refuses a dead link before paying for scrypt; the spend below is what decides.
  if (!(await findResetTokenUser(token))) return 'link-invalid'
  if (await isCommonPassword(password)) return 'password-too-common'
  const hash = await hashPassword(password)
  const tokenHash = hashToken(token)
  const outcome = await db.transaction().execute(async (trx) => {
    const now = new Date().toISOString()
    const spent = await trx
      .updateTable('passwordResetTokens')
      .set({ usedAt: now })
      .where('tokenHash', '=', tokenHash)
      .where('usedAt', 'is', null)
      .where('expiresAt', '>', now)
      .executeTakeFirst()
    if (spent.numUpdatedRows !== 1n) return null
    const { userId } = await trx.selectFrom('passwordResetTokens').select('userId').where('tokenHash', '=', tokenHash).executeTakeFirstOrThrow()
    await trx
      .insertInto('passwords')
      .values({ userId, hash, updatedAt: now })
      .onConflict((oc) => oc.column('userId').doUpdateSet({ hash, updatedAt: now }))
      .execute()
    // The account's other reset links die with this one.
    await trx.updateTable('passwordResetTokens').set({ usedAt: now }).where('userId', '=', userId).where('usedAt', 'is', null).execute()
    await deleteAllSessionsOf(userId, trx)
    return recordEvent(trx, { type: sessionEventTypes.passwordReset, subjectId: userId, payload: {} })
  })
  if (!outcome) return 'link-invalid'
  // What follows (every push device forgotten, decision 116) is done before the person is told.
  await dispatchEvents([outcome])
  return 'reset'
}
