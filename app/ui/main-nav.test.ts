import { expect, test } from 'vitest'
import { formatBadgeCount, mainNavEntries } from './main-nav.ts'

test('the unread badge hides at 0 and caps at 99+', () => {
  expect(formatBadgeCount(0)).toBeNull()
  expect(formatBadgeCount(7)).toBe('7')
  expect(formatBadgeCount(99)).toBe('99')
  expect(formatBadgeCount(100)).toBe('99+')
})

const activeOn = (pathname: string) =>
  mainNavEntries({ bookingsPath: '/bookings', pathname, counts: { unreadMessages: 0, requestsToAnswer: 0 } })
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

test('the header has every entry; the bottom bar leaves out Sitters; Messages counts unread messages, Bookings the requests to answer', () => {
  const entries = mainNavEntries({ bookingsPath: '/bookings-sitter', pathname: '/', counts: { unreadMessages: 120, requestsToAnswer: 3 } })
  expect(entries.map((entry) => [entry.label, entry.to])).toEqual([
    ['Map', '/map'],
    ['Sitters', '/sitters'],
    ['Bookings', '/bookings-sitter'],
    ['Messages', '/messages'],
    ['Profile', '/profile'],
  ])
  expect(entries.filter((entry) => entry.inBottomBar).map((entry) => entry.label)).toEqual(['Map', 'Bookings', 'Messages', 'Profile'])
  expect(entries.filter((entry) => entry.badge).map((entry) => [entry.label, entry.badge])).toEqual([
    ['Bookings', { count: '3', label: 'to answer' }],
    ['Messages', { count: '99+', label: 'unread' }],
  ])
})

test('visitors are offered Map and Sitters; the rest needs an account', () => {
  const entries = mainNavEntries({ bookingsPath: '/bookings', pathname: '/', counts: { unreadMessages: 0, requestsToAnswer: 0 } })
  expect(entries.filter((entry) => !entry.needsAccount).map((entry) => entry.label)).toEqual(['Map', 'Sitters'])
})

test('a sitter also gets Dogs, to the dogs listed for sitting, in the header and the bottom bar', () => {
  const entries = mainNavEntries({ bookingsPath: '/bookings-sitter', pathname: '/dogs/available/7', counts: { unreadMessages: 0, requestsToAnswer: 0 }, sitter: true })
  expect(entries.map((entry) => [entry.label, entry.to])).toEqual([
    ['Map', '/map'],
    ['Sitters', '/sitters'],
    ['Dogs', '/dogs/available'],
    ['Bookings', '/bookings-sitter'],
    ['Messages', '/messages'],
    ['Profile', '/profile'],
  ])
  expect(entries.filter((entry) => entry.inBottomBar).map((entry) => entry.label)).toEqual(['Map', 'Dogs', 'Bookings', 'Messages', 'Profile'])
  expect(entries.filter((entry) => entry.active).map((entry) => entry.label)).toEqual(['Dogs'])
})
