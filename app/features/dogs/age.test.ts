import { expect, test } from 'vitest'
import { ageGroupFor, formatAge, parseAgeToMonths, parseWeightKg } from './age.ts'

test('typed ages become months', () => {
  expect(parseAgeToMonths('2 years')).toBe(24)
  expect(parseAgeToMonths('6 months')).toBe(6)
  expect(parseAgeToMonths('3')).toBe(36)
  expect(parseAgeToMonths('1.5 years')).toBe(18)
  expect(parseAgeToMonths('1 year 3 months')).toBe(15)
  expect(parseAgeToMonths('old')).toBeNull()
})

test('ages read as years or months and fall into the spec age groups', () => {
  expect(formatAge(24, '2 years')).toBe('2 years')
  expect(formatAge(7, '7 months')).toBe('7 months')
  expect(formatAge(null, 'about two')).toBe('about two')
  expect(ageGroupFor(6)).toBe('puppy')
  expect(ageGroupFor(36)).toBe('adult')
  expect(ageGroupFor(96)).toBe('senior')
})

test('typed weights become kilograms', () => {
  expect(parseWeightKg('15')).toBe(15)
  expect(parseWeightKg('15,5 kg')).toBe(15.5)
  expect(parseWeightKg('')).toBeNull()
})
