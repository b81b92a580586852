import { createRequestHandler, type ServerBuild } from 'react-router'
import { expect, test } from 'vitest'
import { appRequest, handleFetchRequest, origin, startTestApp } from './app.ts'
import { browserCookieFor, insertBooking, insertDog, insertSitter, insertUser, localDateFromToday } from './fixtures.ts'
import { sectionOf, splitServerBuild } from '#app/lib/split-request-handler.server.ts'

// A page's request is answered by a React Router handler that knows only the pages' routes, an API call by one
// that knows only the API's (decision 093): what React Router does for each request grows with its route table.

test('the pages handler knows every page route and no API route, the API handler the reverse, both under the root', async () => {
  const build: ServerBuild = await import('virtual:react-router/server-build')
  const { api, pages } = splitServerBuild(build)
  const all = Object.values(build.routes).map((route) => ({ id: route!.id, path: route!.path ?? '' }))
  const apiIds = all.filter(({ path }) => /^api(\/|$)/.test(path)).map(({ id }) => id)
  const pageIds = all.filter(({ id, path }) => id !== 'root' && !/^api(\/|$)/.test(path)).map(({ id }) => id)
  expect(apiIds.length).toBeGreaterThan(50)
  expect(pageIds).toEqual(expect.arrayContaining(['routes/home', 'login', 'routes/bookings', 'routes/not-found']))

  expect(Object.keys(api.routes).sort()).toEqual(['root', ...apiIds].sort())
  expect(Object.keys(pages.routes).sort()).toEqual(['root', ...pageIds].sort())
  // What the browser is told about routes (the manifest) matches what its handler serves.
  expect(Object.keys(api.assets.routes).sort()).toEqual(Object.keys(api.routes).sort())
  expect(Object.keys(pages.assets.routes).sort()).toEqual(Object.keys(pages.routes).sort())
  // The rest of the build is shared: the same entry, the same assets' version.
  expect(pages.entry).toBe(build.entry)
  expect(api.assets.version).toBe(build.assets.version)
})

test('each request reaches the handler its path belongs to: API paths answer JSON, the rest pages', async () => {
  for (const path of ['/api', '/api/', '/api/no-such-thing', '/api/bookings/x/y/z']) {
    const response = await appRequest(path, { headers: { accept: 'text/html' } })
    expect(response.status, path).toBe(404)
    expect(response.headers.get('content-type'), path).toMatch(/^application\/json/)
    expect(await response.json(), path).toEqual({ message: 'Not found', errors: {} })
  }
  // The API is what is under /api/ as written, as the app's guards take it; React Router alone ignored case.
  for (const path of ['/apiary', '/no-such-page', '/bookings/x/y', '/API/bookings', '/%61pi/bookings']) {
    const response = await appRequest(path)
    expect(response.status, path).toBe(404)
    expect(response.headers.get('content-type'), path).toMatch(/^text\/html/)
    expect(await response.text(), path).toContain('Page not found')
  }
  const home = await appRequest('/')
  expect(home.status).toBe(200)
  expect(await home.text()).toContain('<h1')
  // An API route behind the API handler's root middleware: no session, so 401 and why.
  const bookings = await appRequest('/api/bookings')
  expect(bookings.status).toBe(401)
  expect(((await bookings.json()) as { message: string }).message).toMatch(/\w/)
})

// Within the pages, a request goes to the handler of its section, the routes that share its first path segment
// (decision 097). What it answers must not change: the same as a handler of all the pages' routes.

const pageRoutesOf = (build: ServerBuild) =>
  Object.values(build.routes)
    .map((route) => ({ id: route!.id, path: route!.path ?? '', index: route!.index === true }))
    .filter(({ id, path }) => id !== 'root' && !/^api(\/|$)/.test(path))

test('each section holds the routes of its first path segment, with the root, the home page and the not-found page', async () => {
  const build: ServerBuild = await import('virtual:react-router/server-build')
  const { sections } = splitServerBuild(build)
  const routes = pageRoutesOf(build)
  const firstSegment = (path: string) => path.split('/')[0]!.toLowerCase()
  const everywhere = ['root', 'routes/home', 'routes/not-found']
  expect(sections.get('bookings')!.routes).toBeDefined()
  const expected = new Map<string, string[]>([['', everywhere]])
  for (const { id, path, index } of routes) {
    if (index || path === '*') continue
    expected.set(firstSegment(path), [...(expected.get(firstSegment(path)) ?? everywhere), id])
  }
  expect([...sections.keys()].sort()).toEqual([...expected.keys()].sort())
  for (const [section, ids] of expected) {
    expect(Object.keys(sections.get(section)!.routes).sort(), section).toEqual([...ids].sort())
    expect(Object.keys(sections.get(section)!.assets.routes).sort(), section).toEqual([...ids].sort())
  }
  expect(expected.get('bookings')).toEqual(expect.arrayContaining(['routes/bookings', 'routes/booking-detail', 'routes/series-detail']))
  expect(expected.get('bookings')).not.toContain('routes/bookings-sitter')
  expect(expected.get('sitters')).toEqual(expect.arrayContaining(['routes/sitters', 'routes/sitter-profile', 'sitter-book']))
})

