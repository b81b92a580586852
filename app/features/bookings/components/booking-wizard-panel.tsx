import { useEffect, useState } from 'react'
import { href, Link, useFetcher } from 'react-router'
import { showToast } from '#app/ui/toaster.tsx'
import type { WizardStepView, WizardView } from '../booking-wizard.server.ts'
import type { WizardFlow, WizardTrouble } from '../wizard-flows.ts'
import { wizardStepPath } from '../wizard-path.ts'
import { WizardStepForm } from './booking-wizard.tsx'
import { WizardSkeleton } from './wizard-skeleton.tsx'

// A booking wizard inside another screen (the map's quick view, a conversation's Book dialog), with
// JavaScript: the steps are /sitters/{id}/book/{flow}/{step}'s loader and action through a fetcher, so
// the screen behind stays as it was. Closing it (or the page moving on after Confirm) drops every answer.

type WizardAnswer = WizardView | WizardTrouble

export function BookingWizardPanel({ sitterId, flow, back, onClose }: { sitterId: string; flow: WizardFlow; back?: string; onClose: () => void }) {
  const fetcher = useFetcher<WizardAnswer>()
  const [shown, setShown] = useState<WizardStepView | null>(null)
  const { load } = fetcher
  const profilePath = href('/sitters/:id', { id: sitterId })

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
      key={shown.step}
      view={shown}
      Form={fetcher.Form}
      busy={fetcher.state !== 'idle'}
      onClose={onClose}
      onDateChosen={(form) => void fetcher.submit(form, { method: 'get', action: wizardStepPath(sitterId, flow, shown.step) })}
    />
  )
}
