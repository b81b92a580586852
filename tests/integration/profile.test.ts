import { getZodConstraint } from '@conform-to/zod/v4'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { start } from '#tests/fakes/geocoder.ts'
import { metresBetween } from '#tests/metres-between.ts'
import { insertDog, insertSitter as insertSitterRow, insertUser as insertUserRow, type SitterProfileOptions, type UserOptions, userRow } from './fixtures.ts'
import { asResponse, contextFor, routeAnswer, settle } from './route-calls.ts'

// The profile screens and the users API, called as React Router calls them. The fake Nominatim must
// be listening before env.server.ts reads GEOCODER_URL, so every app module is imported after it starts.
const fake = await start()
process.env.GEOCODER_URL = fake.url

const { db, migrateToLatest } = await import('#app/lib/db.server.ts')
const { EditProfileFieldsSchema } = await import('#app/features/profiles/profile-schema.ts')
const usersMe = await import('#app/routes/api/users.me.ts')
const usersById = await import('#app/routes/api/users.$id.ts')
const profilePage = await import('#app/routes/profile.tsx')
const profileEditPage = await import('#app/routes/profile-edit.tsx')

const exact = { location: 'Bahnhofstrasse 1, Zürich', latitude: 47.3686, longitude: 8.5392 }
/** A public point as stored beside the exact one: a district and a point some 300 m away. */
const shown = { location: 'Altstadt, Zürich', latitude: 47.3712, longitude: 8.5414 }

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('users').execute()
})

afterAll(async () => {
  await fake.close()
  await db.destroy()
})

// ---- fixtures ----

const insertUser = ({ located = false, ...options }: UserOptions & { located?: boolean } = {}) =>
  insertUserRow({ phoneNumber: '+41 79 000 00 00', bio: 'Loves dogs.', ...(located ? { home: exact, shown } : {}), ...options })

const insertSitter = (options: UserOptions & SitterProfileOptions = {}) =>
  insertSitterRow({
    phoneNumber: '+41 78 555 12 34',
    bio: 'Loves dogs.',
    home: exact,
    shown,
    services: [
      { service: 'walking', hourlyRateCents: 2000 },
      { service: 'boarding', hourlyRateCents: null },
    ],
    dogSizes: ['medium'],
    ...options,
  })

/** Metres between the exact point and the public point of a stored user. */
const publicPointDistance = (row: { latitude: number | null; longitude: number | null; publicLatitude: number | null; publicLongitude: number | null }) =>
  metresBetween({ latitude: row.latitude ?? NaN, longitude: row.longitude ?? NaN }, { latitude: row.publicLatitude ?? NaN, longitude: row.publicLongitude ?? NaN })

// ---- calling routes ----

async function getMe(user: SessionUser | null) {
  const request = new Request('http://localhost/api/users/me')
  return routeAnswer(request, () =>
    usersMe.loader({ request, url: new URL(request.url), params: {}, pattern: '/api/users/me', context: contextFor(user) }),
  )
}

async function getUser(id: string, user: SessionUser | null = null) {
  const request = new Request(`http://localhost/api/users/${id}`)
  return routeAnswer(request, () =>
    usersById.loader({ request, url: new URL(request.url), params: { id }, pattern: '/api/users/:id', context: contextFor(user) }),
  )
}

async function patchUser(id: string, user: SessionUser | null, body: unknown) {
  const request = new Request(`http://localhost/api/users/${id}`, {
    method: 'PATCH',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })
  return routeAnswer(request, () =>
    usersById.action({ request, url: new URL(request.url), params: { id }, pattern: '/api/users/:id', context: contextFor(user) }),
  )
}

async function loadProfilePage(user: SessionUser | null, search = '') {
  const request = new Request(`http://localhost/profile${search}`)
  return settle(() =>
    profilePage.loader({ request, url: new URL(request.url), params: {}, pattern: '/profile', context: contextFor(user) }),
  )
}

async function postEditProfile(user: SessionUser, body: FormData | URLSearchParams) {
  const request = new Request('http://localhost/profile/edit', { method: 'POST', body })
  return settle(() =>
    profileEditPage.action({ request, url: new URL(request.url), params: {}, pattern: '/profile/edit', context: contextFor(user) }),
  )
}

