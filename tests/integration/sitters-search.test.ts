import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import * as usersById from '#app/routes/api/users.$id.ts'
import { brotliDecompressSync } from 'node:zlib'
import { appRequest, cookiesFrom, postForm, registerAccount, renderCount } from './app.ts'
import { insertSitter, type SitterProfileOptions, type UserOptions } from './fixtures.ts'
import { metresBetween } from '#tests/metres-between.ts'
import { contextFor, routeAnswer } from './route-calls.ts'

// GET /api/users/sitters (issue 9) through the production request handler, against sitters inserted here:
// text search, filters, the map's bbox, nearest first, paging, and who is never listed.

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('bookings').execute()
  await db.deleteFrom('users').execute()
})

// ---- places ----

type Point = { latitude: number; longitude: number }

const zurich: Point = { latitude: 47.3769, longitude: 8.5417 }
const milesPerDegreeOfLatitude = (6_371_000 * Math.PI) / 180 / 1609.344

/** A point `miles` due north of `from` (along a meridian the distance is the radius times the angle). */
const northOf = (from: Point, miles: number): Point => ({ latitude: from.latitude + miles / milesPerDegreeOfLatitude, longitude: from.longitude })

/** A sitter seen at `shown` (the public point) in `district`, living somewhere else on purpose. */
function sitterAt(shown: Point | null, options: UserOptions & SitterProfileOptions = {}, district = 'Altstadt, Zürich') {
  return insertSitter({
    home: shown && { location: 'Geheimweg 1, 8000 Zürich', ...northOf(shown, 0.3) },
    shown: shown && { location: district, ...shown },
    ...options,
  })
}

// ---- calling the API ----

type ListItem = { id: string; name: string; latitude: number | null; longitude: number | null; distance: string | null }
type ListAnswer = { data: ListItem[]; meta: { page: number; limit: number; total: number; totalPages: number } }

async function listSitters(params: Record<string, string | string[]> = {}) {
  const query = new URLSearchParams()
  for (const [name, value] of Object.entries(params)) for (const one of [value].flat()) query.append(name, one)
  const response = await appRequest(`/api/users/sitters?${query}`)
  const body = (await response.json()) as ListAnswer & { message?: string; errors?: Record<string, string[]> }
  return { status: response.status, body }
}

async function idsFound(params: Record<string, string | string[]> = {}) {
  const { status, body } = await listSitters(params)
  expect(status, JSON.stringify(body)).toBe(200)
  return body.data.map((sitter) => sitter.id)
}

const sorted = (ids: string[]) => [...ids].sort()
const round6 = (value: number) => Math.round(value * 1e6) / 1e6

// ---- text search ----

