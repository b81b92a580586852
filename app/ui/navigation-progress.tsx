import { href, useNavigation } from 'react-router'

// Spec: protected screens say 'Loading...' while they load; the profile says 'Loading profile...'.
// Shown only for client-side navigations, and only after a short delay (CSS) so fast ones do not flash.
const loadingLabels: Record<string, string> = { [href('/profile')]: 'Loading profile...' }

export function NavigationProgress() {
  const navigation = useNavigation()
  if (navigation.state !== 'loading') return null
  const label = loadingLabels[navigation.location.pathname] ?? 'Loading...'
  return (
    <div className="navigation-progress fixed inset-x-0 top-0 z-40" role="status">
      <div className="h-1 animate-pulse bg-brand-600" />
      <p className="mx-auto mt-2 w-fit rounded-full bg-white px-3 py-1 text-sm text-stone-700 shadow">{label}</p>
    </div>
  )
}
