// What a booking wizard shows while its first step (or its code) is on the way.

export function WizardSkeleton() {
  return (
    <div className="animate-pulse space-y-3" aria-busy="true">
      <div className="h-5 w-1/2 rounded bg-stone-200" />
      <div className="h-1.5 w-full rounded bg-stone-200" />
      <div className="h-56 w-full rounded-lg bg-stone-100" />
      <span className="sr-only">Loading…</span>
    </div>
  )
}
