import { Link, useLocation } from 'react-router'
import type { Role } from '#app/lib/db-schema.ts'
import { CalendarIcon, ChatIcon, MapIcon, UserIcon } from './icons.tsx'

/** Where "Bookings" leads: sitters manage requests, everyone else sees their own bookings. */
export function bookingsPathFor(role: Role | null) {
  return role === 'sitter' ? '/bookings-sitter' : '/bookings'
}

/** '99+' above 99, nothing at 0 (spec: bottom navigation). */
export function formatUnreadBadge(count: number) {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}

export function BottomNav({ role, unreadCount }: { role: Role | null; unreadCount: number }) {
  const { pathname } = useLocation()
  const badge = formatUnreadBadge(unreadCount)
  const entries = [
    { label: 'Map', to: '/map', icon: MapIcon, active: pathname === '/map' },
    { label: 'Bookings', to: bookingsPathFor(role), icon: CalendarIcon, active: pathname.includes('bookings') },
    { label: 'Messages', to: '/messages', icon: ChatIcon, active: pathname.includes('messages'), badge },
    { label: 'Profile', to: '/profile', icon: UserIcon, active: pathname.includes('profile') },
  ]
  return (
    <nav
      aria-label="Main navigation"
      className="fixed inset-x-0 bottom-0 z-30 border-t border-stone-200 bg-white/95 pb-[env(safe-area-inset-bottom)] backdrop-blur"
    >
      <ul className="mx-auto grid max-w-md grid-cols-4">
        {entries.map(({ label, to, icon: Icon, active, badge }) => (
          <li key={label}>
            <Link
              to={to}
              aria-current={active ? 'page' : undefined}
              className={`relative flex flex-col items-center gap-0.5 py-2 text-xs font-medium ${
                active ? 'text-brand-700' : 'text-stone-600 hover:text-stone-900'
              }`}
            >
              <Icon />
              {label}
              {badge ? (
                <span
                  className="absolute top-1 left-1/2 ml-2 min-w-5 rounded-full bg-red-600 px-1 text-center text-[11px] leading-5 text-white"
                  aria-label={`${badge} unread`}
                >
                  {badge}
                </span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  )
}
