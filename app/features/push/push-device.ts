import { href } from 'react-router'
import { serviceWorkerUrl } from './service-worker.ts'

// This browser's side of Web Push (decision 052): whether it can show notifications, and turning them on
// (permission, then a push subscription with the server's key, then the server told) and off for this device.

export type PushDeviceState = 'unsupported' | 'blocked' | 'off' | 'on'

export type PushChange = { state: PushDeviceState; problem?: string }

const canPush = () => 'serviceWorker' in navigator && 'PushManager' in window && 'Notification' in window

async function activeRegistration() {
  await navigator.serviceWorker.register(serviceWorkerUrl, { scope: '/' })
  return navigator.serviceWorker.ready
}

const sendToServer = (method: 'POST' | 'DELETE', body: unknown) =>
  fetch(href('/api/push/subscriptions'), { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })

/** Where this device stands; a subscription the browser still holds is sent again, so the server has it. */
export async function pushDeviceState(): Promise<PushDeviceState> {
  if (!canPush()) return 'unsupported'
  if (Notification.permission === 'denied') return 'blocked'
  const registration = await navigator.serviceWorker.getRegistration()
  const subscription = await registration?.pushManager.getSubscription()
  if (!subscription || Notification.permission !== 'granted') return 'off'
  const saved = await sendToServer('POST', subscription.toJSON()).catch(() => null)
  return saved?.ok ? 'on' : 'off'
}

/** Asks the browser's permission (the user has just tapped), subscribes and tells the server. */
export async function turnPushOn(): Promise<PushChange> {
  if (!canPush()) return { state: 'unsupported' }
  const permission = await Notification.requestPermission()
  if (permission === 'denied') return { state: 'blocked' }
  if (permission !== 'granted') return { state: 'off', problem: 'Notifications were not allowed: tap again to choose.' }
  try {
    const registration = await activeRegistration()
    const keyAnswer = await fetch(href('/api/push/public-key'))
    const { publicKey } = (await keyAnswer.json()) as { publicKey: string }
    const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: bytesOfBase64url(publicKey) })
    const saved = await sendToServer('POST', subscription.toJSON())
    if (saved.ok) return { state: 'on' }
    await subscription.unsubscribe()
  } catch {
    // the push service or the network failed: said below
  }
  return { state: 'off', problem: 'Notifications could not be turned on. Check your connection and try again.' }
}

/** Forgets this device on the server and in the browser. */
export async function turnPushOff(): Promise<PushChange> {
  try {
    const registration = await navigator.serviceWorker.getRegistration()
    const subscription = await registration?.pushManager.getSubscription()
    if (subscription) {
      const answer = await sendToServer('DELETE', { endpoint: subscription.endpoint })
      if (!answer.ok && answer.status !== 404) throw new Error(`The server answered ${answer.status}`)
      await subscription.unsubscribe()
    }
    return { state: 'off' }
  } catch {
    return { state: 'on', problem: 'Notifications could not be turned off. Check your connection and try again.' }
  }
}

function bytesOfBase64url(text: string) {
  const binary = atob(text.replace(/-/g, '+').replace(/_/g, '/'))
  return Uint8Array.from(binary, (character) => character.charCodeAt(0))
}
