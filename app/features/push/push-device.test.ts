import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { pushDeviceState, turnPushOff, turnPushOn } from './push-device.ts'

// This device's side of Web Push (push-device.ts) against a fake browser: a PushManager that subscribes with
// the key it is given, Notification's permission prompt, and the server's answers. Headless Chromium cannot
// subscribe to a real push service, so the browser's order of calls is asserted here.

const serverKey = 'BNcRdreALRFXTkOOUHK1EtK2wtaz5Ry4YfYCA_0QTpQtUbVlUls0VJXg7A8u-Ts1XbjhazAkj7I99e8QcYP7DkM'

type Answer = { status: number; body?: unknown }

class FakeSubscription {
  unsubscribed = false
  readonly endpoint = 'https://push.example/device-1'
  toJSON() {
    return { endpoint: this.endpoint, expirationTime: null, keys: { p256dh: 'device-key', auth: 'device-auth' } }
  }
  unsubscribe() {
    this.unsubscribed = true
    return Promise.resolve(true)
  }
}

class FakePushManager {
  subscription: FakeSubscription | null = null
  subscribeOptions: unknown[] = []
  failing = false
  subscribe(options: { userVisibleOnly: boolean; applicationServerKey: Uint8Array }) {
    this.subscribeOptions.push(options)
    if (this.failing) return Promise.reject(new Error('AbortError: push service not available'))
    this.subscription = new FakeSubscription()
    return Promise.resolve(this.subscription)
  }
  getSubscription() {
    return Promise.resolve(this.subscription?.unsubscribed ? null : this.subscription)
  }
}

let browser: ReturnType<typeof fakeBrowser>

/** The browser's APIs push-device.ts uses, and the requests it sent the server (answered from `answers`). */
function fakeBrowser() {
  const pushManager = new FakePushManager()
  const registration = { pushManager }
  const state = {
    permission: 'default' as NotificationPermission,
    /** What the user picks when asked. */
    choice: 'granted' as NotificationPermission,
    registered: [] as { url: string; scope: string | undefined }[],
    requests: [] as { method: string; url: string; body: unknown }[],
    answers: new Map<string, Answer>([
      ['GET /api/push/public-key', { status: 200, body: { publicKey: serverKey } }],
      ['POST /api/push/subscriptions', { status: 201, body: {} }],
      ['DELETE /api/push/subscriptions', { status: 204 }],
    ]),
    pushManager,
  }
  const Notification = {
    get permission() {
      return state.permission
    },
    requestPermission: () => Promise.resolve((state.permission = state.choice)),
  }
  const serviceWorker = {
    register: (url: string, options?: { scope?: string }) => {
      state.registered.push({ url, scope: options?.scope })
      return Promise.resolve(registration)
    },
    ready: Promise.resolve(registration),
    getRegistration: () => Promise.resolve(state.registered.length > 0 ? registration : undefined),
  }
  vi.stubGlobal('Notification', Notification)
  vi.stubGlobal('window', { Notification, PushManager: FakePushManager })
  vi.stubGlobal('navigator', { serviceWorker })
  vi.stubGlobal('fetch', (url: string, init?: RequestInit) => {
    const method = init?.method ?? 'GET'
    state.requests.push({ method, url, body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined })
    const answer = state.answers.get(`${method} ${url}`) ?? { status: 404, body: { message: 'Not found' } }
    return Promise.resolve(answer.body === undefined ? new Response(null, { status: answer.status }) : Response.json(answer.body, { status: answer.status }))
  })
  return state
}

