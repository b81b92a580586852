import { expect, test } from 'vitest'
import { formatUsd } from './money.ts'
import { formatCount } from './number-format.ts'

// The en-US formats written out instead of made by Intl read as Intl's do (the expected values are Intl's own).

const samples = [0, 1, 5, 12, 99, 100, 999, 1000, 1001, 9999, 12345, 100000, 110000, 999999, 1000000, 123456789]

test("counts group their thousands as Intl's en-US does", () => {
  const intl = new Intl.NumberFormat('en-US')
  expect(samples.map(formatCount)).toEqual(samples.map((count) => intl.format(count)))
})

test("amounts in cents read as Intl's US dollars, negative ones and a cent's fractions too", () => {
  const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' })
  const cents = [...samples, 5, 50, 2250, 4800, 125050, 100000000, -500, -125050, 1.5, 2.5, 2.49]
  expect(cents.map(formatUsd)).toEqual(cents.map((amount) => intl.format(amount / 100)))
})
