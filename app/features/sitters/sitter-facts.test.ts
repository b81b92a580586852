import { expect, test } from 'vitest'
import { describeReplyTime, formatCompletedBookings } from './sitter-facts.ts'

test('the measured reply time is rounded up to 5 minutes, hours or days', () => {
  expect(describeReplyTime(0.4)).toBe('Usually replies within a minute')
  expect(describeReplyTime(11)).toBe('Usually replies within 15 minutes')
  expect(describeReplyTime(15)).toBe('Usually replies within 15 minutes')
  expect(describeReplyTime(59)).toBe('Usually replies within 60 minutes')
  expect(describeReplyTime(60)).toBe('Usually replies within an hour')
  expect(describeReplyTime(61)).toBe('Usually replies within 2 hours')
  expect(describeReplyTime(24 * 60 + 1)).toBe('Usually replies within 2 days')
})

test('completed bookings are counted in words', () => {
  expect(formatCompletedBookings(1)).toBe('1 completed booking')
  expect(formatCompletedBookings(14)).toBe('14 completed bookings')
})
