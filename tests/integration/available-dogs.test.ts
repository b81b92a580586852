import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import * as publicDogApi from '#app/routes/api/dogs.$id.public.ts'
import * as dogRequestPage from '#app/routes/bookings-new.tsx'
import * as ownDogsApi from '#app/routes/api/dogs.ts'
import * as availableDogsApi from '#app/routes/api/dogs.available.ts'
import * as userDogsApi from '#app/routes/api/dogs.user.$userId.ts'
import * as detailPage from '#app/routes/dogs-available-detail.tsx'
import * as listPage from '#app/routes/dogs-available.tsx'
import { type DogOptions, insertDog as insertDogRow, insertUser as insertUserRow } from './fixtures.ts'
import { asResponse, contextFor, routeAnswer, settle } from './route-calls.ts'
import { statementsOf } from './statements-of.ts'

// Dogs available for sitting (issue 4): the page loaders and the JSON API, called as React Router calls
// them, against a fresh database with users and dogs inserted here.

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('dogs').execute()
  await db.deleteFrom('users').execute()
})

// ---- places ----

type Point = { latitude: number; longitude: number }

/** The sitter lives at Zurich's centre. */
const sitterHome: Point = { latitude: 47.3769, longitude: 8.5417 }

/** A point `miles` due north of `from` (along a meridian the great-circle distance is R times the angle). */
function northOf(from: Point, miles: number): Point {
  return { latitude: from.latitude + (miles / 3958.8) * (180 / Math.PI), longitude: from.longitude }
}

// ---- fixtures ----

type UserOptions = {
  role?: Role
  name?: string
  accountStatus?: 'active' | 'suspended'
  /** Exact coordinates (private). */
  exact?: Point | null
  /** Public coordinates: what distances are measured to. */
  public?: Point | null
}

const insertUser = ({ exact = null, public: shown = null, ...options }: UserOptions = {}) =>
  insertUserRow({
    phoneNumber: '+41 79 123 45 67',
    home: exact && { location: 'Secret Street 7, Zürich', ...exact },
    shown: shown && { location: 'Kreis 1, Zürich', ...shown },
    ...options,
  })

const insertSitter = (options: UserOptions = {}) =>
  insertUser({ role: 'sitter', name: 'Sam Sitter', exact: sitterHome, public: sitterHome, ...options })

/** An owner whose PUBLIC location is `miles` north of the sitter; their exact home is elsewhere on purpose. */
const insertOwnerAt = (miles: number, options: UserOptions = {}) =>
  insertUser({ name: `Owner at ${miles} miles`, public: northOf(sitterHome, miles), exact: northOf(sitterHome, 40), ...options })

/** A dog listed for sitting unless `listed: false`. */
const insertDog = (ownerId: string, options: DogOptions = {}) => insertDogRow(ownerId, { listed: true, ...options })

// ---- calling routes ----




type DogJson = {
  id: string
  name: string
  breed: string
  distance: string | null
  owner: Record<string, unknown>
  personality: string[]
  activities: string[]
  availability: string[]
  images: string[]
  [key: string]: unknown
}

async function getAvailableApi(user: SessionUser | null, search = '') {
  const request = new Request(`http://localhost/api/dogs/available${search}`)
  return routeAnswer(request, () =>
    availableDogsApi.loader({ request, url: new URL(request.url), params: {}, pattern: '/api/dogs/available', context: contextFor(user) }),
  )
}

async function availableNames(user: SessionUser, search = '') {
  const response = await getAvailableApi(user, search)
  expect(response.status).toBe(200)
  const body = (await response.json()) as { data: DogJson[] }
  return body.data.map((dog) => dog.name).sort()
}

async function getPublicApi(user: SessionUser | null, id: string) {
  const request = new Request(`http://localhost/api/dogs/${id}/public`)
  return routeAnswer(request, () =>
    publicDogApi.loader({ request, url: new URL(request.url), params: { id }, pattern: '/api/dogs/:id/public', context: contextFor(user) }),
  )
}

