import { afterEach, beforeEach, expect, test, vi } from 'vitest'
import { visitMessages } from '../schema.ts'
import { recordRoute, type RouteRecordingState } from './route-recording.ts'

// Recording a walk's route (route-recording.ts) against a fake browser: a geolocation that reports the positions
// a test walks through, a screen wake lock, the page's visibility, and a server that answers each POST as the test
// says. Positions carry explicit timestamps, as a phone's do: a point is kept about every 20 s by them.

const bookingId = 'booking-1'
const routeUrl = `/api/bookings/${bookingId}/visit/route`
const walkStart = Date.parse('2030-05-01T09:00:00.000Z')
const secondsIn = (seconds: number) => walkStart + seconds * 1000
const watchId = 7

/** What the server does with the next POST: answer with a status and body, or never answer (no connection). */
type Answer = { status: number; body?: unknown } | 'offline'

class FakeWakeLock {
  released = false
  private onRelease: (() => void)[] = []
  addEventListener(_type: 'release', listener: () => void) {
    this.onRelease.push(listener)
  }
  release() {
    if (!this.released) {
      this.released = true
      for (const listener of this.onRelease) listener()
    }
    return Promise.resolve()
  }
}

let browser: ReturnType<typeof fakeBrowser>

function fakeBrowser() {
  const state = {
    /** The page's position callback while it watches; null once the watch is cleared. */
    watcher: null as PositionCallback | null,
    clearedWatches: [] as number[],
    wakeLocks: [] as FakeWakeLock[],
    /** Resolves when the browser grants a requested wake lock (at once unless a test holds it back). */
    wakeLockGranted: Promise.resolve(),
    visibility: 'visible' as DocumentVisibilityState,
    visibilityListeners: new Set<() => void>(),
    requests: [] as { method: string; url: string; body: unknown }[],
    /** Answers for the next POSTs, in order; 200 once they run out. */
    answers: [] as Answer[],
  }
  vi.stubGlobal('navigator', {
    geolocation: {
      watchPosition: (success: PositionCallback) => {
        state.watcher = success
        return watchId
      },
      clearWatch: (id: number) => {
        state.clearedWatches.push(id)
        state.watcher = null
      },
    },
    wakeLock: {
      request: async () => {
        await state.wakeLockGranted
        const lock = new FakeWakeLock()
        state.wakeLocks.push(lock)
        return lock
      },
    },
  })
  vi.stubGlobal('document', {
    get visibilityState() {
      return state.visibility
    },
    addEventListener: (_type: 'visibilitychange', listener: () => void) => state.visibilityListeners.add(listener),
    removeEventListener: (_type: 'visibilitychange', listener: () => void) => state.visibilityListeners.delete(listener),
  })
  vi.stubGlobal('fetch', (url: string, init: RequestInit) => {
    state.requests.push({ method: init.method ?? 'GET', url, body: JSON.parse(init.body as string) })
    const answer = state.answers.shift() ?? { status: 200, body: {} }
    if (answer === 'offline') return Promise.reject(new TypeError('Failed to fetch'))
    return Promise.resolve(Response.json(answer.body ?? {}, { status: answer.status }))
  })
  return state
}

/** The phone reports a position at a moment of the walk. */
function walkTo(latitude: number, longitude: number, seconds: number) {
  const position = { coords: { latitude, longitude }, timestamp: secondsIn(seconds) } as GeolocationPosition
  browser.watcher?.(position)
}

/** The page is hidden or shown again; the browser lets go of a wake lock when the page is hidden. */
async function showPage(visibility: DocumentVisibilityState) {
  if (visibility === 'hidden') await Promise.all(browser.wakeLocks.map((lock) => lock.release()))
  browser.visibility = visibility
  for (const listener of browser.visibilityListeners) listener()
}

/** Starts recording; `latest()` is the state the page was last told. */
function startRecording() {
  let last: RouteRecordingState | null = null
  const recording = recordRoute(bookingId, (state) => (last = { ...state }))
  return { ...recording, latest: () => last }
}

const pointsSent = () => browser.requests.map((request) => request.body)

beforeEach(() => {
  browser = fakeBrowser()
})
afterEach(() => {
  vi.unstubAllGlobals()
})

