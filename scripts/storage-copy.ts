// `npm run storage:copy`: copies every file of the local folder UPLOAD_DIR into the bucket of S3_BUCKET under
// the same key, so one machine's photos can move to the bucket that several share (decision 067). Files the
// bucket has already are left alone, so it can run again after an interrupted copy.
import { lookup as contentTypeOf } from 'mrmime'
import { env } from '#app/lib/env.server.ts'
import { bucketStorage } from '#app/lib/storage/bucket-storage.server.ts'
import { type FileStorage, StoredFileExistsError } from '#app/lib/storage/file-storage.ts'
import { localFolderStorage } from '#app/lib/storage/local-folder-storage.server.ts'

/** Copies every file of `source` that `target` lacks; answers how many were copied and skipped. */
export async function copyStoredFiles(source: FileStorage, target: FileStorage) {
  const present = new Set(await target.list(''))
  let copied = 0
  let skipped = 0
  for (const key of await source.list('')) {
    if (present.has(key)) {
      skipped += 1
      continue
    }
    const file = await source.get(key)
    if (!file) continue // deleted since the listing
    const data = Buffer.concat(await file.body.toArray())
    try {
      await target.put(key, data, contentTypeOf(key) ?? 'application/octet-stream')
      copied += 1
    } catch (error) {
      if (!(error instanceof StoredFileExistsError)) throw error
      skipped += 1 // written meanwhile by a running instance
    }
  }
  return { copied, skipped }
}

if (import.meta.main) {
  if (!env.bucket) {
    console.error('storage:copy needs a bucket: set S3_BUCKET, S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY (and S3_ENDPOINT outside AWS)')
    process.exit(1)
  }
  const source = localFolderStorage(env.UPLOAD_DIR)
  const target = bucketStorage(env.bucket)
  console.info(`Copying ${source.description} into ${target.description}`)
  const { copied, skipped } = await copyStoredFiles(source, target)
  console.info(`${copied} files copied, ${skipped} already in the bucket`)
}
