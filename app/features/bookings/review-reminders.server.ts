import { findReviewsOfBookings } from '#app/features/reviews/booking-reviews.server.ts'
import { reviewReminderDay, reviewWindowDays } from '#app/features/reviews/review-window.ts'
import { db } from '#app/lib/db.server.ts'
import { dispatchEvents, recordEvent, type StoredEvent } from '#app/lib/events.server.ts'

// The day-10 reminder of double-blind reviews (DESIGN.md ruling 26): a party of a completed booking who has not
// reviewed the other by day 10 of the 14 hears that reviews close soon. The booking sweep records it once per
// booking, like the other time-based alerts (a bookingAlerts row written in the event's transaction), for the
// parties still to review then; once both have reviewed, there is nobody to remind. A walk of a weekly round that a
// later walk of the round has followed is not reminded of (decision 105): a round of three walks a week would remind
// both parties three times a week; the owner's 'How did it go?' prompt names the round's latest walk instead.

export const reviewReminderKind = 'review-reminder' as const
export const reviewReminderEventType = 'booking.review-reminder'

const day = 24 * 60 * 60_000
const iso = (instant: number) => new Date(instant).toISOString()

export type ReviewReminderFacts = { userIds: string[]; reviewsCloseAt: string }

/** Records the reminders that have come due and dispatches their events; returns how many were recorded. */
export async function recordDueReviewReminders(now = Date.now()) {
  const due = await db
    .selectFrom('bookingStatusHistory')
    .innerJoin('bookings', 'bookings.id', 'bookingStatusHistory.bookingId')
    .select(['bookings.id', 'bookings.ownerId', 'bookings.sitterId', 'bookingStatusHistory.changedAt'])
    .select((eb) =>
      eb
        .exists(
          eb
            .selectFrom('bookings as later')
            .select('later.id')
            .whereRef('later.seriesId', '=', 'bookings.seriesId')
            .where('later.status', '=', 'completed')
            .whereRef('later.startsAt', '>', 'bookings.startsAt'),
        )
        .as('followedInRound'),
    )
    .where('bookingStatusHistory.toStatus', '=', 'completed')
    .where('bookingStatusHistory.changedAt', '<=', iso(now - reviewReminderDay * day))
    .where('bookingStatusHistory.changedAt', '>', iso(now - reviewWindowDays * day))
    .where('bookings.status', '=', 'completed')
    .where((eb) =>
      eb.not(eb.exists(eb.selectFrom('bookingAlerts').select('bookingAlerts.bookingId').whereRef('bookingAlerts.bookingId', '=', 'bookings.id').where('bookingAlerts.kind', '=', reviewReminderKind))),
    )
    .execute()
  const reviews = await findReviewsOfBookings(due.map((booking) => booking.id))
  const events: string[] = []
  for (const booking of due) {
    const written = reviews.get(booking.id)
    const userIds = booking.followedInRound ? [] : [...(written?.ofSitter ? [] : [booking.ownerId]), ...(written?.ofOwner ? [] : [booking.sitterId])]
    const eventId = await recordReminder(booking.id, { userIds, reviewsCloseAt: iso(Date.parse(booking.changedAt) + reviewWindowDays * day) }, now)
    if (eventId) events.push(eventId)
  }
  void dispatchEvents(events, now)
  return events.length
}

/** Marks the booking reminded and records the event when anyone is left to remind, unless another sweep did meanwhile. */
function recordReminder(bookingId: string, facts: ReviewReminderFacts, now: number) {
  return db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('bookingAlerts')
      .values({ bookingId, kind: reviewReminderKind, recordedAt: iso(now) })
      .onConflict((oc) => oc.columns(['bookingId', 'kind']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0 || facts.userIds.length === 0) return null
    return recordEvent(trx, { type: reviewReminderEventType, subjectId: bookingId, payload: facts }, now)
  })
}

/** The reminder an event reports, or null when it is not one. */
export function readReviewReminder(event: StoredEvent) {
  return event.type === reviewReminderEventType ? { bookingId: event.subjectId, ...(event.payload as ReviewReminderFacts) } : null
}
