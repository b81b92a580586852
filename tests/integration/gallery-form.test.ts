import { existsSync } from 'node:fs'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import * as profileEditPage from '#app/routes/profile-edit.tsx'
import { insertSitter, insertUser } from './fixtures.ts'
import { contextFor, settle } from './route-calls.ts'

// A sitter's gallery on /profile/edit (issue 9): up to 6 photos saved with Save Changes, kept across a
// submit that is not saved (pending uploads, decision 013), each saved one removable; owners have none.

const uploadRoot = path.resolve(env.UPLOAD_DIR)
const galleryLimit = 'Maximum of 6 photos reached - delete a photo to add new ones'

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('users').execute()
})

afterAll(async () => {
  await db.destroy()
})

// Every photo() is another picture, as a user's photos are: the same picture twice is one photo (decision 077).
const jpegs = await Promise.all(
  Array.from({ length: 16 }, (_, index) =>
    sharp({ create: { width: 48, height: 48, channels: 3, background: { r: 196, g: 112, b: 10 + index * 14 } } }).jpeg().toBuffer(),
  ),
)
let photosMade = 0
const photo = (name: string) => new File([new Uint8Array(jpegs[photosMade++ % jpegs.length]!)], name, { type: 'image/jpeg' })

type Fields = Record<string, string | string[] | File | File[]>
type PageData = { galleryPhotos?: { token: string; path: string }[]; galleryErrors?: string[]; toast?: { title: string } }
type Answer = { status: number; location: string | null; data: PageData }

async function editProfile(user: SessionUser, fields: Fields): Promise<Answer> {
  const body = new FormData()
  for (const [name, value] of Object.entries(fields)) for (const entry of [value].flat()) body.append(name, entry)
  const request = new Request('http://localhost/profile/edit', { method: 'POST', body })
  const args = { request, url: new URL(request.url), params: {}, pattern: '/profile/edit', context: contextFor(user) }
  const answer = await settle(() => profileEditPage.action(args as Parameters<typeof profileEditPage.action>[0]))
  if (answer instanceof Response) return { status: answer.status, location: answer.headers.get('location'), data: {} }
  const { data, init } = answer as { data: PageData; init: ResponseInit | null }
  return { status: init?.status ?? 200, location: null, data }
}

/** A sitter's whole profile form as the page sends it, with the address already placed. */
const sitterForm = (overrides: Fields = {}): Fields => ({
  sitterSections: 'on',
  name: 'Gina Gallery',
  location: 'Bahnhofstrasse 1, Zürich',
  latitude: '47.3686',
  longitude: '8.5392',
  coordinatesFor: 'Bahnhofstrasse 1, Zürich',
  experience: '3-5',
  services: 'walking',
  'rates.walking': '25',
  ...overrides,
})

const galleryOf = async (sitterId: string) =>
  (await db.selectFrom('sitterPhotos').select(['path', 'position']).where('sitterId', '=', sitterId).orderBy('position').execute())
const pendingGallery = async (userId: string) =>
  db.selectFrom('pendingUploads').select('path').where('userId', '=', userId).where('kind', '=', 'gallery').execute()
const filesExist = (basePath: string) => existsSync(path.join(uploadRoot, `${basePath.replace(/^\/uploads\//, '')}-800.webp`))

async function sitterWithPhotos(count: number) {
  const sitter = await insertSitter({ name: 'Gina Gallery' })
  if (count > 0) {
    const answer = await editProfile(sitter, sitterForm({ galleryPhotos: Array.from({ length: count }, (_, i) => photo(`saved-${i}.jpg`)) }))
    expect(answer.location).toBe('/profile')
  }
  return sitter
}

