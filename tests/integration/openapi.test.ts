import type { RouteConfigEntry } from '@react-router/dev/routes'
import { beforeAll, describe, expect, test, vi } from 'vitest'
import { getOpenApiDocument } from '#app/api-docs/openapi.server.ts'
import routes from '#app/routes.ts'
import { appRequest, bearer, registerAccount } from './app.ts'
import { apiTokenFor, insertUser } from './fixtures.ts'

// GET /api/openapi.json through the production request handler. The document must list every API route
// of app/routes.ts with every method it answers, so adding a route without documenting it fails here.

type Operation = { requestBody?: { content: Record<string, { schema: unknown }> } }
type OpenApi = {
  openapi: string
  info: { title: string }
  paths: Record<string, Record<string, unknown>>
  components: { schemas: Record<string, unknown> }
}

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'] as const

function flatten(entries: RouteConfigEntry[]): RouteConfigEntry[] {
  return entries.flatMap((entry) => [entry, ...flatten(entry.children ?? [])])
}

/** The API routes of app/routes.ts as OpenAPI paths ('api/dogs/:id' -> '/api/dogs/{id}'), without the catch-all. */
const apiRoutes = flatten(routes)
  .map((entry) => entry.path)
  .filter((path): path is string => path !== undefined && path.startsWith('api/') && path !== 'api/*')
  .map((path) => ({
    path: `/${path.replace(/:(\w+)/g, '{$1}')}`,
    // A request URL for probing: every parameter an id that does not exist.
    url: `/${path.replace(/:(\w+)/g, 'no-such-$1')}`,
  }))

let document: OpenApi

/** A `#/components/...` reference followed to its target. */
function resolve(value: unknown): unknown {
  const pointer = (value as { $ref?: unknown } | null)?.$ref
  if (typeof pointer !== 'string') return value
  expect(pointer).toMatch(/^#\//)
  return pointer
    .slice(2)
    .split('/')
    .reduce<unknown>((node, key) => (node as Record<string, unknown> | undefined)?.[key], document)
}

function collectRefs(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) value.forEach((item) => collectRefs(item, found))
  else if (value && typeof value === 'object') {
    for (const [key, child] of Object.entries(value)) {
      if (key === '$ref' && typeof child === 'string') found.push(child)
      else collectRefs(child, found)
    }
  }
  return found
}

beforeAll(async () => {
  const response = await appRequest('/api/openapi.json')
  expect(response.status).toBe(200)
  document = (await response.json()) as OpenApi
})

describe('the OpenAPI document', () => {
  test('is public JSON in OpenAPI 3.1, cacheable for five minutes', async () => {
    const response = await appRequest('/api/openapi.json')
    expect(response.headers.get('content-type')).toMatch(/^application\/json/)
    expect(response.headers.get('cache-control')).toBe('public, max-age=300')
    expect(document.openapi).toMatch(/^3\.1\.\d+$/)
    expect(document.info.title).toBe('Pawpal API')
  })

  test('is the document every API answer of the suite is checked against (openapi-validator.ts)', () => {
    expect(document).toEqual(JSON.parse(JSON.stringify(getOpenApiDocument())))
  })

  test('other methods answer 405', async () => {
    const response = await appRequest('/api/openapi.json', { method: 'POST' })
    expect(response.status).toBe(405)
    expect(response.headers.get('allow')).toBe('GET')
  })

  test('lists every API route of app/routes.ts, and no path that does not exist', () => {
    expect(apiRoutes.length).toBeGreaterThan(10)
    expect(Object.keys(document.paths).sort()).toEqual(apiRoutes.map((route) => route.path).sort())
  })

  test('documents exactly the methods each API route answers', async () => {
    const answered: Record<string, string[]> = {}
    // The console's paths answer anyone but an admin 404 for every method (x-admins-only): an admin probes them.
    const asAdmin = bearer(await apiTokenFor(await insertUser({ role: 'admin' })))
    const adminsOnly = (path: string) => document.paths[path]?.['x-admins-only'] === true
    // React Router logs a request to a route without an action as an error; expected here.
    const quiet = vi.spyOn(console, 'error').mockImplementation(() => {})
    try {
      for (const route of apiRoutes) {
        answered[route.path] = []
        for (const method of methods) {
          // Signed out and without a body nothing changes, but a method the route does not have is a 405.
          const response = await appRequest(route.url, { method, headers: adminsOnly(route.path) ? asAdmin : {} })
          if (response.status !== 405) answered[route.path]?.push(method)
        }
      }
    } finally {
      quiet.mockRestore()
    }
    const documented = Object.fromEntries(
      apiRoutes.map(({ path }) => [path, methods.filter((method) => document.paths[path]?.[method.toLowerCase()] !== undefined)]),
    )
    expect(documented).toEqual(answered)
  })

  test('declares every parameter of a path template', () => {
    for (const [path, item] of Object.entries(document.paths)) {
      const declared = ((item.parameters ?? []) as { name: string; in: string }[])
        .filter((parameter) => parameter.in === 'path')
        .map((parameter) => parameter.name)
      expect(declared.sort(), path).toEqual([...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]).sort())
    }
  })

  test('every reference points at a definition', () => {
    const refs = collectRefs(document)
    expect(refs.length).toBeGreaterThan(0)
    for (const ref of new Set(refs)) expect(resolve({ $ref: ref }), ref).toBeDefined()
  })

  test('errors are {message, errors} everywhere', () => {
    expect(document.components.schemas.Error).toMatchObject({ type: 'object', required: ['message', 'errors'] })
  })

  test('the login body comes from LoginSchema: email and password are required', () => {
    const login = document.paths['/api/auth/login']?.post as Operation
    const schema = resolve(login.requestBody?.content['application/json']?.schema) as { required?: string[]; properties?: object }
    expect(schema.required).toEqual(expect.arrayContaining(['email', 'password']))
    expect(schema.properties).toMatchObject({ password: { type: 'string', minLength: 6 } })
  })

  test('the sitter-onboarding body requires exactly the fields the server refuses to go without', async () => {
    const { required } = document.components.schemas.SitterOnboardingInput as { required: string[] }
    const account = await registerAccount()

    // sitterName only marks the payload as the sitter onboarding; the server names every other field it misses.
    const response = await appRequest(`/api/users/${account.user.id}`, {
      method: 'PATCH',
      headers: { 'content-type': 'application/json', ...bearer(account.accessToken) },
      body: JSON.stringify({ sitterName: 'Nina Sitter' }),
    })

    expect(response.status).toBe(400)
    const { errors } = (await response.json()) as { errors: Record<string, string[]> }
    // Missing coordinates are reported at the address they belong to.
    const shownAt = (field: string) => (field === 'latitude' || field === 'longitude' ? 'location' : field)
    const documented = new Set(required.filter((field) => field !== 'sitterName').map(shownAt))
    expect(Object.keys(errors).sort()).toEqual([...documented].sort())
  })

  test('the sitter list documents every parameter it validates', () => {
    const parameters = (document.paths['/api/users/sitters']?.get as { parameters: { name: string }[] }).parameters
    expect(parameters.map((parameter) => parameter.name).sort()).toEqual(
      ['bbox', 'date', 'lat', 'limit', 'lng', 'page', 'radius', 'search', 'service', 'size'].sort(),
    )
  })

  test('query parameters come from the filter schema', () => {
    const parameters = (document.paths['/api/dogs/available']?.get as { parameters: { name: string }[] }).parameters
    expect(parameters.map((parameter) => parameter.name).sort()).toEqual(['age', 'maxDistance', 'q', 'size'])
  })
})
