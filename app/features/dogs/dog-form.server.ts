import { parseWithZod } from '@conform-to/zod/v4'
import type { Role } from '#app/lib/db-schema.ts'
import { stageSubmittedPhotos } from '#app/lib/pending-uploads.server.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import type { MultipartForm } from '#app/lib/upload.server.ts'
import type { DogFormActionData } from './components/dog-form.tsx'
import type { Dog } from './dog.ts'
import { addDog, deleteDogImage, type DogFailure, getOwnedDog, type NewDogPhotos, updateDog } from './dogs.server.ts'
import { keptDogPhotosField, maxDogImages, photoLimitMessage } from './limits.ts'
import { DeleteImageSchema, type DogInput, DogFormSchema } from './schema.ts'

// The submits of the dog form pages (/dogs/add, /dogs/{id}/edit; spec section 2, Dog forms). They save
// through addDog and updateDog, the functions POST and PATCH /api/dogs call. What a submit brought is held
// as pending uploads until the dog is saved, so a submit that fails (a missing name, a fourth photo) keeps
// the photos that were fine and the page shows them again (decision 013).

/** A refused form shows its field errors and the summary; only real failures add a toast. */
export type DogFormAnswer = DogFormActionData & { toast?: ToastInput }

/** The form shown again with an answer, or 'Dog not found': the not-found screen (404), whatever was being done. */
export type DogFormShown = { kind: 'shown'; status: number; answer: DogFormAnswer } | { kind: 'not-found' }
export type DogFormOutcome = { kind: 'saved'; dog: Dog; roleBecame?: Role | null } | DogFormShown

export const isDogNotFound = (failure: DogFailure) => failure.status === 404 && failure.field === undefined

const shown = (answer: DogFormAnswer, status = 200): DogFormShown => ({ kind: 'shown', status, answer })
const dogNotFound: DogFormShown = { kind: 'not-found' }

const errorAdding: ToastInput = {
  type: 'error',
  title: 'Error adding dog',
  description: 'There was a problem adding your dog. Please try again.',
}

const errorUpdating: ToastInput = {
  type: 'error',
  title: 'Error updating dog',
  description: "There was a problem updating your dog's profile. Please try again.",
}

const errorDeletingImage: ToastInput = {
  type: 'error',
  title: 'Error deleting image',
  description: 'Something went wrong while deleting the image.',
}

/** /dogs/add: a new dog with the photos of the form. */
export function submitAddDogForm(userId: string, form: MultipartForm) {
  return saveDogForm(userId, form, 0, (input, photos) => addDog(userId, input, photos), errorAdding)
}

/** /dogs/{id}/edit's Save changes: the owner's dog with the form's fields, new photos after the saved ones. */
export async function submitEditDogForm(userId: string, dogId: string, form: MultipartForm) {
  const dog = await getOwnedDog(userId, dogId)
  if (!dog) return dogNotFound
  return saveDogForm(userId, form, dog.images.length, (input, photos) => updateDog(userId, dog.id, input, photos), errorUpdating)
}

/** A saved photo's Delete button posts the whole form, so what was typed and the new photos come back. */
export async function deleteSavedDogPhoto(userId: string, dogId: string, form: MultipartForm): Promise<DogFormShown> {
  const submission = parseWithZod(form.fields, { schema: DeleteImageSchema })
  const outcome = submission.status === 'success' ? await deleteDogImage(userId, dogId, submission.value.imageUrl) : null
  if (outcome && !outcome.ok && isDogNotFound(outcome)) return dogNotFound
  const dog = outcome?.ok ? outcome.dog : await getOwnedDog(userId, dogId)
  if (!dog) return dogNotFound
  const photos = await stageDogFormPhotos(userId, form, dog.images.length)
  const typed = { initialValue: parseWithZod(form.fields, { schema: DogFormSchema }).reply().initialValue }
  const deleted = outcome?.ok === true
  const toast: ToastInput = deleted ? { type: 'success', title: 'Image deleted' } : errorDeletingImage
  return shown({ result: typed, photos: photos.photos, photoErrors: photos.problems, toast }, deleted ? 200 : (outcome?.status ?? 400))
}

type SaveDog = (input: DogInput, photos: NewDogPhotos) => Promise<{ ok: true; dog: Dog; roleBecame?: Role | null } | DogFailure>

async function saveDogForm(userId: string, form: MultipartForm, savedPhotos: number, save: SaveDog, failed: ToastInput): Promise<DogFormOutcome> {
  const photos = await stageDogFormPhotos(userId, form, savedPhotos)
  const submission = parseWithZod(form.fields, { schema: DogFormSchema })
  // A kept photo's Remove button (no JavaScript): the same form again, with what was typed and without that photo.
  if (photos.removedOne) return shown({ result: { initialValue: submission.reply().initialValue }, photos: photos.photos })
  if (submission.status !== 'success' || photos.problems.length) {
    return shown({ result: submission.reply(), photos: photos.photos, photoErrors: photos.problems }, 400)
  }
  let outcome: Awaited<ReturnType<SaveDog>>
  try {
    outcome = await save(submission.value, { pendingTokens: photos.photos.map(({ token }) => token) })
  } catch (error) {
    console.error(`${failed.title}:`, error)
    return shown({ result: submission.reply(), photos: photos.photos, toast: failed }, 500)
  }
  if (outcome.ok) return { kind: 'saved', dog: outcome.dog, roleBecame: outcome.roleBecame }
  if (isDogNotFound(outcome)) return dogNotFound
  const photoErrors = outcome.field === 'images' ? [outcome.message] : undefined
  return shown({ result: submission.reply({ formErrors: photoErrors ? [] : [outcome.message] }), photos: photos.photos, photoErrors }, outcome.status)
}

/** The kept photos the form sent back (minus one removed), then the new files while the dog has room. */
function stageDogFormPhotos(userId: string, form: MultipartForm, savedCount: number) {
  return stageSubmittedPhotos(
    form,
    { file: 'images', kept: keptDogPhotosField },
    { userId, kind: 'dogs', room: maxDogImages - savedCount, limitMessage: photoLimitMessage },
  )
}
