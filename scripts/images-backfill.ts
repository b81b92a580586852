// `npm run images:backfill`: writes the 160 px thumbnail of every stored image that has none, those stored before
// thumbnails existed (decision 094), from its 320 px file, into the storage the app is configured with (UPLOAD_DIR
// or the bucket). Until then a thumbnail's URL answers with the 320 px file, so the app works without it; it can
// run while the app serves, and again after an interruption (thumbnails already there are left alone).
import { renderThumbnailFrom } from '#app/lib/images.server.ts'
import { thumbnailSize } from '#app/lib/image-url.ts'
import { type FileStorage, StoredFileExistsError } from '#app/lib/storage/file-storage.ts'
import { storage } from '#app/lib/storage/storage.server.ts'

const sourceSuffix = '-320.webp'

/** Writes the missing thumbnails of `files`; answers how many were written, already there, and could not be made. */
export async function writeMissingThumbnails(files: FileStorage) {
  const keys = await files.list('')
  const present = new Set(keys)
  const counts = { written: 0, present: 0, failed: 0 }
  for (const key of keys) {
    if (!key.endsWith(sourceSuffix)) continue
    const thumbnailKey = `${key.slice(0, -sourceSuffix.length)}-${thumbnailSize}.webp`
    if (present.has(thumbnailKey)) {
      counts.present += 1
      continue
    }
    const source = await files.get(key)
    if (!source) continue // deleted since the listing
    try {
      await files.put(thumbnailKey, await renderThumbnailFrom(Buffer.concat(await source.body.toArray())), 'image/webp')
      counts.written += 1
    } catch (error) {
      if (error instanceof StoredFileExistsError) {
        counts.present += 1 // an upload of the same picture wrote it meanwhile
        continue
      }
      counts.failed += 1
      console.error(`No thumbnail for ${key}: ${error instanceof Error ? error.message : String(error)}`)
      continue
    }
    // Deleted by the app while its thumbnail was made: the thumbnail goes too, or it would stay forever.
    const still = await files.get(key)
    if (still) still.body.destroy()
    else await files.delete(thumbnailKey)
  }
  return counts
}

if (import.meta.main) {
  console.info(`Writing the missing ${thumbnailSize} px thumbnails in ${storage.description}`)
  const { written, present, failed } = await writeMissingThumbnails(storage)
  console.info(`${written} written, ${present} already there${failed ? `, ${failed} could not be made (listed above)` : ''}`)
  if (failed) process.exitCode = 1
}
