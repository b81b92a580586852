import { describe, expect, test } from 'vitest'
import { openDatabase } from '#app/lib/db.server.ts'
import { appRequest, bearer, postJson } from './app.ts'
import { apiTokenFor, browserCookieFor, insertUser } from './fixtures.ts'

// DESIGN.md ruling 2: `both` really works; a sitter who adds a dog keeps the sitter side.
const db = openDatabase(process.env.DATABASE_URL!)

test('a sitter who adds a dog becomes both owner and sitter', async () => {
  const email = `sitter-with-dog-${Date.now()}@example.com`
  const registered = await postJson('/api/auth/register', { name: 'Sid', email, password: 'secret-123' })
  const { user, accessToken } = (await registered.json()) as { user: { id: string }; accessToken: string }
  await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', user.id).execute()

  const form = new FormData()
  form.append('name', 'Pixel')
  form.append('breed', 'Beagle')
  form.append('age', '3 years')
  const created = await appRequest('/api/dogs', { method: 'POST', body: form, headers: { authorization: `Bearer ${accessToken}` } })
  expect(created.status).toBe(201)

  const row = await db.selectFrom('users').select('role').where('id', '=', user.id).executeTakeFirstOrThrow()
  expect(row.role).toBe('both')
})

// One rule, two doors: a page answers with a redirect, its API twin with JSON, for the same people.
const dogsForSitting = { page: '/dogs/available', api: '/api/dogs/available' }

test('an owner who is no sitter finds their own listed dogs at both doors of the dogs available for sitting (ruling 18)', async () => {
  const owner = await insertUser({ role: 'owner', name: 'Olga Owner' })
  const page = await appRequest(dogsForSitting.page, { headers: { cookie: await browserCookieFor(owner) } })
  const api = await appRequest(dogsForSitting.api, { headers: bearer(await apiTokenFor(owner)) })

  expect(page.status).toBe(200)
  expect(await page.text()).toContain('Your dogs listed for sitting')
  expect(api.status).toBe(200)
  expect(await api.json()).toEqual({ data: [] })
})

describe('the sitters-only screens and their API twins let the same people in', () => {
  const doors = [
    { page: '/bookings-sitter', api: '/api/bookings/sitter', refused: 'Only sitters have sitter bookings' },
  ]

  test('a visitor is sent to sign in by the page and gets 401 from the API', async () => {
    for (const { page, api } of [...doors, dogsForSitting]) {
      const visit = await appRequest(page)
      expect(visit.status, page).toBe(302)
      expect(visit.headers.get('location'), page).toBe(`/login?redirectTo=${encodeURIComponent(page)}`)
      const call = await appRequest(api)
      expect(call.status, api).toBe(401)
      expect(await call.json()).toEqual({ message: 'Unauthorized', errors: {} })
    }
  })

  test('an owner is sent to /unauthorized by the page and gets 403 with the reason from the API', async () => {
    const owner = await insertUser({ role: 'owner' })
    const cookie = await browserCookieFor(owner)
    const token = await apiTokenFor(owner)
    for (const { page, api, refused } of doors) {
      const visit = await appRequest(page, { headers: { cookie } })
      expect(visit.status, page).toBe(302)
      expect(visit.headers.get('location'), page).toBe('/unauthorized')
      const call = await appRequest(api, { headers: bearer(token) })
      expect(call.status, api).toBe(403)
      expect(await call.json()).toEqual({ message: refused, errors: {} })
    }
  })

  test('a sitter and an owner who is also a sitter pass both doors; an admin neither', async () => {
    for (const role of ['sitter', 'both', 'admin'] as const) {
      const user = await insertUser({ role })
      const cookie = await browserCookieFor(user)
      const token = await apiTokenFor(user)
      for (const { page, api } of [...doors, dogsForSitting]) {
        expect((await appRequest(page, { headers: { cookie } })).status, `${role} ${page}`).toBe(role === 'admin' ? 302 : 200)
        expect((await appRequest(api, { headers: bearer(token) })).status, `${role} ${api}`).toBe(role === 'admin' ? 403 : 200)
      }
    }
  })
})
