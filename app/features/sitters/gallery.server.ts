import { hasRole } from '#app/features/accounts/roles.ts'
import type { Role } from '#app/lib/db-schema.ts'
import type { Transaction } from 'kysely'
import { db, type Database } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { deleteImage, type ImageVariants, lockImages, publicImagePath, storePublicImages } from '#app/lib/images.server.ts'
import { claimPendingUploads, stageSubmittedPhotos } from '#app/lib/pending-uploads.server.ts'
import { type MultipartForm, UploadError, type UploadErrorStatus, validateImageUploads } from '#app/lib/upload.server.ts'
import { galleryMessages, galleryPhotoFields, maxGalleryPhotos } from './gallery-fields.ts'

// A sitter's gallery on their profile (issue 9, DESIGN.md ruling 16): the sitter's own photos, at most 6,
// stored through the upload pipeline (decoded, metadata stripped, WebP). No photos, no gallery: nothing
// stands in for them.

export type GalleryOutcome =
  | { ok: true; photos: string[] }
  | { ok: false; status: 400 | 403 | 404 | UploadErrorStatus; message: string }

type GalleryOwner = { id: string; role: Role }

/** The sitter's gallery photos (stored base paths), in their order. */
export async function listGalleryPhotos(sitterId: string): Promise<string[]> {
  const rows = await galleryPathsOf({ sitterId })
  return rows.map((row) => row.path)
}

// Compiled once (decision 089): every visit of a sitter's profile reads it.
const galleryPathsOf = precompiledQuery(({ sitterId }: { sitterId: string }) =>
  db.selectFrom('sitterPhotos').select('path').where('sitterId', '=', sitterId).orderBy('position'),
)

/** Adds photos after the existing ones; every file is checked before any is stored, and 6 is never passed. */
export async function addGalleryPhotos(sitter: GalleryOwner, files: readonly File[]): Promise<GalleryOutcome> {
  if (!hasRole(sitter, 'sitter')) return { ok: false, status: 403, message: galleryMessages.notSitter }
  if (files.length === 0) return { ok: false, status: 400, message: galleryMessages.noPhoto }
  const limitReached = { ok: false, status: 400, message: galleryMessages.limit } as const
  if ((await listGalleryPhotos(sitter.id)).length + files.length > maxGalleryPhotos) return limitReached
  let pictures: ImageVariants[]
  try {
    pictures = await validateImageUploads(files)
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, status: error.status, message: error.message }
    throw error
  }
  const folder = { kind: 'gallery', ownerKey: sitter.id } as const
  const storedPaths = pictures.map((variants) => publicImagePath(variants, folder))
  const added = await db
    .transaction()
    .execute(async (trx) => {
      if (await appendGalleryRows(trx, sitter.id, await storePublicImages(trx, pictures, folder))) return true
      throw new GalleryFull()
    })
    .catch(async (error: unknown) => {
      await removeFiles(storedPaths)
      if (error instanceof GalleryFull) return false
      throw error
    })
  if (!added) return limitReached
  return { ok: true, photos: await listGalleryPhotos(sitter.id) }
}

/**
 * /profile/edit: the gallery photos a submit brought (kept ones, then new files while there is room),
 * stored as pending uploads until the form is saved.
 */
export async function stageGalleryPhotos(sitterId: string, form: MultipartForm) {
  const saved = (await listGalleryPhotos(sitterId)).length
  return stageSubmittedPhotos(form, galleryPhotoFields, {
    userId: sitterId,
    kind: 'gallery',
    room: maxGalleryPhotos - saved,
    limitMessage: galleryMessages.limit,
  })
}

/**
 * /profile/edit after a save: the kept photos join the gallery. False (nothing changes) when a token is
 * no longer the sitter's pending upload or the gallery has no room left for them.
 */
export async function attachKeptGalleryPhotos(sitterId: string, tokens: readonly string[]): Promise<boolean> {
  if (tokens.length === 0) return true
  return db.transaction().execute(async (trx) => {
    const paths = await claimPendingUploads(trx, sitterId, 'gallery', tokens)
    if (paths === null) return false
    if (await appendGalleryRows(trx, sitterId, paths)) return true
    throw new GalleryFull()
  }).catch((error: unknown) => {
    if (error instanceof GalleryFull) return false
    throw error
  })
}

class GalleryFull extends Error {}

/**
 * Adds photos after the sitter's others; false (nothing added) when they would pass 6. A picture the
 * gallery has already (the same content, so the same path) is not added twice. Counted inside the
 * transaction under the images' locks, so two saves at once cannot pass the limit or add one picture twice.
 */
async function appendGalleryRows(trx: Transaction<Database>, sitterId: string, newPaths: readonly string[]) {
  await lockImages(trx, newPaths)
  const existing = await trx.selectFrom('sitterPhotos').select(['position', 'path']).where('sitterId', '=', sitterId).execute()
  const paths = [...new Set(newPaths)].filter((path) => !existing.some((photo) => photo.path === path))
  if (existing.length + paths.length > maxGalleryPhotos) return false
  if (paths.length === 0) return true
  const next = existing.reduce((max, photo) => Math.max(max, photo.position + 1), 0)
  const createdAt = new Date().toISOString()
  await trx
    .insertInto('sitterPhotos')
    .values(paths.map((path, index) => ({ id: crypto.randomUUID(), sitterId, position: next + index, path, createdAt })))
    .execute()
  return true
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
