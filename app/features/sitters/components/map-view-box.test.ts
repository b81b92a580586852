import { expect, test } from 'vitest'
import { bboxParameter } from './map-view-box.ts'

test('the visible area becomes west,south,east,north rounded outwards to four decimals', () => {
  expect(bboxParameter({ west: 8.123_456, south: 47.300_01, east: 8.654_321, north: 47.499_99 })).toBe('8.1234,47.3,8.6544,47.5')
  expect(bboxParameter({ west: -0.000_01, south: -33.123_45, east: 0.000_01, north: -33.1 })).toBe('-0.0001,-33.1235,0.0001,-33.1')
})

test('a view wider than the world asks for the whole world, never for coordinates the API refuses', () => {
  expect(bboxParameter({ west: -400.5, south: -95, east: 320.25, north: 91 })).toBe('-180,-90,180,90')
})
