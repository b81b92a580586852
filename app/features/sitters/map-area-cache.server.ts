import { boxCentre, boxContains, type GeoBox, type GeoPoint } from '#app/features/geo/distance.ts'
import { cellAround, cellBox, cellKey, cellOf, cellSizeFor, cellsCovering, type GridCell, sameCell } from '#app/features/geo/grid-cells.ts'
import { offsetOf } from '#app/lib/paging.ts'
import { smallestFirst } from '#app/lib/smallest-first.ts'
import { keptForPublicVersion } from '#app/lib/public-page-cache.server.ts'
import { haversineInMemoryFrom, type IndexedPointBounds, indexedPointOf, isIndexedInside, latitudeCosine, sitterPointBoundsInside } from './point-index.server.ts'
import type { SitterQuery } from './sitter-search-schema.ts'
import { toListItems, toSitterListItemJson } from './sitter-search.server.ts'
import { searchWords } from './text-query.ts'

// The map's question while it pans (issue 34): the sitters in a box, nearest its middle first. Every pan
// asks a box nobody asked before, so the shared copies of whole answers (decision 042) rarely help; what neighbouring boxes share is the ground under them. The points of the grid cells a
// box touches (geo/grid-cells.ts, cells at least as big as the box) are read once, and each sitter's list
// item once; each box is then answered in memory with the index's own tests and the search's own order,
// so the answer is the one the search gives (same sitters, order, total and page).
// Only public points and public list items are kept (DESIGN.md ruling 8). Everything kept belongs to one
// public data version (decision 022, read from the shared database, so a change through any instance
// shows on the next request to every instance) and lives at most 5 s.

const maxCells = 200
const maxListItems = 20_000
/** Cells are read a little wider: the R*Tree's 32-bit box around a point near a cell's edge reaches past it. */
const readMarginDegrees = 1e-4
/** Each cell is looked at in 32 x 32 smaller cells. */
const smallCellsPerSide = 32

type CellPoint = IndexedPointBounds & { point: GeoPoint; cosine: number }

/** A cell of the finer grid inside a cell, grown by the read margin, and its points. */
type SmallCell = { box: GeoBox; points: CellPoint[] }

/** A cell's points by small cell (`smallCellIndex`; none where no sitter is). */
type CellPoints = { cell: GridCell; smallCells: (SmallCell | undefined)[] }

type Generation = {
  /** Each cell's points, read once (concurrent askers wait for the same read). */
  cells: Map<string, Promise<CellPoints>>
  /** Each sitter's list item as JSON text; null for a sitter no longer there. */
  listItems: Map<string, string | null | Promise<string | null>>
}

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
  const offset = query.offset ?? offsetOf(query)
  const { nearest, total } = nearestInside(cells, box, size, offset + query.limit)
  return { items: await listItemsOf(generation, nearest.slice(offset)), total }
}

/** The box of a query that asks nothing else (the map's own question). */
function onlyBoxOf(query: SitterQuery) {
  const onlyBox = !query.near && !searchWords(query.search) && query.services.length === 0 && query.sizes.length === 0 && !query.freeOn
  return onlyBox ? query.box : null
}

/** What is kept for the current public data version; null for a request that read an older version. */
const generationNow = keptForPublicVersion<Generation>(() => ({ cells: new Map(), listItems: new Map() }))

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

/**
 * The points whose (index) point lies in the cell (a point on the line between two cells belongs to one),
 * in the smaller cells of a finer grid: a box then looks at the few small cells near its middle for the
 * nearest, and counts the small cells wholly inside it without testing each point.
 */
async function readCell(cell: GridCell): Promise<CellPoints> {
  const rows = await sitterPointBoundsInside(cellBox(cell, readMarginDegrees))
  const points = rows
    .map((row) => ({ ...row, point: indexedPointOf(row), cosine: 0 }))
    .filter(({ point }) => sameCell(cellOf(point, cell.size), cell))
    .map((row) => ({ ...row, cosine: latitudeCosine(row.point.latitude) }))
  const smallCells: (SmallCell | undefined)[] = []
  const smallSize = cell.size / smallCellsPerSide
  for (const point of points) {
    const small = cellOf(point.point, smallSize)
    const index = smallCellIndex(cell, small)
    const kept = smallCells[index]
    if (kept) kept.points.push(point)
    else smallCells[index] = { box: cellBox(small, readMarginDegrees), points: [point] }
  }
  return { cell, smallCells }
}

/** Where a small cell of `cell` is in its list: row by row from the south-west corner. */
const smallCellIndex = (cell: GridCell, small: GridCell) =>
  (small.row - cell.row * smallCellsPerSide) * smallCellsPerSide + (small.column - cell.column * smallCellsPerSide)

/**
 * How many of the cells' points the index would find in `box`, and the `count` of them nearest its middle
 * in the search's order (by the haversine term, then by key). Small cells are taken nearest first, and
 * once `count` points are kept, a small cell whose every point is farther than all of them is only counted.
 */
function nearestInside(cells: readonly CellPoints[], box: GeoBox, size: number, count: number) {
  const haversine = haversineInMemoryFrom(boxCentre(box))
  const overlapping = cellsCovering(box, size / smallCellsPerSide)
    .flatMap((small) => {
      const around = cellAround(small, size)
      const inCell = cells.find(({ cell }) => sameCell(cell, around))
      const kept = inCell?.smallCells[smallCellIndex(around, small)]
      return kept ? [{ ...kept, lowest: haversine.lowestIn(kept.box), whole: boxContains(box, kept.box) }] : []
    })
    .sort((a, b) => a.lowest - b.lowest)
  const nearest = smallestFirst<CellPoint>(count)
  let total = 0
  for (const small of overlapping) {
    const inside = small.whole ? small.points : small.points.filter((point) => isIndexedInside(point, box))
    total += inside.length
    if (small.lowest > nearest.cutoff) continue
    for (const point of inside) nearest.offer(haversine.of(point.point, point.cosine), point.key, point)
  }
  return { nearest: nearest.inOrder(), total }
}

/** The sitters' list items in order, each read once per generation (the missing ones in one statement pair). */
async function listItemsOf(generation: Generation, points: readonly CellPoint[]) {
  const kept = generation.listItems
  const missing = points.filter(({ sitterId }) => !kept.has(sitterId))
  const reading = missing.length > 0 ? readListItems(missing) : null
  const items = points.map(({ sitterId }) => {
    const item = kept.get(sitterId)
    return item === undefined ? reading!.then((read) => read.get(sitterId) ?? null) : item
  })
  if (reading) keepListItems(kept, missing, reading)
  const ready: string[] = []
  // Mostly read already: no promise to wait for.
  for (const item of items) {
    const json = item instanceof Promise ? await item : item
    if (json !== null) ready.push(json)
  }
  return ready
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
