import { boxCentre, type GeoBox, type GeoPoint } from '#app/features/geo/distance.ts'
import { cellBox, cellKey, cellOf, cellSizeFor, cellsCovering, type GridCell, sameCell } from '#app/features/geo/grid-cells.ts'
import { offsetOf } from '#app/lib/paging.ts'
import { versionReadAfterNow } from '#app/lib/public-page-cache.server.ts'
import { haversineInMemoryFrom, type IndexedPointBounds, indexedPointOf, isIndexedInside, latitudeCosine, sitterPointBoundsInside } from './point-index.server.ts'
import type { SitterQuery } from './sitter-search-schema.ts'
import { toListItems, toSitterListItemJson } from './sitter-search.server.ts'
import { searchWords } from './text-query.ts'

// The map's question while it pans (issue 34): the sitters in a box, nearest its middle
// first. Every pan asks a box nobody asked before, so the shared copies of whole answers (decision 042)
// rarely help; what neighbouring boxes share is the ground under them. The points of the grid cells a
// box touches (geo/grid-cells.ts, cells at least as big as the box) are read once, and each sitter's list
// item once; each box is then answered in memory with the index's own tests and the search's own order,
// so the answer is the one the search gives (same sitters, order, total and page).
// Only public points and public list items are kept (DESIGN.md ruling 8). Everything kept belongs to one
// public data version (decision 022, read from the shared database, so a change through any instance
// shows on the next request to every instance) and lives at most 5 s.

const lifetimeMs = 5_000
const maxCells = 200
const maxListItems = 20_000
/** Cells are read a little wider: the R*Tree's 32-bit box around a point near a cell's edge reaches past it. */
const readMarginDegrees = 1e-3

type CellPoint = IndexedPointBounds & { point: GeoPoint; cosine: number }

type Generation = {
  version: number
  startedAt: number
  /** Each cell's points by their lowest latitude, read once (concurrent askers wait for the same read). */
  cells: Map<string, Promise<CellPoint[]>>
  /** Each sitter's list item as JSON text; null for a sitter no longer there. */
  listItems: Map<string, string | null | Promise<string | null>>
}

let current: Generation | null = null

/**
 * The page of the answer to a map's question as JSON list items, and how many sitters the box holds; null
 * when the query is not only a box, the box is wider than the grid's cells, or the data changed while
 * this request began (the caller then searches).
 */
export async function mapAreaPage(query: SitterQuery): Promise<{ items: string[]; total: number } | null> {
  const box = onlyBoxOf(query)
  const size = box && cellSizeFor(box)
  if (!box || !size) return null
  const generation = await generationNow()
  if (!generation) return null
  const cells = await Promise.all(cellsCovering(box, size).map((cell) => pointsOf(generation, cell)))
  const inside = cells.flatMap((points) => pointsInside(points, box))
  const offset = query.offset ?? offsetOf(query)
  const page = nearestFirst(inside, boxCentre(box), offset + query.limit).slice(offset)
  return { items: await listItemsOf(generation, page), total: inside.length }
}

/** The box of a query that asks nothing else (the map's own question). */
function onlyBoxOf(query: SitterQuery) {
  const onlyBox = !query.near && !searchWords(query.search) && query.services.length === 0 && query.sizes.length === 0 && !query.freeOn
  return onlyBox ? query.box : null
}

/** What is kept for the current public data version; null for a request that read an older version. */
async function generationNow() {
  const version = await versionReadAfterNow()
  if (current && version < current.version) return null
  if (!current || version > current.version || Date.now() - current.startedAt >= lifetimeMs) {
    current = { version, startedAt: Date.now(), cells: new Map(), listItems: new Map() }
  }
  return current
}

function pointsOf(generation: Generation, cell: GridCell) {
  const key = cellKey(cell)
  const kept = generation.cells.get(key)
  if (kept) return kept
  const reading = readCell(cell)
  generation.cells.set(key, reading)
  // Its failure reaches whoever awaits it; a later asker reads the cell again.
  reading.catch(() => generation.cells.get(key) === reading && generation.cells.delete(key))
  if (generation.cells.size > maxCells) generation.cells.delete(generation.cells.keys().next().value!)
  return reading
}

