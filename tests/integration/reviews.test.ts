import { beforeAll, describe, expect, test } from 'vitest'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { appRequest, startTestApp } from './app.ts'
import { call, owner, ownerDogAndSitter, sitter } from './booking-api.ts'
import { insertBooking, localDateFromToday } from './fixtures.ts'

// Review writes (DESIGN.md ruling 6): the owner of a completed booking reviews it once; the sitter
// replies once to it when published. Through the production request handler. Double-blind publication:
// double-blind-reviews.test.ts.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const reviewsOf = (bookingId: string) => db.selectFrom('reviews').selectAll().where('bookingId', '=', bookingId).execute()

async function completedBooking() {
  const setup = await ownerDogAndSitter()
  const bookingId = await insertBooking(setup.parties, { status: 'completed', date: localDateFromToday(-2) })
  return { ...setup, bookingId }
}

describe('POST /api/reviews', () => {
  test("the owner reviews a completed booking; the sitter's rating and count change once the sitter has reviewed too", async () => {
    const { owner: theOwner, sitter: theSitter, bookingId } = await completedBooking()
    const before = await appRequest(`/api/users/${theSitter.id}`)
    expect(await before.json()).toMatchObject({ rating: null, reviewCount: 0 })
    expect((await call('GET', `/api/bookings/${bookingId}`, theOwner.token)).body).toMatchObject({ canReview: true, review: null })

    const answer = await call('POST', '/api/reviews', theOwner.token, { bookingId, rating: 4, comment: 'Rex came home happy and tired.' })

    expect(answer).toMatchObject({
      status: 201,
      body: { bookingId, sitterId: theSitter.id, ownerId: theOwner.id, rating: 4, comment: 'Rex came home happy and tired.', reply: null, publishedAt: null },
    })
    expect(await reviewsOf(bookingId)).toHaveLength(1)
    expect(await (await appRequest(`/api/users/${theSitter.id}`)).json()).toMatchObject({ rating: null, reviewCount: 0 })
    expect((await call('GET', `/api/bookings/${bookingId}`, theOwner.token)).body).toMatchObject({ canReview: false, review: { rating: 4, publishedAt: null } })

    expect((await call('POST', '/api/owner-reviews', theSitter.token, { bookingId, rating: 5 })).status).toBe(201)
    expect(await (await appRequest(`/api/users/${theSitter.id}`)).json()).toMatchObject({ rating: 4, reviewCount: 1 })
  })

  test('a second review of the same booking is refused (409)', async () => {
    const { owner: theOwner, bookingId } = await completedBooking()
    expect((await call('POST', '/api/reviews', theOwner.token, { bookingId, rating: 5 })).status).toBe(201)
    const again = await call('POST', '/api/reviews', theOwner.token, { bookingId, rating: 1, comment: 'Changed my mind' })
    expect(again).toEqual({ status: 409, body: { message: 'You have already reviewed this booking', errors: {} } })
    expect(await reviewsOf(bookingId)).toEqual([expect.objectContaining({ rating: 5, comment: '' })])
  })

  test('two reviews at once: one is stored', async () => {
    const { owner: theOwner, bookingId } = await completedBooking()
    const answers = await Promise.all([3, 5].map((rating) => call('POST', '/api/reviews', theOwner.token, { bookingId, rating })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409])
    expect(await reviewsOf(bookingId)).toHaveLength(1)
  })

  test('without a completed booking of yours: 403', async () => {
    const { owner: theOwner, sitter: theSitter, parties, bookingId } = await completedBooking()
    const pending = await insertBooking(parties, { status: 'pending', date: localDateFromToday(3) })
    const acceptedPast = await insertBooking(parties, { status: 'accepted', date: localDateFromToday(-3) })
    const stranger = await owner('Someone Else')
    const refused = { status: 403, body: { message: 'You can only review a completed booking of yours', errors: {} } }

    expect(await call('POST', '/api/reviews', theOwner.token, { bookingId: pending, rating: 5 })).toEqual(refused)
    expect(await call('POST', '/api/reviews', theOwner.token, { bookingId: acceptedPast, rating: 5 })).toEqual(refused)
    expect(await call('POST', '/api/reviews', stranger.token, { bookingId, rating: 1 })).toEqual(refused)
    expect(await call('POST', '/api/reviews', theSitter.token, { bookingId, rating: 5 })).toEqual(refused)
    expect(await call('POST', '/api/owner-reviews', theOwner.token, { bookingId, rating: 5 })).toEqual(refused)
    expect(await call('POST', '/api/owner-reviews', theSitter.token, { bookingId: acceptedPast, rating: 5 })).toEqual(refused)
    expect(await call('POST', '/api/reviews', theOwner.token, { bookingId: crypto.randomUUID(), rating: 5 })).toEqual(refused)
    expect(await db.selectFrom('reviews').select('id').where('sitterId', '=', theSitter.id).execute()).toEqual([])
  })

  test.each([
    ['no stars', { rating: 0 }],
    ['six stars', { rating: 6 }],
    ['half a star', { rating: 4.5 }],
    ['stars as a word', { rating: 'five' }],
    ['stars as a boolean', { rating: true }],
    ['a comment of 2,001 characters', { rating: 5, comment: 'x'.repeat(2001) }],
    ['a comment that is no text', { rating: 5, comment: { text: 'hi' } }],
  ])('%s is refused with 400', async (_name, fields) => {
    const { owner: theOwner, bookingId } = await completedBooking()
    const answer = await call('POST', '/api/reviews', theOwner.token, { bookingId, ...fields })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ message: expect.any(String), errors: expect.any(Object) })
    expect(await reviewsOf(bookingId)).toEqual([])
  })

  test('a comment of exactly 2,000 characters, and stars sent as text by a form, are fine', async () => {
    const { owner: theOwner, bookingId } = await completedBooking()
    const answer = await call('POST', '/api/reviews', theOwner.token, { bookingId, rating: '3', comment: 'y'.repeat(2000) })
    expect(answer).toMatchObject({ status: 201, body: { rating: 3 } })
  })
})

