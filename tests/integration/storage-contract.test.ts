import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, test } from 'vitest'
import { bucketStorage } from '#app/lib/storage/bucket-storage.server.ts'
import { type FileStorage, type StoredFile, StoredFileExistsError } from '#app/lib/storage/file-storage.ts'
import { localFolderStorage } from '#app/lib/storage/local-folder-storage.server.ts'
import { s3ServerForTheseTests } from '#tests/s3-server.ts'
import { findFreePort } from '#tests/server-process.ts'

// One contract, two storages (decision 067): whatever the app does with a stored image behaves the same in a
// local folder and in an S3-compatible bucket (s3rver from node_modules, on 127.0.0.1).

const scratch = s3ServerForTheseTests('storage-contract')
const workDirectory = scratch.workDirectory

type Implementation = {
  name: string
  storage: () => FileStorage
  /** The same kind of storage with what it needs gone. */
  unreachable: () => Promise<FileStorage>
}

const implementations: Implementation[] = [
  {
    name: 'a local folder',
    storage: () => localFolderStorage(path.join(workDirectory, 'folder')),
    unreachable() {
      // A folder that cannot exist: its parent is a file.
      const file = path.join(workDirectory, 'not-a-folder')
      writeFileSync(file, '')
      return Promise.resolve(localFolderStorage(path.join(file, 'uploads')))
    },
  },
  {
    name: 'an S3-compatible bucket',
    storage: () => bucketStorage(scratch.s3.bucket),
    async unreachable() {
      const endpoint = `http://127.0.0.1:${await findFreePort()}` // nothing listens there
      return bucketStorage({ ...scratch.s3.bucket, endpoint })
    },
  },
]

const bytesOf = async (file: StoredFile | null) => (file ? Buffer.concat(await file.body.toArray()) : null)
/** Each test works under its own folder, so the cases never see each other's files. */
const freshPrefix = () => `avatars/${crypto.randomUUID()}`

describe.each(implementations)('$name', ({ storage, unreachable }) => {
  test('a file put is got back with its bytes and size', async () => {
    const key = `${freshPrefix()}/photo-800.webp`
    const data = Buffer.from(`picture ${crypto.randomUUID()}`)
    await storage().put(key, data, 'image/webp')
    const stored = await storage().get(key)
    expect(stored?.size).toBe(data.length)
    expect(stored?.etag).not.toBe('')
    expect(await bytesOf(stored)).toEqual(data)
  })

  test('a missing file is null', async () => {
    expect(await storage().get(`${freshPrefix()}/missing-800.webp`)).toBeNull()
  })

  test('a second put of the same key is refused and the first file stays', async () => {
    const key = `${freshPrefix()}/photo-800.webp`
    await storage().put(key, Buffer.from('first'), 'image/webp')
    await expect(storage().put(key, Buffer.from('second'), 'image/webp')).rejects.toBeInstanceOf(StoredFileExistsError)
    expect((await bytesOf(await storage().get(key)))?.toString()).toBe('first')
  })

  test('a deleted file is gone, and deleting a missing one is fine', async () => {
    const key = `${freshPrefix()}/photo-800.webp`
    await storage().put(key, Buffer.from('bytes'), 'image/webp')
    await storage().delete(key)
    expect(await storage().get(key)).toBeNull()
    await expect(storage().delete(key)).resolves.toBeUndefined()
  })

  test('listing a prefix gives exactly the keys under it, sorted', async () => {
    const prefix = freshPrefix()
    const keys = [`${prefix}/b/2-320.webp`, `${prefix}/a/1-800.webp`, `${prefix}/a/1-320.webp`, `${prefix}-other/3-800.webp`]
    for (const key of keys) await storage().put(key, Buffer.from(key), 'image/webp')
    expect(await storage().list(`${prefix}/`)).toEqual([`${prefix}/a/1-320.webp`, `${prefix}/a/1-800.webp`, `${prefix}/b/2-320.webp`])
    expect(await storage().list(`${prefix}/a/`)).toEqual([`${prefix}/a/1-320.webp`, `${prefix}/a/1-800.webp`])
    expect(await storage().list('')).toEqual(expect.arrayContaining(keys))
    expect(await storage().list(`${freshPrefix()}/`)).toEqual([])
  })

  test.each(['../outside.webp', 'avatars/../../outside.webp', '/etc/passwd', 'avatars//x.webp', 'avatars/.hidden', 'avatars/a\\..\\b'])(
    'the key %j, which could leave the root, is refused by every operation',
    async (key) => {
      await expect(storage().put(key, Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not a storage key/)
      await expect(storage().get(key)).rejects.toThrow(/Not a storage key/)
      await expect(storage().delete(key)).rejects.toThrow(/Not a storage key/)
      await expect(storage().list(key)).rejects.toThrow(/Not a storage key/)
      await expect(storage().list(`${key}/`)).rejects.toThrow(/Not a storage key/)
    },
  )

  test('the empty key names no file (it only lists everything)', async () => {
    await expect(storage().put('', Buffer.from('x'), 'image/webp')).rejects.toThrow(/Not a storage key/)
    await expect(storage().get('')).rejects.toThrow(/Not a storage key/)
    await expect(storage().delete('')).rejects.toThrow(/Not a storage key/)
  })

  test('is reachable while it works, and not once what it needs is gone', async () => {
    expect(await storage().isReachable()).toBe(true)
    expect(await (await unreachable()).isReachable()).toBe(false)
  })
})

test('a bucket that does not exist on a server that answers is not reachable', async () => {
  expect(await bucketStorage({ ...scratch.s3.bucket, bucket: 'no-such-bucket' }).isReachable()).toBe(false)
})
