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
 * worker: to the registration DevTools reports for the scope that controls the page (not merely the first reported).
 */
export async function openForPushes(page: Page, path: string) {
  const devtools = await page.context().newCDPSession(page)
  const registrations = new Map<string, { registrationId: string; scopeURL: string; isDeleted: boolean }>()
  devtools.on('ServiceWorker.workerRegistrationUpdated', ({ registrations: updated }) => {
    for (const registration of updated) registrations.set(registration.registrationId, registration)
  })
  await devtools.send('ServiceWorker.enable')
  await page.goto(path)
  await controlledByServiceWorker(page)
  const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
  const controlling = () => [...registrations.values()].find((registration) => registration.scopeURL === scope && !registration.isDeleted)
  await expect.poll(() => controlling()?.registrationId ?? null).not.toBeNull()
  return async (data: string) => {
    await devtools.send('ServiceWorker.deliverPushMessage', { origin: new URL(page.url()).origin, registrationId: controlling()?.registrationId ?? '', data })
  }
}

/** The notifications the page's service worker shows: title, body, tag and the url a click opens. */
export function shownNotifications(page: Page) {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready
    return (await registration.getNotifications()).map((n) => ({ title: n.title, body: n.body, tag: n.tag, url: (n.data as { url: string }).url }))
  })
}
