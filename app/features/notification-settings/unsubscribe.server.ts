import { createHmac, timingSafeEqual } from 'node:crypto'
import { env } from '#app/lib/env.server.ts'
import { deriveKey } from '#app/lib/secrets.server.ts'
import { isNotificationKind, kindLabels, type NotificationKind, unsubscribeLinkLifetimeDays } from './kinds.ts'
import { findNotificationSettings, setChannelChoice } from './preferences.server.ts'

// One-click unsubscribe (RFC 8058) for each kind of e-mail. The link names the user, the kind and the last
// day it works, and is signed with a key derived from the server secret, so nobody can make one for another
// user or another kind, or stretch its life; it needs no sign-in (it is opened from a mail client). It works
// for 90 days (through the 90th day after the e-mail, UTC), the List-Unsubscribe one-click POST included;
// later the page sends the reader to the notification settings (decision 059). The expiry is a day, not an
// instant, so the links of one day's e-mails are the same. A GET only shows the page (mail scanners follow
// links); the POST, from its button or from the mail client (List-Unsubscribe-Post), turns the kind's
// e-mails off.

const dayMs = 24 * 60 * 60 * 1000

const signingKey = deriveKey('unsubscribe-links')

const signatureOf = (payload: string) => createHmac('sha256', signingKey).update(payload).digest()

export function unsubscribeToken(userId: string, kind: NotificationKind) {
  const lastDay = new Date((Math.floor(Date.now() / dayMs) + unsubscribeLinkLifetimeDays) * dayMs).toISOString().slice(0, 10)
  const payload = Buffer.from(`${userId}:${kind}:${lastDay}`).toString('base64url')
  return `${payload}.${signatureOf(payload).toString('base64url')}`
}

/** What a link says: whose and which kind's e-mails it stops, that it is past its last day, or nothing of ours. */
export type UnsubscribeLink = { status: 'valid'; userId: string; kind: NotificationKind } | { status: 'expired' } | { status: 'invalid' }

/** Reads a token: invalid when malformed or not signed by us; expired after its last day (or, from before expiries, without one). */
export function readUnsubscribeToken(token: string): UnsubscribeLink {
  const [payload, signature, ...rest] = token.split('.')
  if (!payload || !signature || rest.length > 0 || token.length > 300) return { status: 'invalid' }
  const expected = signatureOf(payload)
  const given = Buffer.from(signature, 'base64url')
  if (given.length !== expected.length || !timingSafeEqual(given, expected)) return { status: 'invalid' }
  const [userId, kind, lastDay, ...more] = Buffer.from(payload, 'base64url').toString('utf8').split(':')
  if (!userId || !kind || !isNotificationKind(kind) || more.length > 0) return { status: 'invalid' }
  const today = new Date().toISOString().slice(0, 10)
  if (!lastDay || lastDay < today) return { status: 'expired' }
  return { status: 'valid', userId, kind }
}

export const unsubscribeUrl = (userId: string, kind: NotificationKind) => `${env.PUBLIC_URL}/unsubscribe/${unsubscribeToken(userId, kind)}`

/** What an e-mail of `kind` to `userId` carries: the header's URL and the plain link closing its text. */
export function unsubscribeFooter(userId: string, kind: NotificationKind) {
  const url = unsubscribeUrl(userId, kind)
  return { unsubscribeUrl: url, text: `Stop e-mails about ${kindLabels[kind].title.toLowerCase()}:\n${url}` }
}

/** Turns the token's kind off by e-mail when the link is valid (and its user still there). */
export async function unsubscribe(token: string): Promise<UnsubscribeLink> {
  const link = readUnsubscribeToken(token)
  if (link.status !== 'valid') return link
  if (!(await findNotificationSettings(link.userId))) return { status: 'invalid' }
  await setChannelChoice(link.userId, link.kind, 'email', false)
  return link
}
