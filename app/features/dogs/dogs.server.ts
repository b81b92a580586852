import type { Transaction } from 'kysely'
import { db, type Database } from '#app/lib/db.server.ts'
import { parseAgeToMonths, parseWeightKg } from './age.ts'
import { sizeForWeight } from './options.ts'

export const maxDogImages = 3

export type NewDog = {
  name: string
  breed: string
  age: string
  weight?: string | number | null
  height?: string | null
  bio?: string | null
  traits: string[]
  activities: string[]
  availability?: string[]
  listedForSitting?: boolean
  imagePaths: string[]
}

/** Creates a dog with its photos (already processed), traits, activities and availability. */
export async function createDog(trx: Transaction<Database>, ownerId: string, dog: NewDog) {
  const now = new Date().toISOString()
  const id = crypto.randomUUID()
  const weightKg = parseWeightKg(dog.weight)
  await trx
    .insertInto('dogs')
    .values({
      id,
      ownerId,
      name: dog.name,
      breed: dog.breed,
      age: dog.age,
      ageMonths: parseAgeToMonths(dog.age),
      weightKg,
      height: dog.height || null,
      bio: dog.bio || null,
      size: sizeForWeight(weightKg),
      listedForSitting: dog.listedForSitting ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  const images = dog.imagePaths.slice(0, maxDogImages)
  if (images.length > 0) {
    await trx
      .insertInto('dogImages')
      .values(images.map((path, position) => ({ id: crypto.randomUUID(), dogId: id, position, path, createdAt: now })))
      .execute()
  }
  const unique = (values: string[] = []) => [...new Set(values)]
  if (dog.traits.length) await trx.insertInto('dogTraits').values(unique(dog.traits).map((trait) => ({ dogId: id, trait }))).execute()
  if (dog.activities.length) {
    await trx.insertInto('dogActivities').values(unique(dog.activities).map((activity) => ({ dogId: id, activity }))).execute()
  }
  if (dog.availability?.length) {
    await trx.insertInto('dogAvailability').values(unique(dog.availability).map((slot) => ({ dogId: id, slot }))).execute()
  }
  return { id }
}

/** An owner's dogs with what the My Dogs cards show. */
export async function listDogsOf(ownerId: string) {
  const dogs = await db
    .selectFrom('dogs')
    .select(['id', 'name', 'breed', 'age', 'ageMonths', 'weightKg', 'height', 'bio', 'size', 'listedForSitting'])
    .where('ownerId', '=', ownerId)
    .orderBy('createdAt')
    .execute()
  if (dogs.length === 0) return []
  const ids = dogs.map((dog) => dog.id)
  const [images, traits, activities] = await Promise.all([
    db.selectFrom('dogImages').select(['dogId', 'path']).where('dogId', 'in', ids).orderBy('position').execute(),
    db.selectFrom('dogTraits').select(['dogId', 'trait']).where('dogId', 'in', ids).execute(),
    db.selectFrom('dogActivities').select(['dogId', 'activity']).where('dogId', 'in', ids).execute(),
  ])
  return dogs.map((dog) => ({
    ...dog,
    listedForSitting: dog.listedForSitting === 1,
    images: images.filter((i) => i.dogId === dog.id).map((i) => i.path),
    personality: traits.filter((t) => t.dogId === dog.id).map((t) => t.trait),
    activities: activities.filter((a) => a.dogId === dog.id).map((a) => a.activity),
  }))
}

export async function hasDogs(ownerId: string) {
  return Boolean(await db.selectFrom('dogs').select('id').where('ownerId', '=', ownerId).limit(1).executeTakeFirst())
}