async function getUserDogsApi(user: SessionUser, userId: string) {
  const request = new Request(`http://localhost/api/dogs/user/${userId}`)
  return routeAnswer(request, () =>
    userDogsApi.loader({ request, url: new URL(request.url), params: { userId }, pattern: '/api/dogs/user/:userId', context: contextFor(user) }),
  )
}

async function getOwnDogsApi(user: SessionUser) {
  const request = new Request('http://localhost/api/dogs')
  return routeAnswer(request, () =>
    ownDogsApi.loader({ request, url: new URL(request.url), params: {}, pattern: '/api/dogs', context: contextFor(user) }),
  )
}

async function loadListPage(user: SessionUser | null, search = '') {
  const request = new Request(`http://localhost/dogs/available${search}`)
  return settle(() =>
    listPage.loader({ request, url: new URL(request.url), params: {}, pattern: '/dogs/available', context: contextFor(user) }),
  )
}

async function listPageData(user: SessionUser, search = '') {
  const result = await loadListPage(user, search)
  if (result instanceof Response) throw new Error(`Expected page data, got a ${result.status} response`)
  return result
}

async function loadDetailPage(user: SessionUser | null, id: string, search = '') {
  const request = new Request(`http://localhost/dogs/available/${id}${search}`)
  return settle(() =>
    detailPage.loader({ request, url: new URL(request.url), params: { id }, pattern: '/dogs/available/:id', context: contextFor(user) }),
  )
}

/** The detail loader's answer as {status, data}: data() carries its status in `init`. */
async function detailPageResult(user: SessionUser, id: string, search = '') {
  const result = await loadDetailPage(user, id, search)
  if (result instanceof Response) throw new Error(`Expected page data, got a ${result.status} response`)
  if ('init' in result && 'data' in result) {
    const wrapped = result as unknown as { data: { dog: null; tab: string }; init: ResponseInit | null }
    return { status: wrapped.init?.status ?? 200, data: wrapped.data }
  }
  return { status: 200, data: result }
}

// ---- distance ----

describe('distance filter', () => {
  test('a dog whose owner is 4.9 miles away shows at max distance 5, one at 5.1 miles does not', async () => {
    const sitter = await insertSitter()
    await insertDog((await insertOwnerAt(4.9)).id, { name: 'Near' })
    await insertDog((await insertOwnerAt(5.1)).id, { name: 'Far' })

    expect(await availableNames(sitter)).toEqual(['Near'])
    expect(await availableNames(sitter, '?maxDistance=5')).toEqual(['Near'])
    expect(await availableNames(sitter, '?maxDistance=5.5')).toEqual(['Far', 'Near'])
    expect(await availableNames(sitter, '?maxDistance=4.5')).toEqual([])
  })

  test('the page applies the same boundary and shows the distance with one decimal', async () => {
    const sitter = await insertSitter()
    await insertDog((await insertOwnerAt(4.9)).id, { name: 'Near' })
    await insertDog((await insertOwnerAt(5.1)).id, { name: 'Far' })

    const page = await listPageData(sitter)

    expect(page.dogs.map((dog) => [dog.name, dog.distance])).toEqual([['Near', '4.9']])
    expect(page.distanceFilterApplied).toBe(true)
  })

  test("distance is measured to the owner's public location, not their exact home", async () => {
    const sitter = await insertSitter()
    // Public point 2 miles away, exact home 40 miles away: listed, 2.0 miles.
    await insertDog((await insertOwnerAt(2)).id, { name: 'Fuzzed near' })
    // Public point 8 miles away, exact home next door to the sitter: not listed at 5 miles.
    await insertDog((await insertOwnerAt(8, { exact: sitterHome })).id, { name: 'Fuzzed far' })

    const response = await getAvailableApi(sitter)
    const body = (await response.json()) as { data: DogJson[] }

    expect(body.data.map((dog) => [dog.name, dog.distance])).toEqual([['Fuzzed near', '2.0']])
  })

  test("the walk request screen carries the distance from the sitter's home rounded to 0.1 mile", async () => {
    const sitter = await insertSitter()
    const dogId = await insertDog((await insertOwnerAt(2.34)).id, { name: 'Rex' })
    const url = new URL(`http://localhost/bookings/new?dogId=${dogId}`)
    const screen = await dogRequestPage.loader({ request: new Request(url), url, params: {}, pattern: '/bookings/new', context: contextFor(sitter) })
    if (!('dog' in screen) || !screen.dog) throw new Error('Expected the walk request screen')
    expect(screen.dog.distance).toBe(Math.round(2.34 * 10) / 10)
  })

  test('the list is nearest first', async () => {
    const sitter = await insertSitter()
    await insertDog((await insertOwnerAt(3)).id, { name: 'Three' })
    await insertDog((await insertOwnerAt(0.5)).id, { name: 'Half' })
    await insertDog((await insertOwnerAt(1.5)).id, { name: 'OneAndHalf' })

    const page = await listPageData(sitter)

    expect(page.dogs.map((dog) => dog.name)).toEqual(['Half', 'OneAndHalf', 'Three'])
  })

  test('dogs whose owner has no public location are left out while the distance filter applies', async () => {
    const sitter = await insertSitter()
    await insertDog((await insertUser({ name: 'Nowhere', exact: sitterHome, public: null })).id, { name: 'Unplaced' })
    await insertDog((await insertOwnerAt(1)).id, { name: 'Placed' })

    expect(await availableNames(sitter, '?maxDistance=10')).toEqual(['Placed'])
  })

  test('a sitter without a location sees every listed dog, without distances, and the page says how to fix it', async () => {
    const sitter = await insertSitter({ exact: null, public: null })
    await insertDog((await insertOwnerAt(1)).id, { name: 'Close' })
    await insertDog((await insertOwnerAt(30)).id, { name: 'Distant' })
    await insertDog((await insertUser({ name: 'Nowhere' })).id, { name: 'Unplaced' })

    const response = await getAvailableApi(sitter, '?maxDistance=1')
    const body = (await response.json()) as { data: DogJson[] }
    const page = await listPageData(sitter)

    expect(body.data.map((dog) => dog.name).sort()).toEqual(['Close', 'Distant', 'Unplaced'])
    expect(body.data.every((dog) => dog.distance === null)).toBe(true)
    expect(page.distanceFilterApplied).toBe(false)
    expect(page.dogs).toHaveLength(3)
  })
})

