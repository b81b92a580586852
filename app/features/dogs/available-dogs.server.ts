import { type Expression, type SqlBool, sql } from 'kysely'
import { isSitterRole } from '#app/features/accounts/roles.ts'
import { boundingBox, distanceInMiles, formatMiles, type GeoPoint, isWithinMiles } from '#app/features/geo/distance.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { db } from '#app/lib/db.server.ts'
import { ageGroupFor, formatAge } from './age.ts'
import type { AvailableDogFilters } from './available-filters.ts'
import { maxDogImages } from './dogs.server.ts'
import { dogActivities, dogAvailabilitySlots, dogTraits } from './options.ts'

// Dogs available for sitting (spec section 2, 'Available dogs' and 'Available dog detail'; issue 4).
// The rules, once for the page and the API:
// - only sitters (role sitter or both) browse them;
// - a dog is available when its owner listed it for sitting, the owner is another user (never the
//   sitter's own dogs) and the owner's account is active;
// - distance runs from the sitter's own exact coordinates to the owner's PUBLIC (fuzzed) coordinates
//   (DESIGN.md ruling 8), in miles; with a located sitter the max-distance filter always applies and
//   dogs whose owner has no public location drop out; a sitter without a location sees every dog;
// - the owner is shown as {id, name, profilePhoto}: never their email, phone or coordinates.

export type AvailableDogsViewer = { id: string; role: Role }

/** Who may browse dogs available for sitting. */
export const canBrowseAvailableDogs = (viewer: { role: Role }) => isSitterRole(viewer.role)

export const notSitterMessage = 'Only sitters can browse dogs available for sitting'

/** Personality chips on a card (spec section 9). */
export const personalityChipsOnCards = 3

export type AvailableDog = {
  id: string
  name: string
  breed: string
  /** What the owner typed ('2 years'). */
  age: string
  ageMonths: number | null
  weightKg: number | null
  height: string | null
  bio: string | null
  size: 'small' | 'medium' | 'large' | null
  /** Miles from the sitter to the owner's public location; null when either location is unknown. */
  distanceMiles: number | null
  images: string[]
  personality: string[]
  activities: string[]
  availability: string[]
  owner: { id: string; name: string; profilePhoto: string | null }
}

export type AvailableDogList = {
  dogs: AvailableDog[]
  /** False when the sitter has no location: distances are unknown and the distance filter is off. */
  distanceFilterApplied: boolean
}

/** The listed dogs of other, active owners that match the filters, nearest first. */
export async function listAvailableDogs(viewer: AvailableDogsViewer, filters: AvailableDogFilters): Promise<AvailableDogList> {
  if (!canBrowseAvailableDogs(viewer)) return { dogs: [], distanceFilterApplied: false }
  const origin = await locationOf(viewer.id)

  let query = availableDogsQuery(viewer.id)
  const search = filters.q.trim()
  if (search) {
    query = query.where((eb) => eb.or([containsText(eb.ref('dogs.name'), search), containsText(eb.ref('dogs.breed'), search)]))
  }
  if (filters.size.length > 0) query = query.where('dogs.size', 'in', filters.size)
  if (origin) {
    // A cheap cut in SQL; the exact distance is measured below.
    const box = boundingBox(origin, filters.maxDistance)
    query = query.where('owner.publicLatitude', '>=', box.latitude.min).where('owner.publicLatitude', '<=', box.latitude.max)
    if (box.longitude) {
      query = query
        .where('owner.publicLongitude', '>=', box.longitude.min)
        .where('owner.publicLongitude', '<=', box.longitude.max)
    }
  }
  const rows = await query.execute()

  const matching = rows
    .map((row) => ({ row, distanceMiles: distanceBetween(origin, row) }))
    .filter(({ distanceMiles }) => !origin || (distanceMiles !== null && isWithinMiles(distanceMiles, filters.maxDistance)))
    .filter(({ row }) => {
      if (filters.age.length === 0) return true
      const group = ageGroupFor(row.ageMonths)
      return group !== null && filters.age.includes(group)
    })
    .sort(
      (a, b) =>
        (a.distanceMiles ?? Number.POSITIVE_INFINITY) - (b.distanceMiles ?? Number.POSITIVE_INFINITY) ||
        a.row.name.localeCompare(b.row.name) ||
        a.row.id.localeCompare(b.row.id),
    )

  const details = await detailsOf(matching.map(({ row }) => row.id))
  return {
    dogs: matching.map(({ row, distanceMiles }) => toAvailableDog(row, distanceMiles, details)),
    distanceFilterApplied: origin !== null,
  }
}

/** One available dog, or null when it is unknown, not listed, the viewer's own, its owner is not active, or the viewer is no sitter. */
export async function getAvailableDog(viewer: AvailableDogsViewer, dogId: string): Promise<AvailableDog | null> {
  if (!canBrowseAvailableDogs(viewer)) return null
  const row = await availableDogsQuery(viewer.id).where('dogs.id', '=', dogId).executeTakeFirst()
  if (!row) return null
  const origin = await locationOf(viewer.id)
  return toAvailableDog(row, distanceBetween(origin, row), await detailsOf([row.id]))
}

/** The API's dog (spec section 3, Dog): distance a numeric string in miles, owner without contact details. */
export function toAvailableDogJson(dog: AvailableDog) {
  return {
    id: dog.id,
    name: dog.name,
    breed: dog.breed,
    age: dog.age,
    ageMonths: dog.ageMonths,
    weight: dog.weightKg === null ? null : String(dog.weightKg),
    height: dog.height,
    bio: dog.bio,
    size: dog.size,
    distance: dog.distanceMiles === null ? null : formatMiles(dog.distanceMiles),
    images: dog.images,
    personality: dog.personality,
    activities: dog.activities,
    availability: dog.availability,
    owner: { id: dog.owner.id, name: dog.owner.name, profilePhoto: dog.owner.profilePhoto },
  }
}

