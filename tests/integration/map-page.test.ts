import { beforeAll, describe, expect, test } from 'vitest'
import { bboxParameter } from '#app/features/sitters/components/map-view-box.ts'
import { migrateToLatest } from '#app/lib/db.server.ts'
import { metresBetween, type Point } from '#tests/metres-between.ts'
import { appRequest } from './app.ts'
import { browserCookieFor, insertSitter, insertUser } from './fixtures.ts'

// The map screen (/map, and /map.data that a client navigation reads) and the JSON it reads (GET
// /api/users/sitters?bbox=..., GET /api/users/{id}): nothing in them gives away a sitter's exact
// coordinates, e-mail or phone (DESIGN.md ruling 8); the page lists only sitters with a location, nearest
// the signed-in user's address first (or the city centre's for visitors); and the box the map asks for
// holds exactly the sitters shown inside it.
// Every row is inserted before the first request: anonymous pages are shared for a few seconds.

const cityCentre: Point = { latitude: 47.3769, longitude: 8.5417 }

type Sitter = { id: string; name: string; email: string; phone: string; home: Point; shown: Point }

/** A sitter seen at `shown` and living at `home`, with contact details nobody else may see. */
async function sitter(name: string, shown: Point, home: Point): Promise<Sitter> {
  const email = `${name.toLowerCase().replace(/\W+/g, '.')}@private.example`
  const phone = `+41 79 ${String(100 + name.length).padStart(3, '0')} 12 34`
  const { id } = await insertSitter({
    name,
    email,
    phoneNumber: phone,
    home: { location: `Geheimweg ${name.length}, 8000 Zürich`, ...home },
    shown: { location: 'Somewhere, Zürich', ...shown },
    services: [{ service: 'walking', hourlyRateCents: 2500 }],
  })
  return { id, name, email, phone, home, shown }
}

// Exact points have six decimals found nowhere else; each public point is a few hundred metres away.
let sitters: Sitter[]
let owner: { id: string; home: Point }
let ownerCookie: string
let unlocatedName: string
let suspendedName: string

beforeAll(async () => {
  await migrateToLatest()
  sitters = [
    await sitter('Ada Nearcentre', { latitude: 47.3771, longitude: 8.5431 }, { latitude: 47.379_613, longitude: 8.546_287 }),
    await sitter('Bea Farnorth', { latitude: 47.4253, longitude: 8.5102 }, { latitude: 47.432_871, longitude: 8.513_934 }),
    await sitter('Cleo Midwest', { latitude: 47.3902, longitude: 8.4904 }, { latitude: 47.393_457, longitude: 8.487_116 }),
    await sitter('Dora Lakeside', { latitude: 47.3551, longitude: 8.5562 }, { latitude: 47.352_689, longitude: 8.559_731 }),
  ]
  unlocatedName = 'Uma Nowhere'
  await insertSitter({ name: unlocatedName })
  suspendedName = 'Sven Suspended'
  await insertSitter({ name: suspendedName, accountStatus: 'suspended', shown: { location: 'Enge, Zürich', latitude: 47.37, longitude: 8.53 } })
  // The owner lives in the north-west, near Bea and Cleo.
  const home = { latitude: 47.412_468, longitude: 8.498_135 }
  const { id } = await insertUser({
    name: 'Otto Owner',
    home: { location: 'Privatstrasse 9, 8049 Zürich', ...home },
    shown: { location: 'Höngg, Zürich', latitude: 47.4151, longitude: 8.4952 },
  })
  owner = { id, home }
  ownerCookie = await browserCookieFor(owner)
})

/** The list items' names in the order the page shows them (each item's heading). */
const listedNames = (html: string) => [...html.matchAll(/<h3[^>]*><bdi>([^<]+)<\/bdi><\/h3>/g)].map((match) => match[1])

const byDistanceFrom = (origin: Point) => (a: Sitter, b: Sitter) => metresBetween(origin, a.shown) - metresBetween(origin, b.shown)

/** Four decimals (about 10 m): an exact coordinate shows up under any rounding finer than that. */
const fourDecimals = (value: number) => value.toFixed(6).slice(0, -2)

function expectNothingPrivate(text: string) {
  for (const one of sitters) {
    expect(text, `${one.name}'s latitude`).not.toContain(fourDecimals(one.home.latitude))
    expect(text, `${one.name}'s longitude`).not.toContain(fourDecimals(one.home.longitude))
    expect(text, `${one.name}'s e-mail`).not.toContain(one.email)
    expect(text, `${one.name}'s e-mail`).not.toContain('@private.example')
    expect(text, `${one.name}'s phone`).not.toContain(one.phone)
    expect(text, `${one.name}'s address`).not.toContain('Geheimweg')
  }
}

