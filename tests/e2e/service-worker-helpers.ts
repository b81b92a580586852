// The service worker (public/sw.js) in a page of a context that allows workers (`serviceWorkers: 'allow'`):
// waiting for it, handing it a push as the browser's push service would (through DevTools) and reading the
// notifications it shows.
import type { Page } from '@playwright/test'
import { expect } from './fixtures.ts'

/** Waits until the service worker has activated and controls the page. */
export async function controlledByServiceWorker(page: Page) {
  await page.waitForFunction(async () => {
    await navigator.serviceWorker.ready
    return navigator.serviceWorker.controller !== null
  })
}

/**
 * Opens `path` once its service worker controls it, and answers a function that delivers a push's data to that
 * worker (to the registration DevTools reports for the scope that controls the page, not merely the first
 * reported) and returns once the browser reports the worker's push event complete.
 *
 * Why wait for that: reading `getNotifications()` while the worker is still showing the notification can lose it.
 * Chromium compares the notifications it has stored with a list of those on screen taken when the read starts,
 * and deletes stored ones missing from that list. So a notification shown during the read is deleted (about one
 * delivery in eight under load). Once the push event has completed, the notification is on screen and is kept.
 */
export async function openForPushes(page: Page, path: string) {
  const devtools = await page.context().newCDPSession(page)
  const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>()
  devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.registrationId, registration)
  })
  await devtools.send('ServiceWorker.enable')
  const pushEventsCompleted: string[] = []
  devtools.on('BackgroundService.backgroundServiceEventReceived', ({ backgroundServiceEvent: { service, eventName, eventMetadata } }) => {
    if (service === 'pushMessaging' && eventName === 'Push event completed') pushEventsCompleted.push(eventMetadata.find(({ key }) => key === 'Status')?.value ?? '')
  })
  await devtools.send('BackgroundService.startObserving', { service: 'pushMessaging' })
  await devtools.send('BackgroundService.setRecording', { service: 'pushMessaging', shouldRecord: true })
  await page.goto(path)
  await controlledByServiceWorker(page)
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  const controlling = () => [...registrations.values()].find((registration) => registration.scopeURL === scope && !registration.isDeleted)
  await expect.poll(() => controlling()?.registrationId ?? null).not.toBeNull()
  return async (data: string) => {
    const completedBefore = pushEventsCompleted.length
    await devtools.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: controlling()?.registrationId ?? '', data })
    await expect.poll(() => pushEventsCompleted.slice(completedBefore), { message: 'the push event completed' }).toEqual(['Success'])
  }
}

/** The notifications the page's service worker shows (read after a delivery has returned): title, body, tag and the url a click opens. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }))
  })
}
