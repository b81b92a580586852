import type { Kysely } from 'kysely'
import { type Database, db } from '#app/lib/db.server.ts'
import { dispatchEvents, recordEvent } from '#app/lib/events.server.ts'
import { type ReviewInput, reviewMessages } from './review-write-schema.ts'

// Writing reviews: the owner of a completed booking reviews it once (bookings' reviewBooking checks the
// booking, then calls createReview); the reviewed sitter replies once.
// Both "once" rules hold under concurrency: the review's booking is unique in the table, and the reply is
// set only where none is set yet. Ratings are computed from the rows, so they change at once. Each write
// records its event (decision 038) in its transaction, for the live pushes and notifications that follow.

/** The domain events of reviews; the subject is the reviewed booking. */
export const reviewEventTypes = { written: 'review.written', replied: 'review.replied' } as const

export type ReviewFailure = { ok: false; status: 403 | 404 | 409; message: string }

const reviewColumns = ['id', 'bookingId', 'sitterId', 'ownerId', 'rating', 'comment', 'createdAt', 'reply', 'repliedAt'] as const

const findReview = (id: string) => db.selectFrom('reviews').select(reviewColumns).where('id', '=', id).executeTakeFirstOrThrow()

export type Review = Awaited<ReturnType<typeof findReview>>

/** The owner's review of a booking the bookings feature found reviewable (theirs, and completed). */
export async function createReview(
  booking: { id: string; ownerId: string; sitterId: string },
  input: Pick<ReviewInput, 'rating' | 'comment'>,
): Promise<{ ok: true; review: Review } | ReviewFailure> {
  const id = crypto.randomUUID()
  const eventId = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('reviews')
      .values({
        id,
        bookingId: booking.id,
        sitterId: booking.sitterId,
        ownerId: booking.ownerId,
        rating: input.rating,
        comment: input.comment,
        createdAt: new Date().toISOString(),
      })
      .onConflict((oc) => oc.column('bookingId').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null
    return recordEvent(trx, { type: reviewEventTypes.written, subjectId: booking.id, payload: { reviewId: id, ownerId: booking.ownerId, sitterId: booking.sitterId } })
  })
  if (!eventId) return { ok: false, status: 409, message: reviewMessages.alreadyReviewed }
  void dispatchEvents([eventId])
  return { ok: true, review: await findReview(id) }
}

/** The sitter's one reply to a review of them; anyone else's review is not found. */
export async function replyToReview(sitterId: string, reviewId: string, reply: string): Promise<{ ok: true; review: Review } | ReviewFailure> {
  const review = await db.selectFrom('reviews').select(['id', 'bookingId', 'ownerId']).where('id', '=', reviewId).where('sitterId', '=', sitterId).executeTakeFirst()
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
