import { accountEventTypes } from '#app/features/accounts/account-status.server.ts'
import { browserOfSession, sessionEventTypes } from '#app/features/accounts/session.server.ts'
import { db } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import type { Subscriber } from '#app/lib/events.server.ts'
import type { PushSubscriptionInput } from './schema.ts'

// The devices each user turned notifications on for (decision 052). A device's endpoint is unique: subscribing
// it again (another tap, two tabs at once, another user on the same browser) updates the one row. An endpoint
// is only an address that can leak, so it moves to another account only with the keys stored for it: the
// browser that holds them subscribing again, never a stranger who learned the URL.

/** Devices a user may have at once; subscribing one more forgets the one subscribed longest ago. */
export const maxDevicesPerUser = 10

/**
 * The push services of the browsers people use (Chrome, Edge, Firefox, Safari; Opera, Samsung Internet and
 * most others use Chrome's), plus the configured one (the local fake in tests). The server sends requests to
 * these addresses, so any other address (an internal host, a loopback port) is refused.
 */
const pushServiceHosts = ['fcm.googleapis.com', 'android.googleapis.com', 'web.push.apple.com']
/** Push services with a host per region or device: any host under these. */
const pushServiceDomains = ['.push.services.mozilla.com', '.notify.windows.com']

function isPushServiceEndpoint(endpoint: string) {
  if (env.PUSH_SERVICE_URL && endpoint.startsWith(`${env.PUSH_SERVICE_URL}/`)) return true
  const url = URL.parse(endpoint)
  const { hostname = '' } = url ?? {}
  return url?.protocol === 'https:' && url.port === '' && (pushServiceHosts.includes(hostname) || pushServiceDomains.some((domain) => hostname.endsWith(domain)))
}

const escapeRegex = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * The endpoints `isPushServiceEndpoint` takes, as the OpenAPI document states them: the https address of one of
 * the push services (or of the configured one), with a path of URL characters (any it takes, but '%' escapes).
 */
export function pushEndpointPattern() {
  const path = "(/[\\w.~!$&'()*+,;=:@/-]*)?"
  const hosts = [...pushServiceHosts.map(escapeRegex), ...pushServiceDomains.map((domain) => `[a-z0-9-]+(\\.[a-z0-9-]+)*${escapeRegex(domain)}`)]
  const configured = env.PUSH_SERVICE_URL ? [`${escapeRegex(env.PUSH_SERVICE_URL)}/[\\w.~!$&'()*+,;=:@/-]*`] : []
  return `^(https://(${hosts.join('|')})${path}${configured.map((address) => `|${address}`).join('')})$`
}

export const notAPushService = 'endpoint must be the address of a browser push service'

export const heldByAnotherAccount = 'This device gets notifications for another account'

export type SavedSubscription = { ok: true; created: boolean; createdAt: string } | { ok: false; status: 400 | 409; message: string }

/**
 * Turns notifications on for the device; `created` is false when it was on already (for this user, or for
 * another with the same keys). Another account's device with other keys is refused and stays as it was.
 */
export async function saveSubscription(userId: string, input: PushSubscriptionInput, sessionId: string): Promise<SavedSubscription> {
  if (!isPushServiceEndpoint(input.endpoint)) return { ok: false, status: 400, message: notAPushService }
  const createdAt = new Date().toISOString()
  const browserId = await browserOfSession(sessionId)
  const row = { id: crypto.randomUUID(), userId, endpoint: input.endpoint, p256dh: input.keys.p256dh, auth: input.keys.auth, createdAt, sessionId, browserId, awakeSince: createdAt }
  return db.transaction().execute(async (trx) => {
    // The condition is part of the upsert, so two subscribers at once cannot both pass a check made before it.
    const saved = await trx
      .insertInto('pushSubscriptions')
      .values(row)
      .onConflict((oc) =>
        oc
          .column('endpoint')
          .doUpdateSet({ userId: row.userId, p256dh: row.p256dh, auth: row.auth, createdAt: row.createdAt, sessionId: row.sessionId, sleepingSince: null, browserId: row.browserId, awakeSince: row.awakeSince })
          .where((eb) =>
            eb.or([
              eb('pushSubscriptions.userId', '=', row.userId),
              eb.and([eb('pushSubscriptions.p256dh', '=', row.p256dh), eb('pushSubscriptions.auth', '=', row.auth)]),
            ]),
          ),
      )
      .returning('id')
      .executeTakeFirst()
    if (!saved) return { ok: false as const, status: 409 as const, message: heldByAnotherAccount }
    const oldest = await trx
      .selectFrom('pushSubscriptions')
      .select('id')
      .where('userId', '=', userId)
      .orderBy('createdAt', 'desc')
      .orderBy('id', 'desc')
      .offset(maxDevicesPerUser)
      .limit(100)
      .execute()
    if (oldest.length) await trx.deleteFrom('pushSubscriptions').where('id', 'in', oldest.map((o) => o.id)).execute()
    return { ok: true as const, created: saved.id === row.id, createdAt: row.createdAt }
  })
}

