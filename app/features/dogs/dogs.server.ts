import { type Expression, expressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely'
import { addRoleSide } from '#app/features/accounts/roles.server.ts'
import { db, type Database, isOneOf } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { deleteImage, type ImageVariants, publicImagePath, storePublicImages } from '#app/lib/images.server.ts'
import { claimPendingUploads } from '#app/lib/pending-uploads.server.ts'
import { photoMessages } from '#app/lib/photo-rules.ts'
import { UploadError, validateImageUploads } from '#app/lib/upload.server.ts'
import type { Dog, DogNameLists } from './dog.ts'
import { dogActivities, dogAvailabilitySlots, dogTraits } from './options.ts'
import { dogMessages, maxDogImages, type DogInput } from './schema.ts'
import { type DogViewer, dogsVisibleTo, ownDogs } from './visibility.server.ts'

// The dogs domain: an owner's dogs with their photos, traits, activities and availability. Every read
// and write of a dog goes through here; who may see a dog is decided by visibility.server.ts, whose
// where-clauses every read applies (getOwnedDog and friends answer 'not found' for anyone but the owner,
// so routes cannot forget it).

export { maxDogImages }

/**
 * Creates a dog, validated by DogFormSchema, with its photos (already stored, at most 3), traits,
 * activities and availability: the one way a dog is made (the form, the API and owner onboarding). A
 * sitter's first dog makes them an owner too (DESIGN.md ruling 2): `roleBecame` is then their new role, `both`.
 */
export async function createDog(
  trx: Transaction<Database>,
  ownerId: string,
  dog: DogInput,
  imagePaths: readonly string[],
  id: string = crypto.randomUUID(),
) {
  // Every caller refuses more photos first, with the message; this is the last line, not the message.
  if (imagePaths.length > maxDogImages) throw new Error(`A dog has at most ${maxDogImages} photos`)
  const roleBecame = await addRoleSide(trx, ownerId, 'owner')
  const now = new Date().toISOString()
  await trx
    .insertInto('dogs')
    .values({ ...dogColumns(dog), id, ownerId, createdAt: now, updatedAt: now })
    .execute()
  await insertImages(trx, id, [...new Set(imagePaths)], 0, now)
  await insertNames(trx, id, dog)
  return { id, roleBecame }
}

const dogColumns = (dog: DogInput) => ({
  name: dog.name,
  breed: dog.breed,
  age: dog.age,
  ageMonths: dog.ageMonths,
  weightKg: dog.weightKg,
  height: dog.height,
  bio: dog.bio,
  size: dog.size,
  listedForSitting: dog.listedForSitting ? (1 as const) : (0 as const),
})

// ---- reading ----

const inCanonicalOrder = (canonical: readonly string[]) => (a: string, b: string) => {
  const rank = (name: string) => {
    const index = canonical.indexOf(name)
    return index === -1 ? canonical.length : index
  }
  return rank(a) - rank(b) || a.localeCompare(b)
}

/** A dog as a list of cards shows it: the record with its photos and personality, without its activities and availability. */
export type DogOnCard = Omit<Dog, 'activities' | 'availability'>

/**
 * The dogs a where-clause of visibility.server.ts (possibly narrowed further) lets through, with their
 * photos and name lists, oldest first. Lists are in the canonical order of options.ts.
 */
export async function findDogs(where: Expression<SqlBool>, executor: Kysely<Database> = db): Promise<Dog[]> {
  return withAllLists(await dogRowsWhere(where, executor), executor)
}

/** The dogs' rows with their photos, personality, activities and availability. */
async function withAllLists(rows: DogRow[], executor: Kysely<Database>): Promise<Dog[]> {
  if (rows.length === 0) return []
  const dogIds = JSON.stringify(rows.map((dog) => dog.id))
  // One round of reads after the dogs' own, as for the cards (on PostgreSQL each round is a trip to the server).
  const [dogs, activitiesOf, availabilityOf] = await Promise.all([
    withCardLists(rows, executor),
    activitiesAmong({ dogIds }, executor).then(byDog),
    availabilityAmong({ dogIds }, executor).then(byDog),
  ])
  return dogs.map((dog) => ({
    ...dog,
    activities: activitiesOf(dog.id).map((row) => row.activity).sort(inCanonicalOrder(dogActivities)),
    availability: availabilityOf(dog.id).map((row) => row.slot).sort(inCanonicalOrder(dogAvailabilitySlots)),
  }))
}

/** `findDogs` for lists of cards: the same dogs, without the two lists no card shows (two statements fewer). */
export async function findDogsOnCards(where: Expression<SqlBool>, executor: Kysely<Database> = db): Promise<DogOnCard[]> {
  const rows = await dogRowsWhere(where, executor)
  return rows.length === 0 ? [] : withCardLists(rows, executor)
}

const dogRowsWhere = (where: Expression<SqlBool>, executor: Kysely<Database>) =>
  executor.selectFrom('dogs').selectAll().where(where).orderBy('createdAt').orderBy('id').execute()

type DogRow = Awaited<ReturnType<typeof dogRowsWhere>>[number]

/** The dogs' rows with their photos and personality. */
async function withCardLists(rows: DogRow[], executor: Kysely<Database>): Promise<DogOnCard[]> {
  const dogIds = JSON.stringify(rows.map((dog) => dog.id))
  const [imagesOf, traitsOf] = await Promise.all([imagesAmong({ dogIds }, executor).then(byDog), traitsAmong({ dogIds }, executor).then(byDog)])
  return rows.map((dog) => ({
    ...dog,
    listedForSitting: dog.listedForSitting === 1,
    images: imagesOf(dog.id).map((image) => image.path),
    personality: traitsOf(dog.id).map((row) => row.trait).sort(inCanonicalOrder(dogTraits)),
  }))
}

// A dog's lists, read for every dog shown (its page, My Dogs, the cards, a booking's dogs): compiled once
// (decision 089), the dogs' ids as one JSON value.
type DogIds = { dogIds: string }
const imagesAmong = precompiledQuery(({ dogIds }: DogIds) =>
  db.selectFrom('dogImages').select(['dogId', 'path']).where((eb) => isOneOf(eb.ref('dogId'), dogIds)).orderBy('position'),
)
const traitsAmong = precompiledQuery(({ dogIds }: DogIds) => db.selectFrom('dogTraits').select(['dogId', 'trait']).where((eb) => isOneOf(eb.ref('dogId'), dogIds)))
const activitiesAmong = precompiledQuery(({ dogIds }: DogIds) =>
  db.selectFrom('dogActivities').select(['dogId', 'activity']).where((eb) => isOneOf(eb.ref('dogId'), dogIds)),
)
const availabilityAmong = precompiledQuery(({ dogIds }: DogIds) =>
  db.selectFrom('dogAvailability').select(['dogId', 'slot']).where((eb) => isOneOf(eb.ref('dogId'), dogIds)),
)

/** A list's rows grouped once by dog, in the order read (the photos by position), not searched again for every dog. */
function byDog<Row extends { dogId: string }>(rows: Row[]) {
  const lists = Map.groupBy(rows, (row) => row.dogId)
  return (dogId: string) => lists.get(dogId) ?? []
}

const onDogs = expressionBuilder<Database, 'dogs'>()

/** An owner's dogs with everything the My Dogs cards and the API show, oldest first. */
export async function listDogsOf(ownerId: string) {
  return findDogs(ownDogs({ id: ownerId }))
}

/** `GET /api/dogs/user/{userId}`: the dogs of one user that the viewer may see (all of their own). */
export async function listDogsVisibleTo(viewer: DogViewer, userId: string) {
  return findDogs(onDogs.and([dogsVisibleTo(viewer), onDogs('dogs.ownerId', '=', userId)]))
}

/** Whether each of these dogs is the owner's own, not archived (a request names only dogs of theirs): one statement, none of their profiles. */
export async function ownsDogs(ownerId: string, dogIds: readonly string[]) {
  const distinct = [...new Set(dogIds)]
  if (distinct.length === 0) return true
  const owned = await db
    .selectFrom('dogs')
    .select('id')
    .where((eb) => eb.and([ownDogs({ id: ownerId }), isOneOf(eb.ref('dogs.id'), JSON.stringify(distinct))]))
    .execute()
  return owned.length === distinct.length
}

export async function hasDogs(ownerId: string) {
  return Boolean(await db.selectFrom('dogs').select('id').where(ownDogs({ id: ownerId })).limit(1).executeTakeFirst())
}

/**
 * The dogs that bookings name, archived ones included, by id. For the bookings feature only, which
 * shows a booking (and so its dog) to the booking's two parties and nobody else.
 */
export async function findDogsForBookings(dogIds: readonly string[]) {
  if (dogIds.length === 0) return new Map<string, Dog>()
  const dogs = await withAllLists(await dogsAmong({ dogIds: JSON.stringify([...new Set(dogIds)]) }), db)
  return new Map(dogs.map((dog) => [dog.id, dog]))
}

// Every booking page asks it: compiled once (decision 089).
const dogsAmong = precompiledQuery(({ dogIds }: { dogIds: string }) =>
  db.selectFrom('dogs').selectAll().where((eb) => isOneOf(eb.ref('dogs.id'), dogIds)).orderBy('createdAt').orderBy('id'),
)

/** The names of these dogs by id, for lists that name them only (one statement, none of their profiles). */
export async function findDogNames(dogIds: readonly string[]) {
  if (dogIds.length === 0) return new Map<string, string>()
  const rows = await dogNamesAmong({ dogIds: JSON.stringify([...new Set(dogIds)]) })
  return new Map(rows.map((row) => [row.id, row.name]))
}

// The booking lists' weekly series ask it: compiled once (decision 089).
const dogNamesAmong = precompiledQuery(({ dogIds }: { dogIds: string }) => db.selectFrom('dogs').select(['id', 'name']).where((eb) => isOneOf(eb.ref('id'), dogIds)))

/**
 * What a booking card shows of these dogs, by id: name, breed and first photo (one statement, none of the rest
 * of their profiles). For the bookings feature only, like findDogsForBookings.
 */
export async function findDogFaces(dogIds: readonly string[]) {
  if (dogIds.length === 0) return new Map<string, DogFace>()
  const rows = await dogFacesAmong({ dogIds: JSON.stringify([...new Set(dogIds)]) })
  return new Map(rows.map((row) => [row.id, row]))
}

// Every booking list asks it: compiled once (decision 089).
const dogFacesAmong = precompiledQuery(({ dogIds }: { dogIds: string }) => dogFaces().where((eb) => isOneOf(eb.ref('dogs.id'), dogIds)))

/** An owner's dogs as `findDogFaces` reads them, oldest first as on My Dogs (the booking change form's choices). */
export async function listDogFacesOf(ownerId: string): Promise<DogFace[]> {
  return dogFacesOfOwner({ ownerId })
}

// A changeable booking's page and the request screens ask it: compiled once (decision 089).
const dogFacesOfOwner = precompiledQuery(({ ownerId }: { ownerId: string }) =>
  dogFaces().where(ownDogs({ id: ownerId })).orderBy('createdAt').orderBy('id'),
)

export type DogFace = { id: string; name: string; breed: string; avatar: string | null }

const dogFaces = () =>
  db
    .selectFrom('dogs')
    .select((eb) => [
      'dogs.id',
      'dogs.name',
      'dogs.breed',
      eb.selectFrom('dogImages').select('dogImages.path').whereRef('dogImages.dogId', '=', 'dogs.id').orderBy('dogImages.position').limit(1).as('avatar'),
    ])

/** The dog when it exists and belongs to this owner; null for anyone else (who gets 'Dog not found'). */
export async function getOwnedDog(ownerId: string, dogId: string): Promise<Dog | null> {
  const [dog] = await findDogs(onDogs.and([ownDogs({ id: ownerId }), onDogs('dogs.id', '=', dogId)]))
  return dog ?? null
}

// ---- writing ----

export type DogFailure = {
  ok: false
  status: 400 | 404 | 409 | 413 | 415
  message: string
  /** The form field the message belongs to, when there is one. */
  field?: 'images' | 'imageUrl'
}
export type DogOutcome = { ok: true; dog: Dog } | DogFailure

const notFound: DogFailure = { ok: false, status: 404, message: dogMessages.dogNotFound }
const photoLimitReached: DogFailure = { ok: false, status: 400, message: dogMessages.photoLimit, field: 'images' }
const keptPhotosGone: DogFailure = { ok: false, status: 400, message: photoMessages.keptPhotoGone, field: 'images' }

/**
 * A dog's new photos: the files of the request (the API), or the pending uploads a page form kept
 * (lib/pending-uploads.server.ts), which are attached in the transaction that saves the dog.
 */
export type NewDogPhotos = { files: readonly File[] } | { pendingTokens: readonly string[] }

const countOf = (photos: NewDogPhotos) => ('files' in photos ? photos.files.length : photos.pendingTokens.length)

export const deleteDogMessages = {
  activeBookings: 'This dog has pending or accepted bookings. Cancel them before deleting this dog.',
} as const

/** Thrown inside a transaction to roll it back with a failure to report. */
class DogRefusal extends Error {
  readonly failure: DogFailure
  constructor(failure: DogFailure) {
    super(failure.message)
    this.failure = failure
  }
}

/**
 * `POST /api/dogs` and /dogs/add: at most 3 photos; every photo is checked before anything is stored.
 * `roleBecame` is the owner's new role when this dog changed it (a sitter's first dog: `both`).
 */
export async function addDog(
  ownerId: string,
  input: DogInput,
  photos: NewDogPhotos,
): Promise<(DogOutcome & { ok: true; roleBecame: Role | null }) | DogFailure> {
  if (countOf(photos) > maxDogImages) return photoLimitReached
  const id = crypto.randomUUID()
  const rendered = await renderNewPhotos(photos)
  if (!rendered.ok) return rendered
  let roleBecame: Role | null
  try {
    roleBecame = await db.transaction().execute(async (trx) => {
      const created = await createDog(trx, ownerId, input, await attachablePaths(trx, ownerId, id, photos, rendered.pictures), id)
      return created.roleBecame
    })
  } catch (error) {
    await removeImageFiles(storedPathsOf(id, rendered.pictures))
    if (error instanceof DogRefusal) return error.failure
    throw error
  }
  const outcome = await loaded(ownerId, id)
  return outcome.ok ? { ...outcome, roleBecame } : outcome
}

/**
 * `PATCH /api/dogs/{id}` and /dogs/{id}/edit: replaces the fields and lists, appends new photos after the
 * existing ones. More than 3 photos in total stores nothing (400).
 */
export async function updateDog(ownerId: string, dogId: string, input: DogInput, photos: NewDogPhotos): Promise<DogOutcome> {
  const dog = await getOwnedDog(ownerId, dogId)
  if (!dog) return notFound
  if (dog.images.length + countOf(photos) > maxDogImages) return photoLimitReached
  const rendered = await renderNewPhotos(photos)
  if (!rendered.ok) return rendered
  try {
    await db.transaction().execute(async (trx) => {
      const now = new Date().toISOString()
      const updated = await trx
        .updateTable('dogs')
        .set({ ...dogColumns(input), updatedAt: now })
        .where('id', '=', dog.id)
        .where(ownDogs({ id: ownerId }))
        .executeTakeFirst()
      if (Number(updated.numUpdatedRows) === 0) throw new DogRefusal(notFound)
      const attached = await attachablePaths(trx, ownerId, dog.id, photos, rendered.pictures)
      // Counted again inside the transaction (the update above holds the dog's row): two uploads at once
      // cannot pass the limit together, nor put the same picture on the dog twice.
      const existing = await trx.selectFrom('dogImages').select(['position', 'path']).where('dogId', '=', dog.id).execute()
      const paths = [...new Set(attached)].filter((path) => !existing.some((image) => image.path === path))
      if (existing.length + paths.length > maxDogImages) throw new DogRefusal(photoLimitReached)
      const next = existing.reduce((max, image) => Math.max(max, image.position + 1), 0)
      await insertImages(trx, dog.id, paths, next, now)
      for (const table of ['dogTraits', 'dogActivities', 'dogAvailability'] as const) {
        await trx.deleteFrom(table).where('dogId', '=', dog.id).execute()
      }
      await insertNames(trx, dog.id, input)
    })
  } catch (error) {
    await removeImageFiles(storedPathsOf(dog.id, rendered.pictures))
    if (error instanceof DogRefusal) return error.failure
    throw error
  }
  return loaded(ownerId, dog.id)
}

/** Where a dog's bookings stand (features/bookings answers it): none, one still ahead, or only past ones. */
export type DogBookingState = 'none' | 'active' | 'past'

/** Asks the bookings feature where the dog's bookings stand, inside the transaction that removes it. */
export type DogBookingStateOf = (dogId: string, executor: Kysely<Database>) => Promise<DogBookingState>

/**
 * Removes one of the owner's dogs. Refused (409) while a pending request or an accepted booking of it
 * lies ahead: those must be cancelled first. A dog with only past bookings is archived: hidden from
 * every list and from new bookings, kept (photos too) on the bookings that name it, which are the
 * shared history of owner and sitter (bookings.dogId is ON DELETE RESTRICT). A dog without bookings is
 * deleted with its photos.
 */
export async function deleteDog(
  ownerId: string,
  dogId: string,
  dogBookingState: DogBookingStateOf,
): Promise<{ ok: true; archived: boolean } | DogFailure> {
  let images: string[] = []
  let archived = false
  try {
    await db.transaction().execute(async (trx) => {
      const dog = await trx.selectFrom('dogs').select('id').where('id', '=', dogId).where(ownDogs({ id: ownerId })).executeTakeFirst()
      if (!dog) throw new DogRefusal(notFound)
      const bookings = await dogBookingState(dogId, trx)
      if (bookings === 'active') throw new DogRefusal({ ok: false, status: 409, message: deleteDogMessages.activeBookings })
      if (bookings === 'past') {
        const now = new Date().toISOString()
        await trx.updateTable('dogs').set({ archivedAt: now, listedForSitting: 0, updatedAt: now }).where('id', '=', dogId).execute()
        archived = true
        return
      }
      images = (await trx.selectFrom('dogImages').select('path').where('dogId', '=', dogId).execute()).map((i) => i.path)
      // Images, traits, activities and availability go with it (ON DELETE CASCADE).
      await trx.deleteFrom('dogs').where('id', '=', dogId).where(ownDogs({ id: ownerId })).execute()
    })
  } catch (error) {
    if (error instanceof DogRefusal) return error.failure
    throw error
  }
  await removeImageFiles(images)
  return { ok: true, archived }
}

/** Deletes one photo of the owner's dog (by its base path), its files, and closes the gap in the order. */
export async function deleteDogImage(ownerId: string, dogId: string, basePath: string): Promise<DogOutcome> {
  try {
    await db.transaction().execute(async (trx) => {
      const dog = await trx.selectFrom('dogs').select('id').where('id', '=', dogId).where(ownDogs({ id: ownerId })).executeTakeFirst()
      if (!dog) throw new DogRefusal(notFound)
      const removed = await trx.deleteFrom('dogImages').where('dogId', '=', dogId).where('path', '=', basePath).executeTakeFirst()
      if (Number(removed.numDeletedRows) === 0) {
        throw new DogRefusal({ ok: false, status: 404, message: dogMessages.imageNotFound, field: 'imageUrl' })
      }
      const remaining = await trx.selectFrom('dogImages').select(['id', 'position']).where('dogId', '=', dogId).orderBy('position').execute()
      // Ascending, each moves into a position already freed: the unique (dogId, position) index never clashes.
      for (const [position, image] of remaining.entries()) {
        if (image.position !== position) await trx.updateTable('dogImages').set({ position }).where('id', '=', image.id).execute()
      }
    })
  } catch (error) {
    if (error instanceof DogRefusal) return error.failure
    throw error
  }
  await removeImageFiles([basePath])
  return loaded(ownerId, dogId)
}

// ---- helpers ----

async function loaded(ownerId: string, dogId: string): Promise<DogOutcome> {
  const dog = await getOwnedDog(ownerId, dogId)
  return dog ? { ok: true, dog } : notFound
}

/** Renders the request's files (pending uploads are stored already); a file that is not a picture or over 5 MB fails them all (413/415). */
async function renderNewPhotos(photos: NewDogPhotos): Promise<{ ok: true; pictures: ImageVariants[] } | DogFailure> {
  if (!('files' in photos)) return { ok: true, pictures: [] }
  try {
    return { ok: true, pictures: await validateImageUploads(photos.files) }
  } catch (error) {
    if (error instanceof UploadError) return { ok: false, status: error.status, message: error.message, field: 'images' }
    throw error
  }
}

const dogFolder = (dogId: string) => ({ kind: 'dogs', ownerKey: dogId }) as const

/** Where the request's pictures are stored under the dog's folder (content names), for the clean-up of a save that failed. */
const storedPathsOf = (dogId: string, pictures: readonly ImageVariants[]) => pictures.map((variants) => publicImagePath(variants, dogFolder(dogId)))

/** The paths to attach: the request's pictures, stored now, or the pending uploads claimed in this transaction. */
async function attachablePaths(trx: Transaction<Database>, ownerId: string, dogId: string, photos: NewDogPhotos, pictures: readonly ImageVariants[]) {
  if ('files' in photos) return storePublicImages(trx, pictures, dogFolder(dogId))
  const claimed = await claimPendingUploads(trx, ownerId, 'dogs', photos.pendingTokens)
  if (!claimed) throw new DogRefusal(keptPhotosGone)
  return claimed
}

async function removeImageFiles(paths: readonly string[]) {
  await Promise.all(
    paths.map(async (path) => {
      try {
        await deleteImage(path)
      } catch (error) {
        console.error(`Could not remove the files of ${path}:`, error)
      }
    }),
  )
}

async function insertImages(trx: Transaction<Database>, dogId: string, paths: readonly string[], firstPosition: number, now: string) {
  if (paths.length === 0) return
  await trx
    .insertInto('dogImages')
    .values(paths.map((path, index) => ({ id: crypto.randomUUID(), dogId, position: firstPosition + index, path, createdAt: now })))
    .execute()
}

async function insertNames(
  trx: Transaction<Database>,
  dogId: string,
  names: DogNameLists,
) {
  const unique = (values: readonly string[]) => [...new Set(values)]
  const traits = unique(names.personality)
  const activities = unique(names.activities)
  const slots = unique(names.availability)
  if (traits.length) await trx.insertInto('dogTraits').values(traits.map((trait) => ({ dogId, trait }))).execute()
  if (activities.length) await trx.insertInto('dogActivities').values(activities.map((activity) => ({ dogId, activity }))).execute()
  if (slots.length) await trx.insertInto('dogAvailability').values(slots.map((slot) => ({ dogId, slot }))).execute()
}
