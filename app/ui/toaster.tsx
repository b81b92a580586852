import { useEffect, useRef, useState, useSyncExternalStore } from 'react'
import { Link, useLocation } from 'react-router'
import { type Toast, type ToastInput, toastDurationMs, toToast } from '#app/lib/toast.ts'
import { CloseIcon } from './icons.tsx'
import { useHydrated } from './use-hydrated.ts'

// One toast at a time (spec section 9): a newer toast replaces the one on screen. Toasts sit in the
// page's flow at the top of the content (sticky while the page scrolls), so they push the title and
// the step dots down instead of covering them (decision 014). A toast leaves after 5 s, when it is
// closed or swiped away, when the user moves to another page, and (errors) when the user edits a field.

/** A toast shown from the browser belongs to the page it was shown on. */
type ClientToast = { toast: Toast; pathname: string }

let current: ClientToast | null = null
const listeners = new Set<() => void>()
const setCurrent = (toast: ClientToast | null) => {
  current = toast
  for (const listener of listeners) listener()
}

/** Shows a toast from the browser (fetcher results, socket events, checks before upload). */
export function showToast(toast: ToastInput) {
  setCurrent({ toast: toToast(toast), pathname: window.location.pathname })
}

const swipeThresholdPx = 50

/** The root's toast slot: the flash toast the server sent with the page, or the newest one shown since. */
export function Toaster({ toast: flashToast }: { toast: Toast | null }) {
  const { pathname } = useLocation()
  const clientToast = useSyncExternalStore(
    (listener) => (listeners.add(listener), () => listeners.delete(listener)),
    () => current,
    () => null,
  )
  const [dismissedId, setDismissedId] = useState<string | null>(null)
  const toast = clientToast?.pathname === pathname ? clientToast.toast : flashToast
  const visible = toast && toast.id !== dismissedId ? toast : null

  // The flash toast becomes the page's toast: it stays when the page's data is loaded again without one (a live
  // refresh just after the redirect that brought it).
  useEffect(() => {
    if (flashToast) setCurrent({ toast: flashToast, pathname })
  }, [flashToast, pathname])

  // Moving to another page leaves the previous page's toast behind for good.
  useEffect(() => {
    if (current && current.pathname !== pathname) setCurrent(null)
  }, [pathname])

  useEffect(() => {
    if (!visible) return
    const timer = setTimeout(() => setDismissedId(visible.id), toastDurationMs + 300)
    return () => clearTimeout(timer)
  }, [visible])

  // An error is about what the user entered: once they change a field, it has served its purpose. Events the
  // page sends itself (a late validator checking a field again, lazy-validation.ts) are no edit.
  useEffect(() => {
    if (visible?.type !== 'error') return
    const dismissOnEdit = (event: Event) => {
      if (event.isTrusted && event.target instanceof Element && event.target.closest('form')) setDismissedId(visible.id)
    }
    document.addEventListener('input', dismissOnEdit)
    return () => document.removeEventListener('input', dismissOnEdit)
  }, [visible])

  return (
    <div className="pointer-events-none sticky top-0 z-40">
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
    <div data-type={toast.type} className={`toast-slot flex justify-center px-3 pt-3 md:pt-4 ${hydrated ? '' : 'toast-without-js'}`}>
      <div
        role={toast.type === 'error' ? 'alert' : 'status'}
        aria-live={toast.type === 'error' ? 'assertive' : 'polite'}
        className={`pointer-events-auto flex w-full max-w-md items-start gap-2 rounded-xl border py-1 pr-1 pl-4 shadow-lg ${tone}`}
        style={offset ? { transform: `translateX(${offset}px)`, opacity: 1 - Math.abs(offset) / 200 } : undefined}
        onPointerDown={(event) => (startX.current = event.clientX)}
        onPointerMove={(event) => startX.current !== null && setOffset(event.clientX - startX.current)}
        onPointerUp={() => {
          if (Math.abs(offset) > swipeThresholdPx) onDismiss()
          startX.current = null
          setOffset(0)
        }}
      >
        <div className="flex-1 py-2.5">
          <p className="font-semibold">{toast.title}</p>
          {toast.description ? <p className="mt-0.5 text-sm opacity-90">{toast.description}</p> : null}
        </div>
        {toast.action ? (
          <Link to={toast.action.to} className="tap-target flex shrink-0 items-center self-center rounded-lg px-3 font-semibold underline underline-offset-4">
            {toast.action.label}
          </Link>
        ) : null}
        {hydrated ? (
          <button type="button" onClick={onDismiss} className={closeClass} aria-label="Dismiss">
            <CloseIcon />
          </button>
        ) : (
          // Without JavaScript: checking the box hides the toast (app.css).
          <label className={`${closeClass} cursor-pointer has-focus-visible:ring-2 has-focus-visible:ring-current`}>
            <input type="checkbox" className="toast-dismiss sr-only" aria-label="Dismiss" />
            <CloseIcon />
          </label>
        )}
      </div>
    </div>
  )
}

const closeClass = 'tap-target flex shrink-0 items-center justify-center rounded-lg opacity-70 hover:opacity-100'

/**
 * A toast that comes with an action's answer; pages render it through `Page`'s `toast`. With
 * JavaScript it goes to the root's toast slot; without it, the server renders it at the top of the page.
 */
export function ActionToast({ toast }: { toast: ToastInput | undefined | null }) {
  const hydrated = useHydrated()
  useEffect(() => {
    if (toast) showToast(toast)
  }, [toast])
  if (hydrated || !toast) return null
  return (
    <div className="pointer-events-none sticky top-0 z-40 -mx-4 -mt-3">
      <ToastCard toast={toToast(toast)} onDismiss={() => {}} />
    </div>
  )
}
