import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { getOwnerDraft, saveDraft } from '#app/features/profiles/onboarding.server.ts'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import { deleteStalePendingUploads } from '#app/lib/pending-uploads.server.ts'
import * as dogNewPage from '#app/routes/dog-new.tsx'
import * as onboardingStep from '#app/routes/onboarding-step.tsx'
import * as profileEditPage from '#app/routes/profile-edit.tsx'
import { insertUser, userRow } from './fixtures.ts'
import { contextFor, settle } from './route-calls.ts'

// Photos on the page forms (issue 8): what a submit that is not saved keeps (pending uploads, decision
// 013), who may use a kept photo and for how long, the 3-photo limit on every way a dog gets photos, and
// forms that come back with what was typed when a photo is refused. Routes are called as React Router
// calls them, with multipart bodies carrying real pictures.

const uploadRoot = path.resolve(env.UPLOAD_DIR)
const photoLimit = 'Maximum of 3 photos reached - delete a photo to add new ones'
const keptPhotoGone = 'A photo you chose earlier is no longer available. Please choose it again.'

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('users').execute()
})

afterAll(async () => {
  await db.destroy()
})

// ---- fixtures ----

// Every photo() is another picture, as a user's photos are: the same picture twice is one photo (decision 077).
const jpegs = await Promise.all(
  Array.from({ length: 16 }, (_, index) =>
    sharp({ create: { width: 48, height: 48, channels: 3, background: { r: 40 + index * 12, g: 122, b: 196 } } }).jpeg().toBuffer(),
  ),
)
let photosMade = 0
const photo = (name = 'rex.jpg') => new File([new Uint8Array(jpegs[photosMade++ % jpegs.length]!)], name, { type: 'image/jpeg' })
const notAPicture = (name = 'notes.jpg') => new File(['Dear sitter, this is not a photo.'], name, { type: 'image/jpeg' })
const sixMegabytes = (name = 'big.jpg') => new File([new Uint8Array(6 * 1024 * 1024)], name, { type: 'image/jpeg' })

type Fields = Record<string, string | string[] | File | File[]>

function multipart(fields: Fields) {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const entry of [value].flat()) body.append(name, entry)
  return body
}

type PageData = {
  result?: { error?: Record<string, string[] | null>; initialValue?: Record<string, unknown> }
  photos?: { token: string; path: string }[]
  photoErrors?: string[]
  errors?: Record<string, string[]>
  toast?: { type: string; title: string; description?: string }
}
type Answer = { status: number; location: string | null; data: PageData }

type RouteModule = { action: (args: never) => Promise<unknown> }

async function post(module: RouteModule, user: SessionUser, pathname: string, params: Record<string, string>, fields: Fields): Promise<Answer> {
  const request = new Request(`http://localhost${pathname}`, { method: 'POST', body: multipart(fields) })
  const args = { request, url: new URL(request.url), params, pattern: '', context: contextFor(user) }
  const answer = await settle(() => (module.action as (a: typeof args) => Promise<unknown>)(args))
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get('location'), data: {} }
  const { data, init } = answer as { data: PageData; init: ResponseInit | null }
  return { status: init?.status ?? 200, location: null, data }
}

const addDogPage = (user: SessionUser, fields: Fields) => post(dogNewPage, user, '/dogs/add', {}, { intent: 'save', ...fields })
const editProfilePage = (user: SessionUser, fields: Fields) => post(profileEditPage, user, '/profile/edit', {}, fields)
const onboardingPage = (user: SessionUser, step: number, fields: Fields) =>
  post(onboardingStep, user, `/onboarding/owner/${step}`, { flow: 'owner', step: String(step) }, { intent: 'continue', ...fields })

const rex = { name: 'Rex', breed: 'Labrador', age: '2 years' }
const tokensOf = (answer: Answer) => (answer.data.photos ?? []).map((kept) => kept.token)
const filesOf = (basePath: string) =>
  ([160, 320, 800] as const).map((size) => path.join(uploadRoot, imageUrl(basePath, size).slice('/uploads/'.length)))
const dogsOf = (ownerId: string) => db.selectFrom('dogs').select('id').where('ownerId', '=', ownerId).execute()
const imagePathsOf = async (dogId: string) =>
  (await db.selectFrom('dogImages').select('path').where('dogId', '=', dogId).orderBy('position').execute()).map((row) => row.path)
const pendingOf = (userId: string) => db.selectFrom('pendingUploads').select(['id', 'path']).where('userId', '=', userId).execute()