type ActionResult = { data: { result?: { error?: Record<string, string[] | null> }; toast?: { title: string; description?: string } }; init: ResponseInit | null }

function asActionResult(value: unknown): ActionResult {
  if (value instanceof Response || !value || typeof value !== 'object' || !('init' in value)) {
    throw new Error('Expected the action to answer data(), not a redirect')
  }
  return value as ActionResult
}

/** The profile form as a browser posts it (application/x-www-form-urlencoded). */
const form = (entries: [string, string][]) => new URLSearchParams(entries)

/** The location section as the page sends it: the address text, the point placed for `placedFor` (the text it was found for). */
const locationFields = (text: string, point: { latitude: number | string; longitude: number | string }, placedFor = text): [string, string][] => [
  ['location', text],
  ['latitude', String(point.latitude)],
  ['longitude', String(point.longitude)],
  ['coordinatesFor', placedFor],
]
/** A sitter's services and rates as stored, by service. */
const servicesOf = (sitterId: string) =>
  db.selectFrom('sitterServices').select(['service', 'hourlyRateCents']).where('sitterId', '=', sitterId).orderBy('service').execute()
/** The first fields of the edit form a sitter posts. */
const sitterForm: [string, string][] = [
  ['sitterSections', 'on'],
  ['name', 'Sam Sitter'],
]

// ---- GET /api/users/me ----

describe('GET /api/users/me', () => {
  test('a signed-out request gets 401', async () => {
    const response = await getMe(null)

    expect(response.status).toBe(401)
    expect(await response.json()).toMatchObject({ message: 'Unauthorized' })
  })

  test('a signed-in sitter gets their own profile with the private fields and the sitter fields', async () => {
    const sitter = await insertSitter()

    const response = await getMe(sitter)

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({
      id: sitter.id,
      email: sitter.email,
      phoneNumber: '+41 78 555 12 34',
      location: exact.location,
      latitude: exact.latitude,
      services: ['walking', 'boarding'],
      rates: { walking: 20, boarding: null },
      experience: '3-5',
    })
  })
})

// ---- PATCH /api/users/{id} ----

