import { existsSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { listingTimes } from '#app/features/bookings/slots.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import { env } from '#app/lib/env.server.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import { getToast } from '#app/lib/toast.server.ts'
import * as dogsApi from '#app/routes/api/dogs.ts'
import * as dogApi from '#app/routes/api/dogs.$id.ts'
import * as dogImagesApi from '#app/routes/api/dogs.$id.images.ts'
import * as userDogsApi from '#app/routes/api/dogs.user.$userId.ts'
import * as dogDetailPage from '#app/routes/dog-detail.tsx'
import * as dogEditPage from '#app/routes/dog-edit.tsx'
import * as dogNewPage from '#app/routes/dog-new.tsx'
import { insertUser } from './fixtures.ts'
import { contextFor, routeAnswer } from './route-calls.ts'

// The dog screens (/dogs/add, /dogs/{id}, /dogs/{id}/edit) and the /api/dogs routes, called as React
// Router calls them: real Requests (multipart with real pictures), the signed-in user in the context.

const uploadRoot = path.resolve(env.UPLOAD_DIR)
const photoLimit = 'Maximum of 3 photos reached - delete a photo to add new ones'

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('bookings').execute()
  await db.deleteFrom('users').execute()
  await rm(uploadRoot, { recursive: true, force: true })
})

afterAll(async () => {
  await db.destroy()
})

// ---- fixtures ----

// Every photo() is another picture, as a user's photos are: the same picture twice is one photo (decision 077).
const jpegs = await Promise.all(
  Array.from({ length: 16 }, (_, index) =>
    sharp({ create: { width: 64, height: 48, channels: 3, background: { r: 196, g: 40 + index * 12, b: 58 } } }).jpeg().toBuffer(),
  ),
)
let photosMade = 0
const photo = (name = 'rex.jpg') => new File([new Uint8Array(jpegs[photosMade++ % jpegs.length]!)], name, { type: 'image/jpeg' })
const notAPicture = (name = 'rex.jpg') => new File([new TextEncoder().encode('just text')], name, { type: 'image/jpeg' })

type Fields = Record<string, string | string[]>

function multipart(fields: Fields, photos: File[] = [], photoField = 'images') {
  const body = new FormData()
  for (const [key, value] of Object.entries(fields)) {
    for (const entry of Array.isArray(value) ? value : [value]) body.append(key, entry)
  }
  for (const file of photos) body.append(photoField, file)
  return body
}

const rex = { name: 'Rex', breed: 'Labrador', age: '2 years' }

/** Adds a dog through the page, as its owner would; returns its id. */
async function addDogThroughPage(owner: SessionUser, fields: Fields = rex, photos: File[] = []) {
  const answer = await callPage(dogNewPage.action, owner, '/dogs/add', {}, multipart({ intent: 'save', ...fields }, photos))
  expect(answer.status).toBe(302)
  return answer.location!.split('/').pop()!
}

async function insertBooking(dogId: string, ownerId: string, status: BookingStatus) {
  const sitter = await insertUser({ role: 'sitter', name: 'Sam Sitter' })
  const now = new Date().toISOString()
  await db
    .insertInto('bookings')
    .values({
      id: crypto.randomUUID(),
      dogId,
      ownerId,
      sitterId: sitter.id,
      requestedById: ownerId,
      date: '2030-01-15',
      timeZone: 'Europe/Zurich',
      priceCents: 2000,
      status,
      ...listingTimes({ date: '2030-01-15', timeZone: 'Europe/Zurich', slots: [] }),
      createdAt: now,
      updatedAt: now,
    })
    .execute()
}

const dogRow = (id: string) => db.selectFrom('dogs').selectAll().where('id', '=', id).executeTakeFirst()
const imageRows = (dogId: string) =>
  db.selectFrom('dogImages').select(['path', 'position']).where('dogId', '=', dogId).orderBy('position').execute()
const namesOf = async (dogId: string) => ({
  personality: (await db.selectFrom('dogTraits').select('trait').where('dogId', '=', dogId).execute()).map((r) => r.trait).sort(),
  activities: (await db.selectFrom('dogActivities').select('activity').where('dogId', '=', dogId).execute()).map((r) => r.activity).sort(),
  availability: (await db.selectFrom('dogAvailability').select('slot').where('dogId', '=', dogId).execute()).map((r) => r.slot).sort(),
})

async function storedFiles(): Promise<string[]> {
  if (!existsSync(uploadRoot)) return []
  const entries = await readdir(uploadRoot, { recursive: true, withFileTypes: true })
  return entries.filter((entry) => entry.isFile()).map((entry) => path.relative(uploadRoot, path.join(entry.parentPath, entry.name)))
}

