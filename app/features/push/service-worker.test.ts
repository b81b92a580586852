import { readFileSync } from 'node:fs'
import vm from 'node:vm'
import { expect, test } from 'vitest'
import type { PushMessage } from './send-push.server.ts'

// public/sw.js's `push` and `notificationclick` handlers, run in a VM context shaped like the worker's global
// scope (ServiceWorkerGlobalScope): `self`, `registration`, `clients`. DevTools can deliver a push to a real
// worker (tests/e2e) but cannot click a notification, so which window a click focuses or opens is asserted here.

const origin = 'https://pawpal.example'

type ShownNotification = { title: string; options: { body: string; tag?: string; icon: string; data: { url: string } } }
type Window = { url: string; controlled: boolean }
type ExtendableEvent = { waitUntil(promise: Promise<unknown>): void }

/** The worker loaded with these windows open; what it shows, focuses and opens is recorded. */
function loadServiceWorker(windows: Window[] = []) {
  const listeners = new Map<string, (event: ExtendableEvent) => void>()
  const shown: ShownNotification[] = []
  const focused: string[] = []
  const opened: string[] = []
  const scope = {
    location: new URL('/sw.js', origin),
    URL,
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
