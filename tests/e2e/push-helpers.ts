// Devices of the fake push service (tests/fakes/push-service.ts, where the e2e server sends its pushes), steered
// over its HTTP control endpoints: headless Chromium cannot subscribe to a real push service, so a device is the
// fake's, subscribed through the real API as `pushManager.subscribe()` would, and its pushes are read decrypted.
import type { Page } from '@playwright/test'
import type { DecryptedPush, FakeSubscription } from '../fakes/push-service.ts'
import { expect, test } from './fixtures.ts'
import { fakePushServiceUrlVariable } from './global-setup.ts'

/** What the server's pushes carry (app/features/push/send-push.server.ts). */
export type PushMessage = { title: string; body: string; url: string; tag: string }

function fakePushService() {
  const url = process.env[fakePushServiceUrlVariable]
  if (!url) throw new Error(`${fakePushServiceUrlVariable} is not set: run the e2e tests with \`npx playwright test\``)
  return url
}

/** A write from a signed-in page's context: cookie-authenticated writes must name our origin. */
export const writeAs = (page: Page, method: 'POST' | 'PUT', path: string, data: object) =>
  page.request.fetch(path, { method, data, headers: { origin: test.info().project.use.baseURL ?? '' } })

/** A new device of the fake push service, subscribed with the server's VAPID key, as `pushManager.subscribe()` answers. */
export async function newDevice(page: Page) {
  const { publicKey } = (await (await page.request.get('/api/push/public-key')).json()) as { publicKey: string }
  const response = await fetch(`${fakePushService()}/__fake/devices`, { method: 'POST', body: JSON.stringify({ applicationServerKey: publicKey }) })
  return (await response.json()) as FakeSubscription
}

/** The pushes the device received, decrypted by the fake with the device's keys. */
export async function pushesTo(device: FakeSubscription) {
  const response = await fetch(`${fakePushService()}/__fake/pushes?endpoint=${encodeURIComponent(device.endpoint)}`)
  return (await response.json()) as DecryptedPush[]
}

/**
 * The signed-in user of `page` turns push on for a new device, with quiet hours off so the hour of the run does
 * not matter; answers the device.
 */
export async function pushesOnForNewDevice(page: Page) {
  const settings = (await (await page.request.get('/api/users/me/notification-settings')).json()) as { quietHours: object }
  const saved = await writeAs(page, 'PUT', '/api/users/me/notification-settings', { ...settings, quietHours: { ...settings.quietHours, enabled: false } })
  expect(saved.status(), await saved.text()).toBe(200)
  const device = await newDevice(page)
  const subscribed = await writeAs(page, 'POST', '/api/push/subscriptions', device)
  expect(subscribed.status(), await subscribed.text()).toBe(201)
  return device
}