test('positions less than 20 s after the last kept one are dropped, and three kept points are sent as one batch', async () => {
  const recording = startRecording()

  walkTo(51.5, -0.12, 0)
  walkTo(51.501, -0.121, 5)
  walkTo(51.502, -0.122, 19)
  walkTo(51.503, -0.123, 21)
  walkTo(51.504, -0.124, 30) // 9 s after the last kept point, though 42 s come after it
  walkTo(51.505, -0.125, 42)

  await vi.waitFor(() => expect(browser.requests).toHaveLength(1))
  expect(browser.requests[0]).toEqual({
    method: 'POST',
    url: routeUrl,
    body: {
      points: [
        { latitude: 51.5, longitude: -0.12, at: '2030-05-01T09:00:00.000Z' },
        { latitude: 51.503, longitude: -0.123, at: '2030-05-01T09:00:21.000Z' },
        { latitude: 51.505, longitude: -0.125, at: '2030-05-01T09:00:42.000Z' },
      ],
    },
  })
  await vi.waitFor(() => expect(recording.latest()).toMatchObject({ kept: 3, sent: 3, problem: null }))
  await recording.stop()
})

test('points a dropped connection held back are all sent with the next batch, each once', async () => {
  browser.answers.push('offline')
  const recording = startRecording()
  for (const [index, seconds] of [0, 20, 40].entries()) walkTo(51.5 + index / 1000, -0.12, seconds)
  await vi.waitFor(() => expect(recording.latest()?.problem).toBe('No connection: the positions are kept and sent later.'))
  expect(recording.latest()).toMatchObject({ kept: 3, sent: 0 })

  walkTo(51.503, -0.12, 60)
  await vi.waitFor(() => expect(recording.latest()).toMatchObject({ kept: 4, sent: 4, problem: null }))
  walkTo(51.504, -0.12, 80)
  walkTo(51.505, -0.12, 100)
  walkTo(51.506, -0.12, 120)
  await vi.waitFor(() => expect(recording.latest()).toMatchObject({ kept: 7, sent: 7 }))

  const point = (index: number) => ({ latitude: 51.5 + index / 1000, longitude: -0.12, at: new Date(secondsIn(index * 20)).toISOString() })
  expect(pointsSent()).toEqual([
    { points: [point(0), point(1), point(2)] },
    { points: [point(0), point(1), point(2), point(3)] },
    { points: [point(4), point(5), point(6)] },
  ])
  await recording.stop()
})

test("a 409 from the server stops watching the position, lets the screen sleep and shows the server's message", async () => {
  browser.answers.push({ status: 409, body: { message: visitMessages.checkedOut } })
  const recording = startRecording()

  for (const seconds of [0, 20, 40]) walkTo(51.5, -0.12, seconds)

  await vi.waitFor(() => expect(recording.latest()?.problem).toBe(visitMessages.checkedOut))
  expect(browser.clearedWatches).toEqual([watchId])
  expect(browser.wakeLocks.map((lock) => lock.released)).toEqual([true])
  expect(recording.latest()?.sent).toBe(0)
})

test('the screen is kept on while recording, asked for again when the page shows again, and let go on stop', async () => {
  const recording = startRecording()
  await vi.waitFor(() => expect(recording.latest()?.awake).toBe(true))
  expect(browser.wakeLocks).toHaveLength(1)

  await showPage('hidden')
  expect(recording.latest()?.awake).toBe(false)
  await showPage('visible')
  await vi.waitFor(() => expect(recording.latest()?.awake).toBe(true))
  expect(browser.wakeLocks).toHaveLength(2)
  expect(browser.wakeLocks[1]?.released).toBe(false)

  await recording.stop()
  expect(browser.wakeLocks.map((lock) => lock.released)).toEqual([true, true])
  expect(recording.latest()?.awake).toBe(false)
})

test('a wake lock the browser grants only after the recording stopped is let go at once', async () => {
  const grant = Promise.withResolvers<void>()
  browser.wakeLockGranted = grant.promise
  const recording = startRecording()

  await recording.stop()
  grant.resolve()

  await vi.waitFor(() => expect(browser.wakeLocks).toHaveLength(1))
  await vi.waitFor(() => expect(browser.wakeLocks[0]?.released).toBe(true))
})

test('stopping stops watching the position and sends the points still held', async () => {
  const recording = startRecording()
  walkTo(51.5, -0.12, 0)
  walkTo(51.501, -0.121, 25)
  expect(browser.requests).toEqual([])

  await recording.stop()

  expect(browser.clearedWatches).toEqual([watchId])
  expect(browser.requests).toEqual([
    {
      method: 'POST',
      url: routeUrl,
      body: {
        points: [
          { latitude: 51.5, longitude: -0.12, at: '2030-05-01T09:00:00.000Z' },
          { latitude: 51.501, longitude: -0.121, at: '2030-05-01T09:00:25.000Z' },
        ],
      },
    },
  ])
  expect(recording.latest()).toMatchObject({ kept: 2, sent: 2 })
})
