import { expect, test } from 'vitest'
import { formatBookingDate, formatNameList } from './booking-format.ts'

test("booking dates read as 'EEEE, MMMM d, yyyy' whatever the server's zone", () => {
  expect(formatBookingDate('2026-03-02')).toBe('Monday, March 2, 2026')
  expect(formatBookingDate('2026-12-31')).toBe('Thursday, December 31, 2026')
  expect(formatBookingDate('2028-02-29')).toBe('Tuesday, February 29, 2028')
})

test('every day of five years reads as Intl writes it', () => {
  const intl = new Intl.DateTimeFormat('en-US', { weekday: 'long', month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' })
  for (let instant = Date.UTC(2024, 0, 1); instant < Date.UTC(2029, 0, 1); instant += 86_400_000) {
    const date = new Date(instant).toISOString().slice(0, 10)
    expect(formatBookingDate(date), date).toBe(intl.format(instant))
  }
})

test('names read as a list: one alone, two with and, more with commas', () => {
  expect(formatNameList(['Rex'])).toBe('Rex')
  expect(formatNameList(['Rex', 'Luna'])).toBe('Rex and Luna')
  expect(formatNameList(['Rex', 'Luna', 'Max'])).toBe('Rex, Luna, and Max')
})

test("lists of names read as Intl's en-US conjunction (they are written out, not made by Intl)", () => {
  const intl = new Intl.ListFormat('en-US', { style: 'long', type: 'conjunction' })
  const lists = [[], ['Rex'], ['Rex', 'Luna'], ['Rex', 'Luna', 'Max'], ['Rex', 'Luna', 'Max', 'Bella', 'Coco']]
  expect(lists.map(formatNameList)).toEqual(lists.map((names) => intl.format(names)))
})
