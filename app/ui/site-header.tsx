import { href, Link, useLocation } from 'react-router'
import { BellIcon, PawIcon } from './icons.tsx'
import { mainNavEntries, type NavCounts } from './main-nav.ts'
import { CountBadge } from './count-badge.tsx'

/**
 * The header from 768 px (spec: narrow layout breakpoint): the brand and the main navigation, or
 * Sign in / Sign up for visitors. Phones navigate with the bottom tab bar instead. Focused flows
 * (sign-in, onboarding) get the brand alone. The links' look is the `site-nav-link` class of app.css.
 */
export function SiteHeader({
  bookingsPath,
  counts,
  signedIn,
  sitter,
  admin = false,
  navigation,
}: {
  bookingsPath: string
  counts: NavCounts
  signedIn: boolean
  sitter: boolean
  admin?: boolean
  /** False on focused flows: the brand only. */
  navigation: boolean
}) {
  const { pathname } = useLocation()
  const entries = mainNavEntries({ bookingsPath, pathname, counts, sitter, admin }).filter((entry) => signedIn || !entry.needsAccount)
  return (
    <header className="hidden border-b border-stone-200 bg-white md:block">
      <div className="mx-auto flex h-16 max-w-5xl items-center gap-6 px-4">
        <Link to={href('/')} className="tap-target flex items-center gap-2 text-xl font-bold text-brand-800">
          <PawIcon className="size-7 text-brand-600" />
          Pawpal
        </Link>
        {navigation ? (
          <nav aria-label="Main navigation" className="ml-auto">
            <ul className="flex items-center gap-1">
              {entries.map(({ label, to, active, badge, iconOnly }) => (
                <li key={label}>
                  <Link to={to} aria-current={active ? 'page' : undefined} aria-label={iconOnly?.accessibleName} className={iconOnly ? 'site-nav-link justify-center px-2.5' : 'site-nav-link'}>
                    {iconOnly ? <BellIcon /> : label}
                    {badge ? <CountBadge count={badge.count} label={iconOnly ? undefined : badge.label} className={`min-w-5 text-xs ${iconOnly ? 'absolute top-0.5 right-0 px-1' : 'px-1.5'}`} /> : null}
                  </Link>
                </li>
              ))}
              {signedIn ? null : (
                <>
                  <li className="ml-3">
                    <Link to={href('/login')} className="tap-target flex items-center rounded-lg px-3 font-medium text-stone-700 hover:bg-stone-100">
                      Sign in
                    </Link>
                  </li>
                  <li>
                    <Link to={href('/register')} className="tap-target flex items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800">
                      Sign up
                    </Link>
                  </li>
                </>
              )}
            </ul>
          </nav>
        ) : null}
      </div>
    </header>
  )
}
