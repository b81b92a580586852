import { db } from '#app/lib/db.server.ts'
import { rateLimit, takeSlots } from '#app/lib/rate-limit.server.ts'
import { hashPassword, verifyPasswordOrDecoy } from './password.server.ts'
import type { LoginInput, RegisterInput } from './schema.ts'

// DESIGN.md ruling 9: 5 failed logins per account or 30 per IP in 15 minutes give 429. Every attempt
// takes its slot before the password is hashed (so concurrent guesses cannot outrun the count) and a
// correct password gives it back, so only failures stay counted.
const failedLoginsPerAccount = rateLimit({ limit: 5, windowMs: 15 * 60 * 1000 })
const failedLoginsPerIp = rateLimit({ limit: 30, windowMs: 15 * 60 * 1000 })
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
  | { ok: false; status: 401 | 403 | 409; message: string }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number }
export type AuthSuccess = { ok: true; userId: string; isNewUser: boolean }

/**
 * Checks an email and password. A wrong password and an unknown email answer alike (no account
 * enumeration); failures count against both the account and the client's IP.
 */
export async function authenticateWithPassword(input: LoginInput, ip: string): Promise<AuthSuccess | AuthFailure> {
  const accountKey = `login:account:${input.email}`
  const attempt = await takeSlots([failedLoginsPerAccount.claim(accountKey), failedLoginsPerIp.claim(`login:ip:${ip}`)])
  if (!attempt.ok) {
    return { ok: false, status: 429, message: authMessages.tooManyAttempts, retryAfterSeconds: attempt.retryAfterSeconds }
  }
  const account = await db
    .selectFrom('users')
    .leftJoin('passwords', 'passwords.userId', 'users.id')
    .select(['users.id', 'users.accountStatus', 'passwords.hash'])
    .where('users.email', '=', input.email)
    .executeTakeFirst()
  const valid = await verifyPasswordOrDecoy(input.password, account?.hash)
  if (!account || !valid) return { ok: false, status: 401, message: authMessages.invalidCredentials }
  await attempt.refund()
  if (account.accountStatus !== 'active') return { ok: false, status: 403, message: authMessages.locked }
  await failedLoginsPerAccount.reset(accountKey)
  return { ok: true, userId: account.id, isNewUser: false }
}

/**
 * Creates an owner account (registration always creates the role owner; onboarding sets the final role).
 * Every attempt counts against the client's IP, an e-mail already taken included.
 */
export async function registerUser(input: RegisterInput, ip: string): Promise<AuthSuccess | AuthFailure> {
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