/** The points whose (index) point lies in the cell: a point on the line between two cells belongs to one. */
async function readCell(cell: GridCell): Promise<CellPoint[]> {
  const rows = await sitterPointBoundsInside(cellBox(cell, readMarginDegrees))
  return rows
    .map((row) => ({ ...row, point: indexedPointOf(row), cosine: 0 }))
    .filter(({ point }) => sameCell(cellOf(point, cell.size), cell))
    .map((row) => ({ ...row, cosine: latitudeCosine(row.point.latitude) }))
    .sort((a, b) => a.minLatitude - b.minLatitude)
}

/** The cell's points the index would find in `box`: those of its latitude band, tested one by one. */
function pointsInside(points: readonly CellPoint[], box: GeoBox) {
  const inside: CellPoint[] = []
  for (let index = firstAtOrAbove(points, box.latitude.min); index < points.length && points[index]!.minLatitude <= box.latitude.max; index++) {
    if (isIndexedInside(points[index]!, box)) inside.push(points[index]!)
  }
  return inside
}

function firstAtOrAbove(points: readonly CellPoint[], latitude: number) {
  let low = 0
  let high = points.length
  while (low < high) {
    const middle = (low + high) >>> 1
    if (points[middle]!.minLatitude < latitude) low = middle + 1
    else high = middle
  }
  return low
}

/** The `count` points nearest `origin`, in the search's order: by the haversine term, then by key. */
function nearestFirst(points: readonly CellPoint[], origin: GeoPoint, count: number) {
  const measure = haversineInMemoryFrom(origin)
  const measured = points.map((point) => ({ point, distance: measure(point.point, point.cosine) }))
  const byDistance = (a: (typeof measured)[number], b: (typeof measured)[number]) => a.distance - b.distance || a.point.key - b.point.key
  if (measured.length <= count) return measured.sort(byDistance).map(({ point }) => point)
  // Only the nearest few are sorted: the count-th smallest distance, from a plain numeric sort, bounds them.
  const cutoff = Float64Array.from(measured, ({ distance }) => distance).sort()[count - 1]!
  return measured
    .filter(({ distance }) => distance <= cutoff)
    .sort(byDistance)
    .slice(0, count)
    .map(({ point }) => point)
}

/** The sitters' list items in order, each read once per generation (the missing ones in one statement pair). */
async function listItemsOf(generation: Generation, points: readonly CellPoint[]) {
  const kept = generation.listItems
  const missing = points.filter(({ sitterId }) => !kept.has(sitterId))
  const reading = missing.length > 0 ? readListItems(missing) : null
  const items = points.map(({ sitterId }) => kept.get(sitterId) ?? reading!.then((read) => read.get(sitterId) ?? null))
  if (reading) keepListItems(kept, missing, reading)
  return (await Promise.all(items)).filter((item) => item !== null)
}

async function readListItems(points: readonly CellPoint[]) {
  const items = await toListItems(points, null)
  return new Map(items.map((item) => [item.id, JSON.stringify(toSitterListItemJson(item))]))
}

/** Keeps what `reading` finds for the next askers (who wait for it meanwhile); forgets it if it fails. */
function keepListItems(kept: Generation['listItems'], missing: readonly CellPoint[], reading: Promise<Map<string, string>>) {
  for (const { sitterId } of missing) {
    const item = reading.then((read) => {
      const found = read.get(sitterId) ?? null
      kept.set(sitterId, found)
      return found
    })
    // Its failure reaches whoever awaits it; kept, it must not count as unhandled.
    item.catch(() => kept.delete(sitterId))
    kept.set(sitterId, item)
  }
  for (const sitterId of kept.keys()) {
    if (kept.size <= maxListItems) break
    kept.delete(sitterId)
  }
}
