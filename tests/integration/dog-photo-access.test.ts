import { beforeAll, describe, expect, test } from 'vitest'
import { startTestApp } from './app.ts'
import { apiTokenFor, browserCookieFor, insertBooking, insertDog, insertSitter, insertUser, localDateFromToday } from './fixtures.ts'

// Who gets a dog's photo under /uploads (server.ts asks uploadAccess before it sends the file): a listed dog's
// photos are public; an unlisted dog's go only to its owner and the sitters of its bookings, as a private
// answer; anyone else gets 404 ('hidden'), however predictable the path.
const { uploadAccess } = await import('#app/upload-access.server.ts')

beforeAll(async () => {
  await startTestApp()
})

const photoOf = (dogId: string) => `/uploads/dogs/${dogId}/${crypto.randomUUID()}`

async function unlistedDogWithBookedSitter() {
  const owner = await insertUser({ role: 'owner' })
  const sitter = await insertSitter({ name: 'Sid Sitter' })
  const photo = photoOf(owner.id)
  const dogId = await insertDog(owner.id, { listed: false, images: [photo] })
  await insertBooking({ dogId, ownerId: owner.id, sitterId: sitter.id }, { date: localDateFromToday(3) })
  return { owner, sitter, photo }
}

describe("an unlisted dog's photo", () => {
  test('is hidden from an anonymous client', async () => {
    const { photo } = await unlistedDogWithBookedSitter()

    expect(await uploadAccess(photo, {})).toBe('hidden')
  })

  test('is hidden from another signed-in user, a sitter without a booking of the dog included', async () => {
    const { photo } = await unlistedDogWithBookedSitter()
    const stranger = await insertSitter({ name: 'Stan Stranger' })

    expect(await uploadAccess(photo, { cookie: await browserCookieFor(stranger) })).toBe('hidden')
    expect(await uploadAccess(photo, { authorization: `Bearer ${await apiTokenFor(stranger)}` })).toBe('hidden')
  })

  test('goes to its owner as a private answer', async () => {
    const { owner, photo } = await unlistedDogWithBookedSitter()

    expect(await uploadAccess(photo, { cookie: await browserCookieFor(owner) })).toBe('private')
  })

  test('goes to the sitter of its booking as a private answer, by cookie or token', async () => {
    const { sitter, photo } = await unlistedDogWithBookedSitter()

    expect(await uploadAccess(photo, { cookie: await browserCookieFor(sitter) })).toBe('private')
    expect(await uploadAccess(photo, { authorization: `Bearer ${await apiTokenFor(sitter)}` })).toBe('private')
  })
})

test("a listed dog's photo is public, for anonymous clients too", async () => {
  const owner = await insertUser({ role: 'owner' })
  const photo = photoOf(owner.id)
  await insertDog(owner.id, { listed: true, images: [photo] })

  expect(await uploadAccess(photo, {})).toBe('public')
})

test('a dog photo no dog has is hidden', async () => {
  expect(await uploadAccess(photoOf(crypto.randomUUID()), {})).toBe('hidden')
})
