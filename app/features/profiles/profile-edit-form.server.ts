import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { uploadPhotoIntent } from '#app/features/accounts/photo-fields.ts'
import { attachKeptProfilePhoto, stageProfilePhoto } from '#app/features/accounts/profile-photo.server.ts'
import { isSitterRole } from '#app/features/accounts/roles.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { removeGalleryPhotoField } from '#app/features/sitters/gallery-fields.ts'
import { attachKeptGalleryPhotos, removeGalleryPhoto, stageGalleryPhotos } from '#app/features/sitters/gallery.server.ts'
import { type PendingUpload, photoMessages } from '#app/lib/photo-rules.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import type { MultipartForm } from '#app/lib/upload.server.ts'
import { EditProfileSchema } from './profile-schema.ts'
import { updateProfile } from './profile-update.server.ts'

// The edit-profile page's submits (/profile/edit, spec section 2): the button pressed decides what is
// saved. Save Changes saves the fields and the photos (updateProfile, the function PATCH /api/users/{id}
// calls); 'Upload photo' saves the profile photo alone; a gallery photo's Delete removes it; a kept photo's
// Remove shows the form again without it. A photo sent with a submit that fails is kept (a pending upload,
// decision 013) and comes back in the answer, so the next Save Changes still saves it.

/**
 * What the page shows after a submit that did not save: field errors and the summary; only a real
 * failure or a photo that was not taken adds a toast. `photos` is the photo of this submit, kept for the
 * next one; `photoErrors` why a file was not taken; the gallery's the same.
 */
export type EditProfileAnswer = {
  result?: SubmissionResult<string[]>
  photos?: PendingUpload[]
  photoErrors?: string[]
  galleryPhotos?: PendingUpload[]
  galleryErrors?: string[]
  toast?: ToastInput
  /** The notification settings form's refusal (a form of its own on the page). */
  notificationResult?: SubmissionResult<string[]>
}

export type EditProfileOutcome = { saved: true } | { saved: false; status: number; answer: EditProfileAnswer }

const updateFailed: ToastInput = {
  type: 'error',
  title: 'Update failed',
  description: 'There was an error updating your profile. Please try again.',
}

/** Spec section 6: 'Upload failed: There was an error uploading your photo. Please try again.', then the reason. */
const uploadFailed = (reason?: string): ToastInput => ({
  type: 'error',
  title: 'Upload failed',
  description: ['There was an error uploading your photo. Please try again.', reason].filter(Boolean).join(' '),
})

/** A submit whose files could not even be read (too many, too large). */
export const refusedUploadAnswer = (message: string): EditProfileAnswer => ({ photoErrors: [message], toast: uploadFailed(message) })

const shown = (answer: EditProfileAnswer, status = 200): EditProfileOutcome => ({ saved: false, status, answer })

type Staged = {
  photo: Awaited<ReturnType<typeof stageProfilePhoto>>
  gallery: Pick<Awaited<ReturnType<typeof stageGalleryPhotos>>, 'photos' | 'problems' | 'removedOne'>
  submission: ReturnType<typeof parseEditProfile>
  /** What was typed, unchanged and without messages: the answer to a submit that was not Save Changes. */
  typed: SubmissionResult<string[]>
}

const noGallery = { photos: [], problems: [], removedOne: false }
const parseEditProfile = (fields: FormData) => parseWithZod(fields, { schema: EditProfileSchema })

export async function submitEditProfileForm(user: { id: string; role: Role }, form: MultipartForm): Promise<EditProfileOutcome> {
  const sitter = isSitterRole(user.role)
  const photo = await stageProfilePhoto(user.id, form)
  const gallery = sitter ? await stageGalleryPhotos(user.id, form) : noGallery
  const submission = parseEditProfile(form.fields)
  const staged: Staged = { photo, gallery, submission, typed: { initialValue: submission.reply().initialValue } }
  if (photo.removedOne || gallery.removedOne) return shown({ result: staged.typed, photos: photo.photos, galleryPhotos: gallery.photos })
  const removedFromGallery = form.fields.get(removeGalleryPhotoField)
  if (sitter && typeof removedFromGallery === 'string') return deleteGalleryPhoto(user.id, removedFromGallery, staged)
  if (form.fields.get(uploadPhotoIntent.name) === uploadPhotoIntent.value) return uploadProfilePhotoAlone(user.id, staged)
  return saveEditedProfile(user.id, staged)
}

async function deleteGalleryPhoto(userId: string, path: string, { photo, gallery, typed }: Staged) {
  const removed = await removeGalleryPhoto(userId, path)
  const toast: ToastInput = removed.ok ? { type: 'success', title: 'Photo deleted' } : { type: 'error', title: 'Could not delete the photo', description: removed.message }
  return shown({ result: typed, photos: photo.photos, galleryPhotos: gallery.photos, toast }, removed.ok ? 200 : removed.status)
}

async function uploadProfilePhotoAlone(userId: string, { photo, gallery, typed }: Staged) {
  const answer = { result: typed, galleryPhotos: gallery.photos, galleryErrors: gallery.problems }
  const kept = photo.photos[0]
  if (photo.problems.length) return shown({ ...answer, photoErrors: photo.problems, toast: uploadFailed(photo.problems[0]) }, 400)
  if (!kept) return shown({ ...answer, photoErrors: [photoMessages.noPhotoChosen] }, 400)
  if (!(await attachKeptProfilePhoto(userId, kept.token))) {
    return shown({ ...answer, photoErrors: [photoMessages.keptPhotoGone], toast: uploadFailed(photoMessages.keptPhotoGone) }, 400)
  }
  return shown({ ...answer, toast: { type: 'success', title: 'Photo uploaded' } })
}

async function saveEditedProfile(userId: string, { photo, gallery, submission, typed }: Staged): Promise<EditProfileOutcome> {
  const photosKept = { photos: photo.photos, galleryPhotos: gallery.photos }
  const photoProblems = [...photo.problems, ...gallery.problems]
  if (submission.status !== 'success' || photoProblems.length) {
    // A photo that was not taken is an upload failure (spec section 6); a field error alone is no toast.
    const toast = photoProblems.length ? uploadFailed(photoProblems[0]) : undefined
    return shown({ result: submission.reply(), ...photosKept, photoErrors: photo.problems, galleryErrors: gallery.problems, toast }, 400)
  }
  try {
    const outcome = await updateProfile(userId, submission.value)
    if (!outcome.ok) {
      // An address that was not found is the user's to fix; an unreachable geocoder is our failure.
      const result = submission.reply({ fieldErrors: outcome.fieldErrors })
      return shown({ result, ...photosKept, toast: outcome.status === 400 ? undefined : updateFailed }, outcome.status)
    }
  } catch (error) {
    console.error('Profile update failed:', error)
    return shown({ result: submission.reply(), ...photosKept, toast: updateFailed }, 500)
  }
  const kept = photo.photos[0]
  if (kept && !(await attachKeptProfilePhoto(userId, kept.token))) {
    return shown({ result: typed, galleryPhotos: gallery.photos, photoErrors: [photoMessages.keptPhotoGone], toast: uploadFailed(photoMessages.keptPhotoGone) }, 400)
  }
  if (!(await attachKeptGalleryPhotos(userId, gallery.photos.map(({ token }) => token)))) {
    return shown({ result: typed, galleryErrors: [photoMessages.keptPhotoGone], toast: uploadFailed(photoMessages.keptPhotoGone) }, 400)
  }
  return { saved: true }
}
