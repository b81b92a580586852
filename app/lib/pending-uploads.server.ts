import type { Kysely, Transaction } from 'kysely'
import { db, type Database } from './db.server.ts'
import type { PendingUploadsTable } from './db-schema.ts'
import { deleteImage, type ImageVariants, publicImagePath, storePublicImages } from './images.server.ts'
import {
  addRefusal,
  describeRefusedPhotos,
  discardPhotoField,
  type PendingUpload,
  photoMessages,
  type RefusedPhotos,
} from './photo-rules.ts'
import { type MultipartForm, screenImageUploads } from './upload.server.ts'

/** The photo fields that keep pending uploads: profile photos and dog photos (not the sitter gallery). */
type PendingUploadKind = PendingUploadsTable['kind']

// Photos sent with a form that was not saved yet (table pendingUploads, decision 013). A browser cannot
// put a file back into a file input, so when a submit fails (a missing name, a fourth photo) the photos
// that were fine are stored here and the page shows them with their token in a hidden input; the next
// submit attaches them. A token is a random id that counts only for the user who uploaded it, and only
// for a day: housekeeping deletes older rows and their files.

const pendingUploadLifetimeMs = 24 * 60 * 60 * 1000

const tokenPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/
/** More tokens than any photo field holds are never looked at. */
const maxTokensPerField = 10

/** The distinct well-formed tokens among a form's values, in the order sent. */
function pendingTokensOf(values: readonly FormDataEntryValue[]): string[] {
  const tokens = values.filter((value): value is string => typeof value === 'string' && tokenPattern.test(value))
  return [...new Set(tokens)].slice(0, maxTokensPerField)
}

const freshSince = (now = Date.now()) => new Date(now - pendingUploadLifetimeMs).toISOString()

/** Stores each picture under `<kind>/<userId>/` and records it as one of the user's pending uploads. */
async function keepPendingUploads(userId: string, kind: PendingUploadKind, pictures: readonly ImageVariants[]): Promise<PendingUpload[]> {
  if (pictures.length === 0) return []
  try {
    return await db.transaction().execute(async (trx) => {
      const paths = await storePublicImages(trx, pictures, { kind, ownerKey: userId })
      const kept = paths.map((path) => ({ token: crypto.randomUUID(), path }))
      const createdAt = new Date().toISOString()
      await trx
        .insertInto('pendingUploads')
        .values(kept.map(({ token, path }) => ({ id: token, userId, kind, path, createdAt })))
        .execute()
      return kept
    })
  } catch (error) {
    await removeFiles(pictures.map((variants) => publicImagePath(variants, { kind, ownerKey: userId })))
    throw error
  }
}

/** The rows behind `tokens` that are this user's, of this kind and still fresh. */
function freshPendingRows(executor: Kysely<Database>, userId: string, kind: PendingUploadKind, tokens: readonly string[]) {
  return executor
    .selectFrom('pendingUploads')
    .select(['id', 'path'])
    .where('id', 'in', tokens)
    .where('userId', '=', userId)
    .where('kind', '=', kind)
    .where('createdAt', '>=', freshSince())
    .execute()
}

/** The user's fresh pending uploads of this kind among `tokens`, in the order given; anything else is ignored. */
async function findPendingUploads(userId: string, kind: PendingUploadKind, tokens: readonly string[]): Promise<PendingUpload[]> {
  if (tokens.length === 0) return []
  const rows = await freshPendingRows(db, userId, kind, tokens)
  return tokens.flatMap((token) => rows.filter((row) => row.id === token).map((row) => ({ token, path: row.path })))
}

/**
 * Inside the transaction that attaches them: takes the pending uploads out of the table and answers
 * their paths in the order given, or null (taking nothing) when any token is not, or no longer, a fresh
 * pending upload of this user and kind.
 */
export async function claimPendingUploads(
  trx: Transaction<Database>,
  userId: string,
  kind: PendingUploadKind,
  tokens: readonly string[],
): Promise<string[] | null> {
  if (tokens.length === 0) return []
  const rows = await freshPendingRows(trx, userId, kind, tokens)
  if (rows.length !== new Set(tokens).size) return null
  await trx.deleteFrom('pendingUploads').where('id', 'in', tokens).execute()
  return tokens.flatMap((token) => rows.filter((row) => row.id === token).map((row) => row.path))
}

/** Deletes the user's pending uploads among `tokens` and their files (a photo removed from the form). */
async function discardPendingUploads(userId: string, tokens: readonly string[]) {
  if (tokens.length === 0) return
  const rows = await db.deleteFrom('pendingUploads').where('id', 'in', tokens).where('userId', '=', userId).returning('path').execute()
  await removeFiles(rows.map((row) => row.path))
}

