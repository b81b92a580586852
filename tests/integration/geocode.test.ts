import { defaultTimeZone } from '#app/lib/zoned-time.ts'
import { RouterContextProvider } from 'react-router'
import { afterAll, beforeAll, describe, expect, test } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { start } from '#tests/fakes/geocoder.ts'
import { routeAnswer } from './route-calls.ts'

// The fake Nominatim must be listening before env.server.ts reads GEOCODER_URL, so every app
// module is imported after it starts.
const fake = await start()
process.env.GEOCODER_URL = fake.url
process.env.PUBLIC_URL = 'https://pawpal.test'

const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { userContext } = await import('#app/features/accounts/user-context.ts')
const { resolveLocation, reverseGeocode, searchAddress } = await import('#app/features/geo/geocoder.server.ts')
const searchRoute = await import('#app/routes/api/geocode.ts')
const reverseRoute = await import('#app/routes/api/geocode.reverse.ts')

let sitter: SessionUser

beforeAll(async () => {
  await migrateToLatest()
  const now = new Date().toISOString()
  const row = { id: crypto.randomUUID(), email: 'sam@example.com', name: 'Sam Sitter', role: 'sitter' as const }
  await db.insertInto('users').values({ ...row, createdAt: now, updatedAt: now }).execute()
  sitter = { ...row, profilePhoto: null, timeZone: defaultTimeZone, sessionId: 'test-session' }
})

afterAll(async () => {
  await fake.close()
  await db.destroy()
})

const upstreamCalls = (path: '/search' | '/reverse', match: (query: Record<string, string>) => boolean = () => true) =>
  fake.requests.filter((request) => request.path === path && match(request.query))

type LoaderArgs = { request: Request; url: URL; pattern: string; params: Record<string, string>; context: RouterContextProvider }
type Loader = (args: LoaderArgs) => Promise<Response>

/** Calls a route loader the way React Router does; a thrown Response (401, 400) is returned. */
async function callLoader(loader: Loader, path: string, user: SessionUser | null) {
  const request = new Request(`http://localhost${path}`)
  const context = new RouterContextProvider()
  context.set(userContext, user)
  return routeAnswer(request, () => loader({ request, url: new URL(request.url), pattern: path.split('?')[0] ?? '', params: {}, context }))
}

describe('forward geocoding', () => {
  test('an address search returns its coordinates and a district-level place', async () => {
    const result = await searchAddress('Bahnhofstrasse 1, Zürich')

    expect(result).toEqual({
      label: '1, Bahnhofstrasse, Altstadt, Zürich, 8001, Switzerland',
      latitude: 47.3686,
      longitude: 8.5392,
      district: 'Altstadt, Zürich',
    })
    const [request] = upstreamCalls('/search')
    expect(request?.query).toMatchObject({ format: 'json', q: 'Bahnhofstrasse 1, Zürich', limit: '1', addressdetails: '1' })
  })

  test('the same search again is answered from the cache without asking upstream', async () => {
    const asked = () => upstreamCalls('/search', (query) => query.q?.toLowerCase() === 'bahnhofstrasse 1, zürich').length
    await searchAddress('Bahnhofstrasse 1, Zürich')
    expect(asked()).toBe(1)

    const again = await searchAddress('  bahnhofstrasse 1,   ZÜRICH ')

    expect(again?.latitude).toBe(47.3686)
    expect(asked()).toBe(1)
    const cached = await db.selectFrom('geocodeCache').select('key').where('key', '=', 'bahnhofstrasse 1, zürich').executeTakeFirst()
    expect(cached).toBeDefined()
  })

  test('an unknown address is not found, and that answer is cached too', async () => {
    expect(await searchAddress('Nowhere Lane 99, Atlantis')).toBeNull()
    expect(await searchAddress('nowhere lane 99, atlantis')).toBeNull()

    expect(upstreamCalls('/search', (query) => query.q?.toLowerCase() === 'nowhere lane 99, atlantis')).toHaveLength(1)
  })

  test('upstream sees at most one request per second, queued callers wait their turn', async () => {
    const before = fake.requests.length
    const results = await Promise.all([
      searchAddress('Langstrasse 100, Zürich'),
      searchAddress('Seefeldstrasse 50, Zürich'),
      searchAddress('Universitätstrasse 6, Zürich'),
    ])

    expect(results.map((result) => result?.district)).toEqual(['Kreis 4, Zürich', 'Seefeld, Zürich', 'Oberstrass, Zürich'])
    const times = fake.requests.slice(before).map((request) => request.at)
    expect(times).toHaveLength(3)
    const gaps = times.slice(1).map((time, index) => time - (times[index] ?? 0))
    for (const gap of gaps) expect(gap).toBeGreaterThanOrEqual(950)
    expect((times[2] ?? 0) - (times[0] ?? 0)).toBeGreaterThanOrEqual(1950)
  })

  test('upstream requests name Pawpal in the User-Agent and ask for English', () => {
    expect(fake.requests.length).toBeGreaterThan(0)
    for (const request of fake.requests) {
      expect(request.headers['user-agent']).toBe('Pawpal/1.0 (+https://pawpal.test)')
      expect(request.headers['accept-language']).toBe('en')
    }
  })
})

describe('reverse geocoding', () => {
  test('a point gets the address of the place there, and keeps the coordinates asked for', async () => {
    const result = await reverseGeocode(47.36871, 8.53915)

    expect(result).toEqual({
      label: '1, Bahnhofstrasse, Altstadt, Zürich, 8001, Switzerland',
      latitude: 47.36871,
      longitude: 8.53915,
      district: 'Altstadt, Zürich',
    })
    expect(upstreamCalls('/reverse').at(-1)?.query).toMatchObject({ format: 'json', lat: '47.36871', lon: '8.53915', addressdetails: '1' })
  })

  test('a point with nothing nearby is not found', async () => {
    expect(await reverseGeocode(0, 0)).toBeNull()
  })
})

