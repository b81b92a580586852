import { describe, expect, test } from 'vitest'
import { alarmLabel, checkInPlaceLabel, visitMoments } from './visit-format.ts'

describe('visit-format', () => {
  test('a check-in reads as a place and a distance, never more', () => {
    expect(checkInPlaceLabel({ place: 'at_place', distanceMeters: 100 })).toBe('At the meeting place')
    expect(checkInPlaceLabel({ place: 'elsewhere', distanceMeters: 350 })).toBe('350 m from the meeting place')
    expect(checkInPlaceLabel({ place: 'elsewhere', distanceMeters: 1250 })).toBe('1.3 km from the meeting place')
    expect(checkInPlaceLabel({ place: 'no_position', distanceMeters: null })).toBe('No position shared')
  })

  test('a walk names its moments by the clock in its zone, a stay over several days with the day too', () => {
    // 10:00-11:00 in Zurich on March 2, 2026 (UTC+1): check-in opens at 09:30.
    const walk = visitMoments({ checkInOpensAt: '2026-03-02T08:30:00.000Z', checkInClosesAt: '2026-03-02T10:00:00.000Z' }, 'Europe/Zurich')
    expect(walk('2026-03-02T09:02:00.000Z')).toBe('10:02')
    const stay = visitMoments({ checkInOpensAt: '2026-03-02T08:30:00.000Z', checkInClosesAt: '2026-03-04T17:00:00.000Z' }, 'Europe/Zurich')
    expect(stay('2026-03-03T18:45:00.000Z')).toBe('Mar 3, 19:45')
  })

  test('an alarm says what was missed', () => {
    expect(alarmLabel({ kind: 'missed-check-in', date: null })).toBe('No check-in 15 minutes after the start')
    expect(alarmLabel({ kind: 'missed-check-out', date: null })).toBe('No check-out 30 minutes after the end')
    expect(alarmLabel({ kind: 'missed-update', date: '2026-03-03' })).toBe('No update with a photo by 20:00 on Tuesday, March 3, 2026')
  })
})
