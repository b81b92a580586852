import { describe, expect, test } from 'vitest'
import { slotsOfPeriods } from './periods.ts'
import { priceCentsFor } from './pricing.ts'
import { fitTimeToService, serviceTimeMessages } from './service-times.ts'

describe('the multi-period dialog (spec section 2, ruling 21)', () => {
  test('sitting books each chosen window, in the order of the day', () => {
    expect(slotsOfPeriods('periods', ['evening', 'morning'])).toEqual([
      { startTime: '08:00', endTime: '12:00' },
      { startTime: '16:00', endTime: '20:00' },
    ])
  })

  test('a walk in each chosen period lasts 60 minutes from the window start', () => {
    expect(slotsOfPeriods('walk', ['afternoon', 'morning'])).toEqual([
      { startTime: '08:00', endTime: '09:00' },
      { startTime: '12:00', endTime: '13:00' },
    ])
  })
})

describe('a time fitted to its service (ruling 21)', () => {
  test("a walk asked as a period is a 60-minute walk as the window starts, priced by the hour", () => {
    const fitted = fitTimeToService('walking', { period: 'evening', slots: [{ startTime: '16:00', endTime: '20:00' }] })
    expect(fitted).toEqual({ period: null, slots: [{ startTime: '16:00', endTime: '17:00' }] })
    expect(priceCentsFor('walking', 2800, 'slots' in fitted ? fitted.slots : [])).toBe(2800)
  })

  test('a walk lasts 30 or 60 minutes', () => {
    expect(fitTimeToService('walking', { period: null, slots: [{ startTime: '09:00', endTime: '09:45' }] })).toEqual({ message: serviceTimeMessages.walkLength })
  })

  test('daycare is the whole day at the day rate, boarding the night at the night rate', () => {
    expect(fitTimeToService('daycare', { period: 'morning', slots: [] })).toEqual({ message: serviceTimeMessages.wholeDay })
    expect(fitTimeToService('boarding', { period: 'overnight', slots: [] })).toEqual({ period: 'overnight', slots: [{ startTime: '20:00', endTime: '08:00' }] })
    expect(priceCentsFor('boarding', 6500, [{ startTime: '20:00', endTime: '08:00' }])).toBe(6500)
  })
})
