import { readFileSync } from 'node:fs'
import vm from 'node:vm'
import { expect, test } from 'vitest'
import type { PushMessage } from './send-push.server.ts'

// public/sw.js's `push`, `notificationclick` and `fetch` handlers, run in a VM context shaped like the worker's
// global scope (ServiceWorkerGlobalScope): `self`, `registration`, `clients`, `caches`, `fetch`. DevTools can
// deliver a push to a real worker (tests/e2e) but cannot click a notification, so which window a click focuses
// or opens is asserted here; so is what the worker stores, and that a page never waits for it to store a file.

const origin = 'https://pawpal.example'

type ShownNotification = { title: string; options: { body: string; tag?: string; icon: string; data: { url: string } } }
type Window = { url: string; controlled: boolean }
type ExtendableEvent = { waitUntil(promise: Promise<unknown>): void }

/** CacheStorage with one cache per name; `storing` holds every `put` until it is released. */
function fakeCaches() {
  const stores = new Map<string, Map<string, Response>>()
  let release = () => {}
  const released = new Promise<void>((resolve) => (release = resolve))
  const open = (name: string) => {
    const store = stores.get(name) ?? new Map<string, Response>()
    stores.set(name, store)
    return {
      match: (request: { url: string } | string) => Promise.resolve(store.get(new URL(typeof request === 'string' ? request : request.url, origin).pathname)),
      put: async (request: { url: string }, response: Response) => {
        await released
        store.set(new URL(request.url).pathname, response)
      },
      keys: () => Promise.resolve([...store.keys()].map((path) => new Request(new URL(path, origin)))),
      delete: (request: Request) => Promise.resolve(store.delete(new URL(request.url).pathname)),
    }
  }
  return {
    storage: {
      open: (name: string) => Promise.resolve(open(name)),
      match: (request: string, options: { cacheName: string }) => open(options.cacheName).match(request),
      keys: () => Promise.resolve([...stores.keys()]),
      delete: (name: string) => Promise.resolve(stores.delete(name)),
    },
    stored: (name: string) => [...(stores.get(name)?.keys() ?? [])],
    releaseStoring: release,
  }
}

/** The worker loaded with these windows open; what it shows, focuses and opens is recorded. */
function loadServiceWorker(windows: Window[] = [], network: (request: { url: string }) => Promise<Response> = () => Promise.reject(new TypeError('offline'))) {
  const cacheStorage = fakeCaches()
  const listeners = new Map<string, (event: ExtendableEvent) => void>()
  const shown: ShownNotification[] = []
  const focused: string[] = []
  const opened: string[] = []
  const scope = {
    location: new URL('/sw.js', origin),
    URL,
    Response,
    caches: cacheStorage.storage,
    fetch: network,
    addEventListener: (type: string, listener: (event: ExtendableEvent) => void) => listeners.set(type, listener),
    registration: {
      showNotification: (title: string, options: ShownNotification['options']) => {
        shown.push({ title, options })
        return Promise.resolve()
      },
    },
    clients: {
      matchAll: (options: { type?: string; includeUncontrolled?: boolean }) =>
        Promise.resolve(
          options.type === 'window'
            ? windows
                .filter((window) => window.controlled || options.includeUncontrolled)
                .map((window) => ({ url: window.url, focus: () => Promise.resolve(focused.push(window.url)) }))
            : [],
        ),
      openWindow: (url: string) => Promise.resolve(opened.push(url)),
    },
  }
  // The worker's global object is `self`.
  vm.runInNewContext(readFileSync('public/sw.js', 'utf8'), Object.assign(scope, { self: scope }), { filename: 'public/sw.js' })

  /** Dispatches an event as the browser does, and waits for what it asked the browser to wait for. */
  async function dispatch(type: string, fields: object) {
    const pending: Promise<unknown>[] = []
    const listener = listeners.get(type)
    if (!listener) throw new Error(`The worker does not listen for ${type}`)
    listener({ ...fields, waitUntil: (promise) => pending.push(promise) })
    await Promise.all(pending)
  }

  return {
    caches: cacheStorage,
    /** A GET of this path (a page's navigation or a subresource): the answer the worker gives, or null when it leaves it to the browser. */
    get(path: string, { navigate = false, preloadResponse = Promise.resolve<Response | undefined>(undefined) } = {}): Promise<Response> | null {
      const answers: Promise<Response>[] = []
      const request = { url: new URL(path, origin).href, method: 'GET', mode: navigate ? 'navigate' : 'cors' }
      const listener = listeners.get('fetch') as unknown as (event: object) => void
      listener({ request, preloadResponse, respondWith: (promise: Promise<Response>) => answers.push(promise), waitUntil: () => {} })
      return answers[0] ?? null
    },
    shown,
    focused,
    opened,
    push: (data: string | null) => dispatch('push', { data: data === null ? null : { json: () => JSON.parse(data) as unknown } }),
    /** Clicks a notification carrying this `data`; answers whether the worker closed it. */
    async click(data: unknown) {
      let closed = false
      await dispatch('notificationclick', { notification: { data, close: () => (closed = true) } })
      return closed
    },
  }
}

