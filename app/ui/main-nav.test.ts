import { expect, test } from 'vitest'
import { formatBadgeCount, mainNavEntries } from './main-nav.ts'

test('the unread badge hides at 0 and caps at 99+', () => {
  expect(formatBadgeCount(0)).toBeNull()
  expect(formatBadgeCount(7)).toBe('7')
  expect(formatBadgeCount(99)).toBe('99')
  expect(formatBadgeCount(100)).toBe('99+')
})

const activeOn = (pathname: string) =>
  mainNavEntries({ bookingsPath: '/bookings', pathname, counts: { unreadMessages: 0, requestsToAnswer: 0, unreadNotifications: 0 } })
    .filter((entry) => entry.active)
    .map((entry) => entry.label)

test('Map is active on its exact path only, the others wherever the path contains their name', () => {
  expect(activeOn('/map')).toEqual(['Map'])
  expect(activeOn('/map/list')).toEqual([])
  expect(activeOn('/sitters/42')).toEqual(['Sitters'])
  expect(activeOn('/bookings/7')).toEqual(['Bookings'])
  expect(activeOn('/bookings-sitter')).toEqual(['Bookings'])
  expect(activeOn('/messages/abc')).toEqual(['Messages'])
  expect(activeOn('/profile/edit')).toEqual(['Profile'])
  expect(activeOn('/support')).toEqual([])
})

test('the header has every entry; the bottom bar leaves out Sitters; Messages counts unread messages, Bookings the requests to answer, the bell unread notifications', () => {
  const entries = mainNavEntries({ bookingsPath: '/bookings-sitter', pathname: '/', counts: { unreadMessages: 120, requestsToAnswer: 3, unreadNotifications: 100 } })
  expect(entries.map((entry) => [entry.label, entry.to])).toEqual([
    ['Map', '/map'],
    ['Sitters', '/sitters'],
    ['Bookings', '/bookings-sitter'],
    ['Messages', '/messages'],
    ['Profile', '/profile'],
    ['Notifications', '/notifications'],
  ])
  expect(entries.filter((entry) => entry.inBottomBar).map((entry) => entry.label)).toEqual(['Map', 'Bookings', 'Messages', 'Profile', 'Notifications'])
  expect(entries.filter((entry) => entry.badge).map((entry) => [entry.label, entry.badge])).toEqual([
    ['Bookings', { count: '3', label: 'to answer' }],
    ['Messages', { count: '99+', label: 'unread' }],
    ['Notifications', { count: '99+', label: 'unread' }],
  ])
  expect(entries.at(-1)?.iconOnly).toEqual({ accessibleName: 'Notifications, 99+ unread' })
})

test('visitors are offered Map and Sitters; the rest needs an account', () => {
  const entries = mainNavEntries({ bookingsPath: '/bookings', pathname: '/', counts: { unreadMessages: 0, requestsToAnswer: 0, unreadNotifications: 0 } })
  expect(entries.filter((entry) => !entry.needsAccount).map((entry) => entry.label)).toEqual(['Map', 'Sitters'])
})

test('a sitter also gets Dogs, to the dogs listed for sitting, in the header and the bottom bar', () => {
  const entries = mainNavEntries({ bookingsPath: '/bookings-sitter', pathname: '/dogs/available/7', counts: { unreadMessages: 0, requestsToAnswer: 0, unreadNotifications: 0 }, sitter: true })
  expect(entries.map((entry) => [entry.label, entry.to])).toEqual([
    ['Map', '/map'],
    ['Sitters', '/sitters'],
    ['Dogs', '/dogs/available'],
    ['Bookings', '/bookings-sitter'],
    ['Messages', '/messages'],
    ['Profile', '/profile'],
    ['Notifications', '/notifications'],
  ])
  expect(entries.filter((entry) => entry.inBottomBar).map((entry) => entry.label)).toEqual(['Map', 'Dogs', 'Bookings', 'Messages', 'Profile', 'Notifications'])
  expect(entries.filter((entry) => entry.active).map((entry) => entry.label)).toEqual(['Dogs'])
})

test('the bell is named by its unread count, and is active on the notification centre', () => {
  const bell = (unreadNotifications: number, pathname = '/') =>
    mainNavEntries({ bookingsPath: '/bookings', pathname, counts: { unreadMessages: 0, requestsToAnswer: 0, unreadNotifications } }).find((entry) => entry.label === 'Notifications')
  expect(bell(0)?.iconOnly?.accessibleName).toBe('Notifications')
  expect(bell(0)?.badge).toBeNull()
  expect(bell(3)?.iconOnly?.accessibleName).toBe('Notifications, 3 unread')
  expect(bell(3, '/notifications')?.active).toBe(true)
})

test('an admin gets Admin instead of Bookings and Messages, in the header and the bottom bar, active anywhere in the console', () => {
  const counts = { unreadMessages: 0, requestsToAnswer: 0, unreadNotifications: 0 }
  const entries = mainNavEntries({ bookingsPath: '/bookings', pathname: '/admin/users/42', counts, admin: true })
  expect(entries.filter((entry) => entry.inBottomBar).map((entry) => entry.label)).toEqual(['Map', 'Profile', 'Admin', 'Notifications'])
  expect(entries.map((entry) => entry.label)).toEqual(['Map', 'Sitters', 'Profile', 'Admin', 'Notifications'])
  expect(entries.filter((entry) => entry.active).map((entry) => [entry.label, entry.to])).toEqual([['Admin', '/admin']])
  expect(mainNavEntries({ bookingsPath: '/bookings', pathname: '/administrator', counts, admin: true }).filter((entry) => entry.active)).toEqual([])
  expect(mainNavEntries({ bookingsPath: '/bookings', pathname: '/', counts }).map((entry) => entry.label)).not.toContain('Admin')
})
