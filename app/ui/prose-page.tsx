import type { ReactNode } from 'react'
import { Page } from './page.tsx'

export function ProsePage({ title, updated, children }: { title: string; updated?: string; children: ReactNode }) {
  return (
    <Page width="regular" className="space-y-4 leading-relaxed text-stone-800 [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold">
      <h1 className="text-2xl font-bold">{title}</h1>
      {updated ? <p className="text-sm text-stone-500">Last updated {updated}</p> : null}
      {children}
    </Page>
  )
}