describe('PATCH /api/users/{id}', () => {
  test("updating another user's profile is refused with 403 and changes nothing", async () => {
    const me = await insertUser({ name: 'Mallory' })
    const other = await insertUser({ name: 'Olivia Owner', phoneNumber: '+41 79 111 11 11' })

    const response = await patchUser(other.id, me, { name: 'Hacked', phoneNumber: '+1 555 0000' })

    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ message: 'You can only update your own profile' })
    const row = await userRow(other.id)
    expect(row.name).toBe('Olivia Owner')
    expect(row.phoneNumber).toBe('+41 79 111 11 11')
  })

  test('a signed-out PATCH gets 401', async () => {
    const owner = await insertUser()

    const response = await patchUser(owner.id, null, { name: 'Nobody' })

    expect(response.status).toBe(401)
    expect((await userRow(owner.id)).name).toBe('Olivia Owner')
  })

  test('a user updates their own name and phone', async () => {
    const owner = await insertUser()

    const response = await patchUser(owner.id, owner, { id: owner.id, name: '  Olivia Newname ', phoneNumber: '+41 79 123 45 67' })

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: owner.id, name: 'Olivia Newname', phoneNumber: '+41 79 123 45 67' })
    const row = await userRow(owner.id)
    expect(row.name).toBe('Olivia Newname')
    expect(row.phoneNumber).toBe('+41 79 123 45 67')
    expect(row.bio).toBe('Loves dogs.') // left out of the PATCH, so kept
  })

  test("a blank name is refused with 400 'Name is required'", async () => {
    const owner = await insertUser()

    const response = await patchUser(owner.id, owner, { name: '   ', phoneNumber: '+41 79 999 99 99' })

    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'Name is required', errors: { name: ['Name is required'] } })
    const row = await userRow(owner.id)
    expect(row.name).toBe('Olivia Owner')
    expect(row.phoneNumber).toBe('+41 79 000 00 00')
  })

  test('a sitter updates services and rates; rates are stored in cents', async () => {
    const sitter = await insertSitter()

    const response = await patchUser(sitter.id, sitter, {
      services: ['walking', 'daycare'],
      rate: 25,
      rates: { daycare: 35.5 },
      hasHomeVisit: true,
      preferredDogBreeds: ['Beagle', 'Poodle'],
    })

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ services: ['walking', 'daycare'], rates: { walking: 25, daycare: 35.5 }, rate: 25 })
    const services = await servicesOf(sitter.id)
    expect(services).toEqual([
      { service: 'daycare', hourlyRateCents: 3550 },
      { service: 'walking', hourlyRateCents: 2500 },
    ])
    const profile = await db.selectFrom('sitterProfiles').selectAll().where('userId', '=', sitter.id).executeTakeFirstOrThrow()
    expect(profile).toMatchObject({ hasHomeVisit: 1, experience: '3-5' })
    const sizes = await db.selectFrom('sitterDogSizes').select('size').where('sitterId', '=', sitter.id).execute()
    expect(sizes).toEqual([{ size: 'medium' }]) // not in the PATCH, so kept
  })

  test('a sitter who adds a service without its rate, or clears a rate, is refused and keeps the saved services', async () => {
    const sitter = await insertSitter({ services: [{ service: 'walking', hourlyRateCents: 2000 }] })

    const added = await patchUser(sitter.id, sitter, { services: ['walking', 'daycare'] })
    const cleared = await patchUser(sitter.id, sitter, { rates: { walking: null } })

    expect(added.status).toBe(400)
    expect(await added.json()).toMatchObject({ message: 'Enter your rate per day', errors: { 'rates.daycare': ['Enter your rate per day'] } })
    expect(cleared.status).toBe(400)
    expect(await cleared.json()).toMatchObject({ errors: { 'rates.walking': ['Enter your rate per hour'] } })
    const services = await servicesOf(sitter.id)
    expect(services).toEqual([{ service: 'walking', hourlyRateCents: 2000 }])
  })

  test('an owner cannot create a sitter profile through the edit-profile payload', async () => {
    const owner = await insertUser()

    const response = await patchUser(owner.id, owner, { name: 'Olivia', services: ['walking'], rate: 10 })

    expect(response.status).toBe(200)
    expect(await db.selectFrom('sitterProfiles').select('userId').where('userId', '=', owner.id).executeTakeFirst()).toBeUndefined()
  })

  test('a sitter who moves gets the new exact address and a new public point 150-600 m from it', async () => {
    const sitter = await insertSitter()

    const response = await patchUser(sitter.id, sitter, { location: 'Langstrasse 100, Zürich' })

    expect(response.status).toBe(200)
    const row = await userRow(sitter.id)
    expect(row).toMatchObject({ location: 'Langstrasse 100, Zürich', latitude: 47.3779, longitude: 8.5268, publicLocation: 'Kreis 4, Zürich' })
    expect(publicPointDistance(row)).toBeGreaterThanOrEqual(150)
    expect(publicPointDistance(row)).toBeLessThanOrEqual(600)
    expect({ latitude: row.publicLatitude, longitude: row.publicLongitude }).not.toEqual({ latitude: shown.latitude, longitude: shown.longitude })
  })

  test('saving the same address again keeps the public point where it was', async () => {
    const sitter = await insertSitter({ home: null, shown: null })
    await patchUser(sitter.id, sitter, { location: 'Langstrasse 100, Zürich', latitude: 47.3779, longitude: 8.5268 })
    const first = await userRow(sitter.id)

    await patchUser(sitter.id, sitter, { location: 'Langstrasse 100, Zürich', latitude: 47.3779, longitude: 8.5268, name: 'Sam Again' })
    await patchUser(sitter.id, sitter, { location: null })
    await patchUser(sitter.id, sitter, { location: 'Langstrasse 100, Zürich', latitude: 47.3779, longitude: 8.5268 })

    const again = await userRow(sitter.id)
    expect([again.publicLatitude, again.publicLongitude]).toEqual([first.publicLatitude, first.publicLongitude])
    expect(first.publicLatitude).not.toBeNull()
  })

  test('an owner sets their location: the point as sent, a public point 150-600 m from it and the district', async () => {
    const owner = await insertUser()
    const home = { location: 'Langstrasse 100, Zürich', latitude: 47.377912, longitude: 8.526834 }

    const response = await patchUser(owner.id, owner, { id: owner.id, ...home })

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ id: owner.id, role: 'owner', ...home })
    const row = await userRow(owner.id)
    expect(row).toMatchObject({ ...home, publicLocation: 'Kreis 4, Zürich' })
    expect(publicPointDistance(row)).toBeGreaterThanOrEqual(150)
    expect(publicPointDistance(row)).toBeLessThanOrEqual(600)
  })

  test('an address that cannot be found is refused and the saved location is kept', async () => {
    const sitter = await insertSitter()

    const response = await patchUser(sitter.id, sitter, { location: 'Nowhere Lane 99, Atlantis', name: 'Sam Renamed' })

    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'Could not find the specified address.' })
    const row = await userRow(sitter.id)
    expect(row).toMatchObject({ location: exact.location, latitude: exact.latitude, name: 'Sam Sitter' })
  })

  test('the role save makes an owner who already has dogs both owner and sitter', async () => {
    const owner = await insertUser()
    await insertDog(owner.id)

    const response = await patchUser(owner.id, owner, { id: owner.id, role: 'sitter' })

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ role: 'both' })
    expect((await userRow(owner.id)).role).toBe('both')
  })

  test('the sitter-onboarding payload creates the sitter profile with the sent point and a public one 150-600 m away', async () => {
    const owner = await insertUser({ role: 'owner', name: 'New Person' })

    const response = await patchUser(owner.id, owner, {
      id: owner.id,
      role: 'sitter',
      sitterName: 'Nina Sitter',
      experience: '1-3',
      bio: 'Walks every day.',
      dogSizes: ['small'],
      dogAges: ['adult'],
      services: ['walking'],
      rates: { walking: 25 },
      acceptsMultipleDogs: true,
      location: 'Seefeldstrasse 50, Zürich',
      latitude: 47.359,
      longitude: 8.552,
    })

    expect(response.status).toBe(200)
    expect(await response.json()).toMatchObject({ role: 'sitter', name: 'Nina Sitter', services: ['walking'], rates: { walking: 25 }, experience: '1-3' })
    const row = await userRow(owner.id)
    expect(row).toMatchObject({ location: 'Seefeldstrasse 50, Zürich', latitude: 47.359, longitude: 8.552, publicLocation: 'Seefeld, Zürich' })
    expect(publicPointDistance(row)).toBeGreaterThanOrEqual(150)
    expect(publicPointDistance(row)).toBeLessThanOrEqual(600)
  })

  const sitterOnboarding = {
    role: 'sitter',
    sitterName: 'Nina Sitter',
    experience: '1-3',
    bio: 'Walks every day.',
    dogSizes: ['small'],
    dogAges: ['adult'],
    services: ['walking', 'boarding'],
    rates: { walking: 25, boarding: 48.5 },
    location: 'Seefeldstrasse 50, Zürich',
    latitude: 47.359,
    longitude: 8.552,
  }
  const weeklyHoursOf = (sitterId: string) =>
    db.selectFrom('sitterAvailability').select(['weekday', 'startTime', 'endTime']).where('sitterId', '=', sitterId).orderBy('weekday').execute()

  test('the sitter-onboarding payload saves a rate for each service and the weekly hours sent, or Monday to Friday 08:00-18:00', async () => {
    const withHours = await insertUser()
    const withoutHours = await insertUser()

    const sent = await patchUser(withHours.id, withHours, { ...sitterOnboarding, availability: [{ weekday: 6, startTime: '09:00', endTime: '12:30' }] })
    const defaulted = await patchUser(withoutHours.id, withoutHours, sitterOnboarding)

    expect(sent.status).toBe(200)
    expect(await sent.json()).toMatchObject({ services: ['walking', 'boarding'], rates: { walking: 25, boarding: 48.5 } })
    expect(await weeklyHoursOf(withHours.id)).toEqual([{ weekday: 6, startTime: '09:00', endTime: '12:30' }])
    expect(defaulted.status).toBe(200)
    expect(await weeklyHoursOf(withoutHours.id)).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: '08:00', endTime: '18:00' })))
  })

  test('the sitter-onboarding payload sent twice at once saves one profile, and both answer 200', async () => {
    const owner = await insertUser()

    const answers = await Promise.all([1, 2].map(() => patchUser(owner.id, owner, sitterOnboarding)))

    expect(answers.map((answer) => answer.status)).toEqual([200, 200])
    const services = await servicesOf(owner.id)
    expect(services).toEqual([
      { service: 'boarding', hourlyRateCents: 4850 },
      { service: 'walking', hourlyRateCents: 2500 },
    ])
    expect(await weeklyHoursOf(owner.id)).toEqual([1, 2, 3, 4, 5].map((weekday) => ({ weekday, startTime: '08:00', endTime: '18:00' })))
  })

  test.each([
    ['a service without a rate', { rates: { walking: 25 } }, { 'rates.boarding': ['Enter your rate per night'] }],
    ['a negative rate', { rates: { walking: -1, boarding: 40 } }, { 'rates.walking': ['Rate cannot be negative'] }],
    ['a rate over $1000', { rates: { walking: 25, boarding: 1e9 } }, { 'rates.boarding': ['Rate must be at most $1000'] }],
    ['a rate as text', { rates: { walking: '25; drop table users', boarding: 40 } }, { 'rates.walking': ['Rate must be a number of dollars'] }],
    ['a rate of an unknown service', { rates: { walking: 25, boarding: 40, __proto__x: 1 } }, { rates: expect.any(Array) }],
    ['rates that are no object', { rates: [25, 40] }, { rates: expect.any(Array) }],
    ['no weekly hours at all', { availability: [] }, { availability: ['Choose at least one day'] }],
    ['hours that end before they start', { availability: [{ weekday: 1, startTime: '18:00', endTime: '08:00' }] }, { availability: ['End time must be after start time'] }],
    ['an unknown weekday', { availability: [{ weekday: 8, startTime: '08:00', endTime: '18:00' }] }, { 'availability.0.weekday': expect.any(Array) }],
    ['a time that is no time', { availability: [{ weekday: 1, startTime: '8 am', endTime: '18:00' }] }, { 'availability.0.startTime': expect.any(Array) }],
  ])('the sitter-onboarding payload with %s is refused and creates nothing', async (_case, change, errors) => {
    const owner = await insertUser()

    const response = await patchUser(owner.id, owner, { ...sitterOnboarding, ...change })

    expect(response.status).toBe(400)
    expect(((await response.json()) as { errors: unknown }).errors).toEqual(errors)
    expect(await db.selectFrom('sitterProfiles').select('userId').where('userId', '=', owner.id).executeTakeFirst()).toBeUndefined()
    expect((await userRow(owner.id)).role).toBe('owner')
  })

  test('an incomplete sitter-onboarding payload is refused and creates nothing', async () => {
    const owner = await insertUser()

    const response = await patchUser(owner.id, owner, { role: 'sitter', sitterName: 'Nina', experience: '1-3', services: [] })

    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'Please complete all required fields before submitting' })
    expect(await db.selectFrom('sitterProfiles').select('userId').where('userId', '=', owner.id).executeTakeFirst()).toBeUndefined()
    expect((await userRow(owner.id)).role).toBe('owner')
  })

  test('the owner-onboarding payload saves the name and keeps a sitter a sitter (role both)', async () => {
    const sitter = await insertSitter()

    const response = await patchUser(sitter.id, sitter, { id: sitter.id, role: 'owner', ownerName: 'Sam Owner', ownerPhoto: '/elsewhere.png' })

    expect(response.status).toBe(200)
    expect(await userRow(sitter.id)).toMatchObject({ name: 'Sam Owner', role: 'both', profilePhoto: null })
  })

  test('the role save accepts only owner or sitter', async () => {
    const owner = await insertUser()

    const response = await patchUser(owner.id, owner, { role: 'admin' })

    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({ message: 'Role must be owner or sitter' })
    expect((await userRow(owner.id)).role).toBe('owner')
  })
})

