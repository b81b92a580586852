import { describe, expect, it } from 'vitest'
import { formatShortWeekdays, formatWeekdays } from './series-format.ts'

describe('series-format', () => {
  it('names the weekdays of a series in week order', () => {
    expect(formatWeekdays([5, 1, 3])).toBe('Mondays, Wednesdays, and Fridays')
    expect(formatWeekdays([6])).toBe('Saturdays')
    expect(formatShortWeekdays([7, 1])).toBe('Mon, Sun')
  })
})