const filesOf = (basePath: string) =>
  ([160, 320, 800] as const).map((size) => path.join(uploadRoot, imageUrl(basePath, size).slice('/uploads/'.length)))

// ---- calling routes ----


type Answer = { status: number; location: string | null; body: unknown; headers: Headers }

function isDataWithInit(value: unknown): value is { data: unknown; init: ResponseInit | null } {
  return Boolean(value && typeof value === 'object' && 'init' in value && 'data' in value)
}

/** What React Router would answer: a returned or thrown Response, or data() with its status. */
async function settle(run: () => Promise<unknown>): Promise<Answer> {
  let value: unknown
  try {
    value = await run()
  } catch (thrown) {
    if (!(thrown instanceof Response) && !isDataWithInit(thrown)) throw thrown
    value = thrown
  }
  if (value instanceof Response) {
    const text = await value.text()
    const body: unknown = value.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text
    return { status: value.status, location: value.headers.get('location'), body, headers: value.headers }
  }
  if (isDataWithInit(value)) {
    return { status: value.init?.status ?? 200, location: null, body: value.data, headers: new Headers(value.init?.headers) }
  }
  return { status: 200, location: null, body: value, headers: new Headers() }
}

type RouteFunction = (args: never) => unknown

function callRoute(fn: RouteFunction, user: SessionUser | null, pathAndQuery: string, params: Record<string, string>, init?: RequestInit) {
  const request = new Request(`http://localhost${pathAndQuery}`, init)
  const args = { request, url: new URL(request.url), params, pattern: '', context: contextFor(user) }
  const run = async () => await (fn as (a: typeof args) => unknown)(args)
  return settle(pathAndQuery.startsWith('/api/') ? () => routeAnswer(request, run) : run)
}

const callPage = (fn: RouteFunction, user: SessionUser, pathAndQuery: string, params: Record<string, string>, body: FormData) =>
  callRoute(fn, user, pathAndQuery, params, { method: 'POST', body })

const callApi = (
  fn: RouteFunction,
  user: SessionUser | null,
  pathAndQuery: string,
  params: Record<string, string>,
  method = 'GET',
  body?: FormData | object,
) =>
  callRoute(fn, user, pathAndQuery, params, {
    method,
    ...(body instanceof FormData
      ? { body }
      : body
        ? { body: JSON.stringify(body), headers: { 'content-type': 'application/json' } }
        : {}),
  })

async function toastOf(answer: Answer) {
  const cookie = answer.headers
    .getSetCookie()
    .map((line) => line.split(';')[0])
    .filter((line) => line?.startsWith('__toast='))
    .join('; ')
  return (await getToast(new Request('http://localhost/', { headers: { cookie } }))).toast
}

type PageData = {
  result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
  photos?: { token: string; path: string }[]
  photoErrors?: string[]
  toast?: { title: string; description?: string }
}
const pageData = (answer: Answer) => answer.body as PageData
type ApiError = { message: string; errors: Record<string, string[]> }
type DogJson = { id: string; name: string; images: string[]; personality: string[]; activities: string[]; availability: string[] } & Record<string, unknown>

// ---- /dogs/add ----