/** A /dogs/add submit without a name, so its photos are kept: answers their tokens and paths. */
async function keepPhotos(owner: SessionUser, ...files: File[]) {
  const answer = await addDogPage(owner, { breed: 'Labrador', age: '2 years', images: files })
  expect(answer.status).toBe(400)
  expect(answer.data.photos).toHaveLength(files.length)
  return answer.data.photos ?? []
}

// ---- pending uploads ----

describe('photos kept from a dog form that was not saved', () => {
  test('a submit without a name keeps the photos and what was typed; the next submit saves them with the dog', async () => {
    const owner = await insertUser()

    const failed = await addDogPage(owner, { breed: 'Labrador', age: '2 years', images: [photo('a.jpg'), photo('b.jpg')] })

    expect(failed.status).toBe(400)
    expect(failed.data.result?.error?.name).toEqual(['Name is required'])
    expect(failed.data.result?.initialValue).toMatchObject({ breed: 'Labrador', age: '2 years' })
    const kept = failed.data.photos ?? []
    expect(kept).toHaveLength(2)
    for (const { path: stored } of kept) for (const file of filesOf(stored)) expect(existsSync(file)).toBe(true)
    expect(await dogsOf(owner.id)).toEqual([])

    const saved = await addDogPage(owner, { ...rex, keptImages: tokensOf(failed) })

    expect(saved.status).toBe(302)
    const [dog] = await dogsOf(owner.id)
    expect(saved.location).toBe(`/dogs/${dog?.id}`)
    expect(await imagePathsOf(dog?.id ?? '')).toEqual(kept.map((photo) => photo.path))
    expect(await pendingOf(owner.id)).toEqual([])
  })

  test("another user's token is not theirs: their form is not saved, nothing is attached, and the owner can still use it", async () => {
    const owner = await insertUser()
    const other = await insertUser({ name: 'Otto Other' })
    const [kept] = await keepPhotos(owner, photo())

    const stolen = await addDogPage(other, { ...rex, keptImages: kept?.token ?? '' })

    expect(stolen.status).toBe(400)
    expect(stolen.data.photoErrors).toEqual([keptPhotoGone])
    expect(stolen.data.photos).toEqual([])
    expect(await dogsOf(other.id)).toEqual([])
    expect(await pendingOf(owner.id)).toEqual([{ id: kept?.token, path: kept?.path }])

    const saved = await addDogPage(owner, { ...rex, keptImages: kept?.token ?? '' })
    expect(saved.status).toBe(302)
    const [dog] = await dogsOf(owner.id)
    expect(await imagePathsOf(dog?.id ?? '')).toEqual([kept?.path])
  })

  test('a kept photo older than a day is not attached, and housekeeping deletes it with its files', async () => {
    const owner = await insertUser()
    const [stale] = await keepPhotos(owner, photo('old.jpg'))
    const [fresh] = await keepPhotos(owner, photo('new.jpg'))
    const dayAndAnHourAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString()
    await db.updateTable('pendingUploads').set({ createdAt: dayAndAnHourAgo }).where('id', '=', stale?.token ?? '').execute()

    const late = await addDogPage(owner, { ...rex, keptImages: stale?.token ?? '' })

    expect(late.status).toBe(400)
    expect(late.data.photoErrors).toEqual([keptPhotoGone])
    expect(await dogsOf(owner.id)).toEqual([])

    expect(await deleteStalePendingUploads()).toBe(1)
    expect(await pendingOf(owner.id)).toEqual([{ id: fresh?.token, path: fresh?.path }])
    for (const file of filesOf(stale?.path ?? '')) expect(existsSync(file)).toBe(false)
    for (const file of filesOf(fresh?.path ?? '')) expect(existsSync(file)).toBe(true)
  })

  test("a kept photo's Remove button (no JavaScript) deletes it and its files, and the form comes back as typed", async () => {
    const owner = await insertUser()
    const [first, second] = await keepPhotos(owner, photo('a.jpg'), photo('b.jpg'))

    const answer = await addDogPage(owner, { ...rex, keptImages: [first?.token ?? '', second?.token ?? ''], discardPhoto: first?.token ?? '' })

    expect(answer.status).toBe(200)
    expect(answer.data.photos).toEqual([second])
    expect(answer.data.result?.initialValue).toMatchObject(rex)
    expect(answer.data.result?.error).toBeUndefined()
    expect(await pendingOf(owner.id)).toEqual([{ id: second?.token, path: second?.path }])
    for (const file of filesOf(first?.path ?? '')) expect(existsSync(file)).toBe(false)
    expect(await dogsOf(owner.id)).toEqual([])
  })
})

