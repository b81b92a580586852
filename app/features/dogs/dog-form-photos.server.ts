import { stageSubmittedPhotos } from '#app/lib/pending-uploads.server.ts'
import type { MultipartForm } from '#app/lib/upload.server.ts'
import { keptDogPhotosField, maxDogImages, photoLimitMessage } from './limits.ts'

// The photo field of the dog form pages (/dogs/add, /dogs/{id}/edit). What a submit brought is held as
// pending uploads until the dog is saved, so a submit that fails (a missing name, a fourth photo) keeps
// the photos that were fine and the page shows them again (decision 013).

/** The kept photos the form sent back (minus one removed), then the new files while the dog has room. */
export function stageDogFormPhotos(userId: string, form: MultipartForm, savedCount: number) {
  return stageSubmittedPhotos(
    form,
    { file: 'images', kept: keptDogPhotosField },
    { userId, kind: 'dogs', room: maxDogImages - savedCount, limitMessage: photoLimitMessage },
  )
}