describe('/dogs/add', () => {
  test('a signed-out visitor is sent to log in', async () => {
    const answer = await callRoute(dogNewPage.loader, null, '/dogs/add', {})
    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/login?redirectTo=%2Fdogs%2Fadd')
  })

  test('name, breed and age are required (400, field errors and no failure toast), and nothing is saved', async () => {
    const owner = await insertUser()

    const answer = await callPage(dogNewPage.action, owner, '/dogs/add', {}, multipart({ intent: 'save', name: '', breed: '', age: '' }))

    expect(answer.status).toBe(400)
    expect(pageData(answer).result?.error).toMatchObject({
      name: ['Name is required'],
      breed: ['Breed is required'],
      age: ['Age is required'],
    })
    expect(pageData(answer).toast).toBeUndefined() // 'Error adding dog' is for real failures only
    expect(await db.selectFrom('dogs').selectAll().execute()).toEqual([])
  })

  test('an unreadable age, a weight out of range and a long bio have their own messages', async () => {
    const owner = await insertUser()

    const answer = await callPage(
      dogNewPage.action,
      owner,
      '/dogs/add',
      {},
      multipart({ intent: 'save', name: 'Rex', breed: 'Labrador', age: 'quite old', weight: '120', bio: 'x'.repeat(1001) }),
    )

    expect(answer.status).toBe(400)
    expect(pageData(answer).result?.error).toMatchObject({
      age: ['Please enter an age like "2 years" or "6 months"'],
      weight: ['Weight must be between 0 and 100 kg'],
      bio: ['Bio must be at most 1000 characters'],
    })
  })

  test('an unreadable weight and an unknown trait are refused', async () => {
    const owner = await insertUser()

    const answer = await callPage(
      dogNewPage.action,
      owner,
      '/dogs/add',
      {},
      multipart({ intent: 'save', ...rex, weight: 'heavy', personality: ['Friendly', 'Grumpy'] }),
    )

    expect(answer.status).toBe(400)
    expect(pageData(answer).result?.error?.weight).toEqual(['Please enter a weight in kg, like "15"'])
    expect(pageData(answer).result?.error?.personality?.[0]).toMatch(/^Unknown personality trait: Grumpy\./)
  })

  test('a dog with two photos is added with canonical names and the owner sees it with "Dog added"', async () => {
    const owner = await insertUser()

    const answer = await callPage(
      dogNewPage.action,
      owner,
      '/dogs/add',
      {},
      multipart(
        {
          intent: 'save',
          ...rex,
          weight: '15 kg',
          height: '55 cm',
          bio: 'Loves the lake.',
          personality: ['friendly', 'calm'],
          activities: ['dog park', 'fetch'],
          availability: ['weekday mornings'],
          listedForSitting: 'on',
        },
        [photo(), photo('second.png')],
      ),
    )

    expect(answer.status).toBe(302)
    const dogId = answer.location!.replace('/dogs/', '')
    expect(await toastOf(answer)).toMatchObject({ type: 'success', title: 'Dog added' })
    expect(await dogRow(dogId)).toMatchObject({
      ownerId: owner.id,
      name: 'Rex',
      age: '2 years',
      ageMonths: 24,
      weightKg: 15,
      height: '55 cm',
      size: 'medium',
      listedForSitting: 1,
    })
    expect(await namesOf(dogId)).toEqual({
      personality: ['Calm', 'Friendly'],
      activities: ['Dog Park', 'Fetch'],
      availability: ['Weekday Mornings'],
    })
    const images = await imageRows(dogId)
    expect(images.map((image) => image.position)).toEqual([0, 1])
    for (const image of images) for (const file of filesOf(image.path)) expect(existsSync(file)).toBe(true)
  })

  test('four photos: the first three are kept for the next try, the fourth is named, and no dog is made yet', async () => {
    const owner = await insertUser()

    const answer = await callPage(
      dogNewPage.action,
      owner,
      '/dogs/add',
      {},
      multipart({ intent: 'save', ...rex }, [photo('a.jpg'), photo('b.jpg'), photo('c.jpg'), photo('d.jpg')]),
    )

    expect(answer.status).toBe(400)
    expect(pageData(answer).photoErrors).toEqual([`${photoLimit}. Not added: d.jpg`])
    expect(pageData(answer).toast).toBeUndefined()
    expect(await db.selectFrom('dogs').selectAll().execute()).toEqual([])
    const kept = pageData(answer).photos ?? []
    expect(kept).toHaveLength(3)
    const pending = await db.selectFrom('pendingUploads').select(['id', 'userId', 'path']).orderBy('path').execute()
    expect(pending.map((row) => row.id).sort()).toEqual(kept.map((photo) => photo.token).sort())
    expect(pending.every((row) => row.userId === owner.id)).toBe(true)
    for (const row of pending) for (const file of filesOf(row.path)) expect(existsSync(file)).toBe(true)
  })

  test('a sitter who adds a first dog becomes Owner & Sitter, and the dog page is opened to say so', async () => {
    const sitter = await insertUser({ role: 'sitter', name: 'Sam Sitter' })

    const answer = await callPage(dogNewPage.action, sitter, '/dogs/add', {}, multipart({ intent: 'save', ...rex }))

    expect(answer.status).toBe(302)
    const [path, search] = answer.location!.split('?')
    expect(search).toBe('became=both')
    expect(await toastOf(answer)).toMatchObject({ type: 'success', title: 'Dog added', description: 'Your account is now Owner & Sitter.' })
    expect((await db.selectFrom('users').select('role').where('id', '=', sitter.id).executeTakeFirstOrThrow()).role).toBe('both')
    const dogId = path!.split('/').pop()!
    const asBoth = { ...sitter, role: 'both' as const }
    const detail = await callRoute(dogDetailPage.loader, asBoth, `/dogs/${dogId}?became=both`, { id: dogId })
    expect(detail.body).toMatchObject({ becameOwnerAndSitter: true })
  })

  test("an owner's dog page says nothing about roles, even when opened with ?became=both", async () => {
    const owner = await insertUser()

    const answer = await callPage(dogNewPage.action, owner, '/dogs/add', {}, multipart({ intent: 'save', ...rex }))

    expect(answer.location).toMatch(/^\/dogs\/[0-9a-f-]{36}$/)
    expect(await toastOf(answer)).toMatchObject({ title: 'Dog added' })
    expect((await toastOf(answer))?.description).toBeUndefined()
    const dogId = answer.location!.split('/').pop()!
    const detail = await callRoute(dogDetailPage.loader, owner, `/dogs/${dogId}?became=both`, { id: dogId })
    expect(detail.body).toMatchObject({ becameOwnerAndSitter: false })
  })

  test('a file that is not a picture is named; the picture beside it is kept and no dog is made yet', async () => {
    const owner = await insertUser()

    const answer = await callPage(dogNewPage.action, owner, '/dogs/add', {}, multipart({ intent: 'save', ...rex }, [photo(), notAPicture('notes.jpg')]))

    expect(answer.status).toBe(400)
    expect(pageData(answer).photoErrors).toEqual(['Please upload an image file. Not added: notes.jpg'])
    expect(pageData(answer).photos).toHaveLength(1)
    expect(await db.selectFrom('dogs').selectAll().execute()).toEqual([])
  })
})

