import type { ServerBuild } from 'react-router'
import { expect, test } from 'vitest'
import { appRequest } from './app.ts'
import { splitServerBuild } from '#app/lib/split-request-handler.server.ts'

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