describe('search', () => {
  test('a district narrows the list to the sitters there, with or without its accents and as a prefix', async () => {
    const wiedikon = await Promise.all([1, 2, 3].map((n) => sitterAt(northOf(zurich, n / 10), { name: `Wiedikon Sitter ${n}` }, 'Wiedikon, Zürich')))
    const hongg = await Promise.all([1, 2].map((n) => sitterAt(northOf(zurich, n), { name: `Höngg Sitter ${n}` }, 'Höngg, Zürich')))
    await sitterAt(northOf(zurich, 3), { name: 'Oerlikon Sitter' }, 'Oerlikon, Zürich')

    expect((await listSitters()).body.meta.total).toBe(6)
    expect(sorted(await idsFound({ search: 'Wiedikon' }))).toEqual(sorted(wiedikon.map((s) => s.id)))
    expect(sorted(await idsFound({ search: 'hongg' }))).toEqual(sorted(hongg.map((s) => s.id)))
    expect(sorted(await idsFound({ search: 'wied' }))).toEqual(sorted(wiedikon.map((s) => s.id)))
    expect((await listSitters({ search: 'Wiedikon' })).body.meta).toEqual({ page: 1, limit: 10, total: 3, totalPages: 1 })
  })

  test('finds name, services and bio words; every word must match', async () => {
    const anna = await sitterAt(zurich, { name: 'Anna Keller', bio: 'Former vet nurse.', services: [{ service: 'walking', hourlyRateCents: 2000 }] })
    const boris = await sitterAt(zurich, { name: 'Boris Frei', bio: 'Lives by the lake.', services: [{ service: 'grooming', hourlyRateCents: 3000 }] })

    expect(await idsFound({ search: 'keller' })).toEqual([anna.id])
    expect(await idsFound({ search: 'dog walking' })).toEqual([anna.id])
    expect(await idsFound({ search: 'grooming' })).toEqual([boris.id])
    expect(await idsFound({ search: 'lake' })).toEqual([boris.id])
    expect(await idsFound({ search: 'lake nurse' })).toEqual([])
  })

  test('is ranked: a name match comes before a bio that mentions the word', async () => {
    const mentionsLuna = await sitterAt(zurich, { name: 'Carla Monti', bio: 'I walked Luna the beagle for years.' })
    const namedLuna = await sitterAt(zurich, { name: 'Luna Berger', bio: 'Happy to help.' })

    expect(await idsFound({ search: 'luna' })).toEqual([namedLuna.id, mentionsLuna.id])
  })

  /**
   * Seven sitters, joined in this order, each matching `train` (a prefix) in one field: its place in the
   * list is the tier of the field (name, then location, then services, then bio), then the order they joined.
   */
  async function sittersMatchingTrainInEachField() {
    const training = [{ service: 'training', hourlyRateCents: 3000 }]
    const joined = []
    for (const [key, options, district] of [
      ['bio1', { name: 'Bea Brun', bio: 'I love trains.' }],
      ['services1', { name: 'Cleo Amman', services: training }],
      ['location', { name: 'Dora Ernst' }, 'Trainhof, Zürich'],
      ['name1', { name: 'Tess Trainor', services: training }],
      ['bio2', { name: 'Ueli Graf', bio: 'Trainee vet nurse.' }],
      ['services2', { name: 'Vera Hug', services: training }],
      ['name2', { name: 'Trainer Tom' }],
    ] as const) {
      joined.push([key, (await sitterAt(zurich, options, district)).id] as const)
    }
    return Object.fromEntries(joined) as Record<(typeof joined)[number][0], string>
  }

  test('lists name matches first, then location, services and bio, each in the order the sitters joined, page by page', async () => {
    const id = await sittersMatchingTrainInEachField()
    const expected = [id.name1, id.name2, id.location, id.services1, id.services2, id.bio1, id.bio2]

    const pages = await Promise.all(['1', '2', '3'].map((page) => listSitters({ search: 'train', limit: '3', page })))

    expect(pages.map(({ body }) => body.data.map((sitter) => sitter.id))).toEqual([expected.slice(0, 3), expected.slice(3, 6), expected.slice(6)])
    expect(pages.map(({ body }) => body.meta.total)).toEqual([7, 7, 7])
    expect(await idsFound({ search: 'train', limit: '2', page: '2' })).toEqual(expected.slice(2, 4))
  })

  test('with filters, the tiers hold only the sitters that pass them; a sitter is in the first tier holding every word', async () => {
    const id = await sittersMatchingTrainInEachField()
    const annaNameAndBio = await sitterAt(zurich, { name: 'Anna Roth', bio: 'Trains dogs.' })
    const annaNameOnly = await sitterAt(zurich, { name: 'Anna Trainor' })

    expect((await listSitters({ search: 'train', service: 'training' })).body).toMatchObject({
      data: [{ id: id.name1 }, { id: id.services1 }, { id: id.services2 }],
      meta: { total: 3 },
    })
    expect(await idsFound({ search: 'anna train' })).toEqual([annaNameOnly.id, annaNameAndBio.id])
  })

  test('a sitter who starts to match counts in the total and the list on the next request', async () => {
    await sittersMatchingTrainInEachField()
    expect((await listSitters({ search: 'train' })).body.meta.total).toBe(7)
    expect((await listSitters({ service: 'training' })).body.meta.total).toBe(3)

    const newcomer = await sitterAt(zurich, { name: 'Wanda Trainee', services: [{ service: 'training', hourlyRateCents: 2500 }] })

    const { body } = await listSitters({ search: 'train' })
    expect(body.meta.total).toBe(8)
    expect(body.data.map((sitter) => sitter.id)).toContain(newcomer.id)
    expect((await listSitters({ service: 'training' })).body.meta.total).toBe(4)
  })

  const everyone = ['anna', 'obrien', 'near']

  test.each([
    ['"', everyone],
    ['*', everyone],
    ["'", everyone],
    ['OR', []],
    ['NEAR(', ['near']],
    ['NEAR(near lake)', ['near']],
    ['"near" lake*', ['near']],
    ['"Anna', ['anna']],
    ['Anna*', ['anna']],
    ["O'Brien", ['obrien']],
    ['anna OR boris', []],
    ['name:anna', []],
    ['-anna', ['anna']],
    ['^anna', ['anna']],
    ['anna AND', []],
    ['NOT anna', []],
    ['(anna)', ['anna']],
    ['{name} : anna', []],
  ])('the search %j answers normally, as plain words', async (search, expected) => {
    const sitters = {
      anna: await sitterAt(zurich, { name: 'Anna Keller', bio: 'Walks every day.' }),
      obrien: await sitterAt(zurich, { name: "Sean O'Brien", bio: 'From Dublin.' }),
      near: await sitterAt(zurich, { name: 'Nina Gerber', bio: 'I live near the lake.' }),
    }

    const { status, body } = await listSitters({ search })

    expect(status, JSON.stringify(body)).toBe(200)
    expect(sorted(body.data.map((sitter) => sitter.id))).toEqual(sorted(expected.map((name) => sitters[name as keyof typeof sitters].id)))
  })

  test('a search of only punctuation lists every sitter', async () => {
    await sitterAt(zurich, { name: 'Anna Keller' })
    await sitterAt(zurich, { name: 'Boris Frei' })

    expect((await idsFound({ search: '"*\'()' })).length).toBe(2)
  })
})

