import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { env } from './env.server.ts'

/** A 256-bit key for one purpose, derived from SESSION_SECRET so one secret rotates them all. */
export function deriveKey(purpose: string) {
  return new Uint8Array(hkdfSync('sha256', env.SESSION_SECRET, 'pawpal', purpose, 32))
}

const tokenKey = deriveKey('oauth-token-encryption')

/** AES-256-GCM; the result is `iv.tag.ciphertext` in base64url. */
export function encryptSecret(plain: string) {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', tokenKey, iv)
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.')
}

export function decryptSecret(sealed: string) {
  const [iv, tag, data] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!iv || !tag || !data) throw new Error('Malformed encrypted value')
  const decipher = createDecipheriv('aes-256-gcm', tokenKey, iv)
  decipher.setAuthTag(tag)
  return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
}
