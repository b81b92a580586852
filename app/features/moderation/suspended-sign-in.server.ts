import { type AuthFailure, type AuthSuccess, authenticateWithPassword } from '#app/features/accounts/accounts.server.ts'
import type { LoginInput } from '#app/features/accounts/schema.ts'
import { suspensionUntil } from './moderation-format.ts'
import { liftEndedSuspensions, standingSuspensionOf } from './suspensions.server.ts'

// A sign-in with a password that tells a suspended user why (DESIGN.md ruling 25), for both doors: the
// login page and `POST /api/auth/login`. Accounts refuses the right password of a suspended account with
// 403 and its id (a wrong one is the usual 401, so nobody without the password learns of a suspension).
// A suspension whose end has come lifts itself here and the sign-in goes ahead; a standing one is answered
// with its reason and the day the user may sign in again.

/** What a suspended user is told: the reason, and the first day they may sign in again (yyyy-MM-dd), or null: until further notice. */
export type SuspensionNotice = { reason: string; until: string | null }

export type SignInFailure = Exclude<AuthFailure, { status: 403 }> | { ok: false; status: 403; message: string; suspension: SuspensionNotice | null }

export async function signInWithPassword(input: LoginInput, ip: string, now = Date.now()): Promise<AuthSuccess | SignInFailure> {
  let outcome = await authenticateWithPassword(input, ip)
  if (!outcome.ok && outcome.status === 403 && (await liftEndedSuspensions(now, outcome.userId)) > 0) outcome = await authenticateWithPassword(input, ip)
  if (outcome.ok || outcome.status !== 403) return outcome
  const standing = await standingSuspensionOf(outcome.userId)
  return { ok: false, status: 403, message: outcome.message, suspension: standing && { reason: standing.reason, until: suspensionUntil(standing.endsAt) } }
}