/** Turns notifications off for the user's device; false when the user had no such device. */
export async function removeSubscription(userId: string, endpoint: string) {
  const result = await db.deleteFrom('pushSubscriptions').where('userId', '=', userId).where('endpoint', '=', endpoint).executeTakeFirst()
  return Number(result.numDeletedRows) > 0
}

/** The devices pushes go to: those turned on, not asleep. */
export function subscriptionsOf(userId: string) {
  return db.selectFrom('pushSubscriptions').select(['id', 'endpoint', 'p256dh', 'auth']).where('userId', '=', userId).where('sleepingSince', 'is', null).execute()
}

/** How long a device sleeps before it is forgotten: a browser signed out of for a month is not coming back soon. */
export const sleepLimitMs = 30 * 24 * 60 * 60 * 1000

/**
 * Signing out puts the devices that session turned notifications on for to sleep (decision 118): nothing is pushed to
 * them, so a shared or borrowed phone no longer shows the account's notifications to whoever uses it next (decision
 * 116), and the same account signing in again in the same browser wakes them, bound to its new session, as it left
 * them; another account signing in there puts them to sleep too. A session without a browser (an API token) forgets
 * them. A password reset, which ends every session because one may have been a stranger's, forgets every device of
 * the account, asleep or not. A suspension, which ends every session too, puts all the account's devices to sleep: a
 * suspended account is told nothing, and after the suspension its signing in again in a browser wakes that browser's.
 */
export const sessionDevicesSubscriber: Subscriber = {
  name: 'push-devices-of-ended-sessions',
  types: [sessionEventTypes.signedIn, sessionEventTypes.signedOut, sessionEventTypes.passwordReset, accountEventTypes.suspended],
  async handle(event) {
    const { userId, browserId } = event.payload
    if (event.type === sessionEventTypes.passwordReset) {
      await db.deleteFrom('pushSubscriptions').where('userId', '=', event.subjectId).execute()
    } else if (event.type === accountEventTypes.suspended) {
      // Delivered late (a retry), it leaves awake a device that a sign-in after the suspension's end woke.
      await db
        .updateTable('pushSubscriptions')
        .set({ sessionId: null, sleepingSince: event.occurredAt })
        .where('userId', '=', event.subjectId)
        .where('sleepingSince', 'is', null)
        .where('awakeSince', '<=', event.occurredAt)
        .execute()
    } else if (typeof browserId !== 'string' || typeof userId !== 'string') {
      await db.deleteFrom('pushSubscriptions').where('sessionId', '=', event.subjectId).execute()
    } else if (event.type === sessionEventTypes.signedOut) {
      // The account's devices in this browser, whichever of its sessions there woke them: of two sign-ins at once (a
      // double tap) the browser keeps the cookie of either. A sign-out delivered late (a retry) leaves a device awake
      // since after it.
      await db
        .updateTable('pushSubscriptions')
        .set({ sessionId: null, sleepingSince: event.occurredAt, browserId })
        .where((eb) =>
          eb.or([
            eb('sessionId', '=', event.subjectId),
            eb.and([eb('userId', '=', userId), eb('browserId', '=', browserId), eb('sleepingSince', 'is', null), eb('awakeSince', '<=', event.occurredAt)]),
          ]),
        )
        .execute()
    } else {
      // The account's devices in this browser, asleep or bound to a session that ended without a sign-out (it expired,
      // a suspension), are bound to the new session; another account's awake ones go to sleep: a browser pushes only for
      // the account signed in there. A sign-in delivered late changes nothing that changed after it.
      await db.transaction().execute(async (trx) => {
        await trx
          .updateTable('pushSubscriptions')
          .set({ sessionId: event.subjectId, sleepingSince: null, awakeSince: event.occurredAt })
          .where('userId', '=', userId)
          .where('browserId', '=', browserId)
          .where((eb) => eb.or([eb('sleepingSince', '<=', event.occurredAt), eb.and([eb('sleepingSince', 'is', null), eb('awakeSince', '<=', event.occurredAt)])]))
          .execute()
        await trx
          .updateTable('pushSubscriptions')
          .set({ sessionId: null, sleepingSince: event.occurredAt })
          .where('userId', '!=', userId)
          .where('browserId', '=', browserId)
          .where('sleepingSince', 'is', null)
          .where('awakeSince', '<=', event.occurredAt)
          .execute()
      })
    }
  },
}

/** Forgets the devices asleep longer than `sleepLimitMs` (housekeeping). */
export async function forgetLongSleepingDevices(now = Date.now()) {
  await db
    .deleteFrom('pushSubscriptions')
    .where('sleepingSince', '<=', new Date(now - sleepLimitMs).toISOString())
    .execute()
}

/** Forgets a device its push service no longer knows (404 or 410). */
export async function forgetSubscription(id: string) {
  await db.deleteFrom('pushSubscriptions').where('id', '=', id).execute()
}

/** The key browsers subscribe with (`applicationServerKey`); pushes are signed with its private half. */
export const pushPublicKey = () => env.vapid.publicKey
