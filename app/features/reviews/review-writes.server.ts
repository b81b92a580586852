import type { Kysely, Transaction } from 'kysely'
import { type Database, db, serializeOn } from '#app/lib/db.server.ts'
import { dispatchEvents, recordEvent } from '#app/lib/events.server.ts'
import { type PublishedReviews, reviewEventTypes } from './review-event-types.ts'
import { type ReviewInput, reviewMessages } from './review-write-schema.ts'

// Writing reviews (DESIGN.md rulings 6 and 26): within 14 days of a booking's completion its owner reviews the
// sitter and its sitter reviews the owner and the dog, once each (bookings' reviewBooking and reviewOwner check
// the booking and the window, then call the functions here); the reviewed sitter replies once to a published
// review. Double-blind: a review is written unpublished and both publish together, in one statement each, when
// the second one is in (publishPair, run after the write's commit so that of two writes at once the later one
// sees both) or when the window ends (publishDueReviews, the booking sweep's). Every "once" holds under
// concurrency: a conditional insert or update, and an event recorded only by the call that changed the row.

export type ReviewFailure = { ok: false; status: 403 | 404 | 409; message: string }

/** A completed booking the bookings feature found open for reviews by the caller, with when its window ends. */
export type ReviewableBooking = { id: string; ownerId: string; sitterId: string; dogId: string; windowEndsAt: string }

const reviewColumns = ['id', 'bookingId', 'sitterId', 'ownerId', 'rating', 'comment', 'createdAt', 'reply', 'repliedAt', 'publishedAt'] as const
const reviewOfOwnerColumns = ['id', 'bookingId', 'sitterId', 'ownerId', 'dogId', 'rating', 'comment', 'createdAt', 'publishedAt'] as const

const findReview = (id: string) => db.selectFrom('reviews').select(reviewColumns).where('id', '=', id).executeTakeFirstOrThrow()
const findReviewOfOwner = (id: string) => db.selectFrom('reviewsOfOwners').select(reviewOfOwnerColumns).where('id', '=', id).executeTakeFirstOrThrow()

export type Review = Awaited<ReturnType<typeof findReview>>
export type ReviewOfOwner = Awaited<ReturnType<typeof findReviewOfOwner>>

/** The owner's review of the sitter of a booking open for it. */
export async function createReview(booking: ReviewableBooking, input: Pick<ReviewInput, 'rating' | 'comment'>, now = Date.now()): Promise<{ ok: true; review: Review } | ReviewFailure> {
  const id = crypto.randomUUID()
  const row = { id, bookingId: booking.id, sitterId: booking.sitterId, ownerId: booking.ownerId, rating: input.rating, comment: input.comment, createdAt: iso(now), windowEndsAt: booking.windowEndsAt }
  const written = await writeOnce(booking, reviewEventTypes.written, id, now, (trx) =>
    trx.insertInto('reviews').values(row).onConflict((oc) => oc.column('bookingId').doNothing()).executeTakeFirst(),
  )
  return written ? { ok: true, review: await findReview(id) } : { ok: false, status: 409, message: reviewMessages.alreadyReviewed }
}

/** The sitter's review of the owner and the dog of a booking open for it. */
export async function createReviewOfOwner(booking: ReviewableBooking, input: Pick<ReviewInput, 'rating' | 'comment'>, now = Date.now()): Promise<{ ok: true; review: ReviewOfOwner } | ReviewFailure> {
  const id = crypto.randomUUID()
  const row = { id, bookingId: booking.id, sitterId: booking.sitterId, ownerId: booking.ownerId, dogId: booking.dogId, rating: input.rating, comment: input.comment, createdAt: iso(now), windowEndsAt: booking.windowEndsAt }
  const written = await writeOnce(booking, reviewEventTypes.ownerReviewed, id, now, (trx) =>
    trx.insertInto('reviewsOfOwners').values(row).onConflict((oc) => oc.column('bookingId').doNothing()).executeTakeFirst(),
  )
  return written ? { ok: true, review: await findReviewOfOwner(id) } : { ok: false, status: 409, message: reviewMessages.alreadyReviewed }
}

/**
 * Inserts a review unless the booking has that one already, with its event in the same transaction; then
 * publishes the pair if this was the second. Whether this call wrote it.
 */
async function writeOnce(
  booking: ReviewableBooking,
  type: string,
  reviewId: string,
  now: number,
  insert: (trx: Transaction<Database>) => Promise<{ numInsertedOrUpdatedRows?: bigint }>,
) {
  const eventId = await db.transaction().execute(async (trx) => {
    const result = await insert(trx)
    if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return null
    return recordEvent(trx, { type, subjectId: booking.id, payload: { reviewId, ownerId: booking.ownerId, sitterId: booking.sitterId } }, now)
  })
  if (!eventId) return false
  const published = await publishPair(booking.id, now)
  void dispatchEvents(published ? [eventId, published] : [eventId], now)
  return true
}