// ---- who and which dogs ----

describe('which dogs are listed', () => {
  test("the list never contains the sitter's own dogs or unlisted dogs", async () => {
    const sitter = await insertSitter({ role: 'both' })
    const owner = await insertOwnerAt(1)
    await insertDog(sitter.id, { name: 'Own listed' })
    await insertDog(owner.id, { name: 'Unlisted', listed: false })
    await insertDog(owner.id, { name: 'Listed' })

    expect(await availableNames(sitter)).toEqual(['Listed'])
    expect((await listPageData(sitter)).dogs.map((dog) => dog.name)).toEqual(['Listed'])
  })

  test('a user with role both browses like a sitter', async () => {
    const both = await insertSitter({ role: 'both' })
    await insertDog((await insertOwnerAt(1)).id, { name: 'Buddy' })

    expect(await availableNames(both)).toEqual(['Buddy'])
  })
})

describe('search and filters', () => {
  async function kennel() {
    const sitter = await insertSitter()
    const owner = await insertOwnerAt(1)
    await insertDog(owner.id, { name: 'Bella', breed: 'Labrador Retriever', size: 'large', ageMonths: 36 })
    await insertDog(owner.id, { name: 'Milo', breed: 'Beagle', size: 'medium', ageMonths: 6 })
    await insertDog(owner.id, { name: 'Luna', breed: 'Chihuahua', size: 'small', ageMonths: 100 })
    await insertDog(owner.id, { name: 'Ghost', breed: 'Mixed', size: null, ageMonths: null })
    return sitter
  }

  test('search matches breed text case-insensitively, as a substring', async () => {
    const sitter = await kennel()

    expect(await availableNames(sitter, '?q=LABRA')).toEqual(['Bella'])
    expect(await availableNames(sitter, '?q=retriever')).toEqual(['Bella'])
    expect((await listPageData(sitter, '?q=bEaGlE')).dogs.map((dog) => dog.name)).toEqual(['Milo'])
  })

  test('search matches the name too, and a search without matches lists nothing', async () => {
    const sitter = await kennel()

    expect(await availableNames(sitter, '?q=lun')).toEqual(['Luna'])
    expect(await availableNames(sitter, '?q=poodle')).toEqual([])
  })

  test('search treats % and _ as plain characters', async () => {
    const sitter = await kennel()

    expect(await availableNames(sitter, `?q=${encodeURIComponent('%')}`)).toEqual([])
    expect(await availableNames(sitter, '?q=_')).toEqual([])
  })

  test('size filters only when sizes are selected, and several sizes combine', async () => {
    const sitter = await kennel()

    expect(await availableNames(sitter)).toEqual(['Bella', 'Ghost', 'Luna', 'Milo'])
    expect(await availableNames(sitter, '?size=small')).toEqual(['Luna'])
    expect(await availableNames(sitter, '?size=small&size=large')).toEqual(['Bella', 'Luna'])
    expect((await listPageData(sitter, '?size=medium')).dogs.map((dog) => dog.name)).toEqual(['Milo'])
  })

  test('age filters by age group (puppy under 1 year, adult 1-7, senior 7+) and leaves out dogs of unknown age', async () => {
    const sitter = await kennel()

    expect(await availableNames(sitter, '?age=puppy')).toEqual(['Milo'])
    expect(await availableNames(sitter, '?age=adult')).toEqual(['Bella'])
    expect(await availableNames(sitter, '?age=senior')).toEqual(['Luna'])
    expect(await availableNames(sitter, '?age=puppy&age=senior')).toEqual(['Luna', 'Milo'])
  })

  test('search, size and age combine', async () => {
    const sitter = await kennel()

    expect(await availableNames(sitter, '?q=l&size=large&size=small&age=senior')).toEqual(['Luna'])
  })

  test('the API refuses bad filter values with 400', async () => {
    const sitter = await kennel()

    for (const search of ['?maxDistance=11', '?maxDistance=-1', '?maxDistance=2.3', '?maxDistance=far', '?size=huge', '?age=old']) {
      const response = await getAvailableApi(sitter, search)
      expect(response.status, search).toBe(400)
      expect(((await response.json()) as { message: string }).message, search).toMatch(/Max distance|Size|Age/)
    }
  })

  test('the page reads bad filter values as their defaults', async () => {
    const sitter = await kennel()

    const page = await listPageData(sitter, '?maxDistance=99&size=huge&age=old')

    expect(page.filters).toEqual({ q: '', maxDistance: 5, size: [], age: [] })
    expect(page.filtersActive).toBe(false)
    expect(page.dogs).toHaveLength(4)
  })

  test('the page tells filters the user set apart from the defaults and from a search (for the empty-state hint)', async () => {
    const sitter = await kennel()

    expect((await listPageData(sitter, '?q=&maxDistance=5')).filtersActive).toBe(false)
    const searched = await listPageData(sitter, '?q=poodle')
    expect(searched.dogs).toEqual([])
    expect(searched.filtersActive).toBe(false) // a search is not a filter
    expect((await listPageData(sitter, '?q=poodle&size=small')).filtersActive).toBe(true)
    expect((await listPageData(sitter, '?maxDistance=7.5')).filtersActive).toBe(true)
    expect((await listPageData(sitter, '?age=puppy')).filtersActive).toBe(true)
  })

  test('with no dogs listed at all and no filters, the page has nothing and no active filters', async () => {
    const sitter = await insertSitter()

    const page = await listPageData(sitter)

    expect(page.dogs).toEqual([])
    expect(page.filtersActive).toBe(false)
  })
})

