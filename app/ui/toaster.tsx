import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { type Toast, type ToastInput, toastDurationMs, toToast } from '#app/lib/toast.ts'
import { CloseIcon } from './icons.tsx'
import { useHydrated } from './use-hydrated.ts'

// One toast at a time (spec section 9): a newer toast replaces the one on screen.
let current: Toast | null = null
const listeners = new Set<() => void>()
const setCurrent = (toast: Toast | null) => {
  current = toast
  for (const listener of listeners) listener()
}

/** Shows a toast from the browser (fetcher results, socket events). */
export function showToast(toast: ToastInput) {
  setCurrent(toToast(toast))
}

const swipeThresholdPx = 50

export function Toaster({ toast: flashToast }: { toast: Toast | null }) {
  const clientToast = useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => current,
    () => null,
  )
  const [dismissedId, setDismissedId] = useState<string | null>(null)
  const toast = clientToast ?? flashToast
  const visible = toast && toast.id !== dismissedId ? toast : null

  useEffect(() => {
    if (flashToast) setCurrent(null)
  }, [flashToast])

  useEffect(() => {
    if (!visible) return
    const timer = setTimeout(() => setDismissedId(visible.id), toastDurationMs + 300)
    return () => clearTimeout(timer)
  }, [visible])

  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-3">
      {visible ? <ToastCard key={visible.id} toast={visible} onDismiss={() => setDismissedId(visible.id)} /> : null}
    </div>
  )
}

function ToastCard({ toast, onDismiss }: { toast: Toast; onDismiss: () => void }) {
  const hydrated = useHydrated()
  const startX = useRef<number | null>(null)
  const [offset, setOffset] = useState(0)
  const tone =
    toast.type === 'error'
      ? 'border-red-200 bg-red-50 text-red-900'
      : toast.type === 'success'
        ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
        : 'border-stone-200 bg-white text-stone-900'
  return (
    <div
      role={toast.type === 'error' ? 'alert' : 'status'}
      aria-live={toast.type === 'error' ? 'assertive' : 'polite'}
      className={`toast-auto-leave pointer-events-auto flex w-full max-w-sm items-start gap-3 rounded-xl border p-4 shadow-lg ${tone}`}
      style={offset ? { transform: `translateX(${offset}px)`, opacity: 1 - Math.abs(offset) / 200 } : undefined}
      onPointerDown={(event) => (startX.current = event.clientX)}
      onPointerMove={(event) => startX.current !== null && setOffset(event.clientX - startX.current)}
      onPointerUp={() => {
        if (Math.abs(offset) > swipeThresholdPx) onDismiss()
        startX.current = null
        setOffset(0)
      }}
    >
      <div className="flex-1">
        <p className="font-semibold">{toast.title}</p>
        {toast.description ? <p className="mt-0.5 text-sm opacity-90">{toast.description}</p> : null}
      </div>
      {hydrated ? (
        <button type="button" onClick={onDismiss} className="rounded p-1 opacity-70 hover:opacity-100" aria-label="Dismiss">
          <CloseIcon />
        </button>
      ) : null}
    </div>
  )
}

/**
 * A toast that comes with an action's answer. With JavaScript it goes through the one shared toast
 * slot; without it, the server renders it in that slot's place.
 */
export function ActionToast({ toast }: { toast: ToastInput | undefined | null }) {
  const hydrated = useHydrated()
  useEffect(() => {
    if (toast) showToast(toast)
  }, [toast])
  if (hydrated || !toast) return null
  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-50 flex justify-center p-3">
      <ToastCard toast={toToast(toast)} onDismiss={() => {}} />
    </div>
  )
}
