// Pawpal's service worker (decision 052), served from the site root so its scope is the whole site.
// It keeps the offline page, the icons and the build's hashed assets, and nothing else: no page HTML (a
// signed-in page is private, and a public one changes), no API answer, no upload. A page that cannot be
// reached shows the offline page instead. It also shows the Web Push notifications and opens their link.
// Change `shellVersion` whenever a file of `shell` changes, so devices fetch it again.

const shellVersion = 1
const shellCache = `pawpal-shell-v${shellVersion}`
const assetCache = 'pawpal-assets'
const shell = ['/offline.html', '/favicon.svg', '/icon-192.png', '/manifest.webmanifest']
/** Hashed assets kept at most; older builds' files go first. */
const maxAssets = 150

self.addEventListener('install', (event) => {
  event.waitUntil(
    caches
      .open(shellCache)
      .then((cache) => cache.addAll(shell))
      .then(() => self.skipWaiting()),
  )
})

self.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      for (const name of await caches.keys()) if (name !== shellCache && name !== assetCache) await caches.delete(name)
      // A page's request starts while the worker boots, so no navigation waits for it.
      await self.registration.navigationPreload?.enable()
      await self.clients.claim()
    })(),
  )
})

self.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET') return
  const url = new URL(request.url)
  if (url.origin !== self.location.origin) return
  if (request.mode === 'navigate') event.respondWith(pageOrOffline(event))
  else if (url.pathname.startsWith('/assets/')) event.respondWith(hashedAsset(event))
})

/** The page from the network (the preloaded answer when there is one), never stored; the offline page when the network fails. */
async function pageOrOffline(event) {
  try {
    return (await event.preloadResponse) ?? (await fetch(event.request))
  } catch {
    return (await caches.match('/offline.html', { cacheName: shellCache })) ?? Response.error()
  }
}

/**
 * A file whose name carries its content hash never changes: from the cache when there, else fetched and kept.
 * The page gets the file at once; it is stored after.
 */
async function hashedAsset(event) {
  const cache = await caches.open(assetCache)
  const cached = await cache.match(event.request)
  if (cached) return cached
  const response = await fetch(event.request)
  if (response.ok && response.type === 'basic') event.waitUntil(keep(cache, event.request, response.clone()))
  return response
}

async function keep(cache, request, response) {
  await cache.put(request, response)
  const keys = await cache.keys()
  for (const old of keys.slice(0, Math.max(0, keys.length - maxAssets))) await cache.delete(old)
}

// A push carries { title, body, url, tag } (app/features/push/send-push.server.ts): nothing more is shown.
self.addEventListener('push', (event) => {
  let message = {}
  try {
    message = event.data ? event.data.json() : {}
  } catch {
    // not JSON: shown with the default title below
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Pawpal'
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' && message.tag ? message.tag : undefined,
      icon: '/icon-192.png',
      data: { url: typeof message.url === 'string' ? message.url : '/' },
    }),
  )
})

// A click focuses a window already showing the notification's page, or opens it; only pages of this site.
self.addEventListener('notificationclick', (event) => {
  event.notification.close()
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin)
  if (target.origin !== self.location.origin) return
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true })
      const showing = windows.find((client) => client.url === target.href)
      return showing ? showing.focus() : self.clients.openWindow(target.href)
    })(),
  )
})

// The browser replaced the device's subscription (it expired or was rotated): tell the server the new one.
self.addEventListener('pushsubscriptionchange', (event) => {
  event.waitUntil(
    (async () => {
      const subscription = event.newSubscription ?? (await self.registration.pushManager.subscribe(event.oldSubscription.options))
      await fetch('/api/push/subscriptions', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(subscription),
      })
    })(),
  )
})
