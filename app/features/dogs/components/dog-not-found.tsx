import type { MouseEvent, ReactNode } from 'react'
import { Link, useNavigate } from 'react-router'
import { PawIcon } from '#app/ui/icons.tsx'
import { Page } from '#app/ui/page.tsx'

/**
 * 'Go Back' / the back arrow (spec: one step back). With JavaScript and a page to return to it goes back
 * in history; otherwise it is a plain link to `fallback`.
 */
export function GoBackLink({ fallback, className, children, label }: { fallback: string; className?: string; children: ReactNode; label?: string }) {
  const navigate = useNavigate()
  function goBack(event: MouseEvent<HTMLAnchorElement>) {
    const state: unknown = window.history.state
    const index = state && typeof state === 'object' && 'idx' in state ? Number(state.idx) : 0
    if (index > 0) {
      event.preventDefault()
      void navigate(-1)
    }
  }
  return (
    <Link to={fallback} onClick={goBack} className={className} aria-label={label}>
      {children}
    </Link>
  )
}

/** Spec section 2, Dog detail: a missing dog (or someone else's) reads 'Dog not found' with Go Back. */
export function DogNotFound({ fallback = '/profile?tab=dogs' }: { fallback?: string }) {
  return (
    <Page width="narrow" centered className="items-center gap-3 text-center">
      <PawIcon className="size-12 text-stone-400" />
      <h1 className="text-2xl font-bold">Dog not found</h1>
      <p className="text-stone-600">The dog you&apos;re looking for doesn&apos;t exist or has been removed.</p>
      <GoBackLink
        fallback={fallback}
        className="mt-2 rounded-lg bg-brand-700 px-4 py-2.5 font-medium text-white hover:bg-brand-800"
      >
        Go Back
      </GoBackLink>
    </Page>
  )
}