// ---- GET /api/users/{id} ----

describe('GET /api/users/{id}', () => {
  test("a sitter's public profile never contains the email, phone, address or exact coordinates", async () => {
    const sitter = await insertSitter({ home: null, shown: null })
    const home = { location: 'Langstrasse 100, Zürich', latitude: 47.377912, longitude: 8.526834 }
    expect((await patchUser(sitter.id, sitter, home)).status).toBe(200)
    const viewer = await insertUser({ name: 'Vera Viewer' })

    const response = await getUser(sitter.id, viewer)

    expect(response.status).toBe(200)
    const text = await response.text()
    const body = JSON.parse(text) as Record<string, unknown> & { latitude: number; longitude: number }
    expect(body).toMatchObject({
      id: sitter.id,
      name: 'Sam Sitter',
      bio: 'Loves dogs.',
      location: 'Kreis 4, Zürich',
      experience: '3-5',
      services: ['walking', 'boarding'],
      rates: { walking: 20, boarding: null },
      dogSizes: ['medium'],
      rating: null,
      reviewCount: 0,
      verified: false,
    })
    const metres = metresBetween(home, body)
    expect(metres).toBeGreaterThanOrEqual(150)
    expect(metres).toBeLessThanOrEqual(600)
    expect(body).not.toHaveProperty('email')
    expect(body).not.toHaveProperty('phoneNumber')
    expect(body).not.toHaveProperty('publicLatitude')
    expect(text).not.toContain(sitter.email)
    expect(text).not.toContain('555 12 34')
    expect(text).not.toContain('Langstrasse')
    expect(text).not.toContain('47.377912')
    expect(text).not.toContain('8.526834')
  })

  test("an unknown id gets 404 'User not found'", async () => {
    const response = await getUser(crypto.randomUUID())

    expect(response.status).toBe(404)
    expect(await response.json()).toMatchObject({ message: 'User not found' })
  })

  test('a suspended sitter and a user without a sitter profile are not found', async () => {
    const suspended = await insertSitter({ accountStatus: 'suspended' })
    const owner = await insertUser({ located: true })

    expect((await getUser(suspended.id)).status).toBe(404)
    expect((await getUser(owner.id)).status).toBe(404)
  })
})

