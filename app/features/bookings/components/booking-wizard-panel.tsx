import { useEffect, useRef, useState } from 'react'
import { Link, useFetcher, useLocation } from 'react-router'
import { showToast } from '#app/ui/toaster.tsx'
import type { WizardStepView, WizardView } from '../booking-wizard.server.ts'
import { type WizardFlow, wizardStepPath, type WizardTrouble } from '../wizard-flows.ts'
import { WizardStepForm } from './booking-wizard.tsx'

// A booking wizard inside another screen (the map's quick view, a conversation's Book dialog), with
// JavaScript: the steps are /sitters/{id}/book/{flow}/{step}'s loader and action through a fetcher, so
// the screen behind stays as it was. Closing it (or the page moving on after Confirm) drops every answer.

type WizardAnswer = WizardView | WizardTrouble

export function BookingWizardPanel({ sitterId, flow, back, onClose }: { sitterId: string; flow: WizardFlow; back?: string; onClose: () => void }) {
  const fetcher = useFetcher<WizardAnswer>()
  const [shown, setShown] = useState<WizardStepView | null>(null)
  const { load } = fetcher
  const profilePath = `/sitters/${encodeURIComponent(sitterId)}`

  useEffect(() => {
    void load(`${wizardStepPath(sitterId, flow, 1)}${back ? `?${new URLSearchParams({ back })}` : ''}`)
  }, [load, sitterId, flow, back])

  const answer = fetcher.data
  // The newest step stays on screen until another arrives (a lost connection answers with a trouble instead).
  if (answer?.kind === 'step' && answer !== shown) setShown(answer)
  const hasStep = shown !== null
  useEffect(() => {
    // A failed Confirm keeps the step and everything on it; the toast says what happened.
    if (answer?.kind === 'failed' && hasStep) showToast({ type: 'error', title: answer.title, description: answer.description })
  }, [answer, hasStep])

  if (answer?.kind === 'unavailable' || (answer?.kind === 'failed' && !shown)) {
    return (
      <div role="alert" className="space-y-3">
        <p className="font-medium text-red-700">{answer.title}</p>
        <p className="text-sm text-stone-700">{answer.description}</p>
        <Link to={profilePath} className="tap-target inline-flex w-full items-center justify-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800">
          Try Full Profile
        </Link>
      </div>
    )
  }
  if (!shown) return <WizardSkeleton />
  return (
    <WizardStepForm
      key={`${shown.step}-${shown.answers.date ?? ''}`}
      view={shown}
      Form={fetcher.Form}
      busy={fetcher.state !== 'idle'}
      onClose={onClose}
      onDateChosen={(form) => void fetcher.submit(form, { method: 'get', action: wizardStepPath(sitterId, flow, shown.step) })}
    />
  )
}

function WizardSkeleton() {
  return (
    <div className="animate-pulse space-y-3" aria-busy="true">
      <div className="h-5 w-1/2 rounded bg-stone-200" />
      <div className="h-1.5 w-full rounded bg-stone-200" />
      <div className="h-56 w-full rounded-lg bg-stone-100" />
      <span className="sr-only">Loading…</span>
    </div>
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
        Book {firstName}
      </Link>
      {open ? (
        <dialog
          ref={dialog}
          aria-label={`Book with ${firstName}`}
          onClose={() => setOpen(false)}
          className="fixed inset-x-0 bottom-0 z-50 mx-auto mt-auto mb-0 max-h-[92dvh] w-full max-w-md overflow-y-auto rounded-t-2xl bg-white p-5 text-stone-900 shadow-xl backdrop:bg-stone-900/50 sm:top-1/2 sm:bottom-auto sm:mt-0 sm:mb-auto sm:-translate-y-1/2 sm:rounded-2xl"
        >
          <BookingWizardPanel sitterId={sitterId} flow="chat" back={back} onClose={() => dialog.current?.close()} />
        </dialog>
      ) : null}
    </>
  )
}
