import { mkdtempSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import sharp from 'sharp'
import { afterAll, expect, test } from 'vitest'
import type { FileStorage } from '#app/lib/storage/file-storage.ts'
import { localFolderStorage } from '#app/lib/storage/local-folder-storage.server.ts'
import { writeMissingThumbnails } from '../../scripts/images-backfill.ts'

// `npm run images:backfill` (scripts/images-backfill.ts, decision 094): images stored before thumbnails existed
// get their 160 px file, made from their 320 px one.

const workDirectory = mkdtempSync(path.join(os.tmpdir(), 'images-backfill-'))
afterAll(() => rmSync(workDirectory, { recursive: true, force: true }))

const webp = (width: number, height: number) => sharp({ create: { width, height, channels: 3, background: '#c47a3a' } }).webp().toBuffer()
const bytesOf = async (storage: FileStorage, key: string) => {
  const file = await storage.get(key)
  return file ? Buffer.concat(await file.body.toArray()) : null
}

test('writes the 160 px WebP of every image with a 320 px file and none, keeps the ones there, and writes nothing the second time', async () => {
  const folder = localFolderStorage(path.join(workDirectory, 'backfill'))
  // Two images stored before thumbnails (a portrait one among them), one with its thumbnail already there.
  await folder.put('avatars/u1/a-320.webp', await webp(320, 200), 'image/webp')
  await folder.put('avatars/u1/a-800.webp', await webp(800, 500), 'image/webp')
  await folder.put('dogs/d1/2-320.webp', await webp(240, 320), 'image/webp')
  await folder.put('visits/b1/v-320.webp', await webp(320, 240), 'image/webp')
  const kept = Buffer.from('the thumbnail an upload wrote')
  await folder.put('visits/b1/v-160.webp', kept, 'image/webp')

  expect(await writeMissingThumbnails(folder)).toEqual({ written: 2, present: 1, failed: 0 })

  expect(await sharp((await bytesOf(folder, 'avatars/u1/a-160.webp'))!).metadata()).toMatchObject({ format: 'webp', width: 160, height: 100 })
  expect(await sharp((await bytesOf(folder, 'dogs/d1/2-160.webp'))!).metadata()).toMatchObject({ format: 'webp', width: 120, height: 160 })
  expect(await bytesOf(folder, 'visits/b1/v-160.webp')).toEqual(kept)
  expect(await writeMissingThumbnails(folder)).toEqual({ written: 0, present: 3, failed: 0 })
})

test('a stored file that is not a picture is counted and named, and the images after it still get their thumbnails', async () => {
  const folder = localFolderStorage(path.join(workDirectory, 'broken'))
  await folder.put('avatars/u1/a-320.webp', Buffer.from('not a picture'), 'image/webp')
  await folder.put('avatars/u2/b-320.webp', await webp(320, 320), 'image/webp')

  expect(await writeMissingThumbnails(folder)).toEqual({ written: 1, present: 0, failed: 1 })
  expect(await folder.list('')).toEqual(['avatars/u1/a-320.webp', 'avatars/u2/b-160.webp', 'avatars/u2/b-320.webp'])
})

test('leaves alone what is not an image’s 320 px file', async () => {
  const folder = localFolderStorage(path.join(workDirectory, 'others'))
  await folder.put('dogs/d1/a-800.webp', await webp(800, 800), 'image/webp')
  await folder.put('dogs/d1/notes-320.txt', Buffer.from('text'), 'text/plain')

  expect(await writeMissingThumbnails(folder)).toEqual({ written: 0, present: 0, failed: 0 })
  expect(await folder.list('')).toEqual(['dogs/d1/a-800.webp', 'dogs/d1/notes-320.txt'])
})
