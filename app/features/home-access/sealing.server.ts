import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import { env, type HomeAccessKey } from '#app/lib/env.server.ts'
import { deriveKey } from '#app/lib/secrets.server.ts'

// Sealing an owner's home access at rest (decision 070): AES-256-GCM under the first key of HOME_ACCESS_KEYS,
// opened with whichever listed key sealed it (rotation: list a new key first, `npm run home-access:rekey`,
// then drop the old one). Without HOME_ACCESS_KEYS one key derived from SESSION_SECRET, id 'session'. The
// owner's id is the additional data, so a sealed value copied onto another owner's row does not open.

const derivedKeyId = 'session'

/**
 * The keys in use, the sealing one first. The key derived from SESSION_SECRET always opens what it sealed, so
 * listing HOME_ACCESS_KEYS on a running deployment loses nothing before `npm run home-access:rekey` has run.
 */
export function homeAccessKeys(configured = env.HOME_ACCESS_KEYS): readonly HomeAccessKey[] {
  const derived = { id: derivedKeyId, key: deriveKey('home-access') }
  if (!configured || configured.length === 0) return [derived]
  return configured.some((key) => key.id === derivedKeyId) ? configured : [...configured, derived]
}

/** Thrown when a row cannot be opened: its key is no longer listed, or the value was altered. Says nothing of the content. */
export class UnopenableHomeAccess extends Error {
  constructor(keyId: string) {
    super(`Home access sealed with key '${keyId}' cannot be opened`)
  }
}

export function sealHomeAccess(ownerId: string, plain: string, keys = homeAccessKeys()) {
  const [current] = keys
  if (!current) throw new Error('No home-access key')
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', current.key, iv)
  cipher.setAAD(Buffer.from(ownerId, 'utf8'))
  const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
  return { keyId: current.id, sealed: [iv, cipher.getAuthTag(), data].map((part) => part.toString('base64url')).join('.') }
}

export function openHomeAccess(ownerId: string, row: { sealed: string; keyId: string }, keys = homeAccessKeys()) {
  const key = keys.find((candidate) => candidate.id === row.keyId)
  const [iv, tag, data, ...rest] = row.sealed.split('.').map((part) => Buffer.from(part, 'base64url'))
  if (!key || !iv || !tag || !data || rest.length > 0) throw new UnopenableHomeAccess(row.keyId)
  try {
    const decipher = createDecipheriv('aes-256-gcm', key.key, iv)
    decipher.setAAD(Buffer.from(ownerId, 'utf8'))
    decipher.setAuthTag(tag)
    return Buffer.concat([decipher.update(data), decipher.final()]).toString('utf8')
  } catch {
    throw new UnopenableHomeAccess(row.keyId)
  }
}
