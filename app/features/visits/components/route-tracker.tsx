import { useEffect, useState } from 'react'
import { recordRoute, type RouteRecordingState } from './route-recording.ts'

// The walk's 'Track route' switch (loaded only on a booking page with a walk under way: lazy-route-tracker.tsx).

export default function RouteTracker({ bookingId }: { bookingId: string }) {
  const [tracking, setTracking] = useState(false)
  const [recording, setRecording] = useState<RouteRecordingState | null>(null)

  useEffect(() => {
    if (!tracking) return
    const session = recordRoute(bookingId, (state) => setRecording({ ...state }))
    return () => void session.stop()
  }, [tracking, bookingId])

  return (
    <div className="space-y-2 rounded-lg bg-stone-50 p-3">
      <button
        type="button"
        aria-pressed={tracking}
        onClick={() => setTracking((on) => !on)}
        className="tap-target inline-flex items-center gap-3 rounded-lg border border-stone-300 bg-white px-4 py-2.5 font-medium text-stone-900 hover:bg-stone-100 aria-pressed:border-brand-700 aria-pressed:bg-brand-50"
      >
        <span aria-hidden className={`inline-block size-3 rounded-full ${tracking ? 'bg-brand-700' : 'bg-stone-300'}`} />
        Track route
      </button>
      <p role="status" className="text-sm text-stone-700">
        {describe(tracking, recording)}
      </p>
    </div>
  )
}

function describe(tracking: boolean, recording: RouteRecordingState | null) {
  if (!tracking) {
    return recording?.sent ? `Stopped: ${positions(recording.sent)} saved.` : 'Keep this page open during the walk: a position about every 20 seconds, none near either home.'
  }
  if (!recording) return 'Starting...'
  if (recording.problem) return recording.problem
  const screen = recording.awake ? ' The screen stays on.' : ''
  return `Tracking: ${positions(recording.kept)}, ${recording.sent} saved.${screen}`
}

const positions = (count: number) => `${count} ${count === 1 ? 'position' : 'positions'}`
