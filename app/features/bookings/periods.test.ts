import { describe, expect, test } from 'vitest'
import { hourlySlotsOf } from './periods.ts'

describe('the multi-period dialog (spec section 2)', () => {
  test('morning and evening become four hourly ranges each, in the order of the day', () => {
    expect(hourlySlotsOf(['evening', 'morning'])).toEqual([
      { startTime: '08:00', endTime: '09:00' },
      { startTime: '09:00', endTime: '10:00' },
      { startTime: '10:00', endTime: '11:00' },
      { startTime: '11:00', endTime: '12:00' },
      { startTime: '16:00', endTime: '17:00' },
      { startTime: '17:00', endTime: '18:00' },
      { startTime: '18:00', endTime: '19:00' },
      { startTime: '19:00', endTime: '20:00' },
    ])
  })

  test('no period, no slots', () => {
    expect(hourlySlotsOf([])).toEqual([])
  })
})
