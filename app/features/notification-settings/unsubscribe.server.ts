import { createHmac, timingSafeEqual } from 'node:crypto'
import { env } from '#app/lib/env.server.ts'
import { deriveKey } from '#app/lib/secrets.server.ts'
import { isNotificationKind, kindLabels, type NotificationKind } from './kinds.ts'
import { findNotificationSettings, setChannelChoice } from './preferences.server.ts'

// One-click unsubscribe (RFC 8058) for each kind of e-mail. The link names the user and the kind and is
// signed with a key derived from the server secret, so nobody can make one for another user or another
// kind; it needs no sign-in (it is opened from a mail client). It never expires: an old e-mail's link
// still works, as mail providers expect. A GET only shows the page (mail scanners follow links); the
// POST, from its button or from the mail client (List-Unsubscribe-Post), turns the kind's e-mails off.

const signingKey = deriveKey('unsubscribe-links')

const signatureOf = (payload: string) => createHmac('sha256', signingKey).update(payload).digest()

export function unsubscribeToken(userId: string, kind: NotificationKind) {
  const payload = Buffer.from(`${userId}:${kind}`).toString('base64url')
  return `${payload}.${signatureOf(payload).toString('base64url')}`
}

/** The user and kind a token names, or null when it is malformed or its signature is not ours. */
export function readUnsubscribeToken(token: string): { userId: string; kind: NotificationKind } | null {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length > 0 || token.length > 300) return null
  const expected = signatureOf(payload)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null
  const text = Buffer.from(payload, 'base64url').toString('utf8')
  const split = text.lastIndexOf(':')
  const userId = text.slice(0, split)
  const kind = text.slice(split + 1)
  return split > 0 && isNotificationKind(kind) ? { userId, kind } : null
}

export const unsubscribeUrl = (userId: string, kind: NotificationKind) => `${env.PUBLIC_URL}/unsubscribe/${unsubscribeToken(userId, kind)}`

/** What an e-mail of `kind` to `userId` carries: the header's URL and the plain link closing its text. */
export function unsubscribeFooter(userId: string, kind: NotificationKind) {
  const url = unsubscribeUrl(userId, kind)
  return { unsubscribeUrl: url, text: `Stop e-mails about ${kindLabels[kind].title.toLowerCase()}:\n${url}` }
}

/** Turns the token's kind off by e-mail; null when the token is not valid (or its user is gone). */
export async function unsubscribe(token: string) {
  const named = readUnsubscribeToken(token)
  if (!named || !(await findNotificationSettings(named.userId))) return null
  await setChannelChoice(named.userId, named.kind, 'email', false)
  return named
}
