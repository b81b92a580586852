import type { GeoBox, GeoPoint } from './distance.ts'

// A latitude/longitude grid of square cells a power of two degrees wide, one grid per size: boxes that
// overlap the same cells can share what was read for them (the map's sitters, features/sitters/
// map-area-cache.server.ts). Cell edges are whole multiples of a power of two, so every one is an exact
// double and a point belongs to exactly one cell of each size. Pure.

export type GridCell = { size: number; column: number; row: number }

/** About 1.7 km of latitude: a smaller box still reads a cell this big. */
const smallestCellSize = 2 ** -6

/** About 110 km: a wider box is not read cell by cell (a cell would hold a whole region's sitters). */
const largestCellSize = 1

/**
 * The cell size for `box`: the smallest power of two degrees at least as wide and as tall as the box, so
 * it touches at most 2 x 2 cells; null when the box is wider or taller than the largest cell.
 */
export function cellSizeFor(box: GeoBox): number | null {
  if (!box.longitude) return null
  const span = Math.max(box.longitude.max - box.longitude.min, box.latitude.max - box.latitude.min)
  if (span > largestCellSize) return null
  let size = smallestCellSize
  while (size < span) size *= 2
  return size
}

/** The cell of that size a point lies in (a point on an edge belongs to the cell east or north of it). */
export function cellOf(point: GeoPoint, size: number): GridCell {
  return { size, column: Math.floor(point.longitude / size), row: Math.floor(point.latitude / size) }
}

/** The cell of a larger size (of the same grid of powers of two) that holds a smaller cell. */
export function cellAround(small: GridCell, size: number): GridCell {
  return { size, column: Math.floor((small.column * small.size) / size), row: Math.floor((small.row * small.size) / size) }
}

/** Every cell of that size that holds a point of `box` (which must have a longitude range). */
export function cellsCovering(box: GeoBox, size: number): GridCell[] {
  const longitude = box.longitude ?? { min: -180, max: 180 }
  const southWest = cellOf({ latitude: box.latitude.min, longitude: longitude.min }, size)
  const northEast = cellOf({ latitude: box.latitude.max, longitude: longitude.max }, size)
  const cells: GridCell[] = []
  for (let row = southWest.row; row <= northEast.row; row++) {
    for (let column = southWest.column; column <= northEast.column; column++) cells.push({ size, column, row })
  }
  return cells
}

/** The cell's area, grown by `margin` degrees on every side. */
export function cellBox({ size, column, row }: GridCell, margin = 0): GeoBox {
  return {
    latitude: { min: row * size - margin, max: (row + 1) * size + margin },
    longitude: { min: column * size - margin, max: (column + 1) * size + margin },
  }
}

export const cellKey = ({ size, column, row }: GridCell) => `${size}:${column}:${row}`

export const sameCell = (a: GridCell, b: GridCell) => a.size === b.size && a.column === b.column && a.row === b.row
