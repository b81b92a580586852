import { expect, test } from 'vitest'
import { formatRate, formatRateIn, startingRate } from './rates.ts'

test('a rate drops the cents only when they are zero', () => {
  expect(formatRateIn('hour', 2000)).toBe('$20/hour')
  expect(formatRateIn('hour', 2405)).toBe('$24.05/hour')
  expect(formatRateIn('night', 0)).toBe('$0/night')
  expect(formatRateIn('day', 100000)).toBe('$1,000/day')
})

test('a rate reads in its service’s own unit', () => {
  expect(formatRate('walking', 2000)).toBe('$20/hour')
  expect(formatRate('daycare', 6000)).toBe('$60/day')
  expect(formatRate('boarding', 2250)).toBe('$22.50/night')
})

test("the 'from' rate is the lowest of the shortest unit offered, never a night's rate against an hour's", () => {
  const walkingAndBoarding = [
    { service: 'walking' as const, hourlyRateCents: 2500 },
    { service: 'sitting' as const, hourlyRateCents: 2200 },
    { service: 'boarding' as const, hourlyRateCents: 1500 },
  ]
  expect(startingRate(walkingAndBoarding)).toEqual({ cents: 2200, unit: 'hour' })
  expect(startingRate([{ service: 'boarding', hourlyRateCents: 4500 }, { service: 'daycare', hourlyRateCents: 6000 }])).toEqual({ cents: 6000, unit: 'day' })
  expect(startingRate([{ service: 'walking', hourlyRateCents: null }, { service: 'boarding', hourlyRateCents: 4500 }])).toEqual({ cents: 4500, unit: 'night' })
  expect(startingRate([{ service: 'walking', hourlyRateCents: null }])).toBeNull()
})
