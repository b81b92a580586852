import { beforeAll, expect, test } from 'vitest'
import { db } from '#app/lib/db.server.ts'
import { startTestApp } from './app.ts'
import { insertReview, insertSitter, insertUser } from './fixtures.ts'

// Decision 089: a profile's reads (the account, the sitter's profile, services, dog sizes and ages, breeds, gallery,
// rating) run SQL compiled at their first call. Every later call must bind its own values: another user's profile
// answers with that user's rows, never the first caller's.

beforeAll(async () => {
  await startTestApp()
})

test("each profile read answers the sitter of that call: account, services, sizes, ages, breeds, photos and rating", async () => {
  const { getOwnProfile } = await import('#app/features/profiles/profile.server.ts')
  const anna = await insertSitter({ name: 'Anna Aebi', services: [{ service: 'walking', hourlyRateCents: 2400 }], dogSizes: ['small'] })
  const beat = await insertSitter({
    name: 'Beat Bühler',
    services: [
      { service: 'boarding', hourlyRateCents: 6000 },
      { service: 'sitting', hourlyRateCents: 1800 },
    ],
    dogSizes: ['large', 'medium'],
  })
  await db.insertInto('sitterDogAges').values({ sitterId: beat.id, age: 'senior' }).execute()
  await db.insertInto('sitterPreferredBreeds').values({ sitterId: beat.id, breed: 'Appenzeller' }).execute()
  await db
    .insertInto('sitterPhotos')
    .values({ id: crypto.randomUUID(), sitterId: beat.id, path: `/uploads/gallery/${beat.id}/1`, position: 1, createdAt: new Date().toISOString() })
    .execute()
  const owner = await insertUser()
  await insertReview(beat.id, owner.id, { rating: 4 })
  await insertReview(beat.id, (await insertUser()).id, { rating: 5 })

  const readAnna = async () => {
    const profile = await getOwnProfile(anna.id)
    expect(profile).toMatchObject({ id: anna.id, name: 'Anna Aebi', role: 'sitter' })
    expect(profile.sitter).toMatchObject({
      services: [{ service: 'walking', hourlyRateCents: 2400 }],
      dogSizes: ['small'],
      dogAges: [],
      preferredDogBreeds: [],
      photos: [],
      rating: null,
      reviewCount: 0,
    })
  }
  const readBeat = async () => {
    const profile = await getOwnProfile(beat.id)
    expect(profile).toMatchObject({ id: beat.id, name: 'Beat Bühler' })
    expect(profile.sitter).toMatchObject({
      services: [
        { service: 'sitting', hourlyRateCents: 1800 },
        { service: 'boarding', hourlyRateCents: 6000 },
      ],
      dogSizes: ['medium', 'large'],
      dogAges: ['senior'],
      preferredDogBreeds: ['Appenzeller'],
      photos: [`/uploads/gallery/${beat.id}/1`],
      rating: 4.5,
      reviewCount: 2,
    })
  }
  // Each in turn, after the other compiled the statements.
  await readAnna()
  await readBeat()
  await readAnna()

  // An owner has no sitter profile; a user who does not exist is an error, not another user's account.
  expect((await getOwnProfile(owner.id)).sitter).toBeNull()
  await expect(getOwnProfile(crypto.randomUUID())).rejects.toThrow()
})
