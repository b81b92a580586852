import { useEffect, useState } from 'react'
import { useHydrated } from '#app/ui/use-hydrated.ts'
import { type PushChange, pushDeviceState, turnPushOff, turnPushOn } from '../push-device.ts'

// 'Notifications on this phone: On/Off' (issue 20): turns Web Push on or off for this device only, and only
// when the user taps it, never on load (the browser's permission prompt follows the tap). It says when the
// browser blocks notifications for this site or cannot show them at all.

type Shown = PushChange | { state: 'checking' }

/** `look`: a card among /profile's cards, or bordered as /notifications' list is. */
export function PushSwitch({ title = 'Notifications', look = 'bordered' }: { title?: string; look?: 'bordered' | 'card' }) {
  const hydrated = useHydrated()
  const [shown, setShown] = useState<Shown>({ state: 'checking' })
  const [busy, setBusy] = useState(false)

  useEffect(() => {
    let current = true
    void pushDeviceState().then((state) => current && setShown({ state }))
    return () => {
      current = false
    }
  }, [])

  async function toggle() {
    setBusy(true)
    setShown(await (shown.state === 'on' ? turnPushOff() : turnPushOn()))
    setBusy(false)
  }

  // Known only in the browser: hydrated is false while the server's HTML is hydrated, so both render the same. Until then
  // the switch is not shown, and its text, which cannot tell a phone from a computer, says 'device'.
  const device = hydrated && !window.matchMedia('(pointer: coarse)').matches ? 'device' : 'phone'
  const label = `Notifications on this ${device}`
  return (
    <section aria-labelledby="push-switch-title" className={`space-y-3 ${look === 'card' ? 'rounded-2xl bg-white p-5 shadow-sm' : 'rounded-xl border border-stone-200 bg-white p-4'}`}>
      <h2 id="push-switch-title" className="text-lg font-semibold">
        {title}
      </h2>
      {!hydrated ? (
        <p className="text-sm text-stone-600">Notifications on this device need JavaScript: turn it on in your browser to choose.</p>
      ) : shown.state === 'unsupported' ? (
        <p className="text-sm text-stone-600">
          {label}: not available. This browser cannot show notifications from Pawpal. On an iPhone or iPad, add Pawpal to
          your Home Screen first (Share, then Add to Home Screen) and open it from there.
        </p>
      ) : shown.state === 'blocked' ? (
        <p className="text-sm text-stone-600">
          {label}: blocked by your browser. Allow notifications for this site in your browser&apos;s settings, then come back here.
        </p>
      ) : (
        <>
          <div className="flex items-center justify-between gap-4">
            <span id="push-switch-label" className="font-medium text-stone-900">
              {label}: {shown.state === 'on' ? 'On' : shown.state === 'off' ? 'Off' : '…'}
            </span>
            <button
              type="button"
              role="switch"
              aria-checked={shown.state === 'on'}
              aria-labelledby="push-switch-label"
              disabled={busy || shown.state === 'checking'}
              onClick={() => void toggle()}
              className={`tap-target relative inline-flex h-11 w-16 shrink-0 items-center rounded-full px-1 transition-colors disabled:opacity-60 ${shown.state === 'on' ? 'bg-brand-700' : 'bg-stone-300'}`}
            >
              <span className={`h-9 w-9 rounded-full bg-white shadow transition-transform ${shown.state === 'on' ? 'translate-x-5' : ''}`} />
            </button>
          </div>
          <p className="text-sm text-stone-600">New requests, answers and messages reach you here even when Pawpal is closed.</p>
          {'problem' in shown && shown.problem ? (
            <p role="alert" className="text-sm text-red-700">
              {shown.problem}
            </p>
          ) : null}
        </>
      )}
    </section>
  )
}