/** Housekeeping: pending uploads older than a day are deleted with their files. Answers how many. */
/** Whether `path` is one of the user's uploads not yet claimed by a form (an onboarding preview shows them). */
export async function isPendingUploadOf(userId: string, path: string) {
  const row = await db.selectFrom('pendingUploads').select('id').where('userId', '=', userId).where('path', '=', path).executeTakeFirst()
  return Boolean(row)
}

export async function deleteStalePendingUploads(now = Date.now()) {
  const rows = await db.deleteFrom('pendingUploads').where('createdAt', '<', freshSince(now)).returning('path').execute()
  await removeFiles(rows.map((row) => row.path))
  return rows.length
}

type PhotoFieldInput = {
  userId: string
  kind: PendingUploadKind
  /** The tokens of the photos kept from an earlier try, as the form sent them back. */
  keptTokens: readonly string[]
  /** The files chosen this time, and the names of those the parser dropped for their size. */
  files: readonly File[]
  oversizedNames?: readonly string[]
  /** How many photos the field may still take (the dog's limit minus its saved photos). */
  room: number
  /** The message for photos beyond `room`. */
  limitMessage: string
  /** A single photo field (the avatar): a new picture replaces the kept one instead of competing for room. */
  newReplacesKept?: boolean
}

/** A photo field after a submit: what it holds now, and a message for each group of files it could not take. */
type StagedPhotoField = { photos: PendingUpload[]; problems: string[] }

/**
 * The photos a form submit brought: the kept ones that are still the user's, then each new file that
 * is a picture, while there is room, stored as a pending upload. Every file not taken is named, with
 * why, and so is a kept photo that is gone (expired, or never this user's): the form is not saved
 * without a photo the user saw in it.
 */
async function stagePhotoField(input: PhotoFieldInput): Promise<StagedPhotoField> {
  let kept = await findPendingUploads(input.userId, input.kind, input.keptTokens)
  const screened = await screenImageUploads(input.files, input.oversizedNames)
  const refused: RefusedPhotos[] = [...screened.refused]
  if (kept.length < input.keptTokens.length) refused.push({ message: photoMessages.keptPhotoGone, names: [] })
  if (input.newReplacesKept && screened.accepted.length > 0 && kept.length > 0) {
    await discardPendingUploads(input.userId, kept.map(({ token }) => token))
    kept = []
  }
  const capacity = Math.max(0, input.room)
  if (kept.length > capacity) {
    // The field lost room since the last try (photos saved meanwhile): the extra kept ones go.
    await discardPendingUploads(input.userId, kept.slice(capacity).map(({ token }) => token))
    kept = kept.slice(0, capacity)
    refused.push({ message: input.limitMessage, names: [] })
  }
  const room = capacity - kept.length
  for (const { name } of screened.accepted.slice(room)) addRefusal(refused, input.limitMessage, name)
  const added = await keepPendingUploads(
    input.userId,
    input.kind,
    screened.accepted.slice(0, room).map(({ variants }) => variants),
  )
  return { photos: [...kept, ...added], problems: refused.map(describeRefusedPhotos) }
}

type SubmittedPhotoField = StagedPhotoField & {
  /** The submit was a kept photo's Remove button (no JavaScript), not a save. */
  removedOne: boolean
}

/**
 * A page form's photo field after a submit: a kept photo whose Remove button was pressed (no
 * JavaScript) is deleted, the others the form sent back are kept, then the new files while there is room.
 */
export async function stageSubmittedPhotos(
  form: MultipartForm,
  field: { file: string; kept: string },
  options: Pick<PhotoFieldInput, 'userId' | 'kind' | 'room' | 'limitMessage' | 'newReplacesKept'>,
): Promise<SubmittedPhotoField> {
  const removed = pendingTokensOf(form.fields.getAll(discardPhotoField))
  await discardPendingUploads(options.userId, removed)
  const staged = await stagePhotoField({
    ...options,
    keptTokens: pendingTokensOf(form.fields.getAll(field.kept)).filter((token) => !removed.includes(token)),
    files: form.files[field.file] ?? [],
    oversizedNames: form.oversized[field.file],
  })
  return { ...staged, removedOne: removed.length > 0 }
}

async function removeFiles(paths: readonly string[]) {
  await Promise.all(
    paths.map((path) =>
      deleteImage(path).catch((error: unknown) => console.error(`Could not remove the files of ${path}:`, error)),
    ),
  )
}
