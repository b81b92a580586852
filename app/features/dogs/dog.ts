import type { Selectable } from 'kysely'
import type { DogsTable } from '#app/lib/db-schema.ts'
import { maxDogImages } from './limits.ts'

// A dog's one shape: the record every read of the dogs feature returns (the dogs table's columns plus
// its photos and name lists) and the JSON every API route answers with.

export type DogNameLists = {
  /** Canonical trait names (options.ts), in canonical order. */
  personality: string[]
  activities: string[]
  availability: string[]
}

export type Dog = Omit<Selectable<DogsTable>, 'listedForSitting'> &
  DogNameLists & {
    listedForSitting: boolean
    /** Base paths (`/uploads/dogs/...`), in display order. */
    images: string[]
  }

/** The dog as the JSON API answers it, wherever it appears: weight in kg (a number), images as base paths. */
export function toDogJson(dog: Dog) {
  // Spec section 9: only 3 photos are displayed (and at most 3 are stored).
  return {
    id: dog.id,
    ownerId: dog.ownerId,
    name: dog.name,
    breed: dog.breed,
    age: dog.age,
    ageMonths: dog.ageMonths,
    weight: dog.weightKg,
    height: dog.height,
    bio: dog.bio,
    size: dog.size,
    listedForSitting: dog.listedForSitting,
    images: dog.images.slice(0, maxDogImages),
    personality: dog.personality,
    activities: dog.activities,
    availability: dog.availability,
    createdAt: dog.createdAt,
  }
}
