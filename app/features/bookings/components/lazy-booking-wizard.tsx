import { type ComponentProps, lazy, Suspense, useEffect, useRef, useState } from 'react'
import { Link, useLocation } from 'react-router'
import { wizardStepPath } from '../wizard-path.ts'
import { WizardSkeleton } from './wizard-skeleton.tsx'

// The booking wizard's code (its steps, calendar, location picker) loads when someone opens it, not with
// the map or the conversation: most visits there never book (DESIGN.md section 8's JavaScript budget).

const BookingWizardPanel = lazy(() => import('./booking-wizard-panel.tsx').then((module) => ({ default: module.BookingWizardPanel })))

export function LazyBookingWizard(props: ComponentProps<typeof BookingWizardPanel>) {
  return (
    <Suspense fallback={<WizardSkeleton />}>
      <BookingWizardPanel {...props} />
    </Suspense>
  )
}

/**
 * The conversation's Book button: a link to the dialog's first step (without JavaScript a page that
 * returns to the conversation); with JavaScript a modal dialog over the conversation.
 */
export function BookingDialogButton({ sitterId, firstName, className }: { sitterId: string; firstName: string; className: string }) {
  const { pathname, search, key } = useLocation()
  const back = `${pathname}${search}`
  const [open, setOpen] = useState(false)
  const dialog = useRef<HTMLDialogElement>(null)
  const openedAt = useRef(key)

  useEffect(() => {
    const element = dialog.current
    if (open && element && !element.open) element.showModal()
  }, [open])
  // After Confirm the page reloads the conversation with the toast: the dialog's work is done.
  useEffect(() => {
    if (open && key !== openedAt.current) setOpen(false)
  }, [key, open])

  return (
    <>
      <Link
        to={`${wizardStepPath(sitterId, 'chat', 1)}?${new URLSearchParams({ back })}`}
        onClick={(event) => {
          event.preventDefault()
          openedAt.current = key
          setOpen(true)
        }}
        className={className}
      >
        Book <bdi>{firstName}</bdi>
      </Link>
      {open ? (
        <dialog
          ref={dialog}
          aria-label={`Book with ${firstName}`}
          onClose={() => setOpen(false)}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto mt-auto mb-0 max-h-[92dvh] w-full max-w-md overflow-y-auto rounded-t-2xl bg-white p-5 text-stone-900 shadow-xl backdrop:bg-stone-900/50 sm:top-1/2 sm:bottom-auto sm:mt-0 sm:mb-auto sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <LazyBookingWizard sitterId={sitterId} flow="chat" back={back} onClose={() => dialog.current?.close()} />
        </dialog>
      ) : null}
    </>
  )
}
