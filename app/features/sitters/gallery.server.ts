import { hasRole } from '#app/features/accounts/roles.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { db } from '#app/lib/db.server.ts'
import { deleteImage } from '#app/lib/images.server.ts'
import { storeUploadedImages, UploadError, type UploadErrorStatus } from '#app/lib/upload.server.ts'

// A sitter's gallery on their profile (issue 9, DESIGN.md ruling 16): the sitter's own photos, at most 6,
// stored through the upload pipeline (decoded, metadata stripped, WebP). No photos, no gallery: nothing
// stands in for them.

export const maxGalleryPhotos = 6

export const galleryMessages = {
  limit: `Maximum of ${maxGalleryPhotos} photos reached - delete a photo to add new ones`,
  notSitter: 'Only sitters can add gallery photos',
  noPhoto: 'Please upload an image file',
  notFound: 'Image not found',
} as const

export type GalleryOutcome =
  | { ok: true; photos: string[] }
  | { ok: false; status: 400 | 403 | 404 | UploadErrorStatus; message: string }

type GalleryOwner = { id: string; role: Role }

/** The sitter's gallery photos (stored base paths), in their order. */
export async function listGalleryPhotos(sitterId: string): Promise<string[]> {
  const rows = await db.selectFrom('sitterPhotos').select('path').where('sitterId', '=', sitterId).orderBy('position').execute()
  return rows.map((row) => row.path)
}

/** Adds photos after the existing ones; every file is checked before any is stored, and 6 is never passed. */
export async function addGalleryPhotos(sitter: GalleryOwner, files: readonly File[]): Promise<GalleryOutcome> {
  if (!hasRole(sitter, 'sitter')) return { ok: false, status: 403, message: galleryMessages.notSitter }
  if (files.length === 0) return { ok: false, status: 400, message: galleryMessages.noPhoto }
  const limitReached = { ok: false, status: 400, message: galleryMessages.limit } as const
  if ((await listGalleryPhotos(sitter.id)).length + files.length > maxGalleryPhotos) return limitReached
  let stored: string[]
  try {
    stored = await storeUploadedImages(files, { kind: 'gallery', ownerKey: sitter.id })
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, status: error.status, message: error.message }
    throw error
  }
  const added = await db
    .transaction()
    .execute(async (trx) => {
      // Counted again inside the transaction: two uploads at once cannot pass the limit together.
      const existing = await trx.selectFrom('sitterPhotos').select('position').where('sitterId', '=', sitter.id).execute()
      if (existing.length + stored.length > maxGalleryPhotos) return false
      const next = existing.reduce((max, photo) => Math.max(max, photo.position + 1), 0)
      const createdAt = new Date().toISOString()
      await trx
        .insertInto('sitterPhotos')
        .values(stored.map((path, index) => ({ id: crypto.randomUUID(), sitterId: sitter.id, position: next + index, path, createdAt })))
        .execute()
      return true
    })
    .catch(async (error: unknown) => {
      await removeFiles(stored)
      throw error
    })
  if (!added) {
    await removeFiles(stored)
    return limitReached
  }
  return { ok: true, photos: await listGalleryPhotos(sitter.id) }
}

/** Removes one of the sitter's photos (by its base path) and its files; the others close the gap. */
export async function removeGalleryPhoto(sitterId: string, basePath: string): Promise<GalleryOutcome> {
  const removed = await db.transaction().execute(async (trx) => {
    const deleted = await trx.deleteFrom('sitterPhotos').where('sitterId', '=', sitterId).where('path', '=', basePath).executeTakeFirst()
    if (Number(deleted.numDeletedRows) === 0) return false
    const remaining = await trx.selectFrom('sitterPhotos').select(['id', 'position']).where('sitterId', '=', sitterId).orderBy('position').execute()
    // Ascending, each moves into a position already freed: the unique (sitterId, position) index never clashes.
    for (const [position, photo] of remaining.entries()) {
      if (photo.position !== position) await trx.updateTable('sitterPhotos').set({ position }).where('id', '=', photo.id).execute()
    }
    return true
  })
  if (!removed) return { ok: false, status: 404, message: galleryMessages.notFound }
  await removeFiles([basePath])
  return { ok: true, photos: await listGalleryPhotos(sitterId) }
}

async function removeFiles(paths: readonly string[]) {
  await Promise.all(
    paths.map((path) =>
      deleteImage(path).catch((error: unknown) => console.error(`Could not remove the files of ${path}:`, error)),
    ),
  )
}
