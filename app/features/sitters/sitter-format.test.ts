import { expect, test } from 'vitest'
import { firstNameOf, formatCompletedBookings, formatRating, reviewCountText } from './sitter-format.ts'

test('ratings to one decimal, review and booking counts, first names', () => {
  expect(formatRating(4)).toBe('4.0')
  expect(formatRating(4.67)).toBe('4.7')
  expect([reviewCountText(1), reviewCountText(12)]).toEqual(['1 review', '12 reviews'])
  expect([formatCompletedBookings(1), formatCompletedBookings(14)]).toEqual(['1 completed booking', '14 completed bookings'])
  expect([firstNameOf('Anna Keller'), firstNameOf('  Jo  '), firstNameOf('')]).toEqual(['Anna', 'Jo', ''])
})
