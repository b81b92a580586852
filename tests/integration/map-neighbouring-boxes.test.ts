import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { metresBetween, type Point } from '#tests/metres-between.ts'
import { appRequest } from './app.ts'
import { insertSitter } from './fixtures.ts'

// The map while it pans (issue 34): boxes next to each other share what the server read for one of them,
// yet each answer is exactly the sitters inside its own box, nearest its middle first, and a change to a
// sitter shows in the very next box asked. The expectations come from the points inserted here, measured
// with the tests' own ruler (tests/metres-between.ts).

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('bookings').execute()
  await db.deleteFrom('users').execute()
})

type Box = { west: number; south: number; east: number; north: number }
type ListItem = { id: string; name: string; latitude: number | null; longitude: number | null; rates: Record<string, number> }
type ListAnswer = { data: ListItem[]; meta: { page: number; limit: number; total: number; totalPages: number } }

const bboxOf = (box: Box) => `${box.west},${box.south},${box.east},${box.north}`

async function sittersIn(box: Box, paging: { limit?: number; page?: number } = {}) {
  const query = new URLSearchParams({ bbox: bboxOf(box), limit: String(paging.limit ?? 100), page: String(paging.page ?? 1) })
  const response = await appRequest(`/api/users/sitters?${query}`)
  expect(response.status).toBe(200)
  return (await response.json()) as ListAnswer
}

const isInside = (point: Point, box: Box) =>
  point.latitude >= box.south && point.latitude <= box.north && point.longitude >= box.west && point.longitude <= box.east

const middleOf = (box: Box): Point => ({ latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2 })

/** The sitters of `placed` inside the box, nearest its middle first. */
function expectedIn(box: Box, placed: readonly { id: string; shown: Point }[]) {
  const middle = middleOf(box)
  return placed
    .filter(({ shown }) => isInside(shown, box))
    .toSorted((a, b) => metresBetween(middle, a.shown) - metresBetween(middle, b.shown))
    .map(({ id }) => id)
}

let seed = 7
/** The same scattered numbers every run. */
const scattered = () => (seed = (seed * 48_271) % 2_147_483_647) / 2_147_483_647

/**
 * Sitters scattered over central Zurich, each half a step of the map's 4-decimal grid off it (so no point
 * lies within a metre of a box's edge, where the index may leave it out), and three exactly on the lines
 * where the server's cells meet (8.5 and 8.515625 east, 47.375 north).
 */
async function scatterSitters() {
  const points: Point[] = Array.from({ length: 45 }, () => ({
    latitude: Math.round((47.355 + scattered() * 0.04) * 1e4) / 1e4 + 0.00005,
    longitude: Math.round((8.47 + scattered() * 0.09) * 1e4) / 1e4 + 0.00005,
  }))
  points.push({ latitude: 47.3811, longitude: 8.5 }, { latitude: 47.375, longitude: 8.5123 }, { latitude: 47.375, longitude: 8.515625 })
  const placed = []
  for (const [index, shown] of points.entries()) {
    // The home is elsewhere: only the public point may decide and show.
    const home = { location: 'Geheimweg 1, 8000 Zürich', latitude: shown.latitude + 0.0041, longitude: shown.longitude - 0.0037 }
    const sitter = await insertSitter({ name: `Sitter ${index}`, home, shown: { location: 'Altstadt, Zürich', ...shown } })
    placed.push({ id: sitter.id, shown, home })
  }
  // Never on the map: no location at all, and an owner.
  await insertSitter({ name: 'Sitter Nowhere' })
  await insertSitter({ name: 'Olivia Owner', role: 'owner', shown: { location: 'Altstadt, Zürich', latitude: 47.37505, longitude: 8.50005 } })
  return placed
}

/** A map view panning east across the scattered sitters, then zooming in and out around one spot. */
const pannedViews: Box[] = [
  ...Array.from({ length: 9 }, (_, step) => ({
    west: Math.round((8.468 + step * 0.0093) * 1e4) / 1e4,
    south: 47.3612,
    east: Math.round((8.4961 + step * 0.0093) * 1e4) / 1e4,
    north: 47.3853,
  })),
  { west: 8.5, south: 47.375, east: 8.515625, north: 47.3812 },
  { west: 8.49, south: 47.365, east: 8.53, north: 47.39 },
  { west: 8.505, south: 47.371, east: 8.507, north: 47.3729 },
  { west: 8.5, south: 47.37, east: 8.5, north: 47.39 },
  { west: 8.4, south: 47.3, east: 8.7, north: 47.45 },
]

describe('boxes next to each other', () => {
  test('each answers exactly the sitters inside it, nearest its middle first, with the total', async () => {
    const placed = await scatterSitters()

    for (const box of pannedViews) {
      const expected = expectedIn(box, placed)
      const { data, meta } = await sittersIn(box)

      expect(data.map((sitter) => sitter.id), bboxOf(box)).toEqual(expected)
      expect(meta, bboxOf(box)).toEqual({ page: 1, limit: 100, total: expected.length, totalPages: Math.ceil(expected.length / 100) })
    }
    // The views found most sitters, those on the cells' lines too.
    const found = new Set(pannedViews.slice(0, -1).flatMap((box) => expectedIn(box, placed)))
    expect(found.size).toBeGreaterThan(20)
    for (const onLine of placed.slice(-3)) expect(found).toContain(onLine.id)
  })

  test('show each sitter at their public point only, never at their home', async () => {
    const placed = await scatterSitters()
    const view = pannedViews[4]!

    const { data } = await sittersIn(view)

    expect(data.length).toBeGreaterThan(0)
    for (const sitter of data) {
      const { shown, home } = placed.find(({ id }) => id === sitter.id)!
      expect({ latitude: sitter.latitude, longitude: sitter.longitude }).toEqual(shown)
      expect(JSON.stringify(sitter)).not.toContain(String(home.latitude))
    }
  })

  test('page through the same order with a smaller limit', async () => {
    const placed = await scatterSitters()
    const view = pannedViews[10]!
    const expected = expectedIn(view, placed)
    expect(expected.length).toBeGreaterThan(14)

    const pages = [await sittersIn(view, { limit: 7, page: 1 }), await sittersIn(view, { limit: 7, page: 2 }), await sittersIn(view, { limit: 7, page: 3 })]

    expect(pages.flatMap(({ data }) => data.map((sitter) => sitter.id))).toEqual(expected.slice(0, 21))
    expect(pages.map(({ meta }) => meta.total)).toEqual([expected.length, expected.length, expected.length])
  })
})

