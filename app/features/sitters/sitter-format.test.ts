import { expect, test } from 'vitest'
import { firstNameOf, formatCompletedBookings, formatRating, formatReliability, formatReplyTime, reviewCountText } from './sitter-format.ts'

test('ratings to one decimal, review and booking counts, first names', () => {
  expect(formatRating(4)).toBe('4.0')
  expect(formatRating(4.67)).toBe('4.7')
  expect([reviewCountText(1), reviewCountText(12)]).toEqual(['1 review', '12 reviews'])
  expect([formatCompletedBookings(1), formatCompletedBookings(14)]).toEqual(['1 completed booking', '14 completed bookings'])
  expect([firstNameOf('Anna Keller'), firstNameOf('  Jo  '), firstNameOf('')]).toEqual(['Anna', 'Jo', ''])
})

test('reliability counts visits on time of visits logged', () => {
  expect([formatReliability({ onTime: 48, visits: 50 }), formatReliability({ onTime: 0, visits: 1 })]).toEqual(['On time for 48 of 50 visits', 'On time for 0 of 1 visit'])
})

test.each([
  [0, 'Usually replies within a minute'],
  [1, 'Usually replies within a minute'],
  [1.2, 'Usually replies within 2 minutes'],
  [40, 'Usually replies within 40 minutes'],
  [59, 'Usually replies within 59 minutes'],
  [60, 'Usually replies within an hour'],
  [61, 'Usually replies within 2 hours'],
  [119, 'Usually replies within 2 hours'],
  [120, 'Usually replies within 2 hours'],
  [1439, 'Usually replies within 24 hours'],
  [1440, 'Usually replies within a day'],
  [1441, 'Usually replies within 2 days'],
  [2000, 'Usually replies within 2 days'],
  [2881, 'Usually replies within 3 days'],
])('a median reply after %d minutes reads "%s" (rounded up, never quicker)', (minutes, text) => {
  expect(formatReplyTime(minutes)).toBe(text)
})
