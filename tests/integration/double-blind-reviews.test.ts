import { beforeAll, describe, expect, test } from 'vitest'
import { recordDueReviewReminders } from '#app/features/bookings/review-reminders.server.ts'
import { publishDueReviews } from '#app/features/reviews/review-writes.server.ts'
import { db, migrateToLatest } from '#app/lib/db.server.ts'
import { backgroundWorkDone } from '#app/lib/work-queue.server.ts'
import { appRequest, startTestApp } from './app.ts'
import { type Actor, call, owner, ownerDogAndSitter, sitter } from './booking-api.ts'
import { insertBooking, localDateFromToday } from './fixtures.ts'

// Two-sided, double-blind reviews (issue 30, DESIGN.md ruling 26), on both engines: within 14 days of a
// booking's completion each party reviews the other once; neither sees the other's review (page or API)
// until both are in or the 14 days pass, then both publish together, once, however many sweeps run. Ratings
// count published reviews; a sitter's review of an owner is shown only to sitters that owner asks.

beforeAll(async () => {
  await migrateToLatest()
  await startTestApp()
})

const day = 24 * 60 * 60_000

/** A completed booking of Olivia's Rex with Sam, completed `daysAgo` days ago (now by default). */
async function completed(daysAgo = 0) {
  const setup = await ownerDogAndSitter()
  const bookingId = await insertBooking(setup.parties, { status: 'completed', date: localDateFromToday(-2 - Math.ceil(daysAgo)) })
  const completedAt = new Date(Date.now() - daysAgo * day).toISOString()
  await db.updateTable('bookingStatusHistory').set({ changedAt: completedAt }).where('bookingId', '=', bookingId).where('toStatus', '=', 'completed').execute()
  return { ...setup, bookingId, completedAt }
}

const bookingAs = async (actor: Actor, bookingId: string) => (await call<Record<string, unknown>>('GET', `/api/bookings/${bookingId}`, actor.token)).body
const publicReviewsOf = async (sitterId: string) => ((await (await appRequest(`/api/users/${sitterId}/reviews`)).json()) as { data: { comment: string }[] }).data
const ratingOf = async (sitterId: string) => (await (await appRequest(`/api/users/${sitterId}`)).json()) as { rating: number | null; reviewCount: number }
const publishedEventsOf = (bookingId: string) => db.selectFrom('domainEvents').select('payload').where('subjectId', '=', bookingId).where('type', '=', 'review.published').execute()
const textsOf = async (actor: Actor) => {
  await backgroundWorkDone()
  return (await call<{ type: string; text: string }[]>('GET', '/api/notifications', actor.token)).body.map((n) => [n.type, n.text])
}

