import { href } from 'react-router'
import { visitRules } from '../visit-rules.ts'

// Recording a walk's route while its booking page is open (issue 32): the phone's positions, one kept about
// every 20 seconds, sent to POST /api/bookings/{id}/visit/route in batches of up to 100 (the page's cookie
// session; a same-origin fetch names our origin, as cookie-authenticated writes must), and a screen wake lock
// so the phone does not sleep and stop the positions. The server drops the points near either home.

const keepEveryMs = 20_000
/** About a minute of positions per request, so the owner's page moves along while the walk goes on. */
const sendAfterPoints = 3
/** Positions a dropped connection may hold back before the oldest are given up. */
const maxHeldPoints = visitRules.maxRoutePoints

type RoutePoint = { latitude: number; longitude: number; at: string }

export type RouteRecordingState = { kept: number; sent: number; problem: string | null; awake: boolean }

type Recording = { stop: () => Promise<void> }

export function recordRoute(bookingId: string, onChange: (state: RouteRecordingState) => void): Recording {
  const url = href('/api/bookings/:id/visit/route', { id: bookingId })
  const state: RouteRecordingState = { kept: 0, sent: 0, problem: null, awake: false }
  let held: RoutePoint[] = []
  let lastKeptAt = 0
  let sending: Promise<void> | null = null
  let wakeLock: WakeLockSentinel | null = null
  let stopped = false
  const report = (change: Partial<RouteRecordingState>) => onChange(Object.assign(state, change))

  async function keepScreenOn() {
    if (stopped || document.visibilityState !== 'visible' || !('wakeLock' in navigator)) return
    try {
      const lock = await navigator.wakeLock.request('screen')
      // Stopped while the browser was granting it: nothing would release it later, and the screen would stay on.
      if (stopped) return await lock.release()
      wakeLock = lock
      wakeLock.addEventListener('release', () => report({ awake: false }))
      report({ awake: true })
    } catch {
      report({ awake: false })
    }
  }

  // The browser releases the wake lock when the page is hidden; it is asked for again when it shows.
  const onVisibility = () => {
    if (document.visibilityState === 'visible') void keepScreenOn()
    else void send()
  }

  async function sendHeld() {
    while (held.length > 0) {
      const batch = held.slice(0, visitRules.maxRouteBatch)
      let response: Response
      try {
        response = await fetch(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ points: batch }) })
      } catch {
        return report({ problem: 'No connection: the positions are kept and sent later.' })
      }
      if (response.status >= 500 || response.status === 429) return report({ problem: 'The server is busy: the positions are kept and sent later.' })
      // Points trimmed from the front while this batch was on its way are not in `held` any more.
      held = held.filter((point) => !batch.includes(point))
      if (!response.ok) {
        // Refused for good (the visit was checked out, the route is full): the held points would be refused too.
        held = []
        const { message } = (await response.json().catch(() => ({}))) as { message?: string }
        await halt()
        return report({ problem: message ?? 'The route could not be saved.' })
      }
      report({ sent: state.sent + batch.length, problem: null })
    }
  }

  function send() {
    sending ??= sendHeld().finally(() => {
      sending = null
    })
    return sending
  }

  function onPosition({ coords, timestamp }: GeolocationPosition) {
    if (timestamp - lastKeptAt < keepEveryMs) return
    lastKeptAt = timestamp
    held.push({ latitude: coords.latitude, longitude: coords.longitude, at: new Date(timestamp).toISOString() })
    if (held.length > maxHeldPoints) held = held.slice(-maxHeldPoints)
    report({ kept: state.kept + 1 })
    if (held.length >= sendAfterPoints) void send()
  }

  const onError = (error: GeolocationPositionError) => {
    if (error.code === error.PERMISSION_DENIED) stopWatching()
    report({ problem: error.code === error.PERMISSION_DENIED ? 'Your phone does not share its position with Pawpal: allow it to track the route.' : 'Waiting for your position...' })
  }

  const watchId = 'geolocation' in navigator ? navigator.geolocation.watchPosition(onPosition, onError, { enableHighAccuracy: true, maximumAge: 5_000 }) : null
  if (watchId === null) report({ problem: 'This browser cannot tell its position.' })

  function stopWatching() {
    if (watchId !== null) navigator.geolocation.clearWatch(watchId)
  }

  document.addEventListener('visibilitychange', onVisibility)
  void keepScreenOn()

  /** Stops the positions and lets the screen sleep; what is held is still sent. */
  async function halt() {
    stopped = true
    stopWatching()
    document.removeEventListener('visibilitychange', onVisibility)
    await wakeLock?.release().catch(() => {})
    wakeLock = null
  }

  return {
    async stop() {
      await halt()
      await send()
    },
  }
}
