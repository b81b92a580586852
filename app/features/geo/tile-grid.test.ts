import { expect, test } from 'vitest'
import { defaultCentre } from './map-settings.ts'
import { pointAtOffset, tileGrid, worldPixel } from './tile-grid.ts'

test('the world pixel of a point is its place on the Web Mercator map: the equator and the prime meridian in the middle', () => {
  expect(worldPixel({ latitude: 0, longitude: 0 }, 0)).toEqual({ x: 128, y: 128 })
  expect(worldPixel({ latitude: 0, longitude: 90 }, 1)).toEqual({ x: 384, y: 256 })
  // Beyond Leaflet's limit a latitude is that of the map's top edge.
  expect(worldPixel({ latitude: 89, longitude: -180 }, 0).y).toBeCloseTo(0, 6)
})

test("the city centre at the city zoom sits in tile 536/358, whose corner is the grid's origin", () => {
  // Zurich, 47.3769 N 8.5417 E: x = 2^10 * 256 * (8.5417 / 360 + 0.5), y from the Mercator formula.
  const grid = tileGrid(defaultCentre, 10, { width: 256, height: 256 })
  const centreX = Math.round(262144 * (8.5417 / 360 + 0.5))
  const sin = Math.sin((47.3769 * Math.PI) / 180)
  const centreY = Math.round(262144 * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)))
  expect(grid.tiles).toContainEqual({ x: 536, y: 358 })
  const index = grid.tiles.findIndex((tile) => tile.x === 536 && tile.y === 358)
  const column = index % grid.columns
  const row = Math.floor(index / grid.columns)
  expect(grid.left + column * 256).toBe(536 * 256 - centreX)
  expect(grid.top + row * 256).toBe(358 * 256 - centreY)
})

test('a grid covers its whole box, wraps around the date line and leaves out rows beyond the poles', () => {
  const nearPole = { latitude: 84, longitude: 179.9 }
  const grid = tileGrid(nearPole, 2, { width: 1024, height: 768 })
  expect(grid.left).toBeLessThanOrEqual(-512)
  expect(grid.left + grid.columns * 256).toBeGreaterThanOrEqual(512)
  // The world is 4 tiles wide at zoom 2: the columns right of the date line are its first ones again.
  expect(grid.tiles.slice(0, grid.columns).map((tile) => tile.x)).toEqual([2, 3, 0, 1])
  // Nothing above the top row of the world: the grid starts there.
  expect(grid.top).toBe(-Math.round(worldPixel(nearPole, 2).y))
  expect(grid.tiles.every((tile) => tile.y >= 0 && tile.y < 4)).toBe(true)
})

test("a tap's offset from a map's centre names the point shown there: the map's corners and the tile edges", () => {
  // At zoom 0 the world is one 256 px tile centred on 0/0: its left edge is 180 W, its top edge Leaflet's 85.0511287798 N.
  const corner = pointAtOffset({ latitude: 0, longitude: 0 }, 0, { x: -128, y: -128 })
  expect(corner.longitude).toBeCloseTo(-180, 9)
  expect(corner.latitude).toBeCloseTo(85.0511287798, 9)
  // At zoom 1 the world is 512 px wide: a quarter of it (128 px) right of 0/0 is 90 E, and the equator stays the equator.
  expect(pointAtOffset({ latitude: 0, longitude: 0 }, 1, { x: 128, y: 0 })).toEqual({ latitude: 0, longitude: 90 })
  // Zurich at zoom 16: 10 px right is 10 / (256 * 2^16) of 360 degrees east, from the centre's rounded pixel.
  const zurichX = Math.round(256 * 2 ** 16 * (8.5417 / 360 + 0.5))
  const tapped = pointAtOffset(defaultCentre, 16, { x: 10, y: 0 })
  expect(tapped.longitude).toBeCloseTo(((zurichX + 10) / (256 * 2 ** 16)) * 360 - 180, 9)
  expect(tapped.latitude).toBeCloseTo(47.3769, 4)
})
