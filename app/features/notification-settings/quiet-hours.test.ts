import { describe, expect, test } from 'vitest'
import { quietHoursEndAfter } from './quiet-hours.ts'

// Every expected instant is worked out by hand from the zone's offset on that day: Zurich is UTC+1 in
// November (CET) and UTC+2 from 29 March 2026 (CEST), New York UTC-5 in November, Tokyo UTC+9 all year.

const night = { enabled: true, start: '22:00', end: '07:00' }
const endOf = (timeZone: string, now: string, quiet = night) => {
  const end = quietHoursEndAfter({ ...quiet, timeZone }, Date.parse(now))
  return end === null ? null : new Date(end).toISOString()
}

describe('quiet hours over midnight (22:00-07:00)', () => {
  test('Zurich: 22:30 local waits until 07:00 the next morning', () => {
    expect(endOf('Europe/Zurich', '2026-11-23T21:30:00Z')).toBe('2026-11-24T06:00:00.000Z')
  })

  test('Zurich: 06:59 local, after midnight, waits until 07:00 that same morning', () => {
    expect(endOf('Europe/Zurich', '2026-11-24T05:59:00Z')).toBe('2026-11-24T06:00:00.000Z')
  })

  test('Zurich: 07:00 and 21:59 local are outside (the end is not quiet, the start is)', () => {
    expect(endOf('Europe/Zurich', '2026-11-24T06:00:00Z')).toBeNull()
    expect(endOf('Europe/Zurich', '2026-11-23T20:59:00Z')).toBeNull()
    expect(endOf('Europe/Zurich', '2026-11-23T21:00:00Z')).toBe('2026-11-24T06:00:00.000Z')
  })

  test("the same instant is quiet in one zone and not in another: the user's own zone counts", () => {
    // 21:30Z is 22:30 in Zurich (quiet) but 16:30 in New York (not).
    expect(endOf('America/New_York', '2026-11-23T21:30:00Z')).toBeNull()
    // 04:00Z is 23:00 on the 23rd in New York: quiet until 07:00 there, 12:00Z.
    expect(endOf('America/New_York', '2026-11-24T04:00:00Z')).toBe('2026-11-24T12:00:00.000Z')
    // 14:00Z is 23:00 on the 23rd in Tokyo: quiet until 07:00 on the 24th there, 22:00Z on the 23rd.
    expect(endOf('Asia/Tokyo', '2026-11-23T14:00:00Z')).toBe('2026-11-23T22:00:00.000Z')
  })

  test('a night with the clocks going forward ends at 07:00 summer time', () => {
    // 22:00Z on 28 March is 23:00 CET; 07:00 on the 29th is CEST (UTC+2), so 05:00Z.
    expect(endOf('Europe/Zurich', '2026-03-28T22:00:00Z')).toBe('2026-03-29T05:00:00.000Z')
  })
})

describe('other quiet hours', () => {
  test('within one day (13:00-15:00): 13:30 local waits until 15:00', () => {
    const afternoon = { enabled: true, start: '13:00', end: '15:00' }
    expect(endOf('Europe/Zurich', '2026-11-23T12:30:00Z', afternoon)).toBe('2026-11-23T14:00:00.000Z')
    expect(endOf('Europe/Zurich', '2026-11-23T14:00:00Z', afternoon)).toBeNull()
    expect(endOf('Europe/Zurich', '2026-11-23T11:59:00Z', afternoon)).toBeNull()
  })

  test('switched off, or starting when they end: never quiet', () => {
    expect(endOf('Europe/Zurich', '2026-11-23T23:00:00Z', { ...night, enabled: false })).toBeNull()
    expect(endOf('Europe/Zurich', '2026-11-23T23:00:00Z', { enabled: true, start: '22:00', end: '22:00' })).toBeNull()
  })
})
