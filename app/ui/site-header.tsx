import { href, useLocation } from 'react-router'
import { BellIcon, PawIcon } from './icons.tsx'
import { mainNavEntries, type NavCounts } from './main-nav.ts'
import { CountBadge } from './count-badge.tsx'
import { useFollowedLinks } from './followed-links.ts'

/**
 * The header from 768 px (spec: narrow layout breakpoint): the brand and the main navigation, or
 * Sign in / Sign up for visitors. Phones navigate with the bottom tab bar instead. Focused flows
 * (sign-in, onboarding) get the brand alone. Its look is the `site-header` and `site-nav-link` classes of app.css
 * (every page sends it). The links are plain anchors the header follows (decision 090): every page renders them.
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
  const followLink = useFollowedLinks()
  const entries = mainNavEntries({ bookingsPath, pathname, counts, sitter, admin }).filter((entry) => signedIn || !entry.needsAccount)
  return (
    <header className="site-header">
      <div onClick={followLink}>
        <a href={href('/')} data-discover="true">
          <PawIcon className="size-7 text-brand-600" />
          Pawpal
        </a>
        {navigation ? (
          <nav aria-label="Main navigation" className="ml-auto">
            <ul className="flex items-center gap-1">
              {entries.map(({ label, to, active, badge, iconOnly }) => (
                <li key={label}>
                  <a
                    href={to}
                    data-discover="true"
                    aria-current={active ? 'page' : undefined}
                    aria-label={iconOnly?.accessibleName}
                    className="site-nav-link"
                  >
                    {iconOnly ? <BellIcon /> : label}
                    {badge ? <CountBadge count={badge.count} label={iconOnly ? undefined : badge.label} /> : null}
                  </a>
                </li>
              ))}
              {signedIn ? null : (
                <>
                  <li className="ml-3">
                    <a href={href('/login')} data-discover="true" className="tap-target flex items-center rounded-lg px-3 font-medium text-stone-700 hover:bg-stone-100">
                      Sign in
                    </a>
                  </li>
                  <li>
                    <a href={href('/register')} data-discover="true" className="tap-target flex items-center rounded-lg bg-brand-700 px-4 font-medium text-white hover:bg-brand-800">
                      Sign up
                    </a>
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
