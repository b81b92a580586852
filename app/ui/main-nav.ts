// The main navigation, one list for both of its forms: the desktop header (app/ui/site-header.tsx)
// and the phone's bottom tab bar (app/ui/bottom-nav.tsx), which has no room for Sitters. Sitters also get
// Dogs: the dogs owners listed for sitting (DESIGN.md ruling 23). The bell (the notification centre) is an
// icon in both, named 'Notifications, 3 unread' for screen readers. Admins get Admin, the console, instead of
// Bookings and Messages: a staff account has neither (decision 102).
import { href } from 'react-router'

/** '99+' above 99, nothing at 0 (spec: bottom navigation). */
export function formatBadgeCount(count: number) {
  if (count <= 0) return null
  return count > 99 ? '99+' : String(count)
}

export type MainNavEntry = {
  label: 'Map' | 'Sitters' | 'Dogs' | 'Bookings' | 'Messages' | 'Profile' | 'Admin' | 'Notifications'
  to: string
  /** Marked `aria-current="page"`. */
  active: boolean
  /** The red count: unread messages on Messages, requests to answer on Bookings. */
  badge?: { count: string; label: string } | null
  /** Also in the phone's bottom tab bar. */
  inBottomBar: boolean
  /** Leads to the visitor's own things: the header offers Sign in / Sign up instead. */
  needsAccount: boolean
  /** Shown as its icon alone, named by `accessibleName` (the bell). */
  iconOnly?: { accessibleName: string }
}

/** Spec: Map is active on an exact path match, the others when the path contains their name. */
/** What the badges count (app/badge-counts.server.ts); live with JavaScript. */
export type NavCounts = { unreadMessages: number; requestsToAnswer: number; unreadNotifications: number }

const badgeOf = (count: number, label: string) => {
  const text = formatBadgeCount(count)
  return text ? { count: text, label } : null
}

export function mainNavEntries({
  bookingsPath,
  pathname,
  counts,
  sitter = false,
  admin = false,
}: {
  /** Where Bookings leads for the user (bookings/bookings-path.ts). */
  bookingsPath: string
  pathname: string
  counts: NavCounts
  /** The user acts as a sitter: Dogs leads to the dogs listed for sitting. */
  sitter?: boolean
  /** The user is an admin: Admin leads to the console (DESIGN.md ruling 25). */
  admin?: boolean
}): MainNavEntry[] {
  const dogs: MainNavEntry[] = sitter
    ? [{ label: 'Dogs', to: href('/dogs/available'), active: pathname.startsWith('/dogs/available'), inBottomBar: true, needsAccount: true }]
    : []
  const bookingsAndMessages: MainNavEntry[] = admin
    ? []
    : [
        { label: 'Bookings', to: bookingsPath, active: pathname.includes('bookings'), badge: badgeOf(counts.requestsToAnswer, 'to answer'), inBottomBar: true, needsAccount: true },
        { label: 'Messages', to: href('/messages'), active: pathname.includes('messages'), badge: badgeOf(counts.unreadMessages, 'unread'), inBottomBar: true, needsAccount: true },
      ]
  return [
    { label: 'Map', to: href('/map'), active: pathname === '/map', inBottomBar: true, needsAccount: false },
    { label: 'Sitters', to: href('/sitters'), active: pathname.includes('sitters'), inBottomBar: false, needsAccount: false },
    ...dogs,
    ...bookingsAndMessages,
    { label: 'Profile', to: href('/profile'), active: pathname.includes('profile'), inBottomBar: true, needsAccount: true },
    ...(admin ? [{ label: 'Admin', to: href('/admin'), active: pathname === '/admin' || pathname.startsWith('/admin/'), inBottomBar: true, needsAccount: true } as const] : []),
    bell(pathname, counts.unreadNotifications),
  ]
}

function bell(pathname: string, unread: number): MainNavEntry {
  const badge = badgeOf(unread, 'unread')
  return {
    label: 'Notifications',
    to: href('/notifications'),
    active: pathname.startsWith('/notifications'),
    badge,
    inBottomBar: true,
    needsAccount: true,
    iconOnly: { accessibleName: badge ? `Notifications, ${badge.count} unread` : 'Notifications' },
  }
}
