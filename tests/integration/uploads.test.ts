import { defaultTimeZone } from '#app/lib/zoned-time.ts'
import { existsSync } from 'node:fs'
import { readdir, rm } from 'node:fs/promises'
import path from 'node:path'
import sharp from 'sharp'
import { beforeAll, beforeEach, describe, expect, test } from 'vitest'
import { updateProfilePhoto } from '#app/features/accounts/profile-photo.server.ts'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import {
  deleteImage,
  type PublicImageTarget,
  renderImageVariants,
  storePublicImages,
  UnsupportedImageError,
} from '#app/lib/images.server.ts'
import { readMultipartFormOrError, UploadError, validateImageUpload, validateImageUploads } from '#app/lib/upload.server.ts'
import { action, loader } from '#app/routes/api/users.profile-photo.ts'
import { contextFor, routeAnswer } from './route-calls.ts'

const uploadRoot = path.resolve(env.UPLOAD_DIR)
const endpoint = 'http://localhost/api/users/profile/photo'

beforeAll(async () => {
  await migrateToLatest()
})

beforeEach(async () => {
  await db.deleteFrom('users').execute()
  await rm(uploadRoot, { recursive: true, force: true })
})

async function insertUser(profilePhoto: string | null = null): Promise<SessionUser> {
  const now = new Date().toISOString()
  const id = crypto.randomUUID()
  const user = { id, name: 'Olivia Owner', email: `${id}@example.com`, profilePhoto }
  await db
    .insertInto('users')
    .values({ ...user, role: 'owner', createdAt: now, updatedAt: now })
    .execute()
  return { ...user, role: 'owner', timeZone: defaultTimeZone, sessionId: 'test-session' }
}


/** Stores pictures as an attaching transaction would (without the row). */
async function storePictures(pictures: readonly Uint8Array[], target: PublicImageTarget) {
  const rendered = await Promise.all(pictures.map((bytes) => renderImageVariants(bytes)))
  return db.transaction().execute((trx) => storePublicImages(trx, rendered, target))
}

const processImage = async (bytes: Uint8Array, target: PublicImageTarget) => (await storePictures([bytes], target))[0]!

function photoRequest(file: Blob | null, fileName = 'photo.jpg', method = 'PATCH') {
  const body = new FormData()
  if (file) body.append('file', file, fileName)
  return new Request(endpoint, { method, body })
}

/** Calls the route's action as React Router would: a thrown Response is the answer. */
function callAction(request: Request, user: SessionUser | null) {
  return routeAnswer(request, () => action({ request, context: contextFor(user), params: {}, url: new URL(request.url), pattern: '' }))
}

async function storedFiles(): Promise<string[]> {
  if (!existsSync(uploadRoot)) return []
  const entries = await readdir(uploadRoot, { recursive: true, withFileTypes: true })
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => path.relative(uploadRoot, path.join(entry.parentPath, entry.name)))
}

function fileOf(basePath: string, size: 160 | 320 | 800) {
  return path.join(uploadRoot, imageUrl(basePath, size).slice('/uploads/'.length))
}

async function profilePhotoOf(userId: string) {
  const row = await db.selectFrom('users').select('profilePhoto').where('id', '=', userId).executeTakeFirstOrThrow()
  return row.profilePhoto
}

function jpeg(width: number, height: number) {
  return sharp({ create: { width, height, channels: 3, background: '#c47a3a' } }).jpeg()
}

const gpsExif = {
  IFD0: { Copyright: 'Pawpal test camera' },
  IFD3: {
    GPSLatitudeRef: 'N',
    GPSLatitude: '47/1 22/1 3684/100',
    GPSLongitudeRef: 'E',
    GPSLongitude: '8/1 32/1 3012/100',
  },
}

/** The little-endian EXIF tag of the GPS IFD pointer (0x8825), as libvips writes it. */
const gpsPointerTag = Buffer.from([0x25, 0x88])

