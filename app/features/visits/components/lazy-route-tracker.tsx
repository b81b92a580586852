import { lazy, Suspense } from 'react'
import { useHydrated } from '#app/ui/use-hydrated.ts'

// The route tracker's code loads only on a booking page with a walk under way, once the page has hydrated
// (DESIGN.md section 8's JavaScript budget); without JavaScript there is no tracker.

const RouteTracker = lazy(() => import('./route-tracker.tsx'))

export function LazyRouteTracker({ bookingId }: { bookingId: string }) {
  const hydrated = useHydrated()
  if (!hydrated) return null
  return (
    <Suspense fallback={null}>
      <RouteTracker bookingId={bookingId} />
    </Suspense>
  )
}