/** What a card of the list shows: the first photo, the age as it reads, at most three personality chips. */
export function toAvailableDogCard(dog: AvailableDog) {
  return {
    id: dog.id,
    name: dog.name,
    breed: dog.breed,
    age: formatAge(dog.ageMonths, dog.age),
    size: dog.size,
    distance: dog.distanceMiles === null ? null : formatMiles(dog.distanceMiles),
    ownerName: dog.owner.name,
    photo: dog.images[0] ?? null,
    personality: dog.personality.slice(0, personalityChipsOnCards),
  }
}

// ---- queries ----

/** Listed dogs of other users whose account is active, with what a card needs of the owner. */
function availableDogsQuery(viewerId: string) {
  return db
    .selectFrom('dogs')
    .innerJoin('users as owner', 'owner.id', 'dogs.ownerId')
    .select([
      'dogs.id',
      'dogs.name',
      'dogs.breed',
      'dogs.age',
      'dogs.ageMonths',
      'dogs.weightKg',
      'dogs.height',
      'dogs.bio',
      'dogs.size',
      'owner.id as ownerId',
      'owner.name as ownerName',
      'owner.profilePhoto as ownerProfilePhoto',
      'owner.publicLatitude as ownerLatitude',
      'owner.publicLongitude as ownerLongitude',
    ])
    .where('dogs.listedForSitting', '=', 1)
    .where('dogs.ownerId', '!=', viewerId)
    .where('owner.accountStatus', '=', 'active')
}

type AvailableDogRow = Awaited<ReturnType<ReturnType<typeof availableDogsQuery>['executeTakeFirstOrThrow']>>

/**
 * Case-insensitive substring match. `lower(…) like lower(…)` with an escaped pattern means the same in
 * SQLite and Postgres (SQLite's lower() folds ASCII letters only).
 */
function containsText(column: Expression<string>, text: string): Expression<SqlBool> {
  const pattern = `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`
  return sql<SqlBool>`lower(${column}) like lower(${pattern}) escape '\\'`
}

/** The sitter's own exact coordinates (never sent to anyone), or null when they have none. */
async function locationOf(userId: string): Promise<GeoPoint | null> {
  const row = await db.selectFrom('users').select(['latitude', 'longitude']).where('id', '=', userId).executeTakeFirst()
  if (row?.latitude == null || row.longitude == null) return null
  return { latitude: row.latitude, longitude: row.longitude }
}

function distanceBetween(origin: GeoPoint | null, row: AvailableDogRow) {
  if (!origin || row.ownerLatitude === null || row.ownerLongitude === null) return null
  return distanceInMiles(origin, { latitude: row.ownerLatitude, longitude: row.ownerLongitude })
}

type DogDetails = Awaited<ReturnType<typeof detailsOf>>

/** Photos (in order, at most 3), traits, activities and availability of some dogs, by dog id. */
async function detailsOf(dogIds: string[]) {
  const empty = { images: new Map<string, string[]>(), traits: new Map<string, string[]>(), activities: new Map<string, string[]>(), slots: new Map<string, string[]>() }
  if (dogIds.length === 0) return empty
  const [images, traits, activities, slots] = await Promise.all([
    db.selectFrom('dogImages').select(['dogId', 'path as value']).where('dogId', 'in', dogIds).orderBy('dogId').orderBy('position').execute(),
    db.selectFrom('dogTraits').select(['dogId', 'trait as value']).where('dogId', 'in', dogIds).execute(),
    db.selectFrom('dogActivities').select(['dogId', 'activity as value']).where('dogId', 'in', dogIds).execute(),
    db.selectFrom('dogAvailability').select(['dogId', 'slot as value']).where('dogId', 'in', dogIds).execute(),
  ])
  return {
    images: groupByDog(images),
    traits: groupByDog(traits, dogTraits),
    activities: groupByDog(activities, dogActivities),
    slots: groupByDog(slots, dogAvailabilitySlots),
  }
}

/** Values per dog; with a canonical list, in that list's order (unknown names last, by name). */
function groupByDog(rows: { dogId: string; value: string }[], canonical?: readonly string[]) {
  const byDog = new Map<string, string[]>()
  for (const { dogId, value } of rows) {
    const values = byDog.get(dogId) ?? []
    values.push(value)
    byDog.set(dogId, values)
  }
  if (canonical) {
    const rank = (value: string) => {
      const index = canonical.indexOf(value)
      return index === -1 ? canonical.length : index
    }
    for (const values of byDog.values()) values.sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
  }
  return byDog
}

function toAvailableDog(row: AvailableDogRow, distanceMiles: number | null, details: DogDetails): AvailableDog {
  return {
    id: row.id,
    name: row.name,
    breed: row.breed,
    age: row.age,
    ageMonths: row.ageMonths,
    weightKg: row.weightKg,
    height: row.height,
    bio: row.bio,
    size: row.size,
    distanceMiles,
    images: (details.images.get(row.id) ?? []).slice(0, maxDogImages),
    personality: details.traits.get(row.id) ?? [],
    activities: details.activities.get(row.id) ?? [],
    availability: details.slots.get(row.id) ?? [],
    owner: { id: row.ownerId, name: row.ownerName, profilePhoto: row.ownerProfilePhoto },
  }
}
