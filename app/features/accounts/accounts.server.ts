import { setTimeout } from 'node:timers/promises'
import { db } from '#app/lib/db.server.ts'
import { rateLimit, takeSlots } from '#app/lib/rate-limit.server.ts'
import { commonPasswordMessage, isCommonPassword } from './common-passwords.server.ts'
import { hashPassword, verifyPasswordOrDecoy } from './password.server.ts'
import type { LoginInput, RegisterInput } from './schema.ts'

// Failed sign-ins (docs/decisions/058-common-passwords-and-sign-in-slowdown.md). Every attempt takes its
// slots before the password is hashed (so concurrent guesses cannot outrun the count) and a correct password
// gives them back, so only failures stay counted. 5 failures of one account from one client address, or 30
// from one address, in 15 minutes give 429: refusing per account alone let anyone who knew an e-mail lock
// its owner out. Failures of the account from every address are counted too, never refused: past 5 each
// attempt waits before its password is checked (1 s, doubling, at most 30 s), right password or wrong, so
// guessing from many addresses slows down while the owner still gets in.
const failureWindowMs = 15 * 60 * 1000
const failedLoginsPerAccountAndIp = rateLimit({ limit: 5, windowMs: failureWindowMs })
const failedLoginsPerIp = rateLimit({ limit: 30, windowMs: failureWindowMs })
const failedLoginsPerAccount = rateLimit({ limit: Number.POSITIVE_INFINITY, windowMs: failureWindowMs })
const failuresBeforeSlowdown = 5
const slowdownMs = (failures: number) =>
  failures < failuresBeforeSlowdown ? 0 : Math.min(1000 * 2 ** (failures - failuresBeforeSlowdown), 30_000)
// Registration hashes a password and creates an account: 50 attempts per IP per hour (generous,
// because carrier-grade NAT puts many people behind one address; it stops bulk sign-ups).
const registrationsPerIp = rateLimit({ limit: 50, windowMs: 60 * 60 * 1000 })

export const authMessages = {
  invalidCredentials: 'Invalid email or password',
  locked: 'Your account has been locked. Please contact support.',
  tooManyAttempts: 'Too many login attempts. Please try again later.',
  tooManyRegistrations: 'Too many registration attempts. Please try again later.',
  emailTaken: 'An account with this email already exists',
} as const

export type AuthFailure =
  | { ok: false; status: 401 | 409; message: string }
  /** The right password of an account that is not active: its id, so the caller can say why (moderation's suspension notice). */
  | { ok: false; status: 403; message: string; userId: string }
  | { ok: false; status: 400; message: string; field: 'password' }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number }
export type AuthSuccess = { ok: true; userId: string; isNewUser: boolean }

/**
 * Checks an email and password. A wrong password and an unknown email answer alike (no account
 * enumeration), and so do their waits.
 */
export async function authenticateWithPassword(input: LoginInput, ip: string): Promise<AuthSuccess | AuthFailure> {
  const accountKey = `login:account:${input.email}`
  const accountAndIpKey = `${accountKey}:ip:${ip}`
  const attempt = await takeSlots([
    failedLoginsPerAccountAndIp.claim(accountAndIpKey),
    failedLoginsPerIp.claim(`login:ip:${ip}`),
    failedLoginsPerAccount.claim(accountKey),
  ])
  if (!attempt.ok) {
    return { ok: false, status: 429, message: authMessages.tooManyAttempts, retryAfterSeconds: attempt.retryAfterSeconds }
  }
  // The count holds this attempt and the ones still in flight, so a burst slows itself down.
  await setTimeout(slowdownMs((await failedLoginsPerAccount.count(accountKey)) - 1))
  const account = await db
    .selectFrom('users')
    .leftJoin('passwords', 'passwords.userId', 'users.id')
    .select(['users.id', 'users.accountStatus', 'passwords.hash'])
    .where('users.email', '=', input.email)
    .executeTakeFirst()
  const valid = await verifyPasswordOrDecoy(input.password, account?.hash)
  if (!account || !valid) return { ok: false, status: 401, message: authMessages.invalidCredentials }
  await attempt.refund()
  if (account.accountStatus !== 'active') return { ok: false, status: 403, message: authMessages.locked, userId: account.id }
  await failedLoginsPerAccountAndIp.reset(accountAndIpKey)
  return { ok: true, userId: account.id, isNewUser: false }
}

/**
 * Creates an owner account (registration always creates the role owner; onboarding sets the final role).
 * A common password is refused first; every other attempt counts against the client's IP, an e-mail
 * already taken included.
 */
export async function registerUser(input: RegisterInput, ip: string): Promise<AuthSuccess | AuthFailure> {
  if (await isCommonPassword(input.password)) return { ok: false, status: 400, message: commonPasswordMessage, field: 'password' }
  const attempt = await registrationsPerIp.take(`register:ip:${ip}`)
  if (!attempt.ok) {
    return { ok: false, status: 429, message: authMessages.tooManyRegistrations, retryAfterSeconds: attempt.retryAfterSeconds }
  }
  const existing = await db.selectFrom('users').select('id').where('email', '=', input.email).executeTakeFirst()
  if (existing) return { ok: false, status: 409, message: authMessages.emailTaken }
  const hash = await hashPassword(input.password)
  const now = new Date().toISOString()
  const id = crypto.randomUUID()
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('users')
      .values({ id, email: input.email, name: input.name, role: 'owner', createdAt: now, updatedAt: now })
      .execute()
    await trx.insertInto('passwords').values({ userId: id, hash, updatedAt: now }).execute()
  })
  return { ok: true, userId: id, isNewUser: true }
}

/** The client address for rate limits, as server.ts determined it (never taken from the client's own headers). */
export function clientIp(request: Request) {
  return request.headers.get('x-pawpal-client-ip') ?? 'unknown'
}
