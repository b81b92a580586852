import webpush from 'web-push'
import { env } from '#app/lib/env.server.ts'
import { forgetSubscription, subscriptionsOf } from './push-subscriptions.server.ts'

// Web Push (decision 052): web-push signs the VAPID JWT and encrypts the payload (RFC 8291, aes128gcm) for each
// device; the request itself goes out with fetch, so a slow push service cannot hold a send for long.

/** What a notification shows. Never an exact address: the payload crosses the push service. */
export type PushMessage = { title: string; body: string; url: string; tag: string }

export type PushOptions = {
  /** How long the push service keeps the push for a device that is offline; 0 drops it unless delivered now. */
  ttlSeconds: number
  urgency?: 'normal' | 'high'
}

/** delivered: at least one push service accepted it; failed: none did; no-device: the user turned none on. */
export type PushResult = { outcome: 'delivered' | 'failed' | 'no-device'; devices: number }

const sendTimeoutMs = 10_000
const maxTitleLength = 100
const maxBodyLength = 300

/** Sends a notification to every device the user turned notifications on for; `devices` counts those that accepted it. */
export async function sendPush(userId: string, message: PushMessage, options: PushOptions): Promise<PushResult> {
  const payload = JSON.stringify(payloadOf(message))
  const subscriptions = await subscriptionsOf(userId)
  if (subscriptions.length === 0) return { outcome: 'no-device', devices: 0 }
  const accepted = await Promise.all(
    subscriptions.map(async (subscription) => {
      const status = await deliver({ endpoint: subscription.endpoint, keys: { p256dh: subscription.p256dh, auth: subscription.auth } }, payload, options)
      if (status === 404 || status === 410 || status === unusableKeys) await forgetSubscription(subscription.id)
      return typeof status === 'number' && status >= 200 && status < 300
    }),
  )
  const devices = accepted.filter(Boolean).length
  return { outcome: devices > 0 ? 'delivered' : 'failed', devices }
}

/** Only the four fields a notification shows, cut to size, and a link only to a page of this site. */
function payloadOf({ title, body, url, tag }: PushMessage): PushMessage {
  if (!url.startsWith('/') || url.startsWith('//')) throw new Error(`A push links to a page of this site, not ${url}`)
  return { title: title.slice(0, maxTitleLength), body: body.slice(0, maxBodyLength), url, tag }
}

/** A device stored before its keys were checked (a point off the curve): no push to it can ever be encrypted. */
const unusableKeys = 'unusable keys'

/** The push service's status, null when it could not be reached in time, or `unusableKeys`. */
async function deliver(subscription: webpush.PushSubscription, payload: string, options: PushOptions) {
  const request = encrypted(subscription, payload, options)
  if (!request) return unusableKeys
  // fetch sets Content-Length itself.
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) if (name.toLowerCase() !== 'content-length') headers.set(name, String(value))
  try {
    const body = new Uint8Array(request.body)
    const response = await fetch(request.endpoint, { method: 'POST', headers, body, signal: AbortSignal.timeout(sendTimeoutMs) })
    await response.body?.cancel()
    return response.status
  } catch {
    return null
  }
}

function encrypted(subscription: webpush.PushSubscription, payload: string, options: PushOptions) {
  try {
    return webpush.generateRequestDetails(subscription, payload, {
      vapidDetails: env.vapid,
      TTL: options.ttlSeconds,
      urgency: options.urgency ?? 'normal',
      contentEncoding: 'aes128gcm',
    })
  } catch {
    return null
  }
}