// ---- /profile ----

describe('/profile', () => {
  test('a signed-out visitor is sent to the login page and back', async () => {
    const response = asResponse(await loadProfilePage(null))

    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/login?redirectTo=%2Fprofile')
  })

  test("an owner's My Dogs tab lists their dogs", async () => {
    const owner = await insertUser()
    const dogId = await insertDog(owner.id, { name: 'Bella', breed: 'Labrador', weightKg: 25 })

    const data = await loadProfilePage(owner, '?tab=dogs')

    if (data instanceof Response) throw new Error('unexpected redirect')
    expect(data.tab).toBe('dogs')
    expect(data.tabs).toEqual(['profile', 'dogs'])
    expect(data.dogs).toEqual([expect.objectContaining({ id: dogId, name: 'Bella', breed: 'Labrador', weightKg: 25 })])
  })

  test('a sitter has the Profile and My Services tabs, and no dogs tab', async () => {
    const sitter = await insertSitter()

    const data = await loadProfilePage(sitter, '?tab=dogs')

    if (data instanceof Response) throw new Error('unexpected redirect')
    expect(data.tabs).toEqual(['profile', 'services'])
    expect(data.tab).toBe('profile')
    expect(data.profile.sitter?.services).toEqual([
      { service: 'walking', hourlyRateCents: 2000, extraDogRateCents: null },
      { service: 'boarding', hourlyRateCents: null, extraDogRateCents: null },
    ])
  })
})