// ---- /dogs/{id} ----

describe('/dogs/{id}', () => {
  test('the owner sees the dog, and ?photo=N picks the carousel photo (only the first 3)', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, { ...rex, personality: ['shy'] }, [photo(), photo()])

    const answer = await callRoute(dogDetailPage.loader, owner, `/dogs/${dogId}?photo=2`, { id: dogId })

    expect(answer.status).toBe(200)
    const body = answer.body as { dog: { name: string; age: string; images: string[]; personality: string[] }; photoIndex: number }
    expect(body.dog).toMatchObject({ name: 'Rex', age: '2 years', personality: ['Shy'] })
    expect(body.dog.images).toHaveLength(2)
    expect(body.photoIndex).toBe(1)
  })

  test("another owner's dog and an unknown id are not found (404)", async () => {
    const owner = await insertUser()
    const stranger = await insertUser({ role: 'owner', name: 'Sly Stranger' })
    const dogId = await addDogThroughPage(owner)

    expect((await callRoute(dogDetailPage.loader, stranger, `/dogs/${dogId}`, { id: dogId })).status).toBe(404)
    expect((await callRoute(dogDetailPage.loader, owner, '/dogs/nope', { id: 'nope' })).status).toBe(404)
  })
})

// ---- /dogs/{id}/edit ----

