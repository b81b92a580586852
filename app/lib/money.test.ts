import { expect, test } from 'vitest'
import { centsToDollars, dollarsToCents, formatUsd } from './money.ts'

test('amounts read in US dollars with their cents', () => {
  expect(formatUsd(4800)).toBe('$48.00')
  expect(formatUsd(2250)).toBe('$22.50')
  expect(formatUsd(5)).toBe('$0.05')
  expect(formatUsd(125050)).toBe('$1,250.50')
})

test("the API's dollars and cents convert both ways, to the nearest cent", () => {
  expect(centsToDollars(2250)).toBe(22.5)
  expect(centsToDollars(null)).toBe(null)
  expect(dollarsToCents(22.5)).toBe(2250)
  expect(dollarsToCents(19.99)).toBe(1999)
  expect(dollarsToCents(24.999)).toBe(2500)
})