// ---- /profile/edit ----

describe('/profile/edit', () => {
  test('the form can read its browser-side constraints: Full Name required, the rest optional', () => {
    const constraint = getZodConstraint(EditProfileFieldsSchema)

    expect(constraint.name).toMatchObject({ required: true })
    expect(constraint['rates.walking']).toMatchObject({ required: false })
    expect(constraint.phoneNumber).toMatchObject({ required: false })
  })

  test("saving the form updates the profile and goes to /profile with 'Profile updated'", async () => {
    const owner = await insertUser({ located: true })
    const before = await userRow(owner.id)

    const response = asResponse(
      await postEditProfile(
        owner,
        form([
          ['name', 'Olivia Edited'],
          ['phoneNumber', '+41 79 123 45 67'],
          ['bio', ''],
          // The location section as the page sends it back unchanged: the saved text and its coordinates.
          ...locationFields(exact.location, exact),
        ]),
      ),
    )

    expect(response.status).toBe(302)
    expect(response.headers.get('location')).toBe('/profile')
    expect(response.headers.get('set-cookie')).toContain('__toast=')
    const row = await userRow(owner.id)
    expect(row).toMatchObject({ name: 'Olivia Edited', phoneNumber: '+41 79 123 45 67', bio: null })
    expect(row).toMatchObject({ location: exact.location, latitude: exact.latitude, publicLatitude: before.publicLatitude })
  })

  test("a blank Full Name is refused (400) with 'Name is required' and no failure toast; nothing changes", async () => {
    const owner = await insertUser()

    const result = asActionResult(await postEditProfile(owner, form([['name', ''], ['phoneNumber', '+41 79 123 45 67']])))

    expect(result.init?.status).toBe(400)
    expect(result.data.result?.error?.name).toEqual(['Name is required'])
    expect(result.data.toast).toBeUndefined() // 'Update failed' is for real failures only
    expect((await userRow(owner.id)).phoneNumber).toBe('+41 79 000 00 00')
  })

  test("an owner's form saves an address without coordinates: geocoded, with a public point 150-600 m away and the district", async () => {
    const owner = await insertUser()

    const response = asResponse(
      await postEditProfile(owner, form([['name', 'Olivia Owner'], ...locationFields('Langstrasse 100, Zürich', { latitude: '', longitude: '' }, '')])),
    )

    expect(response.headers.get('location')).toBe('/profile')
    const row = await userRow(owner.id)
    expect(row).toMatchObject({ role: 'owner', location: 'Langstrasse 100, Zürich', latitude: 47.3779, longitude: 8.5268, publicLocation: 'Kreis 4, Zürich' })
    expect(publicPointDistance(row)).toBeGreaterThanOrEqual(150)
    expect(publicPointDistance(row)).toBeLessThanOrEqual(600)
    expect(await db.selectFrom('sitterProfiles').select('userId').where('userId', '=', owner.id).executeTakeFirst()).toBeUndefined()
  })

  test("an owner's form saves a point placed on the map as sent", async () => {
    const owner = await insertUser()
    const pin = { location: 'Near the lake, Zürich', latitude: 47.361234, longitude: 8.548765 }

    const response = asResponse(
      await postEditProfile(
        owner,
        form([['name', 'Olivia Owner'], ...locationFields(pin.location, pin)]),
      ),
    )

    expect(response.headers.get('location')).toBe('/profile')
    const row = await userRow(owner.id)
    expect(row).toMatchObject(pin)
    expect(publicPointDistance(row)).toBeGreaterThanOrEqual(150)
    expect(publicPointDistance(row)).toBeLessThanOrEqual(600)
  })

  test("an owner's address that cannot be found is refused (400) on the Location field, without a toast; nothing changes", async () => {
    const owner = await insertUser({ located: true })

    const result = asActionResult(
      await postEditProfile(owner, form([['name', 'Olivia Renamed'], ['location', 'Nowhere Lane 99, Atlantis'], ['coordinatesFor', exact.location]])),
    )

    expect(result.init?.status).toBe(400)
    expect(result.data.result?.error?.location).toEqual(['Could not find the specified address.'])
    expect(result.data.toast).toBeUndefined()
    expect(await userRow(owner.id)).toMatchObject({ name: 'Olivia Owner', location: exact.location, latitude: exact.latitude })
  })

  test("a sitter's form refuses a ticked service without a rate, in that service's unit, and saves nothing", async () => {
    const sitter = await insertSitter({ services: [{ service: 'walking', hourlyRateCents: 2000 }] })

    const answer = asActionResult(
      await postEditProfile(
        sitter,
        form([
          ...sitterForm,
          ['services', 'walking'],
          ['services', 'boarding'],
          ['rates.walking', '22'],
          ['rates.boarding', ''],
        ]),
      ),
    )

    expect(answer.init?.status).toBe(400)
    expect(answer.data.result?.error).toMatchObject({ 'rates.boarding': ['Enter your rate per night'] })
    const services = await servicesOf(sitter.id)
    expect(services).toEqual([{ service: 'walking', hourlyRateCents: 2000 }])
  })

  test("a sitter's form saves services with rates in cents, preferences and weekly availability", async () => {
    const sitter = await insertSitter()

    const response = asResponse(
      await postEditProfile(
        sitter,
        form([
          ...sitterForm,
          ...locationFields(exact.location, exact),
          ['experience', '5+'],
          ['services', 'walking'],
          ['services', 'grooming'],
          ['rates.walking', '22.5'],
          ['rates.grooming', '30'],
          ['rates.boarding', ''],
          ['acceptsMultipleDogs', 'on'],
          ['dogSizes', 'small'],
          ['dogAges', 'puppy'],
          ['dogAges', 'senior'],
          ['preferredDogBreeds', 'Beagle, Pug ,, Beagle'],
          ['availability[0].weekday', '1'],
          ['availability[0].available', 'on'],
          ['availability[0].startTime', '08:00'],
          ['availability[0].endTime', '12:00'],
          ['availability[1].weekday', '2'],
          ['availability[1].startTime', '09:00'],
          ['availability[1].endTime', '17:00'],
        ]),
      ),
    )

    expect(response.headers.get('location')).toBe('/profile')
    const services = await servicesOf(sitter.id)
    expect(services).toEqual([
      { service: 'grooming', hourlyRateCents: 3000 },
      { service: 'walking', hourlyRateCents: 2250 },
    ])
    const profile = await db.selectFrom('sitterProfiles').selectAll().where('userId', '=', sitter.id).executeTakeFirstOrThrow()
    expect(profile).toMatchObject({ experience: '5+', acceptsMultipleDogs: 1, hasHomeVisit: 0, canHostOvernight: 0 })
    const breeds = await db.selectFrom('sitterPreferredBreeds').select('breed').where('sitterId', '=', sitter.id).orderBy('breed').execute()
    expect(breeds.map((b) => b.breed)).toEqual(['Beagle', 'Pug'])
    const availability = await db
      .selectFrom('sitterAvailability')
      .select(['weekday', 'startTime', 'endTime'])
      .where('sitterId', '=', sitter.id)
      .execute()
    expect(availability).toEqual([{ weekday: 1, startTime: '08:00', endTime: '12:00' }])
    expect((await userRow(sitter.id)).location).toBe(exact.location)
  })

  test('an address edited without JavaScript is geocoded, not saved with the stale hidden coordinates', async () => {
    const sitter = await insertSitter()

    const response = asResponse(
      await postEditProfile(
        sitter,
        form([
          ...sitterForm,
          ...locationFields('Seefeldstrasse 50, Zürich', exact, exact.location),
        ]),
      ),
    )

    expect(response.headers.get('location')).toBe('/profile')
    expect(await userRow(sitter.id)).toMatchObject({
      location: 'Seefeldstrasse 50, Zürich',
      latitude: 47.359,
      longitude: 8.552,
      publicLocation: 'Seefeld, Zürich',
    })
  })

  test('an availability range that ends before it starts is refused', async () => {
    const sitter = await insertSitter()

    const result = asActionResult(
      await postEditProfile(
        sitter,
        form([
          ...sitterForm,
          ['availability[0].weekday', '3'],
          ['availability[0].available', 'on'],
          ['availability[0].startTime', '18:00'],
          ['availability[0].endTime', '09:00'],
        ]),
      ),
    )

    expect(result.init?.status).toBe(400)
    expect(result.data.result?.error?.['availability[0].endTime']).toEqual(['End time must be after start time'])
  })
})