describe('cards', () => {
  test('a card shows the first photo, the age as it reads, the size, the owner name and at most three personality chips', async () => {
    const sitter = await insertSitter()
    const owner = await insertOwnerAt(1.23, { name: 'Anna Owner' })
    await insertDog(owner.id, {
      name: 'Bella',
      ageMonths: 26,
      size: 'medium',
      traits: ['Playful', 'Friendly', 'Calm', 'Curious'],
      images: ['/uploads/dogs/a/first', '/uploads/dogs/a/second'],
    })

    const [card] = (await listPageData(sitter)).dogs

    expect(card).toMatchObject({
      name: 'Bella',
      age: '2 years',
      size: 'medium',
      distance: '1.2',
      ownerName: 'Anna Owner',
      photo: '/uploads/dogs/a/first',
      personality: ['Friendly', 'Calm', 'Playful'],
    })
  })
})

describe('what the page reads', () => {
  test('the list page reads what its cards show, not the activities and availability the API answers with', async () => {
    const sitter = await insertSitter()
    const owner = await insertOwnerAt(1.23, { name: 'Anna Owner' })
    await insertDog(owner.id, { name: 'Bella', traits: ['Calm'], activities: ['Fetch'], availability: ['Weekend Mornings'] })

    const { result: page, statements } = await statementsOf(() => listPageData(sitter))

    expect(page.dogs.map((dog) => [dog.name, dog.personality])).toEqual([['Bella', ['Calm']]])
    expect(statements.map((statement) => statement.sql).filter((sql) => /"dog(Activities|Availability)"/.test(sql))).toEqual([])
    const response = await getAvailableApi(sitter)
    expect(response.status).toBe(200)
    const { data } = (await response.json()) as { data: DogJson[] }
    expect(data.map((dog) => [dog.name, dog.activities, dog.availability])).toEqual([['Bella', ['Fetch'], ['Weekend Mornings']]])
  })
})

