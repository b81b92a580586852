import type { Transaction } from 'kysely'
import { db, type Database } from '#app/lib/db.server.ts'
import { deleteImage, type ImageVariants, publicImagePath, storePublicImages } from '#app/lib/images.server.ts'
import { claimPendingUploads, stageSubmittedPhotos } from '#app/lib/pending-uploads.server.ts'
import { describeRefusedPhotos } from '#app/lib/photo-rules.ts'
import { type MultipartForm, screenImageUploads, validateImageUpload } from '#app/lib/upload.server.ts'
import { profilePhotoFields } from './photo-fields.ts'
import { getAccount } from './users.server.ts'

/**
 * Replaces a user's profile photo with an uploaded picture (`PATCH /api/users/profile/photo`, onboarding).
 * The new picture is stored before the row changes and the previous one's files are removed after, so
 * the profile never points at missing files. Throws UploadError (400/413/415) for a refused file, in
 * which case nothing was stored or changed.
 */
export async function updateProfilePhoto(userId: string, file: Blob) {
  const profilePhoto = await storeProfilePhoto(userId, await validateImageUpload(file))
  return { profilePhoto, user: await getAccount(userId) }
}

/**
 * /profile/edit: makes a photo the page kept (a pending upload of this user) the profile photo. False
 * when the token is not, or no longer, one of the user's pending uploads: nothing changes then.
 */
export async function attachKeptProfilePhoto(userId: string, token: string): Promise<boolean> {
  const replaced = await replaceProfilePhoto(userId, async (trx) => (await claimPendingUploads(trx, userId, 'avatars', [token]))?.[0] ?? null)
  return replaced !== null
}

/**
 * Onboarding step 1: the photo of the step's form becomes the profile photo at once (spec section 5).
 * Answers its path, or why the file was refused (then nothing changed).
 */
export async function saveSubmittedProfilePhoto(userId: string, form: MultipartForm): Promise<{ photo?: string; problems: string[] }> {
  const screened = await screenImageUploads(form.files[profilePhotoFields.file] ?? [], form.oversized[profilePhotoFields.file])
  if (screened.refused.length) return { problems: screened.refused.map(describeRefusedPhotos) }
  const picture = screened.accepted[0]
  if (!picture) return { problems: [] }
  return { photo: await storeProfilePhoto(userId, picture.variants), problems: [] }
}

/** Stores the picture in the transaction that makes it the profile photo; a failed save leaves no file no row names. */
async function storeProfilePhoto(userId: string, picture: ImageVariants) {
  const folder = { kind: 'avatars', ownerKey: userId } as const
  try {
    await replaceProfilePhoto(userId, async (trx) => (await storePublicImages(trx, [picture], folder))[0] ?? null)
  } catch (error) {
    await deleteImage(publicImagePath(picture, folder))
    throw error
  }
  return publicImagePath(picture, folder)
}

/** /profile/edit: the photo a submit brought: a new picture (replacing a kept one), or the one kept from before. */
export function stageProfilePhoto(userId: string, form: MultipartForm) {
  return stageSubmittedPhotos(form, profilePhotoFields, {
    userId,
    kind: 'avatars',
    room: 1,
    limitMessage: 'Please choose one photo',
    newReplacesKept: true,
  })
}

/** Points the user's row at the photo `newPhoto` gives (inside the transaction), then removes the old files. */
async function replaceProfilePhoto(userId: string, newPhoto: (trx: Transaction<Database>) => Promise<string | null>) {
  const replaced = await db.transaction().execute(async (trx) => {
    const profilePhoto = await newPhoto(trx)
    if (profilePhoto === null) return null
    const row = await trx.selectFrom('users').select('profilePhoto').where('id', '=', userId).executeTakeFirst()
    if (!row) throw new Error(`No user ${userId}`)
    await trx.updateTable('users').set({ profilePhoto, updatedAt: new Date().toISOString() }).where('id', '=', userId).execute()
    return { profilePhoto, previous: row.profilePhoto }
  })
  const previous = replaced?.previous
  if (previous && previous !== replaced.profilePhoto) {
    await deleteImage(previous).catch((error: unknown) => console.warn(`Could not delete ${previous}:`, error))
  }
  return replaced
}