describe('/dogs/{id}/edit', () => {
  test("another owner's edit page is not found (404) and their save changes nothing", async () => {
    const owner = await insertUser()
    const stranger = await insertUser({ role: 'owner', name: 'Sly Stranger' })
    const dogId = await addDogThroughPage(owner)

    expect((await callRoute(dogEditPage.loader, stranger, `/dogs/${dogId}/edit`, { id: dogId })).status).toBe(404)
    const save = await callPage(dogEditPage.action, stranger, `/dogs/${dogId}/edit`, { id: dogId }, multipart({ intent: 'save', ...rex, name: 'Stolen' }))
    expect(save.status).toBe(404)
    const remove = await callPage(dogEditPage.action, stranger, `/dogs/${dogId}/edit`, { id: dogId }, multipart({ intent: 'delete-dog' }))
    expect(remove.status).toBe(404)
    expect(await dogRow(dogId)).toMatchObject({ name: 'Rex' })
  })

  test('the owner gets the form filled with the saved dog', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, { ...rex, weight: '8', personality: ['Calm'] })

    const answer = await callRoute(dogEditPage.loader, owner, `/dogs/${dogId}/edit`, { id: dogId })

    expect(answer.body).toMatchObject({
      dog: { id: dogId, name: 'Rex', images: [] },
      defaultValue: { name: 'Rex', weight: '8', personality: ['Calm'], listedForSitting: false },
    })
  })

  test('saving replaces the fields and lists and says "Dog updated"', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, { ...rex, personality: ['Calm', 'Shy'], activities: ['Fetch'] })

    const answer = await callPage(
      dogEditPage.action,
      owner,
      `/dogs/${dogId}/edit`,
      { id: dogId },
      multipart({ intent: 'save', name: 'Rex II', breed: 'Labrador', age: '3 years', weight: '30', personality: ['playful'], size: 'medium' }),
    )

    expect(answer.status).toBe(302)
    expect(answer.location).toBe(`/dogs/${dogId}`)
    expect(await toastOf(answer)).toMatchObject({ type: 'success', title: 'Dog updated' })
    expect(await dogRow(dogId)).toMatchObject({ name: 'Rex II', ageMonths: 36, weightKg: 30, size: 'medium' })
    expect(await namesOf(dogId)).toEqual({ personality: ['Playful'], activities: [], availability: [] })
  })

  test('a blank name is refused (400) with the field error and no failure toast; the dog keeps its name', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner)

    const answer = await callPage(dogEditPage.action, owner, `/dogs/${dogId}/edit`, { id: dogId }, multipart({ intent: 'save', ...rex, name: '' }))

    expect(answer.status).toBe(400)
    expect(pageData(answer).result?.error?.name).toEqual(['Name is required'])
    expect(pageData(answer).toast).toBeUndefined() // 'Error updating dog' is for real failures only
    expect(await dogRow(dogId)).toMatchObject({ name: 'Rex' })
  })

  test('photos beyond 3 in total: the one that fits is kept for the next try, the other named, nothing saved yet', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex, [photo(), photo()])

    const answer = await callPage(
      dogEditPage.action,
      owner,
      `/dogs/${dogId}/edit`,
      { id: dogId },
      multipart({ intent: 'save', ...rex }, [photo('three.jpg'), photo('four.jpg')]),
    )

    expect(answer.status).toBe(400)
    expect(pageData(answer).photoErrors).toEqual([`${photoLimit}. Not added: four.jpg`])
    expect(pageData(answer).toast).toBeUndefined()
    expect(await imageRows(dogId)).toHaveLength(2)
    const kept = pageData(answer).photos ?? []
    expect(kept).toHaveLength(1)

    const saved = await callPage(
      dogEditPage.action,
      owner,
      `/dogs/${dogId}/edit`,
      { id: dogId },
      multipart({ intent: 'save', ...rex, keptImages: kept.map((photo) => photo.token) }),
    )
    expect(saved.status).toBe(302)
    expect((await imageRows(dogId)).map((image) => image.path).at(-1)).toBe(kept[0]?.path)
    expect(await db.selectFrom('pendingUploads').selectAll().execute()).toEqual([])
  })

  test('a third photo is added after the other two', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex, [photo(), photo()])

    const answer = await callPage(dogEditPage.action, owner, `/dogs/${dogId}/edit`, { id: dogId }, multipart({ intent: 'save', ...rex }, [photo()]))

    expect(answer.status).toBe(302)
    expect((await imageRows(dogId)).map((image) => image.position)).toEqual([0, 1, 2])
  })

  test('deleting a photo removes its row and files, closes the gap and says "Image deleted"; the form comes back as typed', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex, [photo(), photo(), photo()])
    const [first, second, third] = await imageRows(dogId)

    const answer = await callPage(
      dogEditPage.action,
      owner,
      `/dogs/${dogId}/edit`,
      { id: dogId },
      multipart({ intent: 'save', ...rex, name: 'Rex (not saved yet)', imageUrl: second!.path }),
    )

    expect(answer.status).toBe(200)
    expect(pageData(answer).toast).toEqual({ type: 'success', title: 'Image deleted' })
    expect(pageData(answer).result?.initialValue).toMatchObject({ name: 'Rex (not saved yet)' })
    expect(pageData(answer).result?.error).toBeUndefined()
    expect(await imageRows(dogId)).toEqual([
      { path: first!.path, position: 0 },
      { path: third!.path, position: 1 },
    ])
    for (const file of filesOf(second!.path)) expect(existsSync(file)).toBe(false)
    for (const file of filesOf(first!.path)) expect(existsSync(file)).toBe(true)
    expect(await dogRow(dogId)).toMatchObject({ name: 'Rex' })
  })

  test('a new photo sent with a Delete of a saved one is kept for the save, in the room the delete made', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex, [photo(), photo(), photo()])
    const [first] = await imageRows(dogId)

    const answer = await callPage(
      dogEditPage.action,
      owner,
      `/dogs/${dogId}/edit`,
      { id: dogId },
      multipart({ intent: 'save', ...rex, imageUrl: first!.path }, [photo('replacement.jpg')]),
    )

    expect(answer.status).toBe(200)
    expect(pageData(answer).photoErrors).toEqual([])
    expect(pageData(answer).photos).toHaveLength(1)
    expect(await imageRows(dogId)).toHaveLength(2)
  })

  test('a photo that is not the dog\'s gives "Error deleting image"', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex, [photo()])

    const answer = await callPage(dogEditPage.action, owner, `/dogs/${dogId}/edit`, { id: dogId }, multipart({ intent: 'save', ...rex, imageUrl: '/uploads/dogs/x/y' }))

    expect(answer.status).toBe(404)
    expect(pageData(answer).toast).toEqual({ type: 'error', title: 'Error deleting image', description: 'Something went wrong while deleting the image.' })
    expect(await imageRows(dogId)).toHaveLength(1)
  })

  test('a dog with a pending booking cannot be deleted (409)', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner)
    await insertBooking(dogId, owner.id, 'pending')

    const answer = await callPage(dogEditPage.action, owner, `/dogs/${dogId}/edit`, { id: dogId }, multipart({ intent: 'delete-dog' }))

    expect(answer.status).toBe(409)
    expect(pageData(answer).toast?.description).toBe('This dog has pending or accepted bookings. Cancel them before deleting this dog.')
    expect(await dogRow(dogId)).toBeDefined()
  })

  test('deleting a dog removes it and its photo files, then shows My Dogs with "Dog deleted"', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, { ...rex, personality: ['Calm'] }, [photo()])

    const answer = await callPage(dogEditPage.action, owner, `/dogs/${dogId}/edit`, { id: dogId }, multipart({ intent: 'delete-dog' }))

    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/profile?tab=dogs')
    expect(await toastOf(answer)).toMatchObject({ type: 'success', title: 'Dog deleted' })
    expect(await dogRow(dogId)).toBeUndefined()
    expect(await db.selectFrom('dogImages').selectAll().execute()).toEqual([])
    expect(await db.selectFrom('dogTraits').selectAll().execute()).toEqual([])
    expect(await storedFiles()).toEqual([])
  })
})

