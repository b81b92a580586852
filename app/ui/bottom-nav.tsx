import { useLocation } from 'react-router'
import { BellIcon, CalendarIcon, ChatIcon, MapIcon, PawIcon, ShieldIcon, UserIcon } from './icons.tsx'
import { type MainNavEntry, mainNavEntries, type NavCounts } from './main-nav.ts'
import { CountBadge } from './count-badge.tsx'
import { useFollowedLinks } from './followed-links.ts'

const icons: Partial<Record<MainNavEntry['label'], typeof MapIcon>> = {
  Map: MapIcon,
  Dogs: PawIcon,
  Bookings: CalendarIcon,
  Messages: ChatIcon,
  Profile: UserIcon,
  Admin: ShieldIcon,
  Notifications: BellIcon,
}

/**
 * The phone's tab bar (spec: bottom navigation); from 768 px the header carries the navigation. Its look is the
 * `tab-bar` class of app.css. Its tabs are plain anchors the bar follows (decision 090): every page renders them.
 */
export function BottomNav({ bookingsPath, counts, sitter, admin = false }: { bookingsPath: string; counts: NavCounts; sitter: boolean; admin?: boolean }) {
  const { pathname } = useLocation()
  const followLink = useFollowedLinks()
  const entries = mainNavEntries({ bookingsPath, pathname, counts, sitter, admin }).filter((entry) => entry.inBottomBar)
  // Its name differs from the header's (same entries, shown from 768 px): landmarks of one kind need distinct names.
  return (
    <nav aria-label="Main navigation, tab bar" className="tab-bar">
      <ul onClick={followLink}>
        {entries.map(({ label, to, active, badge, iconOnly }) => {
          const Icon = icons[label] ?? MapIcon
          return (
            <li key={label}>
              <a href={to} data-discover="true" aria-current={active ? 'page' : undefined} aria-label={iconOnly?.accessibleName}>
                <Icon />
                {iconOnly ? null : label}
                {badge ? <CountBadge count={badge.count} label={iconOnly ? undefined : badge.label} /> : null}
              </a>
            </li>
          )
        })}
      </ul>
    </nav>
  )
}
