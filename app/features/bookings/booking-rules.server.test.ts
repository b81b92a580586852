import { describe, expect, test } from 'vitest'
import { scheduleRefusal } from './booking-rules.server.ts'

// Whether a request fits the sitter's schedule (DESIGN.md ruling 3). 2026-03-02 is a Monday.
const monday = '2026-03-02'
const tuesday = '2026-03-03'
const walk = (date: string, startTime: string, endTime: string, service = 'walking') => ({ date, slots: [{ startTime, endTime }], service })
const hours = (...ranges: [weekday: number, startTime: string, endTime: string][]) => ({
  weekly: ranges.map(([weekday, startTime, endTime]) => ({ weekday, startTime, endTime })),
  blockedDates: [] as string[],
})

describe('blocked days', () => {
  test('a request on a blocked day is refused, naming the day', () => {
    const refusal = scheduleRefusal('Anna', walk(monday, '10:00', '11:00'), { weekly: [], blockedDates: [monday] })
    expect(refusal).toMatch(/^Anna is not available on .*March.*2/)
  })

  test('an overnight booking that reaches into a blocked day is refused for that day', () => {
    const refusal = scheduleRefusal('Anna', walk(monday, '22:00', '02:00', 'house_sitting'), { weekly: [], blockedDates: [tuesday] })
    expect(refusal).toMatch(/^Anna is not available on .*March.*3/)
  })
})

describe('weekly hours', () => {
  test('a sitter without weekly hours takes requests any day and time', () => {
    expect(scheduleRefusal('Anna', walk(monday, '05:00', '06:00'), hours())).toBeNull()
  })

  test('a request from the first to the last minute of a range fits; a minute outside it does not', () => {
    const schedule = hours([1, '09:00', '17:00'])
    expect(scheduleRefusal('Anna', walk(monday, '09:00', '10:00'), schedule)).toBeNull()
    expect(scheduleRefusal('Anna', walk(monday, '16:00', '17:00'), schedule)).toBeNull()
    expect(scheduleRefusal('Anna', walk(monday, '08:45', '09:30'), schedule)).toBe('Anna does not work at that time. On Mondays: 09:00 - 17:00.')
    expect(scheduleRefusal('Anna', walk(monday, '16:30', '17:15'), schedule)).toBe('Anna does not work at that time. On Mondays: 09:00 - 17:00.')
  })

  test('a range that ends at 23:59 runs to midnight', () => {
    expect(scheduleRefusal('Anna', walk(monday, '23:00', '00:00'), hours([1, '18:00', '23:59']))).toBeNull()
  })

  test("a day without hours is named; a day with hours lists them all", () => {
    const schedule = hours([1, '08:00', '10:00'], [1, '14:00', '16:00'])
    expect(scheduleRefusal('Anna', walk(tuesday, '09:00', '10:00'), schedule)).toBe('Anna does not work on Tuesdays.')
    expect(scheduleRefusal('Anna', walk(monday, '11:00', '12:00'), schedule)).toBe(
      'Anna does not work at that time. On Mondays: 08:00 - 10:00, 14:00 - 16:00.',
    )
  })

  test('boarding and daycare are bound by blocked days only: the dog stays at the sitter’s home', () => {
    const schedule = hours([1, '09:00', '12:00'])
    expect(scheduleRefusal('Anna', walk(tuesday, '18:00', '08:00', 'boarding'), schedule)).toBeNull()
    expect(scheduleRefusal('Anna', walk(tuesday, '08:00', '18:00', 'daycare'), schedule)).toBeNull()
    expect(scheduleRefusal('Anna', walk(tuesday, '08:00', '18:00', 'house_sitting'), schedule)).toBe('Anna does not work on Tuesdays.')
  })
})