// ---- the API ----

describe('GET and POST /api/dogs', () => {
  test('a signed-out request gets 401', async () => {
    expect((await callApi(dogsApi.loader, null, '/api/dogs', {})).status).toBe(401)
    expect((await callApi(dogsApi.action, null, '/api/dogs', {}, 'POST', multipart(rex))).status).toBe(401)
  })

  test('the onboarding variant: traits[] and activities[] names, ownerId, photos', async () => {
    const owner = await insertUser()

    const answer = await callApi(
      dogsApi.action,
      owner,
      '/api/dogs',
      {},
      'POST',
      multipart({ ...rex, weight: '15', bio: 'Good boy', ownerId: owner.id, 'traits[]': ['friendly', 'Curious'], 'activities[]': ['walking'] }, [photo()]),
    )

    expect(answer.status).toBe(201)
    const dog = answer.body as DogJson
    expect(dog).toMatchObject({
      name: 'Rex',
      breed: 'Labrador',
      age: '2 years',
      ageMonths: 24,
      weight: 15,
      height: null,
      bio: 'Good boy',
      size: 'medium',
      listedForSitting: false,
      personality: ['Friendly', 'Curious'],
      activities: ['Walking'],
      availability: [],
      ownerId: owner.id,
    })
    expect(dog.images).toHaveLength(1)
    expect(dog.images[0]).toMatch(new RegExp(`^/uploads/dogs/${dog.id}/[0-9a-f]{24}$`))
  })

  test('the add-form variant: repeated lowercase personality, activities and availability', async () => {
    const owner = await insertUser()

    const answer = await callApi(
      dogsApi.action,
      owner,
      '/api/dogs',
      {},
      'POST',
      multipart({ ...rex, height: '50 cm', personality: ['playful', 'shy'], activities: ['dog park'], availability: ['weekend afternoons', 'weekday evenings'] }),
    )

    expect(answer.status).toBe(201)
    const dog = answer.body as DogJson
    expect(await namesOf(dog.id)).toEqual({
      personality: ['Playful', 'Shy'],
      activities: ['Dog Park'],
      availability: ['Weekday Evenings', 'Weekend Afternoons'],
    })
  })

  test("an ownerId other than the caller's is forbidden (403)", async () => {
    const owner = await insertUser()
    const other = await insertUser({ role: 'owner', name: 'Other' })

    const answer = await callApi(dogsApi.action, owner, '/api/dogs', {}, 'POST', multipart({ ...rex, ownerId: other.id }))

    expect(answer.status).toBe(403)
    expect(await db.selectFrom('dogs').selectAll().execute()).toEqual([])
  })

  test('validation answers 400 with every message by field', async () => {
    const owner = await insertUser()

    const answer = await callApi(dogsApi.action, owner, '/api/dogs', {}, 'POST', { name: '', personality: ['Grumpy'] })

    expect(answer.status).toBe(400)
    const { errors } = answer.body as ApiError
    expect(errors).toMatchObject({ name: ['Name is required'], breed: ['Breed is required'], age: ['Age is required'] })
    expect(errors.personality?.[0]).toMatch(/^Unknown personality trait: Grumpy\./)
  })

  test('a fourth photo gets 400 and stores nothing', async () => {
    const owner = await insertUser()

    const answer = await callApi(dogsApi.action, owner, '/api/dogs', {}, 'POST', multipart(rex, [photo(), photo(), photo(), photo()]))

    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ message: photoLimit, errors: { images: [photoLimit] } })
    expect(await db.selectFrom('dogs').selectAll().execute()).toEqual([])
    expect(await storedFiles()).toEqual([])
  })

  test('GET lists only the caller\'s dogs', async () => {
    const owner = await insertUser()
    const other = await insertUser({ role: 'owner', name: 'Other' })
    const mine = await addDogThroughPage(owner)
    await addDogThroughPage(other, { ...rex, name: 'Fido' })

    const answer = await callApi(dogsApi.loader, owner, '/api/dogs', {})

    expect(answer.status).toBe(200)
    expect((answer.body as DogJson[]).map((dog) => dog.id)).toEqual([mine])
  })
})