// ---- paging ----

describe('paging', () => {
  test('limit=1000 is lowered to 100 and says so in meta', async () => {
    const now = new Date().toISOString()
    const ids = Array.from({ length: 105 }, () => crypto.randomUUID())
    await db
      .insertInto('users')
      .values(ids.map((id, index) => ({ id, email: `${id}@example.com`, name: `Sitter ${index}`, role: 'sitter' as const, createdAt: now, updatedAt: now })))
      .execute()
    await db.insertInto('sitterProfiles').values(ids.map((userId) => ({ userId, createdAt: now, updatedAt: now }))).execute()

    const { status, body } = await listSitters({ limit: '1000' })

    expect(status).toBe(200)
    expect(body.data).toHaveLength(100)
    expect(body.meta).toEqual({ page: 1, limit: 100, total: 105, totalPages: 2 })
    const secondPage = await listSitters({ limit: '1000', page: '2' })
    expect(secondPage.body.data).toHaveLength(5)
    expect(new Set([...body.data, ...secondPage.body.data].map((sitter) => sitter.id))).toEqual(new Set(ids))
  })

  test('ten sitters a page unless asked otherwise; pages do not overlap', async () => {
    for (let n = 0; n < 12; n++) await sitterAt(zurich, { name: `Sitter ${n}` })

    const first = await listSitters()
    const second = await listSitters({ page: '2' })

    expect(first.body.data).toHaveLength(10)
    expect(first.body.meta).toEqual({ page: 1, limit: 10, total: 12, totalPages: 2 })
    expect(second.body.data).toHaveLength(2)
    const all = [...first.body.data, ...second.body.data].map((sitter) => sitter.id)
    expect(new Set(all).size).toBe(12)
  })
})

// ---- the map ----

describe('bbox', () => {
  // A box around Zurich's centre, about 1.4 km each way.
  const box = { west: 8.53, south: 47.37, east: 8.55, north: 47.385 }
  const bbox = `${box.west},${box.south},${box.east},${box.north}`
  const inBox = (point: Point) =>
    point.latitude >= box.south && point.latitude <= box.north && point.longitude >= box.west && point.longitude <= box.east

  test('returns only sitters whose PUBLIC point lies inside, never judged by the exact home', async () => {
    const shownInside = { latitude: 47.38, longitude: 8.54 }
    const shownOutside = { latitude: 47.39, longitude: 8.54 }
    // Public point inside, home outside: found.
    const a = await insertSitter({ name: 'A', shown: { location: 'Altstadt, Zürich', ...shownInside }, home: { location: 'x', latitude: 47.5, longitude: 8.7 } })
    // Public point outside, home inside: not found.
    const b = await insertSitter({ name: 'B', shown: { location: 'Unterstrass, Zürich', ...shownOutside }, home: { location: 'x', ...shownInside } })
    const c = await insertSitter({ name: 'C', shown: { location: 'Enge, Zürich', latitude: 47.371, longitude: 8.549 } })
    // No location at all: never on the map.
    await insertSitter({ name: 'D' })

    const { status, body } = await listSitters({ bbox, limit: '100' })

    expect(status).toBe(200)
    expect(sorted(body.data.map((s) => s.id))).toEqual(sorted([a.id, c.id]))
    expect(body.meta.total).toBe(2)
    for (const sitter of body.data) expect(inBox({ latitude: sitter.latitude ?? NaN, longitude: sitter.longitude ?? NaN })).toBe(true)
    expect(b.id).not.toBe(a.id)
  })

  test('among many, answers the ones nearest the middle of the box first, all inside it', async () => {
    const middle = { latitude: (box.south + box.north) / 2, longitude: (box.west + box.east) / 2 }
    // Thirty different points in and around the box, none on its edge nor the same distance from its middle.
    const points = Array.from({ length: 30 }, (_, n) => ({
      latitude: round6(box.south - 0.0043 + ((n * 7) % 30) * 0.0011),
      longitude: round6(box.west - 0.0043 + ((n * 11) % 30) * 0.0013),
    }))
    for (const [n, point] of points.entries()) await sitterAt(point, { name: `Sitter ${n}` })
    const expected = points.filter(inBox).sort((p, q) => metresBetween(middle, p) - metresBetween(middle, q))

    const { body } = await listSitters({ bbox, limit: '5' })

    expect(body.meta.total).toBe(points.filter(inBox).length)
    expect(body.data.map((s) => ({ latitude: s.latitude, longitude: s.longitude }))).toEqual(expected.slice(0, 5))
  })

  test('combines with a search', async () => {
    const walker = await sitterAt({ latitude: 47.38, longitude: 8.54 }, { name: 'Anna Keller', services: [{ service: 'walking', hourlyRateCents: 2000 }] })
    await sitterAt({ latitude: 47.38, longitude: 8.545 }, { name: 'Boris Frei', services: [{ service: 'boarding', hourlyRateCents: 2000 }] })
    await sitterAt({ latitude: 47.45, longitude: 8.54 }, { name: 'Carla Walker', services: [{ service: 'walking', hourlyRateCents: 2000 }] })

    expect(await idsFound({ bbox, search: 'walking' })).toEqual([walker.id])
  })
})