test('a push shows its title and body, under its tag, with the page a click opens', async () => {
  const worker = loadServiceWorker()
  const message: PushMessage = { title: 'New booking request', body: 'Olive Owner requested a walk for Pepper on Sat 5 Dec, 10:00', url: '/bookings/b-42', tag: 'booking-b-42' }

  await worker.push(JSON.stringify(message))

  expect(worker.shown).toEqual([
    { title: 'New booking request', options: { body: message.body, tag: 'booking-b-42', icon: '/icon-192.png', data: { url: '/bookings/b-42' } } },
  ])
})

test('a push without a payload, or one that is not JSON, still shows a notification: Pawpal, opening the start page', async () => {
  const worker = loadServiceWorker()

  await worker.push(null)
  await worker.push('not json')

  const bare = { title: 'Pawpal', options: { body: '', tag: undefined, icon: '/icon-192.png', data: { url: '/' } } }
  expect(worker.shown).toEqual([bare, bare])
})

test("a click focuses the window already showing the notification's page and opens none", async () => {
  const worker = loadServiceWorker([
    { url: `${origin}/messages`, controlled: true },
    { url: `${origin}/bookings/b-42`, controlled: true },
  ])

  const closed = await worker.click({ url: '/bookings/b-42' })

  expect(closed).toBe(true)
  expect(worker.focused).toEqual([`${origin}/bookings/b-42`])
  expect(worker.opened).toEqual([])
})

test('a window opened before the worker took control counts: it is focused, not opened again', async () => {
  const worker = loadServiceWorker([{ url: `${origin}/bookings/b-42`, controlled: false }])

  await worker.click({ url: '/bookings/b-42' })

  expect(worker.focused).toEqual([`${origin}/bookings/b-42`])
  expect(worker.opened).toEqual([])
})

test("with no window on the notification's page, a click opens it (another page of Pawpal is left alone)", async () => {
  const worker = loadServiceWorker([{ url: `${origin}/messages`, controlled: true }])

  await worker.click({ url: '/bookings/b-42' })

  expect(worker.focused).toEqual([])
  expect(worker.opened).toEqual([`${origin}/bookings/b-42`])
})

test('a click never opens another site, and a notification without a url opens the start page', async () => {
  const worker = loadServiceWorker()

  await worker.click({ url: 'https://elsewhere.example/phish' })
  await worker.click({ url: '//elsewhere.example/phish' })
  await worker.click(undefined)

  expect(worker.opened).toEqual([`${origin}/`])
})

test('a page comes from the network (the preloaded answer when the browser has one) and is never stored; offline, the offline page', async () => {
  const worker = loadServiceWorker([], () => Promise.resolve(new Response('<h1>Olivia Owner</h1>', { headers: { 'content-type': 'text/html' } })))
  worker.caches.releaseStoring()
  await (await worker.caches.storage.open('pawpal-shell-v1')).put({ url: `${origin}/offline.html` }, new Response('<h1>You are offline</h1>'))

  expect(await (await worker.get('/profile', { navigate: true }))?.text()).toBe('<h1>Olivia Owner</h1>')
  const preloaded = worker.get('/profile', { navigate: true, preloadResponse: Promise.resolve(new Response('preloaded')) })
  expect(await (await preloaded)?.text()).toBe('preloaded')
  expect(worker.caches.stored('pawpal-assets')).toEqual([])
  expect(worker.caches.stored('pawpal-shell-v1')).toEqual(['/offline.html'])

  const offline = loadServiceWorker()
  offline.caches.releaseStoring()
  await (await offline.caches.storage.open('pawpal-shell-v1')).put({ url: `${origin}/offline.html` }, new Response('<h1>You are offline</h1>'))
  expect(await (await offline.get('/profile', { navigate: true }))?.text()).toBe('<h1>You are offline</h1>')
  expect(await offline.get('/api/users/me')).toBeNull()
})

test('a hashed asset reaches the page before it is stored, and comes from the cache after', async () => {
  let fetched = 0
  // A same-origin answer, as the browser types it ('basic'; Node's Response says 'default').
  const worker = loadServiceWorker([], () => Promise.resolve(Object.defineProperty(new Response(`asset ${++fetched}`), 'type', { value: 'basic' })))

  const first = await worker.get('/assets/root-abc123.js')
  expect(await first?.text(), 'answered while storing is still under way').toBe('asset 1')
  expect(worker.caches.stored('pawpal-assets')).toEqual([])

  worker.caches.releaseStoring()
  await expect.poll(() => worker.caches.stored('pawpal-assets')).toEqual(['/assets/root-abc123.js'])
  expect(await (await worker.get('/assets/root-abc123.js'))?.text()).toBe('asset 1')
  expect(fetched).toBe(1)
})
