import { execFile } from 'node:child_process'
import path from 'node:path'
import { promisify } from 'node:util'
import { expect, test } from 'vitest'
import { bucketStorage } from '#app/lib/storage/bucket-storage.server.ts'
import type { FileStorage } from '#app/lib/storage/file-storage.ts'
import { localFolderStorage } from '#app/lib/storage/local-folder-storage.server.ts'
import { copyStoredFiles } from '../../scripts/storage-copy.ts'
import { s3ServerForTheseTests, startS3Server } from '#tests/s3-server.ts'

// `npm run storage:copy` (scripts/storage-copy.ts): a machine's UPLOAD_DIR moves into the bucket.

const scratch = s3ServerForTheseTests('storage-copy')
const workDirectory = scratch.workDirectory

const run = promisify(execFile)
const textOf = async (storage: FileStorage, key: string) => {
  const file = await storage.get(key)
  return file ? Buffer.concat(await file.body.toArray()).toString() : null
}

/** A folder holding `keys`, each file's content its own key. */
async function folderWith(name: string, keys: readonly string[]) {
  const folder = localFolderStorage(path.join(workDirectory, name))
  for (const key of keys) await folder.put(key, Buffer.from(key), 'image/webp')
  return folder
}

test('copies every file the bucket lacks under the same key, leaves the ones it has, and copies nothing the second time', async () => {
  const keys = ['avatars/u1/a-320.webp', 'avatars/u1/a-800.webp', 'dogs/d1/b-800.webp']
  const folder = await folderWith('copy-all', keys)
  const bucket = bucketStorage({ ...scratch.s3.bucket })
  await bucket.put('dogs/d1/b-800.webp', Buffer.from('already in the bucket'), 'image/webp')

  expect(await copyStoredFiles(folder, bucket)).toEqual({ copied: 2, skipped: 1 })
  expect(await bucket.list('')).toEqual(keys)
  expect(await textOf(bucket, 'avatars/u1/a-800.webp')).toBe('avatars/u1/a-800.webp')
  expect(await textOf(bucket, 'dogs/d1/b-800.webp')).toBe('already in the bucket')

  expect(await copyStoredFiles(folder, bucket)).toEqual({ copied: 0, skipped: 3 })
})

const scriptEnvironment = (uploadDir: string, extra: Record<string, string>) => {
  const environment = Object.fromEntries(Object.entries(process.env).filter(([name]) => !name.startsWith('S3_')))
  return { ...environment, UPLOAD_DIR: uploadDir, ...extra }
}

test('npm run storage:copy copies the folder of UPLOAD_DIR into the bucket of S3_BUCKET and prints the counts', async () => {
  const other = await startS3Server(path.join(workDirectory, 's3-script'), 'pawpal-script')
  try {
    await folderWith('script', ['gallery/s1/c-320.webp', 'gallery/s1/c-800.webp'])
    const { stdout } = await run(process.execPath, ['scripts/storage-copy.ts'], {
      env: scriptEnvironment(path.join(workDirectory, 'script'), other.environment),
    })
    expect(stdout).toContain('2 files copied, 0 already in the bucket')
    expect(await bucketStorage(other.bucket).list('gallery/')).toEqual(['gallery/s1/c-320.webp', 'gallery/s1/c-800.webp'])
  } finally {
    await other.stop()
  }
})

test('without a bucket configured, the script stops with one line that says what to set', async () => {
  const failure = await run(process.execPath, ['scripts/storage-copy.ts'], { env: scriptEnvironment(path.join(workDirectory, 'none'), {}) }).then(
    () => null,
    (error: unknown) => error as { code: number; stderr: string },
  )
  expect(failure?.code).toBe(1)
  expect(failure?.stderr.trim()).toMatch(/^storage:copy needs a bucket: set S3_BUCKET/)
})