// ---- the 3-photo limit ----

describe('a dog has at most 3 photos on every path', () => {
  test('/dogs/add: four kept tokens of your own do not pass the limit either', async () => {
    const owner = await insertUser()
    const tokens = [...(await keepPhotos(owner, photo(), photo())), ...(await keepPhotos(owner, photo(), photo()))].map((kept) => kept.token)

    const answer = await addDogPage(owner, { ...rex, keptImages: tokens })

    expect(answer.status).toBe(400)
    expect(answer.data.photoErrors).toEqual([photoLimit])
    expect(tokensOf(answer)).toEqual(tokens.slice(0, 3))
    expect(await dogsOf(owner.id)).toEqual([])
    expect(await pendingOf(owner.id)).toHaveLength(3)
  })

  test('owner onboarding: of four photos three join the draft and the fourth is named; a fifth later is refused', async () => {
    const owner = await insertUser()

    const answer = await onboardingPage(owner, 2, { images: [photo('1.jpg'), photo('2.jpg'), photo('3.jpg'), photo('4.jpg')] })

    expect(answer.status).toBe(400)
    expect(answer.data.errors?.images).toEqual([`${photoLimit}. Not added: 4.jpg`])
    expect((await getOwnerDraft(owner.id)).images).toHaveLength(3)

    const again = await onboardingPage(owner, 2, { images: photo('5.jpg') })
    expect(again.data.errors?.images).toEqual([`${photoLimit}. Not added: 5.jpg`])
    expect((await getOwnerDraft(owner.id)).images).toHaveLength(3)
  })

  test('owner onboarding: completing with a draft of four photos makes no dog', async () => {
    const owner = await insertUser()
    await saveDraft(owner.id, 'owner', {
      ...(await getOwnerDraft(owner.id)),
      dogName: 'Rex',
      dogBreed: 'Labrador',
      dogAge: '2 years',
      dogWeight: '15',
      selectedTraits: ['Friendly'],
      selectedActivities: ['Fetch'],
      images: ['/uploads/dogs/a/1', '/uploads/dogs/a/2', '/uploads/dogs/a/3', '/uploads/dogs/a/4'],
    })

    const answer = await onboardingPage(owner, 4, { selectedActivities: 'Fetch' })

    expect(answer.status).toBe(400)
    expect(answer.data.errors?.images).toEqual([photoLimit])
    expect(await dogsOf(owner.id)).toEqual([])
  })
})

// ---- a refused photo keeps what was typed ----

describe('a photo over 5 MB is refused and the form keeps the other fields', () => {
  test('/dogs/add: the 6 MB photo is named, every text field comes back, the good photo is kept, no dog is made', async () => {
    const owner = await insertUser()

    const answer = await addDogPage(owner, { images: [sixMegabytes('big.jpg'), photo('small.jpg')], ...rex, bio: 'Loves the lake.' })

    expect(answer.status).toBe(400)
    expect(answer.data.photoErrors).toEqual(['Image size should be less than 5MB. Not added: big.jpg'])
    expect(answer.data.result?.initialValue).toMatchObject({ ...rex, bio: 'Loves the lake.' })
    expect(answer.data.photos).toHaveLength(1)
    expect(await dogsOf(owner.id)).toEqual([])
  })

  test("/profile/edit: Save Changes with a 6 MB photo keeps the typed name, saves nothing and says 'Upload failed'", async () => {
    const owner = await insertUser({ name: 'Olivia Owner' })

    const answer = await editProfilePage(owner, { photo: sixMegabytes('me.jpg'), name: 'Olivia Renamed', phoneNumber: '', bio: '' })

    expect(answer.status).toBe(400)
    expect(answer.data.result?.initialValue).toMatchObject({ name: 'Olivia Renamed' })
    expect(answer.data.photoErrors).toEqual(['Image size should be less than 5MB. Not added: me.jpg'])
    expect(answer.data.toast).toEqual({
      type: 'error',
      title: 'Upload failed',
      description: 'There was an error uploading your photo. Please try again. Image size should be less than 5MB. Not added: me.jpg',
    })
    expect(await userRow(owner.id)).toMatchObject({ name: 'Olivia Owner', profilePhoto: null })
  })

  test('owner onboarding step 1: the 6 MB photo is refused and the name is saved in the draft', async () => {
    const owner = await insertUser()

    const answer = await onboardingPage(owner, 1, { photo: sixMegabytes('me.jpg'), ownerName: 'Olga Onboarding' })

    expect(answer.status).toBe(400)
    expect(answer.data.errors?.photo).toEqual(['Image size should be less than 5MB. Not added: me.jpg'])
    expect((await getOwnerDraft(owner.id)).ownerName).toBe('Olga Onboarding')
    expect((await userRow(owner.id)).profilePhoto).toBeNull()
  })
})

