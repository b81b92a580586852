import { createHash } from 'node:crypto'
import { existsSync } from 'node:fs'
import { readFile, rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { updateProfilePhoto } from '#app/features/accounts/profile-photo.server.ts'
import type { Dog } from '#app/features/dogs/dog.ts'
import { deleteDogImage, getOwnedDog, updateDog } from '#app/features/dogs/dogs.server.ts'
import { addGalleryPhotos, listGalleryPhotos, removeGalleryPhoto } from '#app/features/sitters/gallery.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import { deleteImage, renderImageVariants, storePublicImages } from '#app/lib/images.server.ts'
import { insertDog, insertSitter, insertUser } from './fixtures.ts'

// Decision 077: a public image is named by its content, so the same URL always means the same bytes and a
// CDN may keep it forever; the same picture twice in one folder is one file, deleted only when no row names it.

const uploadRoot = path.resolve(env.UPLOAD_DIR)

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('users').execute()
  await rm(uploadRoot, { recursive: true, force: true })
})

afterAll(async () => {
  await db.destroy()
})

const picture = (background: string) => sharp({ create: { width: 900, height: 600, channels: 3, background } }).jpeg().toBuffer()
const fileOf = (basePath: string, size: 160 | 320 | 800) => path.join(uploadRoot, imageUrl(basePath, size).slice('/uploads/'.length))
const filesExist = (basePath: string) => existsSync(fileOf(basePath, 160)) && existsSync(fileOf(basePath, 320)) && existsSync(fileOf(basePath, 800))
const dogInput = ({ id: _id, ownerId: _owner, images: _images, createdAt: _c, updatedAt: _u, archivedAt: _a, ...input }: Dog) => input

/** Written here, not taken from the app: the first 24 hex digits of SHA-256 over the 160, the 320, then the 800 file. */
async function expectedName(basePath: string) {
  const hash = createHash('sha256')
  for (const size of [160, 320, 800] as const) hash.update(await readFile(fileOf(basePath, size)))
  return hash.digest('hex').slice(0, 24)
}

describe('a public image is named by its content', () => {
  test('the name is the hash of the stored bytes: the same picture keeps its URL, another picture gets another', async () => {
    const user = await insertUser()
    const first = (await updateProfilePhoto(user.id, new Blob([await picture('#c47a3a')]))).profilePhoto
    expect(path.posix.basename(first)).toBe(await expectedName(first))
    const other = (await updateProfilePhoto(user.id, new Blob([await picture('#3a7ac4')]))).profilePhoto
    expect(path.posix.basename(other)).toBe(await expectedName(other))
    const again = (await updateProfilePhoto(user.id, new Blob([await picture('#c47a3a')]))).profilePhoto

    expect(other).not.toBe(first)
    expect(again).toBe(first)
    expect(path.posix.dirname(first)).toBe(`/uploads/avatars/${user.id}`)
  })

  test('the same picture sent again as the profile photo keeps its files', async () => {
    const user = await insertUser()
    const bytes = await picture('#c47a3a')
    const first = (await updateProfilePhoto(user.id, new Blob([bytes]))).profilePhoto
    const second = (await updateProfilePhoto(user.id, new Blob([bytes]))).profilePhoto

    expect(second).toBe(first)
    expect(filesExist(first)).toBe(true)
  })
})

describe('a file two rows name stays until neither does', () => {
  test('the same picture on two of an owner\'s dogs: deleting it from one keeps it for the other', async () => {
    const owner = await insertUser()
    const [shared] = await db
      .transaction()
      .execute(async (trx) => storePublicImages(trx, [await renderImageVariants(await picture('#c47a3a'))], { kind: 'dogs', ownerKey: owner.id }))
    const rex = await insertDog(owner.id, { images: [shared!] })
    const bella = await insertDog(owner.id, { name: 'Bella', images: [shared!] })

    expect((await deleteDogImage(owner.id, rex, shared!)).ok).toBe(true)
    expect(filesExist(shared!)).toBe(true)
    expect((await getOwnedDog(owner.id, bella))?.images).toEqual([shared])

    expect((await deleteDogImage(owner.id, bella, shared!)).ok).toBe(true)
    expect(filesExist(shared!)).toBe(false)
  })

  test('the same picture sent to one dog twice at once is one photo, and removing it removes its files', async () => {
    const owner = await insertUser()
    const dogId = await insertDog(owner.id)
    const dog = (await getOwnedDog(owner.id, dogId))!
    const bytes = await picture('#c47a3a')
    const send = () => updateDog(owner.id, dogId, dogInput(dog), { files: [new File([bytes], 'rex.jpg', { type: 'image/jpeg' })] })

    const outcomes = await Promise.all([send(), send(), send()])

    expect(outcomes.map((outcome) => outcome.ok)).toEqual([true, true, true])
    const images = (await getOwnedDog(owner.id, dogId))!.images
    expect(images).toHaveLength(1)
    expect(filesExist(images[0]!)).toBe(true)
    expect((await deleteDogImage(owner.id, dogId, images[0]!)).ok).toBe(true)
    expect(filesExist(images[0]!)).toBe(false)
  })

  test("a clean-up of a failed save does not delete a picture a kept photo names", async () => {
    const owner = await insertUser()
    const [kept] = await db
      .transaction()
      .execute(async (trx) => storePublicImages(trx, [await renderImageVariants(await picture('#c47a3a'))], { kind: 'dogs', ownerKey: owner.id }))
    const createdAt = new Date().toISOString()
    await db.insertInto('pendingUploads').values({ id: crypto.randomUUID(), userId: owner.id, kind: 'dogs', path: kept!, createdAt }).execute()

    await deleteImage(kept)
    expect(filesExist(kept!)).toBe(true)

    await db.deleteFrom('pendingUploads').execute()
    await deleteImage(kept)
    expect(filesExist(kept!)).toBe(false)
  })

  test('a gallery photo added again, also twice at once, is one photo; removing it removes its files', async () => {
    const sitter = await insertSitter()
    const bytes = await picture('#3a7ac4')
    const file = () => new File([bytes], 'walk.jpg', { type: 'image/jpeg' })

    await Promise.all([addGalleryPhotos(sitter, [file(), file()]), addGalleryPhotos(sitter, [file()])])
    const again = await addGalleryPhotos(sitter, [file()])

    expect(again.ok).toBe(true)
    const photos = await listGalleryPhotos(sitter.id)
    expect(photos).toHaveLength(1)
    expect(path.posix.basename(photos[0]!)).toBe(await expectedName(photos[0]!))
    expect((await removeGalleryPhoto(sitter.id, photos[0]!)).ok).toBe(true)
    expect(filesExist(photos[0]!)).toBe(false)
  })
})