describe('near me', () => {
  test('lat/lng sorts nearest first by the public point, with the distance; sitters without a location come last', async () => {
    const far = await sitterAt(northOf(zurich, 7), { name: 'Far' })
    const unlocated = await sitterAt(null, { name: 'Nowhere' })
    const near = await sitterAt(northOf(zurich, 1), { name: 'Near' })
    const middle = await sitterAt(northOf(zurich, 3), { name: 'Middle' })

    const { body } = await listSitters({ lat: String(zurich.latitude), lng: String(zurich.longitude) })

    expect(body.data.map((s) => s.id)).toEqual([near.id, middle.id, far.id, unlocated.id])
    expect(body.data.map((s) => s.distance)).toEqual(['1.0', '3.0', '7.0', null])
    expect(body.meta.total).toBe(4)
  })

  test('pages continue past the located sitters into the ones without a location', async () => {
    const located = []
    for (let n = 1; n <= 3; n++) located.push(await sitterAt(northOf(zurich, n), { name: `Located ${n}` }))
    const unlocated = []
    for (let n = 1; n <= 3; n++) unlocated.push(await sitterAt(null, { name: `Unlocated ${n}` }))
    const origin = { lat: String(zurich.latitude), lng: String(zurich.longitude), limit: '2' }

    const pages = [await idsFound({ ...origin, page: '1' }), await idsFound({ ...origin, page: '2' }), await idsFound({ ...origin, page: '3' })]

    expect(pages.slice(0, 2).flat().slice(0, 3)).toEqual(located.map((s) => s.id))
    expect(sorted(pages.flat())).toEqual(sorted([...located, ...unlocated].map((s) => s.id)))
  })

  test('radius keeps only the sitters that close', async () => {
    const one = await sitterAt(northOf(zurich, 1), { name: 'One' })
    const four = await sitterAt(northOf(zurich, 4), { name: 'Four' })
    await sitterAt(northOf(zurich, 6), { name: 'Six' })
    await sitterAt(null, { name: 'Nowhere' })

    const { body } = await listSitters({ lat: String(zurich.latitude), lng: String(zurich.longitude), radius: '5' })

    expect(body.data.map((s) => s.id)).toEqual([one.id, four.id])
    expect(body.meta.total).toBe(2)
  })

  test('with a bbox and a radius, every sitter in both is found, even in a corner farther than the first rings', async () => {
    const eastOf = (from: Point, miles: number): Point => ({
      latitude: from.latitude,
      longitude: from.longitude + miles / (milesPerDegreeOfLatitude * Math.cos((from.latitude * Math.PI) / 180)),
    })
    const southWest = eastOf(northOf(zurich, -0.9), -0.9)
    const northEast = eastOf(northOf(zurich, 0.9), 0.9)
    const corner = await sitterAt(eastOf(northOf(zurich, 0.85), 0.85), { name: 'Corner' })
    const middle = await sitterAt(northOf(zurich, 0.1), { name: 'Middle' })
    await sitterAt(northOf(zurich, 1.5), { name: 'Outside the box' })
    const bbox = [southWest.longitude, southWest.latitude, northEast.longitude, northEast.latitude].join(',')

    const { body } = await listSitters({ bbox, lat: String(zurich.latitude), lng: String(zurich.longitude), radius: '5' })

    expect(body.data.map((s) => s.id)).toEqual([middle.id, corner.id])
    expect(body.meta.total).toBe(2)
  })

  test('finds the nearest even when they are hundreds of miles away', async () => {
    const geneva = await sitterAt({ latitude: 46.2044, longitude: 6.1432 }, { name: 'Geneva' })
    const lugano = await sitterAt({ latitude: 46.0037, longitude: 8.9511 }, { name: 'Lugano' })

    const { body } = await listSitters({ lat: '47.0', lng: '8.9', limit: '1' })

    expect(body.data.map((s) => s.id)).toEqual([lugano.id])
    expect(body.meta.total).toBe(2)
    expect(geneva.id).not.toBe(lugano.id)
  })
})