/** A completed booking the owner reviewed and the sitter too, so the owner's review is published. */
async function publishedReview(rating: number, comment = '') {
  const setup = await completedBooking()
  const review = (await call<{ id: string }>('POST', '/api/reviews', setup.owner.token, { bookingId: setup.bookingId, rating, comment })).body
  expect((await call('POST', '/api/owner-reviews', setup.sitter.token, { bookingId: setup.bookingId, rating: 5 })).status).toBe(201)
  return { ...setup, review }
}

describe('POST /api/reviews/{id}/reply', () => {
  test('before the review is published the sitter cannot reply to it: it is not found (404)', async () => {
    const { owner: theOwner, sitter: theSitter, bookingId } = await completedBooking()
    const review = (await call<{ id: string }>('POST', '/api/reviews', theOwner.token, { bookingId, rating: 5, comment: 'Great!' })).body
    expect((await call('GET', `/api/bookings/${bookingId}`, theSitter.token)).body).toMatchObject({ canReply: false, review: null })
    expect(await call('POST', `/api/reviews/${review.id}/reply`, theSitter.token, { reply: 'Thanks!' })).toEqual({ status: 404, body: { message: 'Review not found', errors: {} } })
    expect(await reviewsOf(bookingId)).toEqual([expect.objectContaining({ reply: null })])
  })

  test('the reviewed sitter replies once; a second reply is refused (409)', async () => {
    const { sitter: theSitter, bookingId, review } = await publishedReview(5, 'Great!')
    expect((await call('GET', `/api/bookings/${bookingId}`, theSitter.token)).body).toMatchObject({ canReply: true })

    const reply = await call('POST', `/api/reviews/${review.id}/reply`, theSitter.token, { reply: 'Thank you, Rex is a star.' })
    expect(reply).toMatchObject({ status: 200, body: { id: review.id, reply: 'Thank you, Rex is a star.', repliedAt: expect.any(String) } })

    const again = await call('POST', `/api/reviews/${review.id}/reply`, theSitter.token, { reply: 'Edited' })
    expect(again).toEqual({ status: 409, body: { message: 'You have already replied to this review', errors: {} } })
    expect(await reviewsOf(bookingId)).toEqual([expect.objectContaining({ reply: 'Thank you, Rex is a star.' })])
    expect((await call('GET', `/api/bookings/${bookingId}`, theSitter.token)).body).toMatchObject({ canReply: false })
  })

  test('nobody but the reviewed sitter can reply (404), and an empty reply is refused (400)', async () => {
    const { owner: theOwner, sitter: theSitter, bookingId, review } = await publishedReview(2)
    const otherSitter = await sitter({ name: 'Other Sitter' })
    const notFound = { status: 404, body: { message: 'Review not found', errors: {} } }

    expect(await call('POST', `/api/reviews/${review.id}/reply`, otherSitter.token, { reply: 'Not mine' })).toEqual(notFound)
    expect(await call('POST', `/api/reviews/${review.id}/reply`, theOwner.token, { reply: 'My own' })).toEqual(notFound)
    expect((await call('POST', `/api/reviews/${review.id}/reply`, theSitter.token, { reply: '   ' })).status).toBe(400)
    expect(await reviewsOf(bookingId)).toEqual([expect.objectContaining({ reply: null })])
  })
})
