import { randomBytes, scrypt, timingSafeEqual, type ScryptOptions } from 'node:crypto'

// scrypt (memory-hard) with N=2^15, r=8, p=1: about 32 MiB and ~50 ms per hash on this hardware.
const params = { N: 2 ** 15, r: 8, p: 1, maxmem: 64 * 1024 * 1024 } satisfies ScryptOptions
const keyLength = 64

function derive(password: string, salt: Buffer) {
  return new Promise<Buffer>((resolve, reject) =>
    scrypt(password.normalize('NFKC'), salt, keyLength, params, (error, key) => (error ? reject(error) : resolve(key))),
  )
}

/** Returns a self-describing hash: `scrypt$N$r$p$salt$key` (base64url). */
export async function hashPassword(password: string) {
  const salt = randomBytes(16)
  const key = await derive(password, salt)
  return ['scrypt', params.N, params.r, params.p, salt.toString('base64url'), key.toString('base64url')].join('$')
}

export async function verifyPassword(password: string, stored: string) {
  const [scheme, , , , salt, key] = stored.split('$')
  if (scheme !== 'scrypt' || !salt || !key) return false
  const expected = Buffer.from(key, 'base64url')
  const actual = await derive(password, Buffer.from(salt, 'base64url'))
  return actual.length === expected.length && timingSafeEqual(actual, expected)
}

// An unknown e-mail (or a Google-only account) costs the same scrypt as a real password check, so
// response times do not tell which e-mails have accounts (DESIGN.md ruling 17).
const decoyHash = hashPassword(randomBytes(16).toString('base64url'))

/** verifyPassword, or the same work against a decoy when there is no stored hash (always false then). */
export async function verifyPasswordOrDecoy(password: string, stored: string | null | undefined) {
  if (stored) return verifyPassword(password, stored)
  await verifyPassword(password, await decoyHash)
  return false
}