// ---- filters ----

describe('filters', () => {
  test('service and size select the sitters who offer all of the services and take all of the sizes', async () => {
    const rate = 2000
    const s1 = await sitterAt(zurich, { name: 'S1', services: [{ service: 'walking', hourlyRateCents: rate }], dogSizes: ['small'] })
    const s2 = await sitterAt(zurich, {
      name: 'S2',
      services: [{ service: 'walking', hourlyRateCents: rate }, { service: 'boarding', hourlyRateCents: rate }],
      dogSizes: ['small', 'large'],
    })
    const s3 = await sitterAt(zurich, { name: 'S3', services: [{ service: 'boarding', hourlyRateCents: rate }], dogSizes: ['large'] })

    expect(sorted(await idsFound({ service: 'walking' }))).toEqual(sorted([s1.id, s2.id]))
    expect(await idsFound({ service: ['walking', 'boarding'] })).toEqual([s2.id])
    expect(sorted(await idsFound({ size: 'large' }))).toEqual(sorted([s2.id, s3.id]))
    expect(await idsFound({ service: 'walking', size: 'large' })).toEqual([s2.id])
    expect(await idsFound({ service: 'grooming' })).toEqual([])
    expect((await listSitters({ size: 'large' })).body.meta.total).toBe(2)
  })

  test("'free on' a date needs hours in the weekly schedule that weekday and no block on that day", async () => {
    const monday = '2026-03-02'
    const nextMonday = '2026-03-09'
    expect(new Date(`${monday}T12:00:00Z`).getUTCDay()).toBe(1)
    expect(new Date(`${nextMonday}T12:00:00Z`).getUTCDay()).toBe(1)
    const mondays = { weekday: 1, startTime: '08:00', endTime: '12:00' }
    const free = await sitterAt(zurich, { name: 'Free', availability: [mondays] })
    const blocked = await sitterAt(zurich, { name: 'Blocked', availability: [mondays], blockedDates: [monday] })
    await sitterAt(zurich, { name: 'Tuesdays', availability: [{ weekday: 2, startTime: '08:00', endTime: '18:00' }] })
    await sitterAt(zurich, { name: 'No schedule' })
    const sunday = await sitterAt(zurich, { name: 'Sundays', availability: [{ weekday: 7, startTime: '10:00', endTime: '14:00' }] })

    expect(await idsFound({ date: monday })).toEqual([free.id])
    expect(sorted(await idsFound({ date: nextMonday }))).toEqual(sorted([free.id, blocked.id]))
    expect(await idsFound({ date: '2026-03-08' })).toEqual([sunday.id])
    expect(sorted(await idsFound({ date: nextMonday, search: 'blocked' }))).toEqual([blocked.id])
  })
})

// ---- who is listed ----