beforeEach(() => {
  browser = fakeBrowser()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

const bytesOf = (base64url: string) => new Uint8Array(Buffer.from(base64url, 'base64url'))

test("turning push on asks permission, subscribes with the server's key for visible notifications only, and saves the subscription", async () => {
  expect(await turnPushOn()).toEqual({ state: 'on' })

  expect(browser.registered).toEqual([{ url: '/sw.js', scope: '/' }])
  expect(browser.pushManager.subscribeOptions).toEqual([{ userVisibleOnly: true, applicationServerKey: bytesOf(serverKey) }])
  expect(browser.requests).toEqual([
    { method: 'GET', url: '/api/push/public-key', body: undefined },
    { method: 'POST', url: '/api/push/subscriptions', body: { endpoint: 'https://push.example/device-1', expirationTime: null, keys: { p256dh: 'device-key', auth: 'device-auth' } } },
  ])
  expect(await pushDeviceState()).toBe('on')
})

test('a refused permission leaves the device unsubscribed: blocked, or off when the prompt was dismissed', async () => {
  browser.choice = 'denied'
  expect(await turnPushOn()).toEqual({ state: 'blocked' })
  expect(await pushDeviceState()).toBe('blocked')

  browser = fakeBrowser()
  browser.choice = 'default'
  expect(await turnPushOn()).toEqual({ state: 'off', problem: 'Notifications were not allowed: tap again to choose.' })

  expect(browser.pushManager.subscribeOptions).toEqual([])
  expect(browser.requests).toEqual([])
})

test('a subscription the server refuses is ended in the browser too, and the user is told', async () => {
  browser.answers.set('POST /api/push/subscriptions', { status: 422, body: { message: 'Invalid subscription', errors: {} } })

  expect(await turnPushOn()).toEqual({ state: 'off', problem: 'Notifications could not be turned on. Check your connection and try again.' })

  expect(browser.pushManager.subscription?.unsubscribed).toBe(true)
  expect(await pushDeviceState()).toBe('off')
})

test('a push service that fails to subscribe says so, and nothing is sent to the server', async () => {
  browser.pushManager.failing = true

  expect(await turnPushOn()).toEqual({ state: 'off', problem: 'Notifications could not be turned on. Check your connection and try again.' })

  expect(browser.requests.filter((request) => request.method !== 'GET')).toEqual([])
})

test("turning push off forgets the device on the server, then ends the browser's subscription", async () => {
  await turnPushOn()
  browser.requests.length = 0

  expect(await turnPushOff()).toEqual({ state: 'off' })

  expect(browser.requests).toEqual([{ method: 'DELETE', url: '/api/push/subscriptions', body: { endpoint: 'https://push.example/device-1' } }])
  expect(browser.pushManager.subscription?.unsubscribed).toBe(true)
  expect(await pushDeviceState()).toBe('off')
})

test('when the server cannot forget the device, push stays on (the server would still send), and the user is told', async () => {
  await turnPushOn()
  browser.answers.set('DELETE /api/push/subscriptions', { status: 500, body: { message: 'Something went wrong' } })

  expect(await turnPushOff()).toEqual({ state: 'on', problem: 'Notifications could not be turned off. Check your connection and try again.' })

  expect(browser.pushManager.subscription?.unsubscribed).toBe(false)
})

test('a device the server had already forgotten (404) is turned off in the browser too', async () => {
  await turnPushOn()
  browser.answers.delete('DELETE /api/push/subscriptions')

  expect(await turnPushOff()).toEqual({ state: 'off' })
  expect(browser.pushManager.subscription?.unsubscribed).toBe(true)
})

test("on opening, a subscription the browser still holds is sent to the server again; one the server refuses reads as off", async () => {
  await turnPushOn()
  browser.requests.length = 0

  expect(await pushDeviceState()).toBe('on')
  expect(browser.requests.map((request) => `${request.method} ${request.url}`)).toEqual(['POST /api/push/subscriptions'])

  browser.answers.set('POST /api/push/subscriptions', { status: 401, body: { message: 'Sign in first' } })
  expect(await pushDeviceState()).toBe('off')
})

test('a browser without service workers or push reads as unsupported, and turning on changes nothing', async () => {
  vi.stubGlobal('window', { Notification: {} }) // no PushManager

  expect(await pushDeviceState()).toBe('unsupported')
  expect(await turnPushOn()).toEqual({ state: 'unsupported' })
  expect(browser.requests).toEqual([])
})
