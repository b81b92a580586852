import { expect, test } from 'vitest'
import { bookingsPathFor } from './bookings-path.ts'

test('Bookings leads a sitter who is no owner to their requests, everyone else to their own bookings', () => {
  expect(bookingsPathFor('sitter')).toBe('/bookings-sitter')
  expect(bookingsPathFor('owner')).toBe('/bookings')
  expect(bookingsPathFor('both')).toBe('/bookings')
  expect(bookingsPathFor('admin')).toBe('/bookings')
  expect(bookingsPathFor(null)).toBe('/bookings')
})