describe('a change to a sitter shows in the next box asked, even one next to a box answered before it', () => {
  // Two views that share the server's cells: the first one is asked before each change, the second after it.
  const first: Box = { west: 8.52, south: 47.37, east: 8.535, north: 47.38 }
  const next: Box = { west: 8.525, south: 47.371, east: 8.54, north: 47.381 }
  const inBoth = { latitude: 47.37505, longitude: 8.53005 }

  async function sitterInBoth() {
    const sitter = await insertSitter({ name: 'Anna Keller', shown: { location: 'Enge, Zürich', ...inBoth }, services: [{ service: 'walking', hourlyRateCents: 2500 }] })
    const neighbour = await insertSitter({ name: 'Boris Frei', shown: { location: 'Enge, Zürich', latitude: 47.37605, longitude: 8.53105 } })
    expect((await sittersIn(first)).data.map(({ id }) => id)).toEqual([sitter.id, neighbour.id])
    return { sitter, neighbour }
  }

  test('moved away', async () => {
    const { sitter, neighbour } = await sitterInBoth()
    await db.updateTable('users').set({ publicLatitude: 47.38805, publicLongitude: 8.53005 }).where('id', '=', sitter.id).execute()

    expect((await sittersIn(next)).data.map(({ id }) => id)).toEqual([neighbour.id])
    expect((await sittersIn({ ...next, north: 47.39 })).data.map(({ id }) => id)).toContain(sitter.id)
  })

  test('unlisted (no longer a sitter)', async () => {
    const { sitter, neighbour } = await sitterInBoth()
    await db.updateTable('users').set({ role: 'owner' }).where('id', '=', sitter.id).execute()

    expect((await sittersIn(next)).data.map(({ id }) => id)).toEqual([neighbour.id])
  })

  test('suspended, then reactivated', async () => {
    const { sitter, neighbour } = await sitterInBoth()
    await db.updateTable('users').set({ accountStatus: 'suspended' }).where('id', '=', sitter.id).execute()

    expect((await sittersIn(next)).data.map(({ id }) => id)).toEqual([neighbour.id])

    await db.updateTable('users').set({ accountStatus: 'active' }).where('id', '=', sitter.id).execute()
    expect((await sittersIn({ ...next, east: 8.541 })).data.map(({ id }) => id)).toEqual([neighbour.id, sitter.id])
  })

  test('renamed and repriced', async () => {
    const { sitter } = await sitterInBoth()
    await db.updateTable('users').set({ name: 'Anna Berger' }).where('id', '=', sitter.id).execute()
    await db.updateTable('sitterServices').set({ hourlyRateCents: 3100 }).where('sitterId', '=', sitter.id).execute()

    const shown = (await sittersIn(next)).data.find(({ id }) => id === sitter.id)
    expect(shown?.name).toBe('Anna Berger')
    expect(shown?.rates).toEqual({ walking: 31 })
  })
})

describe('a bad bbox', () => {
  test.each([
    ['not numbers', 'abc'],
    ['three numbers', '8.5,47.3,8.6'],
    ['five numbers', '8.5,47.3,8.6,47.4,1'],
    ['north below south', '8.5,47.4,8.6,47.3'],
    ['east of the antimeridian wrapped', '179,47,-179,48'],
    ['a longitude past 180', '8.5,47.3,181,47.4'],
    ['a latitude past 90', '8.5,47.3,8.6,90.5'],
    ['a number too large', '1e400,47.3,8.6,47.4'],
    ['not a number', 'NaN,47.3,8.6,47.4'],
    ['infinity', '-Infinity,47.3,8.6,47.4'],
    ['empty parts', '8.5,,8.6,47.4'],
    ['an 8 KB bbox', `${'8.5,'.repeat(2_000)}47`],
  ])('is refused with 400 naming bbox (%s)', async (_label, bbox) => {
    await insertSitter({ name: 'Anna Keller', shown: { location: 'Enge, Zürich', latitude: 47.37505, longitude: 8.53005 } })

    const response = await appRequest(`/api/users/sitters?${new URLSearchParams({ bbox })}`)

    expect(response.status).toBe(400)
    const { errors } = (await response.json()) as { errors: Record<string, string[]> }
    expect(Object.keys(errors)).toEqual(['bbox'])
  })

  test('boxes at the edges of the earth are answered, empty where no sitter is', async () => {
    const sitter = await insertSitter({ name: 'Anna Keller', shown: { location: 'Enge, Zürich', latitude: 47.37505, longitude: 8.53005 } })

    expect((await sittersIn({ west: 179.99, south: 89.99, east: 180, north: 90 })).meta.total).toBe(0)
    expect((await sittersIn({ west: -180, south: -90, east: -179.99, north: -89.99 })).meta.total).toBe(0)
    expect((await sittersIn({ west: -180, south: -90, east: 180, north: 90 })).data.map(({ id }) => id)).toEqual([sitter.id])
  })
})