describe('GET, PATCH and DELETE /api/dogs/{id}', () => {
  test("another user's dog is not found, and their PATCH and DELETE change nothing", async () => {
    const owner = await insertUser()
    const stranger = await insertUser({ role: 'owner', name: 'Sly Stranger' })
    const dogId = await addDogThroughPage(owner, rex, [photo()])
    const params = { id: dogId }

    const read = await callApi(dogApi.loader, stranger, `/api/dogs/${dogId}`, params)
    const patch = await callApi(dogApi.action, stranger, `/api/dogs/${dogId}`, params, 'PATCH', multipart({ name: 'Stolen' }, [photo()]))
    const remove = await callApi(dogApi.action, stranger, `/api/dogs/${dogId}`, params, 'DELETE')

    for (const answer of [read, patch, remove]) {
      expect(answer.status).toBe(404)
      expect(answer.body).toMatchObject({ message: 'Dog not found' })
    }
    expect(await dogRow(dogId)).toMatchObject({ name: 'Rex' })
    expect(await imageRows(dogId)).toHaveLength(1)
    expect(await storedFiles()).toHaveLength(3) // the one photo's three sizes
  })

  test('a JSON PATCH changes what it names and keeps the rest', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, { ...rex, weight: '15', bio: 'Good boy', personality: ['Calm'] })

    const answer = await callApi(dogApi.action, owner, `/api/dogs/${dogId}`, { id: dogId }, 'PATCH', {
      weight: 30,
      personality: ['friendly'],
      listedForSitting: true,
    })

    expect(answer.status).toBe(200)
    expect(answer.body).toMatchObject({ name: 'Rex', bio: 'Good boy', weight: 30, size: 'large', personality: ['Friendly'], listedForSitting: true })
  })

  test('a JSON PATCH whose body is no object (an array, null, a string, a number) gets 400 and changes nothing', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex)
    const before = await db.selectFrom('dogs').selectAll().where('id', '=', dogId).executeTakeFirstOrThrow()

    for (const body of ['[]', 'null', '"x"', '42']) {
      const answer = await callRoute(dogApi.action, owner, `/api/dogs/${dogId}`, { id: dogId }, { method: 'PATCH', body, headers: { 'content-type': 'application/json' } })
      expect([answer.status, answer.body], body).toEqual([400, { message: expect.stringContaining('expected object'), errors: { form: [expect.any(String)] } }])
    }
    expect(await db.selectFrom('dogs').selectAll().where('id', '=', dogId).executeTakeFirstOrThrow()).toEqual(before)
  })

  test('the update-form variant (multipart with id) appends photos up to 3; a fourth gets 400 and stores nothing', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex, [photo(), photo()])
    const fields = { id: dogId, ...rex, personality: ['Friendly'], activities: ['Dog Park'], availability: ['Weekend Mornings'] }

    const third = await callApi(dogApi.action, owner, `/api/dogs/${dogId}`, { id: dogId }, 'PATCH', multipart(fields, [photo()]))
    expect(third.status).toBe(200)
    expect((third.body as DogJson).images).toHaveLength(3)
    const filesWithThree = await storedFiles()

    const fourth = await callApi(dogApi.action, owner, `/api/dogs/${dogId}`, { id: dogId }, 'PATCH', multipart({ ...fields, name: 'Changed' }, [photo()]))
    expect(fourth.status).toBe(400)
    expect(fourth.body).toMatchObject({ message: photoLimit })
    expect(await imageRows(dogId)).toHaveLength(3)
    expect((await storedFiles()).sort()).toEqual(filesWithThree.sort())
    expect(await dogRow(dogId)).toMatchObject({ name: 'Rex' })
  })

  test('a dog with a pending or accepted booking cannot be deleted (409)', async () => {
    const owner = await insertUser()
    const pending = await addDogThroughPage(owner)
    const accepted = await addDogThroughPage(owner, { ...rex, name: 'Fido' })
    await insertBooking(pending, owner.id, 'pending')
    await insertBooking(accepted, owner.id, 'accepted')

    for (const dogId of [pending, accepted]) {
      const answer = await callApi(dogApi.action, owner, `/api/dogs/${dogId}`, { id: dogId }, 'DELETE')
      expect(answer.status).toBe(409)
      expect(answer.body).toMatchObject({ message: 'This dog has pending or accepted bookings. Cancel them before deleting this dog.' })
      expect(await dogRow(dogId)).toBeDefined()
    }
  })

  test('a dog with only past bookings is archived: gone from your dogs, kept (with its photos) on its bookings', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex, [photo()])
    await insertBooking(dogId, owner.id, 'completed')
    const files = await storedFiles()

    const answer = await callApi(dogApi.action, owner, `/api/dogs/${dogId}`, { id: dogId }, 'DELETE')

    expect(answer.status).toBe(200)
    expect(answer.body).toEqual({ message: 'Dog archived', archived: true })
    expect(await dogRow(dogId)).toMatchObject({ archivedAt: expect.any(String), listedForSitting: 0 })
    expect(await storedFiles()).toEqual(files)
    expect((await callApi(dogsApi.loader, owner, '/api/dogs', {})).body).toEqual([])
    expect((await callApi(dogApi.loader, owner, `/api/dogs/${dogId}`, { id: dogId })).status).toBe(404)
  })

  test('the owner deletes a dog without bookings', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex, [photo()])

    const answer = await callApi(dogApi.action, owner, `/api/dogs/${dogId}`, { id: dogId }, 'DELETE')

    expect(answer.status).toBe(200)
    expect(await dogRow(dogId)).toBeUndefined()
    expect(await storedFiles()).toEqual([])
  })
})