test('a page path is read as React Router reads it: without .data, decoded, any case; undefined where unsure', () => {
  const cases: [string, string | undefined][] = [
    ['/', ''],
    ['/_.data', ''],
    ['/bookings', 'bookings'],
    ['/bookings/', 'bookings'],
    ['/bookings.data', 'bookings'],
    ['/bookings/abc.data', 'bookings'],
    ['/BOOKINGS/abc', 'bookings'],
    ['/%62ookings', 'bookings'],
    ['/bookings-sitter', 'bookings-sitter'],
    ['//bookings', undefined],
    ['/%E0%A4%A', undefined],
  ]
  for (const [path, section] of cases) expect(sectionOf(path), path).toBe(section)
})

test('every page path answers as a handler of all the pages answers it, signed in or not', async () => {
  const build: ServerBuild = await import('virtual:react-router/server-build')
  const entry = await import('#app/entry.server.tsx')
  const allPages = createRequestHandler(splitServerBuild(build).pages, 'production')
  await startTestApp()
  const owner = await insertUser({ role: 'owner' })
  const sitter = await insertSitter({ name: 'Sara Sitter' })
  const dogId = await insertDog(owner.id, { name: 'Bello' })
  const bookingId = await insertBooking({ dogId, ownerId: owner.id, sitterId: sitter.id }, { date: localDateFromToday(3) })
  const cookie = await browserCookieFor(owner)
  const paths = [
    '/', '/_.data', '/bookings', '/bookings/', '/BOOKINGS', '/%62ookings', '/bookings.data', `/bookings/${bookingId}`,
    `/bookings/${bookingId}.data`, `/Bookings/${bookingId.toUpperCase()}`, '/bookings/x/y', '/bookings-sitter',
    `/dogs/${dogId}`, '/dogs/available', `/sitters/${sitter.id}`, `/sitters/${sitter.id}/book`, '/sitters/x/y/z/w/v',
    '/login/success', '/onboarding/owner', `/messages/${sitter.id}`, '/profile/edit', '/admin/users', '//bookings',
    '/%E0%A4%A', '/b%C3%BCcher', '/no-such-page', '/terms.data', '/unsubscribe/x',
  ]
  const answerOf = async (handle: (request: Request) => Promise<Response>, path: string, signedIn: boolean) => {
    const headers = new Headers({ 'x-pawpal-client-ip': '203.0.113.7', ...(signedIn ? { cookie } : {}) })
    const response = await handle(new Request(new URL(path, origin), { headers, redirect: 'manual' }))
    const body = await response.text()
    return {
      status: response.status,
      location: response.headers.get('location'),
      type: response.headers.get('content-type'),
      title: /<title>(.*?)<\/title>/.exec(body)?.[1] ?? null,
      h1: /<h1[^>]*>(.*?)<\/h1>/.exec(body)?.[1] ?? null,
      routes: [...new Set(body.match(/"(?:routes\/[\w-]+|login|register|dogs-(?:add|new)|booking-new|sitter-book)"/g))].sort(),
    }
  }
  const seen: ({ path: string; signedIn: boolean } & Awaited<ReturnType<typeof answerOf>>)[] = []
  for (const signedIn of [false, true]) {
    for (const path of paths) {
      const expected = await answerOf((request) => entry.handleAppRequest(request, allPages), path, signedIn)
      seen.push({ path, signedIn, ...expected })
      expect(await answerOf(handleFetchRequest, path, signedIn), `${path} ${signedIn ? 'signed in' : 'anonymous'}`).toEqual(expected)
    }
  }
  // The comparison covers pages as they are shown, their data, redirects and the not-found page.
  const answer = (path: string, signedIn: boolean) => seen.find((one) => one.path === path && one.signedIn === signedIn)!
  expect(answer('/BOOKINGS', true)).toMatchObject({ status: 200, h1: 'Your Bookings' })
  expect(answer(`/bookings/${bookingId}.data`, true)).toMatchObject({ status: 200, routes: expect.arrayContaining(['"routes/booking-detail"']) })
  expect(answer('/bookings', false)).toMatchObject({ status: 302, location: expect.stringMatching(/^\/login/) })
  expect(answer('/bookings/x/y', true)).toMatchObject({ status: 404, title: 'Page not found | Pawpal' })
  expect(answer('/sitters/x/y/z/w/v', false)).toMatchObject({ status: 404, routes: expect.arrayContaining(['"routes/home"', '"routes/sitter-profile"']) })
  // Lazy route discovery asks for the routes of several sections at once: the handler of all the pages answers it.
  const manifest = await appRequest(`/__manifest?paths=${encodeURIComponent('/bookings,/sitters/x')}&version=${build.assets.version}`)
  expect(manifest.status).toBe(200)
  expect(await manifest.text()).toMatch(/routes\/bookings[\s\S]*routes\/sitter-profile|routes\/sitter-profile[\s\S]*routes\/bookings/)
}, 120_000)