// ---- permissions ----

describe('who may browse', () => {
  test("an owner gets their own listed dogs from the API, never another owner's", async () => {
    const owner = await insertUser({ role: 'owner', exact: sitterHome, public: sitterHome })
    await insertDog(owner.id, { name: 'Mine' })
    await insertDog(owner.id, { name: 'Mine, unlisted', listed: false })
    await insertDog((await insertOwnerAt(1)).id, { name: 'Theirs' })

    expect(await availableNames(owner)).toEqual(['Mine'])
  })

  test('an admin who is no sitter gets 403 from the API', async () => {
    const admin = await insertUser({ role: 'admin' })

    const response = await getAvailableApi(admin)

    expect(response.status).toBe(403)
    expect(await response.json()).toMatchObject({ message: 'Only sitters can browse dogs available for sitting' })
  })

  test("an owner opening the page sees their own dogs listed for sitting (ruling 18), never another owner's or an unlisted one", async () => {
    const owner = await insertOwnerAt(1, { name: 'Olga Owner' })
    await insertDog(owner.id, { name: 'Listed' })
    await insertDog(owner.id, { name: 'Unlisted', listed: false })
    await insertDog((await insertOwnerAt(1)).id, { name: 'Someone Else' })

    const page = await listPageData(owner)

    expect(page.view).toBe('own')
    expect(page.dogs.map((dog) => [dog.name, dog.ownerName, dog.distance])).toEqual([['Listed', 'Olga Owner', null]])
  })

  test('an admin who is no sitter is sent to /unauthorized', async () => {
    const admin = await insertUser({ role: 'admin' })

    const result = await loadListPage(admin)

    expect(result).toBeInstanceOf(Response)
    expect((result as Response).status).toBe(302)
    expect((result as Response).headers.get('Location')).toBe('/unauthorized')
  })

  test('signed out: the API answers 401 and the page sends the visitor to sign in, then back', async () => {
    const dogId = await insertDog((await insertOwnerAt(1)).id)

    expect((await getAvailableApi(null)).status).toBe(401)
    expect((await getPublicApi(null, dogId)).status).toBe(401)
    const page = asResponse(await loadListPage(null, '?q=lab'))
    expect(page.headers.get('Location')).toBe(`/login?${new URLSearchParams({ redirectTo: '/dogs/available?q=lab' })}`)
    const detail = asResponse(await loadDetailPage(null, dogId))
    expect(detail.headers.get('Location')).toContain('/login?redirectTo=')
  })
})

