import type { ReactNode } from 'react'
import type { ToastInput } from '#app/lib/toast.ts'
import { mainContentId } from './skip-link.tsx'
import { ActionToast } from './toaster.tsx'

// Every screen's content column: one of a few named widths, the same side padding everywhere.
const widths = {
  /** Sign-in, onboarding steps, short forms and one-message screens. */
  narrow: 'max-w-md',
  /** Profiles, long forms, a dog's page, help: one readable column. */
  regular: 'max-w-2xl',
  /** Lists of cards that become a grid on wide screens. */
  wide: 'max-w-5xl',
  /** The whole window below the header, edge to edge, without padding: the map. */
  full: '',
} as const

export type PageWidth = keyof typeof widths

export function Page({
  width,
  centered = false,
  toast,
  className = '',
  children,
}: {
  width: PageWidth
  /** Centre the content vertically in the space below the header (sign-in, single messages). */
  centered?: boolean
  /** The toast that came with an action's answer (see ActionToast). */
  toast?: ToastInput | null
  /** Layout of the children (gaps, flex): not width or padding. */
  className?: string
  children: ReactNode
}) {
  return (
    <main
      id={mainContentId}
      tabIndex={-1}
      className={`mx-auto outline-none w-full ${widths[width]} ${width === 'full' ? '' : 'px-4 py-6 md:py-10'} ${centered ? 'flex flex-1 flex-col justify-center' : ''} ${className}`}
    >
      {toast ? <ActionToast toast={toast} /> : null}
      {children}
    </main>
  )
}
