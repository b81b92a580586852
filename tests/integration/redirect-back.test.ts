import { beforeAll, expect, test } from 'vitest'
import { appRequest, cookiesFrom, postForm, postJson } from './app.ts'

// `redirectTo` after sign-in: only a path on this site, anything else falls back to /map.
const email = `redirect-${Date.now()}@example.com`
const password = 'correct-horse'
let cookie: string

beforeAll(async () => {
  await postJson('/api/auth/register', { name: 'Rita Redirect', email, password })
  cookie = cookiesFrom(await postForm('/login', { email, password, redirectTo: '' }))
})

const hostile = [
  '/\t/evil.example/x',
  '/\n/x',
  '/\r\n/evil.example',
  '//evil.example',
  '/\\evil.example',
  '/.//evil.example',
  'https://evil.example/',
  '/%09/evil.example', // stays encoded: a path on this site
]

test('a signed-in visitor opening /login goes only to paths on this site', async () => {
  for (const target of hostile) {
    const response = await appRequest(`/login?${new URLSearchParams({ redirectTo: target })}`, { headers: { cookie } })
    expect(response.status, target).toBe(302)
    const location = response.headers.get('location')!
    expect(new URL(location, 'https://pawpal.example').origin, target).toBe('https://pawpal.example')
    expect(location.startsWith('//'), target).toBe(false)
  }
})

test('tabs, newlines and backslashes fall back to /map; a plain path with a query is kept', async () => {
  const locations: Record<string, string | null> = {}
  for (const target of ['/\t/evil.example/x', '/\n/x', '/\\evil.example', '//evil.example', '/dogs?tab=1']) {
    const response = await appRequest(`/login?${new URLSearchParams({ redirectTo: target })}`, { headers: { cookie } })
    locations[target] = response.headers.get('location')
  }
  expect(locations).toEqual({
    '/\t/evil.example/x': '/map',
    '/\n/x': '/map',
    '/\\evil.example': '/map',
    '//evil.example': '/map',
    '/dogs?tab=1': '/dogs?tab=1',
  })
})

test('the login form with a hostile redirectTo signs in and goes to /map, never a 500', async () => {
  for (const redirectTo of ['/\n/x', '/\t/evil.example/x']) {
    const response = await postForm('/login', { email, password, redirectTo })
    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/map')
  }
})