const iso = (instant: number) => new Date(instant).toISOString()

/**
 * Publishes both reviews of the booking once both are in; the review.published event's id when this call
 * published them. Calls for one booking run one after the other, and each decides from one statement (one
 * snapshot) whether both reviews are in: deciding table by table, two calls at once could each see the other's
 * review in only one of the tables and each publish half, with two events.
 */
export async function publishPair(bookingId: string, now = Date.now()) {
  return db.transaction().execute(async (trx) => {
    await serializeOn(trx, [`review-pair:${bookingId}`])
    const pair = await trx
      .selectFrom('reviews')
      .innerJoin('reviewsOfOwners', 'reviewsOfOwners.bookingId', 'reviews.bookingId')
      .select('reviews.id')
      .where('reviews.bookingId', '=', bookingId)
      .where((eb) => eb.or([eb('reviews.publishedAt', 'is', null), eb('reviewsOfOwners.publishedAt', 'is', null)]))
      .executeTakeFirst()
    if (!pair) return null
    await trx.updateTable('reviews').set({ publishedAt: iso(now) }).where('bookingId', '=', bookingId).where('publishedAt', 'is', null).execute()
    await trx.updateTable('reviewsOfOwners').set({ publishedAt: iso(now) }).where('bookingId', '=', bookingId).where('publishedAt', 'is', null).execute()
    return recordPublished(trx, bookingId, { sitterReviewed: true, ownerReviewed: true }, now)
  })
}

const recordPublished = (trx: Transaction<Database> | Kysely<Database>, bookingId: string, published: PublishedReviews, now: number) =>
  recordEvent(trx, { type: reviewEventTypes.published, subjectId: bookingId, payload: published }, now)

/** The sweep: publishes every review whose window has ended, alone or with its pair; returns how many bookings' reviews it published. */
export async function publishDueReviews(now = Date.now()) {
  const events = await db.transaction().execute(async (trx) => {
    const sitterReviews = await trx
      .updateTable('reviews')
      .set({ publishedAt: iso(now) })
      .where('publishedAt', 'is', null)
      .where('windowEndsAt', '<=', iso(now))
      .returning('bookingId')
      .execute()
    const ownerReviews = await trx
      .updateTable('reviewsOfOwners')
      .set({ publishedAt: iso(now) })
      .where('publishedAt', 'is', null)
      .where('windowEndsAt', '<=', iso(now))
      .returning('bookingId')
      .execute()
    const eventIds: string[] = []
    for (const bookingId of new Set([...sitterReviews, ...ownerReviews].map((row) => row.bookingId))) {
      const published = { sitterReviewed: sitterReviews.some((row) => row.bookingId === bookingId), ownerReviewed: ownerReviews.some((row) => row.bookingId === bookingId) }
      eventIds.push(await recordPublished(trx, bookingId, published, now))
    }
    return eventIds
  })
  void dispatchEvents(events, now)
  return events.length
}

/** The sitter's one reply to a published review of them; anyone else's, or one not published yet, is not found. */
export async function replyToReview(sitterId: string, reviewId: string, reply: string): Promise<{ ok: true; review: Review } | ReviewFailure> {
  const review = await db
    .selectFrom('reviews')
    .select(['id', 'bookingId', 'ownerId'])
    .where('id', '=', reviewId)
    .where('sitterId', '=', sitterId)
    .where('publishedAt', 'is not', null)
    .executeTakeFirst()
  if (!review) return { ok: false, status: 404, message: reviewMessages.reviewNotFound }
  const eventId = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('reviews')
      .set({ reply, repliedAt: new Date().toISOString() })
      .where('id', '=', reviewId)
      .where('reply', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return null
    return recordEvent(trx, { type: reviewEventTypes.replied, subjectId: review.bookingId, payload: { reviewId, ownerId: review.ownerId, sitterId } })
  })
  if (!eventId) return { ok: false, status: 409, message: reviewMessages.alreadyReplied }
  void dispatchEvents([eventId])
  return { ok: true, review: await findReview(reviewId) }
}

/** Hides a review (an admin's resolution of its report): kept for the record, never shown or counted again. */
export async function hideReview(reviewId: string, executor: Kysely<Database> = db, now = Date.now()) {
  const hidden = await executor.updateTable('reviews').set({ hiddenAt: new Date(now).toISOString() }).where('id', '=', reviewId).where('hiddenAt', 'is', null).executeTakeFirst()
  return Number(hidden.numUpdatedRows) > 0
}