describe("a sitter's gallery on /profile/edit", () => {
  test('Save Changes with two chosen photos adds them to the gallery, in order, as stored WebP files', async () => {
    const sitter = await insertSitter({ name: 'Gina Gallery' })

    const answer = await editProfile(sitter, sitterForm({ galleryPhotos: [photo('park.jpg'), photo('beach.jpg')] }))

    expect(answer).toMatchObject({ status: 302, location: '/profile' })
    const gallery = await galleryOf(sitter.id)
    expect(gallery.map((row) => row.position)).toEqual([0, 1])
    for (const row of gallery) {
      expect(row.path).toMatch(new RegExp(`^/uploads/gallery/${sitter.id}/`))
      expect(filesExist(row.path)).toBe(true)
    }
    expect(await pendingGallery(sitter.id)).toEqual([])
  })

  test('a submit that is not saved keeps the chosen photos; the next Save Changes adds them', async () => {
    const sitter = await insertSitter({ name: 'Gina Gallery' })

    const refused = await editProfile(sitter, sitterForm({ name: '', galleryPhotos: [photo('park.jpg'), photo('beach.jpg')] }))

    expect(refused.status).toBe(400)
    expect(refused.data.galleryPhotos).toHaveLength(2)
    expect(await galleryOf(sitter.id)).toEqual([])
    const kept = (refused.data.galleryPhotos ?? []).map(({ token }) => token)

    const saved = await editProfile(sitter, sitterForm({ keptGalleryPhotos: kept }))

    expect(saved.location).toBe('/profile')
    expect((await galleryOf(sitter.id)).map((row) => row.path)).toEqual((refused.data.galleryPhotos ?? []).map((kept) => kept.path))
    expect(await pendingGallery(sitter.id)).toEqual([])
  })

  test('beyond 6 in all, the photos that fit are kept and the others named with the limit; nothing is saved yet', async () => {
    const sitter = await sitterWithPhotos(5)

    const answer = await editProfile(sitter, sitterForm({ galleryPhotos: [photo('six.jpg'), photo('seven.jpg')] }))

    expect(answer.status).toBe(400)
    expect(answer.data.galleryErrors).toEqual([`${galleryLimit}. Not added: seven.jpg`])
    expect(answer.data.galleryPhotos).toHaveLength(1)
    expect(answer.data.toast?.title).toBe('Upload failed')
    expect(await galleryOf(sitter.id)).toHaveLength(5)
  })

  test("a saved photo's Delete button removes it and its files, keeps what was typed, and closes the gap", async () => {
    const sitter = await sitterWithPhotos(3)
    const [first, second, third] = await galleryOf(sitter.id)

    const answer = await editProfile(sitter, sitterForm({ name: 'Typed Not Saved', removeGalleryPhoto: second!.path }))

    expect(answer.status).toBe(200)
    expect(answer.data.toast?.title).toBe('Photo deleted')
    expect(await galleryOf(sitter.id)).toEqual([
      { path: first!.path, position: 0 },
      { path: third!.path, position: 1 },
    ])
    expect(filesExist(second!.path)).toBe(false)
    expect((await db.selectFrom('users').select('name').where('id', '=', sitter.id).executeTakeFirstOrThrow()).name).toBe('Gina Gallery')
  })

  test("another sitter's photo cannot be deleted (404) and stays", async () => {
    const other = await sitterWithPhotos(1)
    const [theirs] = await galleryOf(other.id)
    const sitter = await insertSitter({ name: 'Mallory' })

    const answer = await editProfile(sitter, sitterForm({ removeGalleryPhoto: theirs!.path }))

    expect(answer.status).toBe(404)
    expect(await galleryOf(other.id)).toHaveLength(1)
    expect(filesExist(theirs!.path)).toBe(true)
  })

  test("another user's kept photo tokens attach nothing", async () => {
    const victim = await insertSitter({ name: 'Vic Victim' })
    const refused = await editProfile(victim, sitterForm({ name: '', galleryPhotos: [photo('mine.jpg')] }))
    const stolen = (refused.data.galleryPhotos ?? []).map(({ token }) => token)
    const thief = await insertSitter({ name: 'Theo Thief' })

    const answer = await editProfile(thief, sitterForm({ keptGalleryPhotos: stolen }))

    expect(answer.status).toBe(400)
    expect(answer.data.galleryErrors).toEqual(['A photo you chose earlier is no longer available. Please choose it again.'])
    expect(await galleryOf(thief.id)).toEqual([])
    expect(await pendingGallery(victim.id)).toHaveLength(1)
  })

  test("an owner's form has no gallery: gallery files sent anyway are neither stored nor kept", async () => {
    const owner = await insertUser({ name: 'Olivia Owner' })

    const answer = await editProfile(owner, { name: 'Olivia Owner', galleryPhotos: [photo('sneaky.jpg')] })

    expect(answer.location).toBe('/profile')
    expect(await galleryOf(owner.id)).toEqual([])
    expect(await pendingGallery(owner.id)).toEqual([])
  })
})
