import { expect, test } from 'vitest'
import { ageGroupFor, formatAge, parseAgeToMonths } from './age.ts'

test('typed ages become months', () => {
  expect(parseAgeToMonths('2 years')).toBe(24)
  expect(parseAgeToMonths('8 months')).toBe(8)
  expect(parseAgeToMonths('3')).toBe(36)
  expect(parseAgeToMonths('1.5 years')).toBe(18)
  expect(parseAgeToMonths('1,5')).toBe(18)
  expect(parseAgeToMonths('1 year 3 months')).toBe(15)
  expect(parseAgeToMonths('1 year and 6 months')).toBe(18)
  expect(parseAgeToMonths('1 year, 6 months')).toBe(18)
  expect(parseAgeToMonths(' 2 Years  Old ')).toBe(24)
  expect(parseAgeToMonths('2y 6m')).toBe(30)
  expect(parseAgeToMonths('10 weeks')).toBe(3)
  expect(parseAgeToMonths('0')).toBe(0)
})

test('text that is not an age is refused, however many digits it contains', () => {
  for (const text of ["' OR 1=1 --", 'old', 'about 2', '2 years?', '2 parsecs', 'years 2', '2 and 3', '1=1', '', '200 years', '2\u0000 years']) {
    expect(parseAgeToMonths(text), text).toBeNull()
  }
})

test('ages read as years or months and fall into the spec age groups', () => {
  expect(formatAge(24, '2 years')).toBe('2 years')
  expect(formatAge(7, '7 months')).toBe('7 months')
  expect(formatAge(null, 'about two')).toBe('about two')
  expect(ageGroupFor(6)).toBe('puppy')
  expect(ageGroupFor(36)).toBe('adult')
  expect(ageGroupFor(96)).toBe('senior')
})