describe('PATCH /api/users/profile/photo', () => {
  test('a 6 MB file is refused with 413 and nothing is stored', async () => {
    const user = await insertUser()
    const sixMegabytes = new Blob([new Uint8Array(6 * 1024 * 1024)], { type: 'image/jpeg' })

    const response = await callAction(photoRequest(sixMegabytes), user)

    expect(response.status).toBe(413)
    expect(await response.json()).toMatchObject({ message: 'Image size should be less than 5MB' })
    expect(await storedFiles()).toEqual([])
    expect(await profilePhotoOf(user.id)).toBeNull()
  })

  test('an upload over 5 MB is refused while it is still arriving', async () => {
    const user = await insertUser()
    const boundary = 'pawpal-boundary'
    const encoder = new TextEncoder()
    const chunk = new Uint8Array(1024 * 1024)
    let sent = 0
    // A body that never ends: only a parser that counts bytes as they stream can answer it.
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(
          encoder.encode(
            `--${boundary}\r\n` +
              'Content-Disposition: form-data; name="file"; filename="big.jpg"\r\n' +
              'Content-Type: image/jpeg\r\n\r\n',
          ),
        )
      },
      pull(controller) {
        if (sent >= 8) return new Promise<void>(() => {})
        sent += 1
        controller.enqueue(chunk)
      },
    })
    const request = new Request(endpoint, {
      method: 'PATCH',
      body,
      duplex: 'half',
      headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
    } as RequestInit)

    const response = await callAction(request, user)

    expect(response.status).toBe(413)
    expect(sent).toBeLessThan(8)
    expect(await storedFiles()).toEqual([])
  })

  test("a text file named photo.jpg is refused with 415 'Please upload an image file' and nothing is stored", async () => {
    const previous = await processImage(await jpeg(200, 200).toBuffer(), { kind: 'avatars', ownerKey: 'someone' })
    const user = await insertUser(previous)
    const before = await storedFiles()
    const text = new Blob(['Dear sitter, this is not a picture of my dog.'], { type: 'image/jpeg' })

    const response = await callAction(photoRequest(text, 'photo.jpg'), user)

    expect(response.status).toBe(415)
    expect(await response.json()).toMatchObject({ message: 'Please upload an image file' })
    expect(await storedFiles()).toEqual(before)
    expect(await profilePhotoOf(user.id)).toBe(previous)
  })

  test("a HEIC photo (a phone's 'High efficiency') is refused with 415 saying so, whatever type it claims, and nothing is stored", async () => {
    const previous = await processImage(await jpeg(200, 200).toBuffer(), { kind: 'avatars', ownerKey: 'someone' })
    const user = await insertUser(previous)
    const before = await storedFiles()
    // An ISO-BMFF ftyp box as an iPhone or a Samsung writes it (major brand heic, compatible mif1 and heic), then data.
    const ftyp = Buffer.concat([Buffer.from([0, 0, 0, 24]), Buffer.from('ftypheic'), Buffer.alloc(4), Buffer.from('mif1heic')])
    const heic = Buffer.concat([ftyp, Buffer.alloc(2048, 7)])

    for (const type of ['image/heic', 'image/jpeg', '']) {
      const response = await callAction(photoRequest(new Blob([heic], { type }), 'IMG_0042.HEIC'), user)
      expect(response.status).toBe(415)
      expect(await response.json()).toMatchObject({ message: 'HEIC photos cannot be read: please choose a JPEG or PNG' })
    }
    expect(await storedFiles()).toEqual(before)
    expect(await profilePhotoOf(user.id)).toBe(previous)
  })

  test('an AVIF photo (HEIF with AV1, not HEVC) is read and stored', async () => {
    const user = await insertUser()
    const avif = await jpeg(400, 300).avif().toBuffer()
    expect(avif.subarray(4, 12).toString('latin1')).toBe('ftypavif')

    const response = await callAction(photoRequest(new Blob([avif], { type: 'image/heif' }), 'dog.avif'), user)

    expect(response.status).toBe(200)
    expect(await profilePhotoOf(user.id)).toMatch(new RegExp(`^/uploads/avatars/${user.id}/`))
  })

  test('a photo with GPS EXIF is stored as WebP at 160, 320 and 800 px wide without any metadata', async () => {
    const user = await insertUser()
    const photo = await jpeg(1600, 1000).withExif(gpsExif).withIccProfile('p3').toBuffer()
    const input = await sharp(photo).metadata()
    expect(input.exif?.includes(gpsPointerTag), 'the test photo carries GPS data').toBe(true)
    expect(input.icc).toBeDefined()

    const response = await callAction(photoRequest(new Blob([photo], { type: 'image/jpeg' })), user)

    expect(response.status).toBe(200)
    const body = (await response.json()) as { profilePhoto: string; user: { id: string; profilePhoto: string } }
    expect(body.profilePhoto).toMatch(new RegExp(`^/uploads/avatars/${user.id}/[0-9a-f]{24}$`))
    expect(body.user).toMatchObject({ id: user.id, profilePhoto: body.profilePhoto })
    expect(await profilePhotoOf(user.id)).toBe(body.profilePhoto)
    for (const [size, height] of [
      [160, 100],
      [320, 200],
      [800, 500],
    ] as const) {
      const stored = await sharp(fileOf(body.profilePhoto, size)).metadata()
      expect(stored).toMatchObject({ format: 'webp', width: size, height })
      expect(stored.exif).toBeUndefined()
      expect(stored.icc).toBeUndefined()
      expect(stored.xmp).toBeUndefined()
      expect(stored.iptc).toBeUndefined()
    }
    expect(await storedFiles()).toHaveLength(3)
  })

  test('a photo taken sideways (EXIF orientation 6) is stored upright', async () => {
    const user = await insertUser()
    const sideways = await jpeg(1200, 600).withMetadata({ orientation: 6 }).toBuffer()
    expect((await sharp(sideways).metadata()).orientation).toBe(6)

    const response = await callAction(photoRequest(new Blob([sideways], { type: 'image/jpeg' })), user)

    expect(response.status).toBe(200)
    const { profilePhoto } = (await response.json()) as { profilePhoto: string }
    const stored = await sharp(fileOf(profilePhoto, 800)).metadata()
    expect({ width: stored.width, height: stored.height }).toEqual({ width: 400, height: 800 })
    expect(stored.orientation).toBeUndefined()
  })

  test('a small picture is never enlarged', async () => {
    const user = await insertUser()
    const small = await sharp({ create: { width: 100, height: 60, channels: 4, background: '#0000' } }).png().toBuffer()

    const response = await callAction(photoRequest(new Blob([small], { type: 'image/png' }), 'icon.png'), user)

    expect(response.status).toBe(200)
    const { profilePhoto } = (await response.json()) as { profilePhoto: string }
    expect(await sharp(fileOf(profilePhoto, 800)).metadata()).toMatchObject({ width: 100, height: 60 })
  })

  test('a signed-out request gets 401 and nothing is stored', async () => {
    const photo = await jpeg(400, 400).toBuffer()

    const response = await callAction(photoRequest(new Blob([photo], { type: 'image/jpeg' })), null)

    expect(response.status).toBe(401)
    expect(await storedFiles()).toEqual([])
  })

  test("a new photo replaces the old one and the old photo's files are deleted", async () => {
    const user = await insertUser()
    const first = await callAction(photoRequest(new Blob([await jpeg(500, 500).toBuffer()])), user)
    const { profilePhoto: oldPhoto } = (await first.json()) as { profilePhoto: string }
    expect(existsSync(fileOf(oldPhoto, 320))).toBe(true)

    const second = await callAction(photoRequest(new Blob([await jpeg(600, 400).toBuffer()])), user)

    expect(second.status).toBe(200)
    const { profilePhoto: newPhoto } = (await second.json()) as { profilePhoto: string }
    expect(newPhoto).not.toBe(oldPhoto)
    expect(await profilePhotoOf(user.id)).toBe(newPhoto)
    expect(existsSync(fileOf(oldPhoto, 160))).toBe(false)
    expect(existsSync(fileOf(oldPhoto, 320))).toBe(false)
    expect(existsSync(fileOf(oldPhoto, 800))).toBe(false)
    expect((await storedFiles()).sort()).toEqual(
      [fileOf(newPhoto, 160), fileOf(newPhoto, 320), fileOf(newPhoto, 800)].map((file) => path.relative(uploadRoot, file)).sort(),
    )
  })

  test('a request without a file gets 400', async () => {
    const user = await insertUser()
    const response = await callAction(photoRequest(null), user)
    expect(response.status).toBe(400)
  })

  test('a JSON body gets 415 and other methods get 405', async () => {
    const user = await insertUser()
    const json = new Request(endpoint, { method: 'PATCH', body: '{}', headers: { 'content-type': 'application/json' } })
    expect((await callAction(json, user)).status).toBe(415)
    expect((await callAction(photoRequest(null, 'x', 'POST'), user)).status).toBe(405)
    expect(loader().status).toBe(405)
  })
})