// ---- the profile photo ----

describe('/profile/edit photo', () => {
  test('Save Changes with a photo chosen saves the photo and the fields', async () => {
    const owner = await insertUser({ name: 'Olivia Owner' })

    const answer = await editProfilePage(owner, { photo: photo('me.jpg'), name: 'Olivia Photo', phoneNumber: '', bio: '' })

    expect(answer.status).toBe(302)
    expect(answer.location).toBe('/profile')
    const row = await userRow(owner.id)
    expect(row.name).toBe('Olivia Photo')
    expect(row.profilePhoto).toMatch(new RegExp(`^/uploads/avatars/${owner.id}/[0-9a-f]{24}$`))
    for (const file of filesOf(row.profilePhoto ?? '')) expect(existsSync(file)).toBe(true)
    expect(await pendingOf(owner.id)).toEqual([])
  })

  test('Save Changes with a blank name keeps the chosen photo; with the name fixed it becomes the profile photo', async () => {
    const owner = await insertUser({ name: 'Olivia Owner' })

    const failed = await editProfilePage(owner, { photo: photo('me.jpg'), name: '', phoneNumber: '', bio: '' })

    expect(failed.status).toBe(400)
    expect(failed.data.result?.error?.name).toEqual(['Name is required'])
    expect(failed.data.photos).toHaveLength(1)
    expect((await userRow(owner.id)).profilePhoto).toBeNull()

    const saved = await editProfilePage(owner, { keptPhoto: tokensOf(failed), name: 'Olivia Owner', phoneNumber: '', bio: '' })

    expect(saved.status).toBe(302)
    expect((await userRow(owner.id)).profilePhoto).toBe(failed.data.photos?.[0]?.path)
  })

  test("'Upload photo' with no photo chosen says so", async () => {
    const owner = await insertUser()

    const answer = await editProfilePage(owner, { intent: 'upload-photo', name: 'Olivia Owner' })

    expect(answer.status).toBe(400)
    expect(answer.data.photoErrors).toEqual(['Please choose a photo to upload'])
  })

  test("'Upload photo' with a file that is not a picture fails with the spec's message and the reason", async () => {
    const owner = await insertUser()

    const answer = await editProfilePage(owner, { intent: 'upload-photo', photo: notAPicture('notes.jpg'), name: 'Olivia Owner' })

    expect(answer.status).toBe(400)
    expect(answer.data.toast).toEqual({
      type: 'error',
      title: 'Upload failed',
      description: 'There was an error uploading your photo. Please try again. Please upload an image file. Not added: notes.jpg',
    })
    expect((await userRow(owner.id)).profilePhoto).toBeNull()
  })

  test("'Upload photo' saves the photo alone with 'Photo uploaded', and gives back what was typed without saving it", async () => {
    const owner = await insertUser({ name: 'Olivia Owner' })

    const answer = await editProfilePage(owner, { intent: 'upload-photo', photo: photo('me.jpg'), name: 'Typed But Not Saved' })

    expect(answer.status).toBe(200)
    expect(answer.data.toast).toEqual({ type: 'success', title: 'Photo uploaded' })
    expect(answer.data.result?.initialValue).toMatchObject({ name: 'Typed But Not Saved' })
    const row = await userRow(owner.id)
    expect(row.profilePhoto).toMatch(new RegExp(`^/uploads/avatars/${owner.id}/`))
    expect(row.name).toBe('Olivia Owner')
  })
})

describe('owner onboarding step 1 photo', () => {
  test('a file that is not a picture is refused, the name is kept, and Continue without it goes on', async () => {
    const owner = await insertUser()

    const refused = await onboardingPage(owner, 1, { photo: notAPicture('notes.jpg'), ownerName: 'Olga Onboarding' })

    expect(refused.status).toBe(400)
    expect(refused.data.errors?.photo).toEqual(['Please upload an image file. Not added: notes.jpg'])
    expect((await getOwnerDraft(owner.id)).ownerName).toBe('Olga Onboarding')

    const next = await onboardingPage(owner, 1, { ownerName: 'Olga Onboarding' })
    expect(next).toMatchObject({ status: 302, location: '/onboarding/owner/2' })
  })
})
