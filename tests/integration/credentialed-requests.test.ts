import type { ServerBuild } from 'react-router'
import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest'
import { migrateToLatest } from '#app/lib/db.server.ts'
import * as sittersPage from '#app/routes/sitters.tsx'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { appRequest, bearer, renderCount } from './app.ts'
import { apiTokenFor, browserCookieFor, insertSitter, insertUser } from './fixtures.ts'
import { contextFor } from './route-calls.ts'

// The outside probe's finding 1: `GET /sitters?near=1` with a Bearer token was rendered for that user and kept
// as the anonymous visitors' shared copy (their id, name and full-precision distances from their home). A
// request that carries any credential is never answered from, nor kept as, a shared copy, and is not answered
// `Cache-Control: public`; distances from a user's home leave the server rounded to 0.1 mile.

type Point = { latitude: number; longitude: number }
const home: Point = { latitude: 47.3769, longitude: 8.5417 }
const milesPerDegreeOfLatitude = (6_371_000 * Math.PI) / 180 / 1609.344
const northOf = (from: Point, miles: number): Point => ({ latitude: from.latitude + miles / milesPerDegreeOfLatitude, longitude: from.longitude })
/** How far north of the user's home each sitter is shown, in miles: their distances to full precision. */
const sitterMiles = [1.23, 2.77]

let user: SessionUser
let sitterId: string

beforeAll(async () => {
  // A copy lives 5 s: the clock stands still here, so a slow machine never sees one expire mid-test.
  vi.useFakeTimers({ toFake: ['Date'] })
  await migrateToLatest()
  user = await insertUser({ name: 'Quinn Probe', email: 'quinn.probe@example.com', home: { location: 'Probeweg 7, 8001 Zürich', ...home } })
  const sitters = []
  for (const [index, miles] of sitterMiles.entries()) {
    sitters.push(
      await insertSitter({
        name: `Sitter ${index + 1}`,
        shown: { location: 'Altstadt, Zürich', ...northOf(home, miles) },
        services: [{ service: 'walking', hourlyRateCents: 2000 }],
      }),
    )
  }
  sitterId = sitters[0]!.id
})

afterAll(() => {
  vi.useRealTimers()
})

/** The paths of the pages whose route opts in to the shared copy (`handle.publicCache`). */
async function sharedCopyRoutePaths() {
  const build: ServerBuild = await import('virtual:react-router/server-build')
  return Object.values(build.routes)
    .filter((route) => (route?.module.handle as { publicCache?: boolean } | undefined)?.publicCache === true)
    .map((route) => route!.path ?? '')
    .sort()
}

/** A URL of each page that uses the shared copy, by its route path; /sitters with 'Nearest to me first' too. */
const urlsByRoute = (): Record<string, string[]> => ({
  'forgot-password': ['/forgot-password'],
  login: ['/login'],
  map: ['/map'],
  privacy: ['/privacy'],
  register: ['/register'],
  sitters: ['/sitters', '/sitters?near=1'],
  'sitters/:id': [`/sitters/${sitterId}`],
  support: ['/support'],
  terms: ['/terms'],
})

const credentials = {
  'a Bearer token': async () => bearer(await apiTokenFor(user)),
  'a session cookie alone': async () => ({ cookie: await browserCookieFor(user) }),
}

describe('a page answered to a request that carries a credential', () => {
  test('every page that uses the shared copy is checked here', async () => {
    expect(Object.keys(urlsByRoute()).sort()).toEqual(await sharedCopyRoutePaths())
  })

  test.each(Object.entries(credentials))('with %s is the user’s own: not public, never shown to the anonymous visitor after them', async (kind, headersFor) => {
    const headers = await headersFor()
    // A query of its own per credential: no copy of these URLs exists before the signed-in request.
    const urls = Object.values(urlsByRoute()).flatMap((paths) => paths.map((path) => `${path}${path.includes('?') ? '&' : '?'}via=${kind.replaceAll(' ', '-')}`))
    for (const url of urls) {
      const signedIn = await appRequest(url, { headers })
      expect(signedIn.headers.get('cache-control') ?? '', url).not.toContain('public')
      expect(signedIn.headers.get('etag'), url).toBeNull()
      const signedInBody = await signedIn.text()
      if (signedIn.status === 200) expect(signedInBody, `${url} is rendered for the user`).toContain(user.id)
      if (url.startsWith('/sitters?near=1') || url.startsWith('/map')) expect(signedInBody, url).toContain('miles away')

      const anonymous = await appRequest(url)
      expect(anonymous.status, url).toBe(200)
      const anonymousBody = await anonymous.text()
      for (const secret of [user.id, user.name, user.email, 'Probeweg', 'miles away']) {
        expect(anonymousBody, `${url} after ${kind} shows ${secret}`).not.toContain(secret)
      }
      // The page is kept for anonymous visitors: had the signed-in render been kept, they would have got it.
      const rendersBefore = renderCount()
      expect(await (await appRequest(url)).text(), url).toBe(anonymousBody)
      expect(renderCount(), `${url} is a shared copy`).toBe(rendersBefore)

      const signedInAgain = await appRequest(url, { headers })
      expect(signedInAgain.headers.get('cache-control') ?? '', url).not.toContain('public')
      if (signedInAgain.status === 200) expect(await signedInAgain.text(), `${url} is not the anonymous copy`).toContain(user.id)
    }
  })

  test('with a token in the query string is never kept, nor answered public', async () => {
    for (const url of ['/terms?token=abc', '/sitters?near=1&token=abc']) {
      for (let time = 0; time < 2; time++) {
        const rendersBefore = renderCount()
        const answer = await appRequest(url)
        expect(answer.status, url).toBe(200)
        expect(answer.headers.get('cache-control'), url).toBe('private, no-cache')
        expect(renderCount(), `${url} is rendered each time`).toBe(rendersBefore + 1)
      }
    }
  })
})

describe("distances from the user's home", () => {
  /** A distance to 0.1 mile, computed here from where the test put the sitter. */
  const expected = sitterMiles.map((miles) => Math.round(miles * 10) / 10)

  test("/sitters?near=1's loader data carries them rounded to 0.1 mile", async () => {
    const url = new URL('http://localhost/sitters?near=1')
    const data = await sittersPage.loader({ request: new Request(url), url, params: {}, pattern: '/sitters', context: contextFor(user) })
    expect(data.sitters.map((sitter) => sitter.distanceMiles)).toEqual(expected)
  })

  test('the API answers them rounded to 0.1 mile, as numbers written with one decimal', async () => {
    const answer = await appRequest(`/api/users/sitters?lat=${home.latitude}&lng=${home.longitude}`, { headers: bearer(await apiTokenFor(user)) })
    const { data } = (await answer.json()) as { data: { distance: string | null }[] }
    expect(data.map((sitter) => sitter.distance)).toEqual(expected.map((miles) => miles.toFixed(1)))
  })
})
