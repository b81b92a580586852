import { type Expression, expressionBuilder, type SqlBool } from 'kysely'
import { getExactPoint, getPublicIdentities, userIdsWithPublicPointIn } from '#app/features/accounts/users.server.ts'
import { boundingBox, distanceInMiles, formatMiles, type GeoPoint, isWithinMiles, roundMiles } from '#app/features/geo/distance.ts'
import { containsText } from '#app/lib/contains-text.ts'
import { type Database, schemaConstant } from '#app/lib/db.server.ts'
import { ageGroupFor, formatAge } from './age.ts'
import type { AvailableDogFilters } from './available-filters.ts'
import { type Dog, toDogJson } from './dog.ts'
import { type DogOnCard, findDogs, findDogsOnCards } from './dogs.server.ts'
import { canBrowseAvailableDogs, type DogViewer, dogsAvailableTo, ownDogs } from './visibility.server.ts'

// Dogs available for sitting (spec section 2, 'Available dogs' and 'Available dog detail'; issue 4).
// Which dogs a sitter may see is visibility.server.ts's `dogsAvailableTo`; on top of it, once for the
// page and the API:
// - distance runs from the sitter's own exact coordinates to the owner's PUBLIC coordinates
//   (DESIGN.md ruling 8), in miles; with a located sitter the max-distance filter always applies and
//   dogs whose owner has no public location drop out; a sitter without a location sees every dog;
// - the owner is shown as {id, name, profilePhoto}: never their email, phone or coordinates.

export const notSitterMessage = 'Only sitters can browse dogs available for sitting'

/** Personality chips on a card (spec section 9). */
export const personalityChipsOnCards = 3

/** A dog as sitters find it: the dog (all of it for the API, or as cards show it) with its distance and owner. */
export type AvailableDog<D extends DogOnCard = Dog> = D & {
  /** Miles (to 0.1) from the sitter to the owner's public location; null when either location is unknown. */
  distanceMiles: number | null
  owner: { id: string; name: string; profilePhoto: string | null }
}

export type AvailableDogList<D extends DogOnCard = Dog> = {
  dogs: AvailableDog<D>[]
  /** False when the sitter has no location: distances are unknown and the distance filter is off. */
  distanceFilterApplied: boolean
}

type DogFinder<D extends DogOnCard> = (where: Expression<SqlBool>) => Promise<D[]>

const onDogs = expressionBuilder<Database, 'dogs'>()

/** The listed dogs of other, active owners that match the filters, nearest first (`GET /api/dogs/available`). */
export function listAvailableDogs(viewer: DogViewer, filters: AvailableDogFilters) {
  return findAvailableDogs(viewer, filters, findDogs)
}

/** `listAvailableDogs` as the page's cards show them (/dogs/available). */
export function listAvailableDogCards(viewer: DogViewer, filters: AvailableDogFilters) {
  return findAvailableDogs(viewer, filters, findDogsOnCards)
}

async function findAvailableDogs<D extends DogOnCard>(viewer: DogViewer, filters: AvailableDogFilters, find: DogFinder<D>): Promise<AvailableDogList<D>> {
  if (!canBrowseAvailableDogs(viewer)) return { dogs: [], distanceFilterApplied: false }
  const origin = await getExactPoint(viewer.id)

  const where: Expression<SqlBool>[] = [dogsAvailableTo(viewer)]
  const search = filters.q.trim()
  if (search) where.push(onDogs.or([containsText(onDogs.ref('dogs.name'), search), containsText(onDogs.ref('dogs.breed'), search)]))
  if (filters.size.length > 0) where.push(onDogs('dogs.size', 'in', filters.size))
  // A cheap cut in SQL; the exact distance is measured below.
  if (origin) where.push(onDogs('dogs.ownerId', 'in', userIdsWithPublicPointIn(boundingBox(origin, filters.maxDistance))))
  const candidates = await withOwners(await find(onDogs.and(where)), origin)

  const dogs = candidates
    .filter((dog) => !origin || (dog.distanceMiles !== null && isWithinMiles(dog.distanceMiles, filters.maxDistance)))
    .filter((dog) => {
      if (filters.age.length === 0) return true
      const group = ageGroupFor(dog.ageMonths)
      return group !== null && filters.age.includes(group)
    })
    .sort(
      (a, b) =>
        (a.distanceMiles ?? Number.POSITIVE_INFINITY) - (b.distanceMiles ?? Number.POSITIVE_INFINITY) ||
        a.name.localeCompare(b.name) ||
        a.id.localeCompare(b.id),
    )
  return { dogs, distanceFilterApplied: origin !== null }
}

/** An owner's own dogs listed for sitting: what sitters find of theirs (DESIGN.md ruling 18). */
export function listOwnListedDogs(owner: { id: string }) {
  return findOwnListedDogs(owner, findDogs)
}

/** `listOwnListedDogs` as the page's cards show them. */
export function listOwnListedDogCards(owner: { id: string }) {
  return findOwnListedDogs(owner, findDogsOnCards)
}

async function findOwnListedDogs<D extends DogOnCard>(owner: { id: string }, find: DogFinder<D>) {
  return withOwners(await find(onDogs.and([ownDogs(owner), onDogs('dogs.listedForSitting', '=', schemaConstant(1))])), null)
}

/** One available dog, or null when the viewer may not see it as available (visibility.server.ts). */
export async function getAvailableDog(viewer: DogViewer, dogId: string): Promise<AvailableDog | null> {
  if (!canBrowseAvailableDogs(viewer)) return null
  const found = await findDogs(onDogs.and([dogsAvailableTo(viewer), onDogs('dogs.id', '=', dogId)]))
  if (found.length === 0) return null
  const [dog] = await withOwners(found, await getExactPoint(viewer.id))
  return dog ?? null
}

/** The API's available dog (spec section 3, Dog): the dog as everywhere, plus distance (miles, numeric string) and owner. */
export function toAvailableDogJson(dog: AvailableDog) {
  return {
    ...toDogJson(dog),
    distance: dog.distanceMiles === null ? null : formatMiles(dog.distanceMiles),
    owner: { id: dog.owner.id, name: dog.owner.name, profilePhoto: dog.owner.profilePhoto },
  }
}

/** What a card of the list shows: the first photo, the age as it reads, at most three personality chips. */
export function toAvailableDogCard(dog: AvailableDog<DogOnCard>) {
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

// ---- helpers ----

/** The dogs with their owner's public identity and the distance to the owner's public point. */
async function withOwners<D extends DogOnCard>(dogs: D[], origin: GeoPoint | null): Promise<AvailableDog<D>[]> {
  const owners = await getPublicIdentities(dogs.map((dog) => dog.ownerId))
  return dogs.flatMap((dog) => {
    const owner = owners.get(dog.ownerId)
    if (!owner) return []
    // Rounded as shown: measured from the sitter's exact home, a full-precision distance gives part of it away.
    const distanceMiles = origin && owner.publicPoint ? roundMiles(distanceInMiles(origin, owner.publicPoint)) : null
    return [{ ...dog, distanceMiles, owner: { id: owner.id, name: owner.name, profilePhoto: owner.profilePhoto } }]
  })
}
