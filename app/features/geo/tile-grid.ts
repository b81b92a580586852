import type { GeoPoint } from './distance.ts'

// Which tiles a map shows around its centre, and where, computed the way Leaflet does (Web Mercator,
// 256 px tiles, the centre's pixel rounded): the server draws the same tiles in the same places before
// Leaflet has arrived (map-preview.tsx). Safe in the browser.

export const tilePx = 256
/** Leaflet's Web Mercator stops short of the poles. */
const maxLatitude = 85.0511287798

/** The point's pixel in the world map at `zoom`, as Leaflet's EPSG:3857 projection gives it. */
export function worldPixel({ latitude, longitude }: GeoPoint, zoom: number) {
  const scale = tilePx * 2 ** zoom
  const sin = Math.sin((Math.max(-maxLatitude, Math.min(maxLatitude, latitude)) * Math.PI) / 180)
  return { x: scale * (longitude / 360 + 0.5), y: scale * (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) }
}

/** The point at `offset` px from a map's centre, where a map of `centre` and `zoom` (drawn as Leaflet draws it) shows it. */
export function pointAtOffset(centre: GeoPoint, zoom: number, offset: { x: number; y: number }): GeoPoint {
  const scale = tilePx * 2 ** zoom
  const pixel = worldPixel(centre, zoom)
  const x = Math.round(pixel.x) + offset.x
  const y = Math.round(pixel.y) + offset.y
  const mercator = Math.PI * (1 - (2 * y) / scale)
  return { latitude: (Math.atan(Math.sinh(mercator)) * 180) / Math.PI, longitude: (x / scale) * 360 - 180 }
}

export type TileGrid = {
  zoom: number
  /** The grid's top left corner, in px from the map's centre. */
  left: number
  top: number
  columns: number
  /** Row by row, left to right; `x` wraps around the world as Leaflet's does, rows off the world are left out. */
  tiles: { x: number; y: number }[]
}

/**
 * The tiles that cover a box of `reach` px around `centre` at `zoom`. Leaflet puts the centre's pixel,
 * rounded, in the middle of the map, so a map of even size shows these tiles exactly here.
 */
export function tileGrid(centre: GeoPoint, zoom: number, reach: { width: number; height: number }): TileGrid {
  const pixel = worldPixel(centre, zoom)
  const x = Math.round(pixel.x)
  const y = Math.round(pixel.y)
  const worldTiles = 2 ** zoom
  const firstColumn = Math.floor((x - reach.width / 2) / tilePx)
  const lastColumn = Math.floor((x + reach.width / 2 - 1) / tilePx)
  const firstRow = Math.max(0, Math.floor((y - reach.height / 2) / tilePx))
  const lastRow = Math.min(worldTiles - 1, Math.floor((y + reach.height / 2 - 1) / tilePx))
  const tiles = []
  for (let row = firstRow; row <= lastRow; row++) {
    for (let column = firstColumn; column <= lastColumn; column++) tiles.push({ x: ((column % worldTiles) + worldTiles) % worldTiles, y: row })
  }
  return { zoom, left: firstColumn * tilePx - x, top: firstRow * tilePx - y, columns: lastColumn - firstColumn + 1, tiles }
}
