import { discardPendingUploads, pendingTokensOf, stagePhotoField, type StagedPhotoField } from '#app/lib/pending-uploads.server.ts'
import { discardPhotoField } from '#app/lib/photo-rules.ts'
import type { MultipartForm } from '#app/lib/upload.server.ts'
import { keptDogPhotosField, maxDogImages, photoLimitMessage } from './limits.ts'

// The photo field of the dog form pages (/dogs/add, /dogs/{id}/edit). What a submit brought is held as
// pending uploads until the dog is saved, so a submit that fails (a missing name, a fourth photo) keeps
// the photos that were fine and the page shows them again (decision 013).

export type DogFormPhotos = StagedPhotoField & {
  /** The submit was a kept photo's Remove button (no JavaScript), not a save. */
  removedOne: boolean
}

/** The kept photos the form sent back (minus one removed), then the new files while the dog has room. */
export async function stageDogFormPhotos(userId: string, form: MultipartForm, savedCount: number): Promise<DogFormPhotos> {
  const removed = pendingTokensOf(form.fields.getAll(discardPhotoField))
  await discardPendingUploads(userId, removed)
  const staged = await stagePhotoField({
    userId,
    kind: 'dogs',
    keptTokens: pendingTokensOf(form.fields.getAll(keptDogPhotosField)).filter((token) => !removed.includes(token)),
    files: form.files.images ?? [],
    oversizedNames: form.oversized.images,
    room: maxDogImages - savedCount,
    limitMessage: photoLimitMessage,
  })
  return { ...staged, removedOne: removed.length > 0 }
}