describe('DELETE /api/dogs/{id}/images', () => {
  test('a size variant URL deletes the photo: row, files and the gap in the order', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner, rex, [photo(), photo()])
    const [first, second] = await imageRows(dogId)

    const answer = await callApi(dogImagesApi.action, owner, `/api/dogs/${dogId}/images`, { id: dogId }, 'DELETE', {
      imageUrl: imageUrl(first!.path, 800),
    })

    expect(answer.status).toBe(200)
    expect((answer.body as DogJson).images).toEqual([second!.path])
    expect(await imageRows(dogId)).toEqual([{ path: second!.path, position: 0 }])
    for (const file of filesOf(first!.path)) expect(existsSync(file)).toBe(false)
  })

  test("another user cannot delete the owner's photo (404)", async () => {
    const owner = await insertUser()
    const stranger = await insertUser({ role: 'owner', name: 'Sly Stranger' })
    const dogId = await addDogThroughPage(owner, rex, [photo()])
    const [image] = await imageRows(dogId)

    const answer = await callApi(dogImagesApi.action, stranger, `/api/dogs/${dogId}/images`, { id: dogId }, 'DELETE', { imageUrl: image!.path })

    expect(answer.status).toBe(404)
    expect(answer.body).toMatchObject({ message: 'Dog not found' })
    expect(await imageRows(dogId)).toHaveLength(1)
    for (const file of filesOf(image!.path)) expect(existsSync(file)).toBe(true)
  })

  test('an image the dog does not have is not found, and imageUrl is required', async () => {
    const owner = await insertUser()
    const dogId = await addDogThroughPage(owner)

    const missing = await callApi(dogImagesApi.action, owner, `/api/dogs/${dogId}/images`, { id: dogId }, 'DELETE', { imageUrl: '/uploads/dogs/a/b' })
    const empty = await callApi(dogImagesApi.action, owner, `/api/dogs/${dogId}/images`, { id: dogId }, 'DELETE', {})

    expect(missing.status).toBe(404)
    expect(missing.body).toMatchObject({ message: 'Image not found' })
    expect(empty.status).toBe(400)
    expect(empty.body).toMatchObject({ message: 'imageUrl is required' })
  })
})

describe('GET /api/dogs/user/{userId}', () => {
  test('your own dogs are all listed; another user shows only the dogs listed for sitting', async () => {
    const owner = await insertUser()
    const sitter = await insertUser({ role: 'sitter', name: 'Sam Sitter' })
    const listed = await addDogThroughPage(owner, { ...rex, listedForSitting: 'on' })
    const unlisted = await addDogThroughPage(owner, { ...rex, name: 'Private' })

    const own = await callApi(userDogsApi.loader, owner, `/api/dogs/user/${owner.id}`, { userId: owner.id })
    const others = await callApi(userDogsApi.loader, sitter, `/api/dogs/user/${owner.id}`, { userId: owner.id })

    // Both were added within the same millisecond or two: their order is not what this asks.
    expect((own.body as DogJson[]).map((dog) => dog.id).sort()).toEqual([listed, unlisted].sort())
    expect((others.body as DogJson[]).map((dog) => dog.id)).toEqual([listed])
  })
})
