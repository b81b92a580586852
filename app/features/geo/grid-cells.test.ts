import { expect, test } from 'vitest'
import { cellAround, cellBox, cellOf, cellSizeFor, cellsCovering } from './grid-cells.ts'

const box = (west: number, south: number, east: number, north: number) => ({ latitude: { min: south, max: north }, longitude: { min: west, max: east } })

test('a box is read in cells at least as big as itself, so it touches at most 2 x 2 of them', () => {
  for (const [west, south, east, north] of [[8.5, 47.36, 8.58, 47.39], [8.53, 47.375, 8.5301, 47.3751], [7.9, 46.1, 8.8, 46.2], [8.5, 47.375, 8.5, 47.375]] as const) {
    const asked = box(west, south, east, north)
    const size = cellSizeFor(asked)!
    expect(size).toBeGreaterThanOrEqual(Math.max(east - west, north - south))
    expect(cellsCovering(asked, size).length).toBeLessThanOrEqual(4)
  }
  expect(cellSizeFor(box(6, 45.8, 10.5, 47.8))).toBeNull()
  expect(cellSizeFor({ latitude: { min: 0, max: 1 }, longitude: null })).toBeNull()
})

test('every point of a box lies in exactly one of the cells covering it, a point on a line in the cell east or north of it', () => {
  const asked = box(8.49, 47.36, 8.51, 47.39)
  const size = cellSizeFor(asked)!
  const cells = cellsCovering(asked, size)
  for (const point of [{ latitude: 47.36, longitude: 8.49 }, { latitude: 47.375, longitude: 8.5 }, { latitude: 47.39, longitude: 8.51 }, { latitude: 47.3801, longitude: 8.4999 }]) {
    const holding = cells.filter((cell) => {
      const { latitude, longitude } = cellBox(cell)
      return point.latitude >= latitude.min && point.latitude < latitude.max && point.longitude >= longitude!.min && point.longitude < longitude!.max
    })
    expect(holding).toEqual([cellOf(point, size)])
  }
  expect(cellOf({ latitude: 47.375, longitude: 8.5 }, 1 / 64)).toEqual({ size: 1 / 64, column: 544, row: 3032 })
})

test('a small cell lies in the cell around it', () => {
  const small = cellOf({ latitude: -33.9, longitude: -70.6 }, 1 / 256)
  const around = cellAround(small, 1 / 8)
  expect(around).toEqual(cellOf({ latitude: -33.9, longitude: -70.6 }, 1 / 8))
  const [inner, outer] = [cellBox(small), cellBox(around)]
  expect(inner.latitude.min).toBeGreaterThanOrEqual(outer.latitude.min)
  expect(inner.longitude!.max).toBeLessThanOrEqual(outer.longitude!.max)
})
