import { describe, expect, test } from 'vitest'
import { metresBetween } from '#tests/metres-between.ts'
import { checkInWindow, classifyCheckIn, dailyUpdateDues, formatDuration, formatMeters, isNearAHome, pathMeters, reachablePoints } from './visit-rules.ts'

// DESIGN.md ruling 27 at its edges. Points are placed due north of a place: one degree of latitude is
// 111,194.9 m on the mean-radius sphere, so an offset in metres is a latitude offset, measured back with the
// tests' own ruler.

const place = { latitude: 47.3769, longitude: 8.5417 }
const metresPerDegree = (Math.PI * 6_371_000) / 180
const north = (metres: number) => ({ latitude: place.latitude + metres / metresPerDegree, longitude: place.longitude })
const minute = 60_000

describe('check-in', () => {
  test('opens 30 minutes before the start and closes at the end', () => {
    const start = Date.parse('2026-12-03T08:00:00Z')
    expect(checkInWindow({ start, end: start + 60 * minute })).toEqual({ opensAt: start - 30 * minute, closesAt: start + 60 * minute })
  })

  test.each([
    [0, 'at_place', 0],
    [149, 'at_place', 150],
    [151, 'elsewhere', 150],
    [174, 'elsewhere', 150],
    [176, 'elsewhere', 200],
    [1234, 'elsewhere', 1250],
  ] as const)('a position %i m away is %s, %i m in 50 m steps', (metres, place_, distance) => {
    expect(metresBetween(north(metres), place)).toBeCloseTo(metres, 0)
    expect(classifyCheckIn(north(metres), place)).toEqual({ place: place_, distanceMeters: distance })
  })

  test('without a position, or without a meeting place, it is no position', () => {
    expect(classifyCheckIn(null, place)).toEqual({ place: 'no_position', distanceMeters: null })
    expect(classifyCheckIn(north(10), null)).toEqual({ place: 'no_position', distanceMeters: null })
  })
})

describe('a route', () => {
  test('a point within 200 m of either home is near a home', () => {
    const otherHome = north(5000)
    expect(isNearAHome(north(199), [otherHome, place])).toBe(true)
    expect(isNearAHome(north(201), [place])).toBe(false)
    expect(isNearAHome(north(4801), [place, otherHome])).toBe(true)
    expect(isNearAHome(north(201), [])).toBe(false)
  })

  test("keeps the points a walk can reach: 10 m a second, plus 50 m of a phone's wander", () => {
    const at = (seconds: number) => Date.parse('2026-12-03T08:00:00Z') + seconds * 1000
    const walk = [{ ...north(0), at: at(0) }, { ...north(140), at: at(10) }, { ...north(280), at: at(20) }]
    expect(reachablePoints(walk)).toEqual(walk)
    // 141 m in 5 s is more than 50 + 50 m: left out, and the next point is measured from the last one kept.
    const start = [walk[0]!, { ...north(10), at: at(5) }]
    expect(reachablePoints([...start, { ...north(151), at: at(10) }, { ...north(149), at: at(20) }])).toEqual([...start, { ...north(149), at: at(20) }])
    expect(reachablePoints([{ ...north(5000), at: at(30) }], walk[2])).toEqual([])
    expect(reachablePoints([{ ...north(400), at: at(30) }], walk[2])).toEqual([{ ...north(400), at: at(30) }])
  })

  test("leaves out a first fix far off when the two points after it agree, but not the route's end so far", () => {
    const at = (seconds: number) => Date.parse('2026-12-03T08:00:00Z') + seconds * 1000
    const farOff = { ...north(2000), at: at(0) }
    const walk = [{ ...north(0), at: at(5) }, { ...north(30), at: at(10) }]
    expect(reachablePoints([farOff, ...walk])).toEqual(walk)
    expect(reachablePoints(walk, farOff)).toEqual([])
  })

  test('is as long as its legs', () => {
    expect(pathMeters([north(0), north(300), north(100)])).toBeCloseTo(500, 0)
    expect(pathMeters([north(0)])).toBe(0)
  })
})

describe('daily updates', () => {
  const zone = 'Europe/Zurich' // UTC+1 in December

  test('a boarding night owes one by 20:00 on its first day and one by its end the next morning', () => {
    const span = { start: Date.parse('2026-12-03T17:00:00Z'), end: Date.parse('2026-12-04T09:00:00Z') } // 18:00 to 10:00
    expect(dailyUpdateDues(span, zone)).toEqual([
      { date: '2026-12-03', dueAt: Date.parse('2026-12-03T19:00:00Z') },
      { date: '2026-12-04', dueAt: span.end },
    ])
  })

  test('a day of daycare owes one by its end; a stay begun after 20:00 owes none that day', () => {
    expect(dailyUpdateDues({ start: Date.parse('2026-12-03T07:00:00Z'), end: Date.parse('2026-12-03T17:00:00Z') }, zone)).toEqual([
      { date: '2026-12-03', dueAt: Date.parse('2026-12-03T17:00:00Z') },
    ])
    expect(dailyUpdateDues({ start: Date.parse('2026-12-03T20:30:00Z'), end: Date.parse('2026-12-04T06:00:00Z') }, zone)).toEqual([])
  })
})

test('distances and durations read as people say them', () => {
  expect(formatMeters(850.4)).toBe('850 m')
  expect(formatMeters(2140)).toBe('2.1 km')
  expect(formatDuration(25 * minute)).toBe('25 min')
  expect(formatDuration(65 * minute)).toBe('1 h 05 min')
})