describe("a suspended owner's dogs are hidden everywhere", () => {
  async function sitterAndOwners() {
    const sitter = await insertSitter()
    const suspended = await insertOwnerAt(1, { name: 'Suspended Owner', accountStatus: 'suspended' })
    const active = await insertOwnerAt(1, { name: 'Active Owner' })
    const hidden = await insertDog(suspended.id, { name: 'Hidden' })
    const shown = await insertDog(active.id, { name: 'Shown' })
    return { sitter, suspended, active, hidden, shown }
  }

  test('GET /api/dogs/user/{id} lists none of them', async () => {
    const { sitter, suspended, active } = await sitterAndOwners()

    const ofSuspended = (await (await getUserDogsApi(sitter, suspended.id)).json()) as DogJson[]
    const ofActive = (await (await getUserDogsApi(sitter, active.id)).json()) as DogJson[]

    expect(ofSuspended).toEqual([])
    expect(ofActive.map((dog) => dog.name)).toEqual(['Shown'])
  })

  test('GET /api/dogs/available lists none of them', async () => {
    const { sitter } = await sitterAndOwners()

    expect(await availableNames(sitter)).toEqual(['Shown'])
  })

  test('GET /api/dogs/{id}/public does not find them', async () => {
    const { sitter, hidden, shown } = await sitterAndOwners()

    expect((await getPublicApi(sitter, hidden)).status).toBe(404)
    expect((await getPublicApi(sitter, shown)).status).toBe(200)
  })

  test('the /dogs/available page shows none of them', async () => {
    const { sitter } = await sitterAndOwners()

    expect((await listPageData(sitter)).dogs.map((dog) => dog.name)).toEqual(['Shown'])
  })
})

describe('GET /api/dogs/user/{userId} for a viewer who is no sitter', () => {
  test("another owner's listed dogs are not shown to an owner (dogs available for sitting are for sitters)", async () => {
    const owner = await insertOwnerAt(1)
    await insertDog(owner.id, { name: 'Listed' })
    const otherOwner = await insertUser({ role: 'owner', name: 'Curious Owner' })

    const answer = (await (await getUserDogsApi(otherOwner, owner.id)).json()) as DogJson[]

    expect(answer).toEqual([])
  })
})

describe('one shape for a dog', () => {
  test('/api/dogs (the owner) and /api/dogs/{id}/public (a sitter) answer every field of a dog with the same type', async () => {
    const sitter = await insertSitter()
    const owner = await insertOwnerAt(1)
    const dogId = await insertDog(owner.id, { traits: ['Calm'], activities: ['Fetch'], availability: ['Weekday Mornings'], images: ['/uploads/dogs/x/one'] })

    const [asOwner] = (await (await getOwnDogsApi(owner)).json()) as DogJson[]
    const asSitter = (await (await getPublicApi(sitter, dogId)).json()) as DogJson
    const typesOf = (dog: DogJson | undefined) =>
      Object.fromEntries(Object.entries(dog ?? {}).map(([key, value]) => [key, Array.isArray(value) ? 'array' : value === null ? 'null' : typeof value]))

    const { distance: _distance, owner: _owner, ...dogPart } = typesOf(asSitter)
    expect(dogPart).toEqual(typesOf(asOwner))
    expect(typesOf(asOwner)).toMatchObject({ weight: 'number', ageMonths: 'number', height: 'string', images: 'array', listedForSitting: 'boolean' })
  })
})

// ---- one dog ----

