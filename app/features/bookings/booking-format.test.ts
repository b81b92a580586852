import { expect, test } from 'vitest'
import { formatBookingDate } from './booking-format.ts'

test("booking dates read as 'EEEE, MMMM d, yyyy' whatever the server's zone", () => {
  expect(formatBookingDate('2026-03-02')).toBe('Monday, March 2, 2026')
  expect(formatBookingDate('2026-12-31')).toBe('Thursday, December 31, 2026')
})
