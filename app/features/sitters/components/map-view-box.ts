// What the map asks GET /api/users/sitters for: the visible area as `bbox=west,south,east,north`.
// Pure, safe in the browser.

export type ViewBounds = { west: number; south: number; east: number; north: number }

/** Four decimals (about 10 m): short URLs that repeat while the map barely moves. */
const step = 1e4

const clamp = (value: number, limit: number) => Math.min(limit, Math.max(-limit, value))

/**
 * The `bbox` parameter of a view: rounded outwards, so no sitter at the edge of the screen is left out,
 * and kept within the earth's coordinates (a map zoomed far out shows the world more than once).
 */
export function bboxParameter({ west, south, east, north }: ViewBounds) {
  return [
    clamp(Math.floor(west * step) / step, 180),
    clamp(Math.floor(south * step) / step, 90),
    clamp(Math.ceil(east * step) / step, 180),
    clamp(Math.ceil(north * step) / step, 90),
  ].join(',')
}
