import { beforeAll, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { startTestApp } from './app.ts'
import { call, owner, requestBooking, sitter } from './booking-api.ts'
import { insertBooking, insertDog, localDateFromToday } from './fixtures.ts'

// A dog with past bookings is archived by its owner (DELETE /api/dogs/{id}) instead of refused: it leaves
// every list and new bookings, and stays on the bookings that name it, for both parties.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

test('archiving a dog with past bookings hides it from lists and new bookings and keeps it on its bookings', async () => {
  const theOwner = await owner()
  const dogId = await insertDog(theOwner.id, { name: 'Rex', listed: true, images: ['/uploads/dogs/x/1'] })
  const theSitter = await sitter()
  const pastBooking = await insertBooking({ dogId, ownerId: theOwner.id, sitterId: theSitter.id }, { status: 'completed', date: localDateFromToday(-7) })
  const dogIds = (answer: { body: unknown }) => (answer.body as { id: string }[]).map((dog) => dog.id)
  const availableIds = async () => ((await call('GET', '/api/dogs/available', theSitter.token)).body as { data: { id: string }[] }).data.map((dog) => dog.id)
  expect(await availableIds()).toContain(dogId)

  const archived = await call('DELETE', `/api/dogs/${dogId}`, theOwner.token)

  expect(archived).toEqual({ status: 200, body: { message: 'Dog archived', archived: true } })
  expect(dogIds(await call('GET', '/api/dogs', theOwner.token))).toEqual([])
  expect(await availableIds()).not.toContain(dogId)
  expect((await call('GET', `/api/dogs/${dogId}/public`, theSitter.token)).status).toBe(404)
  const newBooking = await call('POST', '/api/bookings', theOwner.token, { dogId, sitterId: theSitter.id, date: localDateFromToday(3), timePeriod: 'morning' })
  expect(newBooking).toMatchObject({ status: 400, body: { errors: { dogId: ['Dog not found'] } } })
  const offer = await call('POST', '/api/bookings', theSitter.token, { dogId, sitterId: theSitter.id, date: localDateFromToday(3), timeSlot: '10:00' })
  expect(offer).toMatchObject({ status: 400, body: { errors: { dogId: ['Dog not found'] } } })

  for (const party of [theOwner, theSitter]) {
    const past = await call('GET', `/api/bookings/${pastBooking}`, party.token)
    expect(past.body).toMatchObject({ dog: { id: dogId, name: 'Rex', archived: true, avatar: '/uploads/dogs/x/1' } })
  }
  expect(await db.selectFrom('dogs').select('archivedAt').where('id', '=', dogId).executeTakeFirstOrThrow()).toEqual({ archivedAt: expect.any(String) })
})

test('a dog with a request or booking ahead is neither archived nor deleted (409)', async () => {
  const theOwner = await owner()
  const dogId = await insertDog(theOwner.id)
  const theSitter = await sitter()
  await requestBooking(theOwner.token, { dogId, sitterId: theSitter.id, date: localDateFromToday(3), timePeriod: 'morning' })

  const answer = await call('DELETE', `/api/dogs/${dogId}`, theOwner.token)

  expect(answer).toEqual({
    status: 409,
    body: { message: 'This dog has pending or accepted bookings. Cancel them before deleting this dog.', errors: {} },
  })
  expect(await db.selectFrom('dogs').select('archivedAt').where('id', '=', dogId).executeTakeFirstOrThrow()).toEqual({ archivedAt: null })
})

test('a request that expired unanswered does not hold the dog back', async () => {
  const theOwner = await owner()
  const dogId = await insertDog(theOwner.id)
  const theSitter = await sitter()
  await insertBooking({ dogId, ownerId: theOwner.id, sitterId: theSitter.id }, { status: 'pending', date: localDateFromToday(-1) })

  expect(await call('DELETE', `/api/dogs/${dogId}`, theOwner.token)).toEqual({ status: 200, body: { message: 'Dog archived', archived: true } })
})

test("a request's dogs must all be its owner's own and not archived: each, repeated or none is asked in one statement", async () => {
  const { ownsDogs } = await import('#app/features/dogs/dogs.server.ts')
  const { statementsOf } = await import('./statements-of.ts')
  const theOwner = await owner()
  const someoneElse = await owner()
  const [rex, luna, archived] = [await insertDog(theOwner.id, { name: 'Rex' }), await insertDog(theOwner.id, { name: 'Luna' }), await insertDog(theOwner.id, { name: 'Old Bo' })]
  await db.updateTable('dogs').set({ archivedAt: new Date().toISOString() }).where('id', '=', archived).execute()
  const theirs = await insertDog(someoneElse.id, { name: 'Max' })

  const { result: both, statements } = await statementsOf(() => ownsDogs(theOwner.id, [rex, luna, rex]))
  expect(both).toBe(true)
  expect(statements).toHaveLength(1)
  expect(await ownsDogs(theOwner.id, [])).toBe(true)
  expect(await ownsDogs(theOwner.id, [rex, theirs])).toBe(false)
  expect(await ownsDogs(theOwner.id, [luna, archived])).toBe(false)
  expect(await ownsDogs(theOwner.id, [rex, 'no-such-dog'])).toBe(false)
  expect(await ownsDogs(someoneElse.id, [theirs])).toBe(true)
})