describe('GET /api/dogs/{id}/public', () => {
  test("answers the dog with its details and the owner as {id, name, profilePhoto}, never the owner's email, phone or exact coordinates", async () => {
    const sitter = await insertSitter()
    const ownerHome = { latitude: 47.412345, longitude: 8.498765 }
    const owner = await insertUser({ name: 'Anna Owner', exact: ownerHome, public: northOf(sitterHome, 1) })
    const dogId = await insertDog(owner.id, {
      name: 'Bella',
      traits: ['Friendly'],
      activities: ['Fetch', 'Walking'],
      availability: ['Weekend Mornings', 'Weekday Evenings'],
      images: ['/uploads/dogs/b/one'],
    })

    const response = await getPublicApi(sitter, dogId)
    const text = await response.text()
    const body = JSON.parse(text) as DogJson

    expect(response.status).toBe(200)
    expect(body).toMatchObject({
      id: dogId,
      name: 'Bella',
      breed: 'Labrador Retriever',
      ageMonths: 36,
      weight: 28,
      height: '60 cm',
      size: 'large',
      distance: '1.0',
      images: ['/uploads/dogs/b/one'],
      personality: ['Friendly'],
      activities: ['Walking', 'Fetch'],
      availability: ['Weekday Evenings', 'Weekend Mornings'],
    })
    expect(body.owner).toEqual({ id: owner.id, name: 'Anna Owner', profilePhoto: null })
    expect(text).not.toContain(owner.email)
    expect(text).not.toContain('+41 79 123 45 67')
    expect(text).not.toContain('Secret Street')
    expect(text).not.toContain('47.412345')
    expect(text).not.toContain('8.498765')
  })

  test('the list API answers the same dog object', async () => {
    const sitter = await insertSitter()
    const owner = await insertOwnerAt(1)
    const dogId = await insertDog(owner.id, { traits: ['Calm'] })

    const list = (await (await getAvailableApi(sitter)).json()) as { data: DogJson[] }
    const one = (await (await getPublicApi(sitter, dogId)).json()) as DogJson

    expect(list.data).toEqual([one])
    expect(JSON.stringify(list)).not.toContain(owner.email)
  })

  test('unknown, unlisted and own dogs, a suspended owner, and a viewer who is no sitter get 404', async () => {
    const sitter = await insertSitter({ role: 'both' })
    const owner = await insertOwnerAt(1)
    const unlisted = await insertDog(owner.id, { listed: false })
    const own = await insertDog(sitter.id)
    const suspendedOwners = await insertDog((await insertOwnerAt(1, { accountStatus: 'suspended' })).id)
    const listed = await insertDog(owner.id)
    const ownerOnly = await insertUser({ role: 'owner' })

    for (const [viewer, id] of [
      [sitter, crypto.randomUUID()],
      [sitter, unlisted],
      [sitter, own],
      [sitter, suspendedOwners],
      [ownerOnly, listed],
    ] as const) {
      const response = await getPublicApi(viewer, id)
      expect(response.status).toBe(404)
      expect(await response.json()).toMatchObject({ message: 'Dog not found' })
    }
    expect((await getPublicApi(sitter, listed)).status).toBe(200)
  })

  test('a dog far beyond any distance filter still opens by its link', async () => {
    const sitter = await insertSitter()
    const dogId = await insertDog((await insertOwnerAt(42)).id)

    const body = (await (await getPublicApi(sitter, dogId)).json()) as DogJson

    expect(body.distance).toBe('42.0')
  })
})

describe('/dogs/available/{id}', () => {
  test('shows the dog with the Details tab by default, and the asked tab when given', async () => {
    const sitter = await insertSitter()
    const owner = await insertOwnerAt(1, { name: 'Anna Owner' })
    const dogId = await insertDog(owner.id, { name: 'Bella', ageMonths: 30, traits: ['Shy'] })

    const first = await detailPageResult(sitter, dogId)
    const personality = await detailPageResult(sitter, dogId, '?tab=personality')
    const odd = await detailPageResult(sitter, dogId, '?tab=secrets')

    expect(first.status).toBe(200)
    expect(first.data).toMatchObject({ tab: 'details', dog: { name: 'Bella', ageLabel: '2 years', owner: { id: owner.id, name: 'Anna Owner' } } })
    expect(personality.data.tab).toBe('personality')
    expect(odd.data.tab).toBe('details')
    expect(JSON.stringify(first.data)).not.toContain(owner.email)
  })

  test('unknown, unlisted, own dogs and viewers who are no sitters get Dog not found with status 404', async () => {
    const sitter = await insertSitter({ role: 'both' })
    const owner = await insertOwnerAt(1)
    const unlisted = await insertDog(owner.id, { listed: false })
    const own = await insertDog(sitter.id)
    const listed = await insertDog(owner.id)
    const ownerOnly = await insertUser({ role: 'owner' })

    for (const [viewer, id] of [
      [sitter, crypto.randomUUID()],
      [sitter, unlisted],
      [sitter, own],
      [ownerOnly, listed],
    ] as const) {
      const result = await detailPageResult(viewer, id)
      expect(result.status).toBe(404)
      expect(result.data.dog).toBeNull()
    }
    expect((await detailPageResult(sitter, listed)).status).toBe(200)
  })
})