describe('who is listed', () => {
  test('a suspended sitter never appears: not in the list, a search, the map, near me, nor as a profile', async () => {
    const shown = { latitude: 47.38, longitude: 8.54 }
    const active = await sitterAt(shown, { name: 'Anna Active' })
    const suspended = await sitterAt(shown, { name: 'Anna Suspended', accountStatus: 'suspended' })
    const bbox = '8.53,47.37,8.55,47.39'
    const near = { lat: String(shown.latitude), lng: String(shown.longitude) }

    const queries: Record<string, string>[] = [{}, { search: 'anna' }, { search: 'suspended' }, { bbox }, near, { ...near, radius: '1' }]
    for (const params of queries) {
      const ids = await idsFound(params)
      expect(ids, JSON.stringify(params)).not.toContain(suspended.id)
    }
    expect(await idsFound({ search: 'anna' })).toEqual([active.id])
    expect((await appRequest(`/api/users/${suspended.id}`)).status).toBe(404)
    expect((await appRequest(`/api/users/${suspended.id}/reviews`)).status).toBe(404)
  })

  test('suspending a listed sitter takes them out at once; reactivating brings them back', async () => {
    const sitter = await sitterAt({ latitude: 47.38, longitude: 8.54 }, { name: 'Anna Keller' })
    expect(await idsFound({ search: 'anna' })).toEqual([sitter.id])

    await db.updateTable('users').set({ accountStatus: 'suspended' }).where('id', '=', sitter.id).execute()
    expect(await idsFound({ search: 'anna' })).toEqual([])
    expect(await idsFound({ bbox: '8.53,47.37,8.55,47.39' })).toEqual([])

    await db.updateTable('users').set({ accountStatus: 'active' }).where('id', '=', sitter.id).execute()
    expect(await idsFound({ search: 'anna' })).toEqual([sitter.id])
    expect(await idsFound({ bbox: '8.53,47.37,8.55,47.39' })).toEqual([sitter.id])
  })

  test('owners, and users with the sitter role but no sitter profile, are not listed', async () => {
    const now = new Date().toISOString()
    await db.insertInto('users').values({ id: crypto.randomUUID(), email: 'o@example.com', name: 'Anna Owner', role: 'owner', createdAt: now, updatedAt: now }).execute()
    await db.insertInto('users').values({ id: crypto.randomUUID(), email: 's@example.com', name: 'Anna Halfway', role: 'sitter', createdAt: now, updatedAt: now }).execute()
    const both = await sitterAt(zurich, { name: 'Anna Both', role: 'both' })

    expect(await idsFound({ search: 'anna' })).toEqual([both.id])
  })

  test('an owner who becomes a sitter is listed once both the role and the profile are there, in either order', async () => {
    const profileFirst = await sitterAt(zurich, { name: 'Anna Profilefirst', role: 'owner' })
    expect(await idsFound({ search: 'anna' })).toEqual([])

    await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', profileFirst.id).execute()
    expect(await idsFound({ search: 'anna' })).toEqual([profileFirst.id])

    await db.updateTable('users').set({ role: 'owner' }).where('id', '=', profileFirst.id).execute()
    expect(await idsFound({ search: 'anna' })).toEqual([])
  })
})