describe('storing uploaded images', () => {
  test('a file that only claims to be a JPEG is an UnsupportedImageError and writes nothing', async () => {
    const fake = new TextEncoder().encode('GIF89a but not really')
    await expect(processImage(fake, { kind: 'dogs', ownerKey: 'dog-1' })).rejects.toBeInstanceOf(UnsupportedImageError)
    expect(await storedFiles()).toEqual([])
  })

  test('a truncated JPEG is refused', async () => {
    const photo = await jpeg(800, 800).toBuffer()
    const truncated = new Blob([photo.subarray(0, photo.length / 2)])
    const error = await validateImageUpload(truncated).catch((thrown: unknown) => thrown)
    expect(error).toBeInstanceOf(UploadError)
    expect(error).toMatchObject({ status: 415, message: 'Please upload an image file' })
    expect(await storedFiles()).toEqual([])
  })

  test('an animated GIF keeps its first frame and dog photos go under the dog', async () => {
    const gif = await sharp({ create: { width: 300, height: 200, channels: 3, background: '#123456' } })
      .gif()
      .toBuffer()
    const basePath = await processImage(gif, { kind: 'dogs', ownerKey: 'dog-7' })
    expect(basePath).toMatch(/^\/uploads\/dogs\/dog-7\/[0-9a-f]{24}$/)
    expect(await sharp(fileOf(basePath, 320)).metadata()).toMatchObject({ format: 'webp', width: 300, height: 200 })
  })

  test('several dog photos are refused together when one is not a picture, before anything is stored', async () => {
    const good = new Blob([await jpeg(300, 300).toBuffer()])
    const bad = new Blob(['not a picture'])
    await expect(validateImageUploads([good, bad])).rejects.toMatchObject({ status: 415 })
    expect(await storedFiles()).toEqual([])
  })

  test('the same picture stored twice in one folder is one set of files under one path', async () => {
    const good = await jpeg(300, 300).toBuffer()
    const stored = await storePictures([good, good], { kind: 'dogs', ownerKey: 'dog-2' })
    expect(stored).toHaveLength(2)
    expect(stored[1]).toBe(stored[0])
    expect(await storedFiles()).toHaveLength(3)
  })

  test('deleteImage removes the variants and refuses paths outside the upload folder', async () => {
    const basePath = await processImage(await jpeg(300, 300).toBuffer(), { kind: 'avatars', ownerKey: 'u1' })
    expect(await storedFiles()).toHaveLength(3)

    expect(await deleteImage(basePath)).toBe(true)
    expect(await storedFiles()).toEqual([])
    expect(await deleteImage('/uploads/avatars/u1/0123456789abcdef01234567')).toBe(true)
    expect(await deleteImage(null)).toBe(false)
    expect(await deleteImage('https://example.com/avatar.png')).toBe(false)
    await expect(deleteImage('/uploads/avatars/../../app')).rejects.toThrow()
    await expect(deleteImage('/uploads/../etc/passwd')).rejects.toThrow()
  })

  test('a page action reads on past a file over 5 MB: the file is dropped and named, the fields after it kept', async () => {
    const body = new FormData()
    body.append('images', new Blob([new Uint8Array(5 * 1024 * 1024 + 1)]), 'big.png')
    body.append('images', new Blob([await jpeg(100, 100).toBuffer()]), 'small.jpg')
    body.append('name', 'Rex')
    const result = await readMultipartFormOrError(new Request('http://localhost/dogs/new', { method: 'POST', body }))
    if (!result.ok) throw result.error
    expect(result.form.fields.get('name')).toBe('Rex')
    expect(result.form.oversized).toEqual({ images: ['big.png'] })
    expect(result.form.files.images?.map((file) => file.name)).toEqual(['small.jpg'])

    const fine = new FormData()
    fine.append('name', 'Rex')
    fine.append('images', new Blob([await jpeg(100, 100).toBuffer()]), 'rex.jpg')
    fine.append('images', new Blob([]), '')
    const parsed = await readMultipartFormOrError(new Request('http://localhost/dogs/new', { method: 'POST', body: fine }))
    if (!parsed.ok) throw parsed.error
    expect(parsed.form.fields.get('name')).toBe('Rex')
    expect(parsed.form.files.images).toHaveLength(1)
  })
})

test('updateProfilePhoto refuses a non-image without touching the profile', async () => {
  const user = await insertUser('/uploads/avatars/seeded')
  await expect(updateProfilePhoto(user.id, new Blob(['hello']))).rejects.toMatchObject({ status: 415 })
  expect(await profilePhotoOf(user.id)).toBe('/uploads/avatars/seeded')
  expect(await storedFiles()).toEqual([])
})
