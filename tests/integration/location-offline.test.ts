import { createServer } from 'node:net'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { insertUser, userRow } from './fixtures.ts'
import { asResponse, contextFor, routeAnswer, settle } from './route-calls.ts'

// DESIGN.md ruling 8: coordinates a client sends are stored as sent, so nothing that has coordinates
// depends on the geocoder. Here GEOCODER_URL points at a port nobody listens on (set before the app reads it).
async function closedPort() {
  const server = createServer()
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as { port: number }
  await new Promise<void>((resolve) => server.close(() => resolve()))
  return port
}
process.env.GEOCODER_URL = `http://127.0.0.1:${await closedPort()}`

const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const usersById = await import('#app/routes/api/users.$id.ts')
const profileEditPage = await import('#app/routes/profile-edit.tsx')

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('users').execute()
})

afterAll(async () => {
  await db.destroy()
})

async function patchUser(user: SessionUser, body: unknown) {
  const request = new Request(`http://localhost/api/users/${user.id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return routeAnswer(request, () =>
    usersById.action({ request, url: new URL(request.url), params: { id: user.id }, pattern: '/api/users/:id', context: contextFor(user) }),
  )
}

const placed = { location: 'Seefeldstrasse 50, Zürich', latitude: 47.359123, longitude: 8.552345 }

describe('with the geocoder unreachable', () => {
  test('the sitter-onboarding payload with coordinates is saved with exactly those coordinates', async () => {
    const user = await insertUser({ name: 'New Person' })

    const response = await patchUser(user, {
      id: user.id,
      role: 'sitter',
      sitterName: 'Nina Sitter',
      experience: '1-3',
      bio: 'Walks every day.',
      dogSizes: ['small'],
      dogAges: ['adult'],
      services: ['walking'],
      rates: { walking: 25 },
      acceptsMultipleDogs: false,
      ...placed,
    })

    expect(response.status).toBe(200)
    const row = await userRow(user.id)
    expect(row).toMatchObject({ ...placed, role: 'sitter', name: 'Nina Sitter' })
    expect([row.publicLatitude, row.publicLongitude]).not.toContain(null)
  })

  test('an edit-profile payload with coordinates is saved with exactly those coordinates', async () => {
    const sitter = await insertUser({ role: 'sitter', name: 'Sam Sitter' })

    const response = await patchUser(sitter, placed)

    expect(response.status).toBe(200)
    expect(await userRow(sitter.id)).toMatchObject(placed)
  })

  test('the edit-profile form with a pin placed on the map saves it', async () => {
    const sitter = await insertUser({ role: 'sitter', name: 'Sam Sitter' })
    const body = new URLSearchParams([
      ['sitterSections', 'on'],
      ['name', 'Sam Sitter'],
      ['location', placed.location],
      ['latitude', String(placed.latitude)],
      ['longitude', String(placed.longitude)],
      ['coordinatesFor', placed.location],
    ])
    const request = new Request('http://localhost/profile/edit', { method: 'POST', body })

    const response = asResponse(
      await settle(() =>
        profileEditPage.action({ request, url: new URL(request.url), params: {}, pattern: '/profile/edit', context: contextFor(sitter) }),
      ),
    )

    expect(response.headers.get('location')).toBe('/profile')
    expect(await userRow(sitter.id)).toMatchObject(placed)
  })

  test('only an address without coordinates needs the geocoder: it answers 502 and changes nothing', async () => {
    const sitter = await insertUser({ role: 'sitter', name: 'Sam Sitter' })

    const response = await patchUser(sitter, { location: placed.location })

    expect(response.status).toBe(502)
    expect(await response.json()).toMatchObject({ message: 'There was an error finding your location.' })
    expect(await userRow(sitter.id)).toMatchObject({ location: null, latitude: null })
  })
})
