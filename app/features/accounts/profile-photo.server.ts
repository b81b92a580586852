import { db } from '#app/lib/db.server.ts'
import { deleteImage } from '#app/lib/images.server.ts'
import { storeUploadedImage } from '#app/lib/upload.server.ts'
import { getAccount } from './users.server.ts'

/**
 * Replaces a user's profile photo with an uploaded picture (`PATCH /api/users/profile/photo`, onboarding,
 * edit profile). The new picture is stored before the row changes and the previous one's files are removed
 * after, so the profile never points at missing files. Throws UploadError (400/413/415) for a refused
 * file, in which case nothing was stored or changed.
 */
export async function updateProfilePhoto(userId: string, file: Blob) {
  const profilePhoto = await storeUploadedImage(file, { kind: 'avatars', ownerKey: userId })
  let previous: string | null
  try {
    previous = await db.transaction().execute(async (trx) => {
      const row = await trx.selectFrom('users').select('profilePhoto').where('id', '=', userId).executeTakeFirst()
      if (!row) throw new Error(`No user ${userId}`)
      await trx
        .updateTable('users')
        .set({ profilePhoto, updatedAt: new Date().toISOString() })
        .where('id', '=', userId)
        .execute()
      return row.profilePhoto
    })
  } catch (error) {
    await deleteImage(profilePhoto)
    throw error
  }
  if (previous && previous !== profilePhoto) {
    await deleteImage(previous).catch((error: unknown) => console.warn(`Could not delete ${previous}:`, error))
  }
  return { profilePhoto, user: await getAccount(userId) }
}
