import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { expect, loginAs, test } from './fixtures.ts'
import { controlledByServiceWorker, openForPushes, shownNotifications } from './service-worker-helpers.ts'

// The installable app (issue 20, decision 052): Chromium's own installability check passes on /map, and the
// service worker keeps the offline page and the hashed assets only, so offline a page shows the offline page,
// never a page (or another user's data) from before. The worker is registered by the client bundle: JS-off
// runs skip these.

test.use({ serviceWorkers: 'allow' })
test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, 'the service worker is registered by the client bundle')

// What Lighthouse's installability audits checked before Lighthouse 12 removed them (decision 052): its
// installable-manifest audit was Chromium's own list of installability errors; the manifest's name, icons,
// start_url and display; a service worker controlling start_url; and start_url answering 200 offline.
test('/map is installable: Chromium finds no installability error, and the checks Lighthouse made pass', async ({ playwright, launchOptions, baseURL }) => {
  // Chromium does not offer to install from an off-the-record profile, which every test context is: a real one.
  const profile = mkdtempSync(path.join(os.tmpdir(), 'pawpal-install-'))
  const context = await playwright.chromium.launchPersistentContext(profile, { ...launchOptions, baseURL, serviceWorkers: 'allow' })
  try {
    const page = context.pages()[0] ?? (await context.newPage())
    await page.goto('/map')
    await controlledByServiceWorker(page)

    const devtools = await context.newCDPSession(page)
    const { installabilityErrors } = await devtools.send('Page.getInstallabilityErrors')
    expect(installabilityErrors).toEqual([])
    const { url, data } = await devtools.send('Page.getAppManifest')
    expect(new URL(url).pathname).toBe('/manifest.webmanifest')
    const manifest = JSON.parse(data ?? '{}') as { name?: string; short_name?: string; start_url: string; display: string; prefer_related_applications?: boolean; icons: { sizes: string; purpose?: string }[] }
    expect(manifest).toMatchObject({ name: expect.any(String), short_name: 'Pawpal', start_url: '/map', display: 'standalone', theme_color: '#0f766e' })
    expect(manifest.prefer_related_applications ?? false).toBe(false)
    const anyPurposeSizes = manifest.icons.filter((icon) => (icon.purpose ?? 'any').split(' ').includes('any')).map((icon) => icon.sizes)
    expect(anyPurposeSizes).toEqual(expect.arrayContaining(['192x192', '512x512']))

    // start_url is the page the worker controls, within its scope; offline it still answers 200 (the offline page).
    const startUrl = new URL(manifest.start_url, url).href
    expect(page.url()).toBe(startUrl)
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope)
    expect(startUrl.startsWith(scope), `${startUrl} within ${scope}`).toBe(true)
    await context.setOffline(true)
    const offline = await page.goto(startUrl)
    expect(offline?.status()).toBe(200)
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
    await context.setOffline(false)
  } finally {
    await context.close()
    rmSync(profile, { recursive: true, force: true })
  }
})

test('every icon the manifest and the page name exists in the size it claims', async ({ page, request }) => {
  await page.goto('/support')
  const manifest = (await (await request.get('/manifest.webmanifest')).json()) as { icons: { src: string; sizes: string; purpose: string }[] }
  const icons = manifest.icons.filter((icon) => icon.sizes !== 'any')
  expect(icons.map((icon) => `${icon.sizes} ${icon.purpose}`)).toEqual(['192x192 any', '512x512 any', '512x512 maskable'])
  const appleIcon = await page.locator('link[rel="apple-touch-icon"]').getAttribute('href')
  for (const [src, size] of [...icons.map((icon) => [icon.src, Number(icon.sizes.split('x')[0])] as const), [appleIcon ?? '', 180] as const]) {
    const dimensions = await page.evaluate(async (url) => {
      const image = new Image()
      image.src = url
      await image.decode()
      return [image.naturalWidth, image.naturalHeight]
    }, src)
    expect(dimensions, src).toEqual([size, size])
  }
})

test('offline, a page seen before shows the offline page, and nothing private was kept', async ({ page, context }) => {
  await loginAs(page, 'owner')
  await page.goto('/profile')
  await expect(page.getByRole('heading', { name: 'Olivia Owner' })).toBeVisible()
  await controlledByServiceWorker(page)
  await page.goto('/sitters')
  await page.goto('/profile')

  await context.setOffline(true)
  for (const path of ['/profile', '/sitters', '/messages']) {
    await page.goto(path)
    await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()
    await expect(page.getByText('Olivia Owner')).toHaveCount(0)
  }
  await context.setOffline(false)

  const kept = await page.evaluate(async () => {
    const urls: string[] = []
    for (const name of await caches.keys()) {
      for (const request of await (await caches.open(name)).keys()) urls.push(new URL(request.url).pathname)
    }
    return urls
  })
  expect(kept).toEqual(expect.arrayContaining(['/offline.html']))
  expect(kept.filter((url) => !url.startsWith('/assets/') && !['/offline.html', '/favicon.svg', '/icon-192.png', '/manifest.webmanifest'].includes(url))).toEqual([])
  expect(kept.some((url) => url.startsWith('/assets/')), 'the hashed assets of the pages seen are kept').toBe(true)
})

test('back online, the page itself comes back: the worker never answers with an old copy', async ({ page, context }) => {
  await page.goto('/support')
  await controlledByServiceWorker(page)
  await context.setOffline(true)
  await page.goto('/support')
  await expect(page.getByRole('heading', { name: 'You are offline' })).toBeVisible()

  await context.setOffline(false)
  await page.getByRole('link', { name: 'Try again' }).click()

  await expect(page.getByRole('heading', { name: 'You are offline' })).toHaveCount(0)
  await expect(page).toHaveURL(/\/support$/)
})

test('a push delivered to the service worker shows its notification, linking to its page', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['notifications'], { origin: baseURL })
  const deliverPush = await openForPushes(page, '/support')

  const message = { title: 'New booking request', body: 'Olivia asks you to walk Rex on Saturday', url: '/bookings/b-42', tag: 'booking-b-42' }
  await deliverPush(JSON.stringify(message))

  expect(await shownNotifications(page)).toEqual([message])
})