describe('for a visitor', () => {
  test('the page lists every sitter with a location, nearest the city centre first, without distances', async () => {
    const response = await appRequest('/map')
    const html = await response.text()

    expect(response.status).toBe(200)
    expect(listedNames(html)).toEqual([...sitters].sort(byDistanceFrom(cityCentre)).map((one) => one.name))
    expect(html).not.toContain(unlocatedName)
    expect(html).not.toContain(suspendedName)
    // A distance from the city centre would read as one from the visitor.
    expect(html).not.toContain('miles away')
    expect(html.replaceAll('<!-- -->', '')).toContain('The map needs JavaScript, so here are the sitters nearest the city centre.')
    for (const one of sitters) expect(html).toContain(`href="/sitters/${one.id}"`)
  })

  test('the page and its data (/map.data, what a client navigation reads) hold public points only: no exact coordinates, e-mail, phone or address of a sitter', async () => {
    for (const pathname of ['/map', '/map.data']) {
      const response = await appRequest(pathname)
      const text = await response.text()

      expect(response.status, pathname).toBe(200)
      for (const one of sitters) expect(text, `${pathname}: ${one.name}'s public point`).toContain(String(one.shown.latitude))
      expectNothingPrivate(text)
    }
  })

  test('every visitor gets the same page, with an ETag that answers 304', async () => {
    const first = await appRequest('/map')
    const second = await appRequest('/map')

    expect(await second.text()).toBe(await first.text())
    expect(first.headers.get('cache-control')).toBe('public, max-age=0, must-revalidate')
    const etag = first.headers.get('etag')
    expect(etag).toMatch(/^"[\w-]{20,}"$/)
    expect((await appRequest('/map', { headers: { 'if-none-match': etag! } })).status).toBe(304)
  })
})

describe('for a signed-in owner with an address', () => {
  test('the page lists the sitters nearest their address first, with the distance from it', async () => {
    const response = await appRequest('/map', { headers: { cookie: ownerCookie } })
    const html = await response.text()

    expect(response.status).toBe(200)
    expect(response.headers.get('cache-control')).toBe('private, no-cache')
    const expected = [...sitters].sort(byDistanceFrom(owner.home))
    expect(listedNames(html)).toEqual(expected.map((one) => one.name))
    expect(expected[0]!.name).not.toBe([...sitters].sort(byDistanceFrom(cityCentre))[0]!.name)
    const nearestMiles = metresBetween(owner.home, expected[0]!.shown) / 1609.344
    expect(html.replaceAll('<!-- -->', '')).toContain(`${nearestMiles.toFixed(1)} miles away`)
    expect(html.replaceAll('<!-- -->', '')).toContain('The map needs JavaScript, so here are the sitters nearest your address.')
  })

  test("the map opens on the owner's public point: neither the page nor its data holds their exact one or a sitter's", async () => {
    for (const pathname of ['/map', '/map.data']) {
      const response = await appRequest(pathname, { headers: { cookie: ownerCookie } })
      const text = await response.text()

      expect(response.status, pathname).toBe(200)
      expect(text, pathname).toContain(sitters[0]!.name)
      expect(text, pathname).not.toContain(fourDecimals(owner.home.latitude))
      expect(text, pathname).not.toContain(fourDecimals(owner.home.longitude))
      expectNothingPrivate(text)
    }
  })
})

describe('the JSON the map reads', () => {
  // The area a map shows of the north-west: Bea's and Cleo's public points are inside, Ada's and Dora's
  // are not. Bea's home lies outside it and Ada's inside, which must decide nothing.
  const view = { west: 8.4801, south: 47.3785, east: 8.5501, north: 47.4301 }

  test("the map's box returns exactly the sitters whose public point is inside it, with public points only", async () => {
    const response = await appRequest(`/api/users/sitters?bbox=${bboxParameter(view)}&limit=100`)
    const body = (await response.json()) as { data: { id: string; latitude: number; longitude: number }[]; meta: { total: number } }

    const isInside = ({ latitude, longitude }: Point) =>
      longitude >= view.west && longitude <= view.east && latitude >= view.south && latitude <= view.north
    const inside = sitters.filter((one) => isInside(one.shown))
    expect(response.status).toBe(200)
    expect(inside.map((one) => one.name).sort()).toEqual(['Bea Farnorth', 'Cleo Midwest'])
    expect(isInside(sitters.find((one) => one.name === 'Bea Farnorth')!.home)).toBe(false)
    expect(isInside(sitters.find((one) => one.name === 'Ada Nearcentre')!.home)).toBe(true)
    expect(body.data.map((one) => one.id).sort()).toEqual(inside.map((one) => one.id).sort())
    expect(body.meta.total).toBe(inside.length)
    for (const one of body.data) {
      const shown = sitters.find((candidate) => candidate.id === one.id)!.shown
      expect({ latitude: one.latitude, longitude: one.longitude }).toEqual(shown)
    }
    expectNothingPrivate(JSON.stringify(body))
  })

  test("the quick view's profile holds no exact coordinates, e-mail, phone or address either", async () => {
    for (const one of sitters) {
      const response = await appRequest(`/api/users/${one.id}`)
      expect(response.status).toBe(200)
      const text = await response.text()
      expect(text).toContain(one.name)
      expectNothingPrivate(text)
    }
  })
})