describe('double-blind', () => {
  test("the owner's review is invisible to the sitter (API, page, profile, rating) until the sitter sends theirs; then both show, published together", async () => {
    const { owner: olivia, sitter: sam, bookingId } = await completed()
    const sent = await call('POST', '/api/reviews', olivia.token, { bookingId, rating: 2, comment: 'Rex came back muddy and late.' })
    expect(sent).toMatchObject({ status: 201, body: { publishedAt: null } })

    expect(await bookingAs(sam, bookingId)).toMatchObject({ review: null, theirReviewWaiting: true, canReviewOwner: true, canReply: false })
    expect(await bookingAs(olivia, bookingId)).toMatchObject({ review: { rating: 2, publishedAt: null }, canReview: false, theirReviewWaiting: false })
    expect(await publicReviewsOf(sam.id)).toEqual([])
    expect(await ratingOf(sam.id)).toMatchObject({ rating: null, reviewCount: 0 })

    const answer = await call('POST', '/api/owner-reviews', sam.token, { bookingId, rating: 4, comment: 'Olivia was on time; Rex was as described.' })
    expect(answer).toMatchObject({ status: 201, body: { bookingId, sitterId: sam.id, ownerId: olivia.id, rating: 4, publishedAt: expect.any(String) } })

    const samSees = await bookingAs(sam, bookingId)
    const oliviaSees = await bookingAs(olivia, bookingId)
    expect(samSees).toMatchObject({ review: { rating: 2, comment: 'Rex came back muddy and late.' }, reviewOfOwner: { rating: 4 }, canReply: true, canReviewOwner: false, theirReviewWaiting: false })
    expect(oliviaSees).toMatchObject({ review: { rating: 2 }, reviewOfOwner: { rating: 4, comment: 'Olivia was on time; Rex was as described.' } })
    const rows = await Promise.all([
      db.selectFrom('reviews').select('publishedAt').where('bookingId', '=', bookingId).executeTakeFirstOrThrow(),
      db.selectFrom('reviewsOfOwners').select('publishedAt').where('bookingId', '=', bookingId).executeTakeFirstOrThrow(),
    ])
    expect(rows[0].publishedAt).not.toBeNull()
    expect(rows[0].publishedAt).toBe(rows[1].publishedAt)
    expect((await publicReviewsOf(sam.id)).map((review) => review.comment)).toEqual(['Rex came back muddy and late.'])
    expect(await ratingOf(sam.id)).toMatchObject({ rating: 2, reviewCount: 1 })
    expect(await publishedEventsOf(bookingId)).toHaveLength(1)
  })

  test("the sitter's review is invisible to the owner until the owner sends theirs", async () => {
    const { owner: olivia, sitter: sam, bookingId } = await completed()
    expect((await call('POST', '/api/owner-reviews', sam.token, { bookingId, rating: 1, comment: 'Rex bit me.' })).body).toMatchObject({ publishedAt: null })
    expect(await bookingAs(olivia, bookingId)).toMatchObject({ reviewOfOwner: null, theirReviewWaiting: true, canReview: true })
    expect(await bookingAs(sam, bookingId)).toMatchObject({ reviewOfOwner: { rating: 1, publishedAt: null } })

    expect((await call('POST', '/api/reviews', olivia.token, { bookingId, rating: 5 })).body).toMatchObject({ publishedAt: expect.any(String) })
    expect(await bookingAs(olivia, bookingId)).toMatchObject({ reviewOfOwner: { rating: 1, comment: 'Rex bit me.' } })
  })

  test('with the clock moved 14 days, a lone review publishes: once, whatever number of sweeps run at once', async () => {
    const { owner: olivia, sitter: sam, bookingId } = await completed()
    await call('POST', '/api/reviews', olivia.token, { bookingId, rating: 5, comment: 'Wonderful with Rex.' })

    await publishDueReviews(Date.now() + 13 * day)
    expect(await bookingAs(sam, bookingId)).toMatchObject({ review: null, theirReviewWaiting: true })

    const sweeps = await Promise.all([1, 2, 3].map(() => publishDueReviews(Date.now() + 14 * day + 60_000)))
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1)
    expect(await publishedEventsOf(bookingId)).toHaveLength(1)
    expect(await bookingAs(sam, bookingId)).toMatchObject({ review: { rating: 5, comment: 'Wonderful with Rex.' }, canReply: true })
    expect((await publicReviewsOf(sam.id)).map((review) => review.comment)).toEqual(['Wonderful with Rex.'])
    expect(await textsOf(sam)).toContainEqual(['review.published', expect.stringMatching(/^Olivia Owner's review of you is published: a walk for Rex on /)])
    expect(await textsOf(olivia)).toContainEqual(['review.published', expect.stringMatching(/^Your review of Sam Sitter is published: a walk for Rex on /)])
  })

  test('both reviews sent at once still publish together (the later commit sees both)', async () => {
    for (let round = 0; round < 25; round++) {
      const { owner: olivia, sitter: sam, bookingId } = await completed()
      const answers = await Promise.all([
        call('POST', '/api/reviews', olivia.token, { bookingId, rating: 4 }),
        call('POST', '/api/owner-reviews', sam.token, { bookingId, rating: 5 }),
      ])
      expect(answers.map((answer) => answer.status)).toEqual([201, 201])
      const published = await Promise.all([
        db.selectFrom('reviews').select('publishedAt').where('bookingId', '=', bookingId).executeTakeFirstOrThrow(),
        db.selectFrom('reviewsOfOwners').select('publishedAt').where('bookingId', '=', bookingId).executeTakeFirstOrThrow(),
      ])
      expect(published.map((row) => row.publishedAt === null)).toEqual([false, false])
      expect(await publishedEventsOf(bookingId)).toHaveLength(1)
    }
  })

  test('after the 14 days nobody may review (403), and nothing is stored', async () => {
    const { owner: olivia, sitter: sam, bookingId } = await completed(14.01)
    const closed = { status: 403, body: { message: 'Reviews close 14 days after a booking is completed', errors: {} } }
    expect(await call('POST', '/api/reviews', olivia.token, { bookingId, rating: 5 })).toEqual(closed)
    expect(await call('POST', '/api/owner-reviews', sam.token, { bookingId, rating: 5 })).toEqual(closed)
    expect(await bookingAs(olivia, bookingId)).toMatchObject({ canReview: false, reviewsCloseAt: expect.any(String) })
    expect(await db.selectFrom('reviewsOfOwners').select('id').where('bookingId', '=', bookingId).execute()).toEqual([])
    expect(await db.selectFrom('reviews').select('id').where('bookingId', '=', bookingId).execute()).toEqual([])
  })
})

describe("the sitter's review of the owner", () => {
  test.each([
    ['no stars', { rating: 0 }],
    ['six stars', { rating: 6 }],
    ['half a star', { rating: 4.5 }],
    ['stars as a word', { rating: 'five' }],
    ['a comment of 2,001 characters', { rating: 5, comment: 'x'.repeat(2001) }],
    ['a comment that is no text', { rating: 5, comment: ['hi'] }],
    ['a booking id that is no text', { rating: 5, bookingId: 42 }],
    ['a comment with a NUL', { rating: 5, comment: 'a\u0000b' }],
  ])('%s is refused with 400', async (_name, fields) => {
    const { sitter: sam, bookingId } = await completed()
    const answer = await call('POST', '/api/owner-reviews', sam.token, { bookingId, ...fields })
    expect(answer.status).toBe(400)
    expect(answer.body).toMatchObject({ message: expect.any(String), errors: expect.any(Object) })
    expect(await db.selectFrom('reviewsOfOwners').select('id').where('bookingId', '=', bookingId).execute()).toEqual([])
  })

  test('once: a second review, or two at once, store one (409 for the other)', async () => {
    const { sitter: sam, bookingId } = await completed()
    const answers = await Promise.all([3, 5, 4].map((rating) => call('POST', '/api/owner-reviews', sam.token, { bookingId, rating })))
    expect(answers.map((answer) => answer.status).sort()).toEqual([201, 409, 409])
    expect(answers.find((answer) => answer.status === 409)?.body).toEqual({ message: 'You have already reviewed this booking', errors: {} })
    expect(await db.selectFrom('reviewsOfOwners').select('id').where('bookingId', '=', bookingId).execute()).toHaveLength(1)
  })

  test('another sitter, the owner or a stranger may not write it (403)', async () => {
    const { owner: olivia, bookingId } = await completed()
    const refused = { status: 403, body: { message: 'You can only review a completed booking of yours', errors: {} } }
    expect(await call('POST', '/api/owner-reviews', (await sitter({ name: 'Other Sitter' })).token, { bookingId, rating: 1 })).toEqual(refused)
    expect(await call('POST', '/api/owner-reviews', olivia.token, { bookingId, rating: 1 })).toEqual(refused)
    expect(await call('POST', '/api/owner-reviews', (await owner('Stranger')).token, { bookingId, rating: 1 })).toEqual(refused)
    expect(await db.selectFrom('reviewsOfOwners').select('id').where('bookingId', '=', bookingId).execute()).toEqual([])
  })

  test('is never public: sitters see published ones on a pending request from that owner, nobody else and nowhere else', async () => {
    const { owner: olivia, sitter: sam, dogId, bookingId } = await completed()
    await call('POST', '/api/owner-reviews', sam.token, { bookingId, rating: 3, comment: 'Olivia was 20 minutes late.' })
    const nextSitter = await sitter({ name: 'Nina Next' })
    const request = await insertBooking({ dogId, ownerId: olivia.id, sitterId: nextSitter.id }, { status: 'pending', date: localDateFromToday(4) })

    // Unpublished: nothing yet.
    expect(await bookingAs(nextSitter, request)).toMatchObject({ ownerReviews: { rating: null, reviewCount: 0, reviews: [] } })
    await call('POST', '/api/reviews', olivia.token, { bookingId, rating: 5 })
    expect(await bookingAs(nextSitter, request)).toMatchObject({
      ownerReviews: { rating: 3, reviewCount: 1, reviews: [{ rating: 3, comment: 'Olivia was 20 minutes late.', author: { name: 'Sam S.' } }] },
    })
    // The owner does not see what sitters say about her on her request, and the lists carry none of it.
    expect(await bookingAs(olivia, request)).toMatchObject({ ownerReviews: null })
    const list = (await call<{ bookings: { id: string; ownerReviews: unknown }[] }>('GET', '/api/bookings/sitter?tab=pending', nextSitter.token)).body
    expect(JSON.stringify(list)).not.toContain('20 minutes late')
    expect(JSON.stringify(await (await appRequest(`/api/users/${olivia.id}`)).json())).not.toContain('20 minutes late')
  })
})

describe('prompts', () => {
  // The day reviews close as a notice sent at `noticeAt` writes it: the year only when it is not the notice's.
  const closeDay = (completedAt: string, noticeAt = Date.now()) => {
    const close = new Date(Date.parse(completedAt) + 14 * day)
    const parts = new Intl.DateTimeFormat('en-GB', { timeZone: 'Europe/Zurich', weekday: 'short', day: 'numeric', month: 'short', year: 'numeric' }).formatToParts(close)
    const part = (type: string) => parts.find((p) => p.type === type)?.value
    return `${part('weekday')} ${part('day')} ${part('month')}${Number(part('year')) === new Date(noticeAt).getUTCFullYear() ? '' : ` ${part('year')}`}`
  }

  test('on day 10 the party who has not reviewed is reminded, once, however many sweeps run', async () => {
    const { owner: olivia, sitter: sam, bookingId, completedAt } = await completed()
    await call('POST', '/api/reviews', olivia.token, { bookingId, rating: 5 })
    expect(await recordDueReviewReminders(Date.now() + 9 * day)).toBe(0)
    const remindedAt = Date.now() + 10 * day + 60_000
    const sweeps = await Promise.all([1, 2].map(() => recordDueReviewReminders(remindedAt)))
    expect(sweeps.reduce((sum, count) => sum + count, 0)).toBeGreaterThanOrEqual(1)
    const reminders = (texts: string[][]) => texts.filter(([type]) => type === 'booking.review-reminder')
    expect(reminders(await textsOf(sam))).toEqual([['booking.review-reminder', expect.stringContaining(`Reviews close on ${closeDay(completedAt, remindedAt)}: review Olivia Owner for a walk for Rex on `)]])
    expect(reminders(await textsOf(olivia))).toEqual([])
    expect(await db.selectFrom('domainEvents').select('id').where('subjectId', '=', bookingId).where('type', '=', 'booking.review-reminder').execute()).toHaveLength(1)
  })

  test("a walk of a weekly round that a later walk followed is not reminded of (decision 105); the round's latest walk is", async () => {
    const { owner: olivia, sitter: sam, parties } = await ownerDogAndSitter()
    const createdAt = new Date().toISOString()
    const seriesId = crypto.randomUUID()
    await db
      .insertInto('bookingSeries')
      .values({ id: seriesId, ownerId: parties.ownerId, sitterId: parties.sitterId, service: 'walking', weekdays: '1,2,3,4,5,6,7', period: null, slots: '[]', firstDate: localDateFromToday(-10), timeZone: 'Europe/Zurich', status: 'accepted', createdAt, updatedAt: createdAt })
      .execute()
    /** A walk of the round on the day `daysAgo`, completed that day. */
    const walk = async (daysAgo: number) => {
      const date = localDateFromToday(-daysAgo)
      const bookingId = await insertBooking(parties, { status: 'completed', date })
      await db.updateTable('bookings').set({ seriesId, seriesDate: date }).where('id', '=', bookingId).execute()
      const completedAt = new Date(Date.now() - daysAgo * day).toISOString()
      await db.updateTable('bookingStatusHistory').set({ changedAt: completedAt }).where('bookingId', '=', bookingId).where('toStatus', '=', 'completed').execute()
      return bookingId
    }
    const earlier = await walk(3)
    const latest = await walk(1)

    // Both are 10 to 14 days past their completion; neither party has reviewed either.
    await recordDueReviewReminders(Date.now() + 10 * day + 60_000)
    const remindersOf = (bookingId: string) => db.selectFrom('domainEvents').select('payload').where('subjectId', '=', bookingId).where('type', '=', 'booking.review-reminder').execute()
    expect(await remindersOf(earlier)).toEqual([])
    expect(await remindersOf(latest)).toHaveLength(1)
    const alerts = await db.selectFrom('bookingAlerts').select('bookingId').where('bookingId', 'in', [earlier, latest]).where('kind', '=', 'review-reminder').execute()
    expect(alerts.map((alert) => alert.bookingId).sort()).toEqual([earlier, latest].sort())
    for (const actor of [olivia, sam]) {
      expect((await textsOf(actor)).filter(([type]) => type === 'booking.review-reminder')).toHaveLength(1)
    }
  })

  test("the owner's review tells the sitter one is waiting; the second review publishes both and tells each once", async () => {
    const { owner: olivia, sitter: sam, bookingId, completedAt } = await completed()
    await call('POST', '/api/reviews', olivia.token, { bookingId, rating: 5 })
    expect(await textsOf(sam)).toContainEqual(['review.written', expect.stringContaining(`: write your review by ${closeDay(completedAt)} to read it`)])
    await call('POST', '/api/owner-reviews', sam.token, { bookingId, rating: 5 })
    const oliviaTexts = await textsOf(olivia)
    expect(oliviaTexts.filter(([type]) => type === 'review.owner-reviewed')).toEqual([])
    expect(oliviaTexts).toContainEqual(['review.published', expect.stringMatching(/^Sam Sitter's review of you is published: /)])
    expect((await textsOf(sam)).filter(([type]) => type === 'review.published')).toEqual([['review.published', expect.stringMatching(/^Olivia Owner's review of you is published: /)]])
  })
})
