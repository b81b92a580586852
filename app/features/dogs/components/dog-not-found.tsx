import { href } from 'react-router'
import { GoBackLink } from '#app/ui/go-back-link.tsx'
import { PawIcon } from '#app/ui/icons.tsx'
import { Page } from '#app/ui/page.tsx'

/** Spec section 2, Dog detail: a missing dog (or someone else's) reads 'Dog not found' with Go Back. */
export function DogNotFound({ fallback = `${href('/profile')}?tab=dogs` }: { fallback?: string }) {
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
