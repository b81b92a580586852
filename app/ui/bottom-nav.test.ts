import { expect, test } from 'vitest'
import { bookingsPathFor, formatUnreadBadge } from './bottom-nav.tsx'

test('the unread badge hides at 0 and caps at 99+', () => {
  expect(formatUnreadBadge(0)).toBeNull()
  expect(formatUnreadBadge(7)).toBe('7')
  expect(formatUnreadBadge(99)).toBe('99')
  expect(formatUnreadBadge(100)).toBe('99+')
})

test('Bookings leads sitters to their requests and everyone else to their bookings', () => {
  expect(bookingsPathFor('sitter')).toBe('/bookings-sitter')
  expect(bookingsPathFor('owner')).toBe('/bookings')
  expect(bookingsPathFor('both')).toBe('/bookings')
  expect(bookingsPathFor(null)).toBe('/bookings')
})
