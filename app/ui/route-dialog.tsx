import { type ReactNode, useEffect, useId, useRef } from 'react'
import { Link, useNavigate } from 'react-router'
import { useHydrated } from './use-hydrated.ts'

/**
 * A dialog that is a URL (DESIGN.md ruling 14): the page renders it when its query says so, and
 * closing it is a link to the page without that query. Without JavaScript it is drawn over the page
 * with a backdrop; with JavaScript it is a modal `<dialog>` (focus stays inside, Escape closes it).
 */
export function RouteDialog({ title, closeTo, children }: { title: string; closeTo: string; children: ReactNode }) {
  const hydrated = useHydrated()
  const navigate = useNavigate()
  const ref = useRef<HTMLDialogElement>(null)
  const titleId = useId()

  useEffect(() => {
    const dialog = ref.current
    if (!hydrated || !dialog) return
    if (dialog.open && !dialog.matches(':modal')) dialog.close()
    if (!dialog.open) dialog.showModal()
    return () => dialog.close()
  }, [hydrated])

  const dialog = (
    <dialog
      ref={ref}
      open={!hydrated}
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault()
        void navigate(closeTo, { preventScrollReset: true, replace: true })
      }}
      className="fixed inset-x-0 bottom-0 z-50 mx-auto mt-auto mb-0 w-full max-w-md rounded-t-2xl bg-white p-5 text-stone-900 shadow-xl backdrop:bg-stone-900/50 sm:top-1/2 sm:bottom-auto sm:mt-0 sm:mb-auto sm:-translate-y-1/2 sm:rounded-2xl"
    >
      <div className="mb-3 flex items-start justify-between gap-3">
        <h2 id={titleId} className="text-lg font-semibold">
          {title}
        </h2>
        <Link
          to={closeTo}
          replace
          preventScrollReset
          aria-label="Close"
          className="tap-target -mt-2 -mr-2 flex items-center justify-center rounded-lg text-stone-500 hover:text-stone-900"
        >
          <span aria-hidden className="text-xl leading-none">
            ✕
          </span>
        </Link>
      </div>
      {children}
    </dialog>
  )
  if (hydrated) return dialog
  // Without JavaScript the dialog is not modal: a backdrop keeps the page behind it out of the way.
  return (
    <div className="fixed inset-0 z-50 bg-stone-900/50">
      {dialog}
    </div>
  )
}