describe('GET /api/geocode and /api/geocode/reverse', () => {
  test('signed-out requests get 401', async () => {
    const search = await callLoader(searchRoute.loader, '/api/geocode?q=Bahnhofstrasse%201', null)
    const reverse = await callLoader(reverseRoute.loader, '/api/geocode/reverse?lat=47.3&lon=8.5', null)

    expect(search.status).toBe(401)
    expect(reverse.status).toBe(401)
  })

  test('a signed-in search answers the place as JSON', async () => {
    const response = await callLoader(searchRoute.loader, `/api/geocode?q=${encodeURIComponent('Bahnhofstrasse 1, Zürich')}`, sitter)

    expect(response.status).toBe(200)
    expect(await response.json()).toEqual({
      label: '1, Bahnhofstrasse, Altstadt, Zürich, 8001, Switzerland',
      latitude: 47.3686,
      longitude: 8.5392,
      district: 'Altstadt, Zürich',
    })
  })

  test('an empty query and an out-of-range latitude get 400 with field errors', async () => {
    const search = await callLoader(searchRoute.loader, '/api/geocode?q=%20%20', sitter)
    const reverse = await callLoader(reverseRoute.loader, '/api/geocode/reverse?lat=95&lon=8.5', sitter)
    const missing = await callLoader(reverseRoute.loader, '/api/geocode/reverse?lat=&lon=8.5', sitter)

    expect(search.status).toBe(400)
    expect(((await search.json()) as { errors: Record<string, unknown> }).errors.q).toBeDefined()
    expect(reverse.status).toBe(400)
    expect(await reverse.json()).toMatchObject({ errors: { lat: ['Latitude must be a number between -90 and 90'] } })
    expect(missing.status).toBe(400)
  })

  test('an unknown address answers 404 with the spec message', async () => {
    const response = await callLoader(searchRoute.loader, '/api/geocode?q=Nowhere%20Lane%2099%2C%20Atlantis', sitter)

    expect(response.status).toBe(404)
    expect(await response.json()).toEqual({ message: 'Could not find the specified address.', errors: {} })
  })

  test('reverse geocoding answers the address at the point', async () => {
    const response = await callLoader(reverseRoute.loader, '/api/geocode/reverse?lat=47.3779&lon=8.5268', sitter)

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ label: '100, Langstrasse, Kreis 4, Zürich, 8004, Switzerland', district: 'Kreis 4, Zürich' })
  })

  test('an upstream outage answers 502 and is not cached', async () => {
    fake.setDown(true)
    try {
      const response = await callLoader(searchRoute.loader, '/api/geocode?q=Seestrasse%20160%2C%20Kilchberg', sitter)

      expect(response.status).toBe(502)
      expect(await response.json()).toMatchObject({ message: 'There was an error finding your location.' })
    } finally {
      fake.setDown(false)
    }
    const later = await callLoader(searchRoute.loader, '/api/geocode?q=Seestrasse%20160%2C%20Kilchberg', sitter)
    expect(later.status).toBe(200)
    expect(await later.json()).toMatchObject({ district: 'Kilchberg' })
  })
})

describe('resolving a submitted location', () => {
  test('coordinates sent with an address are kept as sent, not replaced by where the geocoder puts the address', async () => {
    const resolved = await resolveLocation({ location: 'Seefeldstrasse 50, Zürich', latitude: 47.3591234, longitude: 8.5523456 })

    expect(resolved).toEqual({ ok: true, location: 'Seefeldstrasse 50, Zürich', latitude: 47.3591234, longitude: 8.5523456, district: 'Seefeld, Zürich' })
  })

  test('coordinates sent while the geocoder is down are kept, without a district', async () => {
    fake.setDown(true)
    try {
      const resolved = await resolveLocation({ location: 'Somewhere I typed', latitude: 47.4012, longitude: 8.6012 })

      expect(resolved).toEqual({ ok: true, location: 'Somewhere I typed', latitude: 47.4012, longitude: 8.6012, district: null })
    } finally {
      fake.setDown(false)
    }
  })

  test('an address without coordinates is geocoded', async () => {
    const resolved = await resolveLocation({ location: 'Langstrasse 100, Zürich', latitude: null, longitude: null })

    expect(resolved).toMatchObject({ ok: true, latitude: 47.3779, longitude: 8.5268, district: 'Kreis 4, Zürich' })
  })

  test('a point picked on the map keeps its coordinates and its reverse-geocoded address, without asking upstream again', async () => {
    const picked = await reverseGeocode(47.35905, 8.55195)
    const before = fake.requests.length

    const resolved = await resolveLocation({ location: picked?.label, latitude: 47.35905, longitude: 8.55195 })

    expect(resolved).toEqual({
      ok: true,
      location: '50, Seefeldstrasse, Seefeld, Zürich, 8008, Switzerland',
      latitude: 47.35905,
      longitude: 8.55195,
      district: 'Seefeld, Zürich',
    })
    expect(fake.requests.length).toBe(before)
  })

  test('an address that cannot be found is refused with the spec message', async () => {
    const resolved = await resolveLocation({ location: 'Nowhere Lane 99, Atlantis', latitude: null, longitude: null })

    expect(resolved).toEqual({ ok: false, reason: 'not-found', message: 'Could not find the specified address.' })
  })
})
