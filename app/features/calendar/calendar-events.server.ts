import { db } from '#app/lib/db.server.ts'

// Which Google Calendar event holds which booking for which user (calendarEvents): an event is created
// once per booking and user, and deleted with the booking's cancellation.

export async function findCalendarEvents(bookingId: string) {
  return db.selectFrom('calendarEvents').select(['userId', 'eventId']).where('bookingId', '=', bookingId).where('provider', '=', 'google').execute()
}

export async function saveCalendarEvent(bookingId: string, userId: string, eventId: string) {
  await db
    .insertInto('calendarEvents')
    .values({ bookingId, userId, provider: 'google', eventId, createdAt: new Date().toISOString() })
    .onConflict((oc) => oc.columns(['bookingId', 'userId', 'provider']).doNothing())
    .execute()
}

export async function forgetCalendarEvent(bookingId: string, userId: string) {
  await db.deleteFrom('calendarEvents').where('bookingId', '=', bookingId).where('userId', '=', userId).where('provider', '=', 'google').execute()
}
