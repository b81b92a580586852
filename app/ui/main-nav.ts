// The main navigation, one list for both of its forms: the desktop header (app/ui/site-header.tsx)
// and the phone's bottom tab bar (app/ui/bottom-nav.tsx), which has no room for Sitters.
import { href } from 'react-router'


/** '99+' above 99, nothing at 0 (spec: bottom navigation). */
export function formatUnreadBadge(count: number) {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}

export type MainNavEntry = {
  label: 'Map' | 'Sitters' | 'Bookings' | 'Messages' | 'Profile'
  to: string
  /** Marked `aria-current="page"`. */
  active: boolean
  /** The unread badge text, on Messages only. */
  badge?: string | null
  /** Also in the phone's bottom tab bar. */
  inBottomBar: boolean
  /** Leads to the visitor's own things: the header offers Sign in / Sign up instead. */
  needsAccount: boolean
}

/** Spec: Map is active on an exact path match, the others when the path contains their name. */
export function mainNavEntries({
  bookingsPath,
  pathname,
  unreadCount,
}: {
  /** Where Bookings leads for the user (bookings/bookings-path.ts). */
  bookingsPath: string
  pathname: string
  unreadCount: number
}): MainNavEntry[] {
  return [
    { label: 'Map', to: href('/map'), active: pathname === '/map', inBottomBar: true, needsAccount: false },
    { label: 'Sitters', to: href('/sitters'), active: pathname.includes('sitters'), inBottomBar: false, needsAccount: false },
    { label: 'Bookings', to: bookingsPath, active: pathname.includes('bookings'), inBottomBar: true, needsAccount: true },
    {
      label: 'Messages',
      to: href('/messages'),
      active: pathname.includes('messages'),
      badge: formatUnreadBadge(unreadCount),
      inBottomBar: true,
      needsAccount: true,
    },
    { label: 'Profile', to: href('/profile'), active: pathname.includes('profile'), inBottomBar: true, needsAccount: true },
  ]
}