describe('the indexes follow every profile change', () => {
  async function patchProfile(sitter: Awaited<ReturnType<typeof insertSitter>>, body: unknown) {
    const request = new Request(`http://localhost/api/users/${sitter.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(body),
    })
    const response = await routeAnswer(request, () =>
      usersById.action({ request, url: new URL(request.url), params: { id: sitter.id }, pattern: '/api/users/:id', context: contextFor(sitter) }),
    )
    expect(response.status, await response.clone().text()).toBe(200)
  }

  test('a new bio, new services and a cleared location through PATCH /api/users/{id}', async () => {
    const sitter = await sitterAt({ latitude: 47.38, longitude: 8.54 }, { name: 'Anna Keller', bio: 'Loves mountains.', services: [{ service: 'walking', hourlyRateCents: 2000 }] })

    await patchProfile(sitter, { bio: 'Loves the lake.' })
    expect(await idsFound({ search: 'lake' })).toEqual([sitter.id])
    expect(await idsFound({ search: 'mountains' })).toEqual([])

    await patchProfile(sitter, { services: ['grooming'], rate: 30 })
    expect(await idsFound({ search: 'grooming' })).toEqual([sitter.id])
    expect(await idsFound({ search: 'walking' })).toEqual([])
    expect(await idsFound({ service: 'grooming' })).toEqual([sitter.id])

    await patchProfile(sitter, { location: null })
    expect(await idsFound({ bbox: '8.53,47.37,8.55,47.39' })).toEqual([])
    expect(await idsFound({ search: 'anna' })).toEqual([sitter.id])
  })

  test('changed sizes and weekly hours change what the filters find', async () => {
    const sitter = await sitterAt(zurich, { name: 'Anna Keller', dogSizes: ['small'], availability: [{ weekday: 1, startTime: '08:00', endTime: '12:00' }] })
    const monday = '2026-03-02'
    expect(await idsFound({ size: 'large' })).toEqual([])
    expect(await idsFound({ date: monday })).toEqual([sitter.id])

    await db.insertInto('sitterDogSizes').values({ sitterId: sitter.id, size: 'large' }).execute()
    await db.updateTable('sitterAvailability').set({ weekday: 2 }).where('sitterId', '=', sitter.id).execute()

    expect(await idsFound({ size: ['small', 'large'] })).toEqual([sitter.id])
    expect(await idsFound({ date: monday })).toEqual([])
    expect(await idsFound({ date: '2026-03-03' })).toEqual([sitter.id])

    await db.deleteFrom('sitterDogSizes').where('sitterId', '=', sitter.id).where('size', '=', 'small').execute()
    await db.deleteFrom('sitterAvailability').where('sitterId', '=', sitter.id).execute()
    expect(await idsFound({ size: 'small' })).toEqual([])
    expect(await idsFound({ size: 'large' })).toEqual([sitter.id])
    expect(await idsFound({ date: '2026-03-03' })).toEqual([])
  })

  test('a moved public point moves the sitter on the map', async () => {
    const sitter = await sitterAt({ latitude: 47.38, longitude: 8.54 }, { name: 'Anna Keller' })

    await db.updateTable('users').set({ publicLatitude: 46.95, publicLongitude: 7.44 }).where('id', '=', sitter.id).execute()

    expect(await idsFound({ bbox: '8.53,47.37,8.55,47.39' })).toEqual([])
    expect(await idsFound({ bbox: '7.43,46.94,7.45,46.96' })).toEqual([sitter.id])
  })
})

// ---- one shared answer (decision 042) ----

describe('one shared answer per question', () => {
  const bbox = '8.53,47.37,8.55,47.39'
  const inZurich = () => sitterAt({ latitude: 47.38, longitude: 8.54 }, { name: 'Anna Keller', services: [{ service: 'walking', hourlyRateCents: 2000 }] })

  async function ask(pathname: string, headers: HeadersInit = {}) {
    const before = renderCount()
    const response = await appRequest(pathname, { headers })
    return { response, body: await response.text(), rendered: renderCount() - before }
  }

  test('the same box asked again, however it is spelled, is answered from the copy: same bytes, strong ETag, 304', async () => {
    await inZurich()
    const first = await ask(`/api/users/sitters?bbox=${bbox}&limit=100`)
    expect(first.rendered).toBe(1)
    expect(first.response.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    expect(first.response.headers.has('x-pawpal-shareable')).toBe(false)
    const etag = first.response.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]{20,}"$/)

    for (const spelling of [`bbox=${bbox}&limit=100`, 'limit=100&bbox=8.530,47.370,8.5500,47.39', 'bbox=8.53,+47.37,8.55,47.39&limit=100&_=1']) {
      const again = await ask(`/api/users/sitters?${spelling}`)
      expect(again.rendered, spelling).toBe(0)
      expect(again.body, spelling).toBe(first.body)
      expect(again.response.headers.get('etag'), spelling).toBe(etag)
    }
    const revalidated = await ask(`/api/users/sitters?bbox=${bbox}&limit=100`, { 'if-none-match': etag! })
    expect(revalidated.response.status).toBe(304)
    expect(revalidated.body).toBe('')

    const brotli = await appRequest(`/api/users/sitters?bbox=${bbox}&limit=100`, { headers: { 'accept-encoding': 'gzip, deflate, br' } })
    expect(brotli.headers.get('content-encoding')).toBe('br')
    expect(brotliDecompressSync(Buffer.from(await brotli.arrayBuffer())).toString('utf8')).toBe(first.body)
  })

  test('another question is another answer: a different box, limit, page or filter renders its own', async () => {
    await inZurich()
    await ask(`/api/users/sitters?bbox=${bbox}&limit=100`)
    for (const other of [`bbox=8.53,47.37,8.55,47.391&limit=100`, `bbox=${bbox}&limit=99`, `bbox=${bbox}&limit=100&page=2`, `bbox=${bbox}&limit=100&service=boarding`]) {
      const answer = await ask(`/api/users/sitters?${other}`)
      expect(answer.rendered, other).toBe(1)
      expect(answer.response.status, other).toBe(200)
    }
    expect((JSON.parse((await ask(`/api/users/sitters?bbox=${bbox}&limit=100&service=boarding`)).body) as { data: unknown[] }).data).toEqual([])
  })

  test("a sitter's change shows on the very next request for the same box: a new name, a new rate, a move away", async () => {
    const sitter = await inZurich()
    const url = `/api/users/sitters?bbox=${bbox}&limit=100`
    type Priced = { data: (ListItem & { rates: Record<string, number> })[] }
    const before = JSON.parse((await ask(url)).body) as Priced
    expect(before.data.map((item) => item.name)).toEqual(['Anna Keller'])
    expect(before.data[0]?.rates).toEqual({ walking: 20 })

    await db.updateTable('users').set({ name: 'Anna Berg' }).where('id', '=', sitter.id).execute()
    expect((JSON.parse((await ask(url)).body) as ListAnswer).data.map((item) => item.name)).toEqual(['Anna Berg'])

    await db.updateTable('sitterServices').set({ hourlyRateCents: 3500 }).where('sitterId', '=', sitter.id).execute()
    expect((JSON.parse((await ask(url)).body) as Priced).data[0]?.rates).toEqual({ walking: 35 })

    await db.updateTable('users').set({ publicLatitude: 46.95, publicLongitude: 7.44 }).where('id', '=', sitter.id).execute()
    expect((JSON.parse((await ask(url)).body) as ListAnswer).data).toEqual([])
  })

  test('signed-in visitors share the same answer; a cookie the answer sets for one visitor is never passed on', async () => {
    await inZurich()
    const account = await registerAccount()
    const cookie = cookiesFrom(await postForm('/login', { email: account.email, password: account.password, redirectTo: '' }))
    const anonymous = await ask(`/api/users/sitters?bbox=${bbox}&limit=100`)
    const signedIn = await ask(`/api/users/sitters?bbox=${bbox}&limit=100`, { cookie })
    expect(signedIn.rendered).toBe(0)
    expect(signedIn.body).toBe(anonymous.body)

    // A session that has ended: the render drops the browser's cookie, and that answer is not kept.
    await db.deleteFrom('sessions').where('userId', '=', account.user.id).execute()
    const ended = await ask(`/api/users/sitters?bbox=${bbox}&limit=50`, { cookie })
    expect(ended.rendered).toBe(1)
    expect(ended.response.headers.getSetCookie().join()).toContain('__session=;')
    const next = await ask(`/api/users/sitters?bbox=${bbox}&limit=50`)
    expect(next.rendered).toBe(1)
    expect(next.response.headers.getSetCookie()).toEqual([])
    expect(next.body).toBe(ended.body)
  })
})

// ---- hostile parameters ----

describe('bad parameters', () => {
  test.each([
    [{ bbox: 'abc' }, 'bbox'],
    [{ bbox: '1,2,3' }, 'bbox'],
    [{ bbox: '1,2,3,4,5' }, 'bbox'],
    [{ bbox: 'NaN,NaN,NaN,NaN' }, 'bbox'],
    [{ bbox: ',,,' }, 'bbox'],
    [{ bbox: '8,47,Infinity,48' }, 'bbox'],
    [{ bbox: '200,0,210,10' }, 'bbox'],
    [{ bbox: '8,48,9,47' }, 'bbox'],
    [{ bbox: '9,47,8,48' }, 'bbox'],
    [{ bbox: '1e400,0,1,1' }, 'bbox'],
    [{ page: 'abc' }, 'page'],
    [{ page: '0' }, 'page'],
    [{ page: '-1' }, 'page'],
    [{ page: '1.5' }, 'page'],
    [{ page: '99999999999999999999' }, 'page'],
    [{ limit: '0' }, 'limit'],
    [{ limit: 'ten' }, 'limit'],
    [{ limit: 'Infinity' }, 'limit'],
    [{ limit: '2.5' }, 'limit'],
    [{ lat: 'NaN', lng: '8' }, 'lat'],
    [{ lat: '91', lng: '8' }, 'lat'],
    [{ lat: '47', lng: '1e309' }, 'lng'],
    [{ lat: '47' }, 'lng'],
    [{ lng: '8' }, 'lat'],
    [{ radius: '5' }, 'radius'],
    [{ lat: '47', lng: '8', radius: '-1' }, 'radius'],
    [{ lat: '47', lng: '8', radius: '0' }, 'radius'],
    [{ lat: '47', lng: '8', radius: '1e9' }, 'radius'],
    [{ service: 'cats' }, 'service.0'],
    [{ service: ['walking', 'DROP TABLE users'] }, 'service.1'],
    [{ size: 'huge' }, 'size.0'],
    [{ date: 'tomorrow' }, 'date'],
    [{ date: '2026-13-01' }, 'date'],
    [{ date: '2026-02-30' }, 'date'],
    [{ date: '99999-01-01' }, 'date'],
    [{ search: 'a'.repeat(101) }, 'search'],
  ])('%j is a 400 naming %s', async (params, field) => {
    const { status, body } = await listSitters(params)

    expect(status).toBe(400)
    expect(typeof body.message).toBe('string')
    expect(Object.keys(body.errors ?? {})).toContain(field)
  })

  test('a limit in the billions is lowered to 100, not refused', async () => {
    const { status, body } = await listSitters({ limit: '4000000000' })

    expect(status).toBe(200)
    expect(body.meta.limit).toBe(100)
  })

  test('other methods answer 405', async () => {
    const response = await appRequest('/api/users/sitters', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
  })
})
