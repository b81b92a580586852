import { db } from '#app/lib/db.server.ts'
import { alarmKey, visitRules } from './visit-rules.ts'

// A sitter's reliability line ('On time for 48 of 50 visits', issue 32 part 2), counted from the visit logs and
// never typed in: every booking of theirs that was checked in or raised a missed check-in counts, and it was on time
// when the check-in came no later than 15 minutes after the start, the moment the missed check-in alarm is due.

export type Reliability = { onTime: number; visits: number }

/** The sitter's count; null before their first logged visit (the profile then shows nothing). */
export async function findSitterReliability(sitterId: string): Promise<Reliability | null> {
  const logged = await db
    .selectFrom('bookings')
    .leftJoin('visits', 'visits.bookingId', 'bookings.id')
    .select(['bookings.startsAt', 'visits.checkedInAt'])
    .where('bookings.sitterId', '=', sitterId)
    .where((eb) =>
      eb.or([
        eb('visits.bookingId', 'is not', null),
        eb.exists(
          eb
            .selectFrom('visitAlarms')
            .select('visitAlarms.bookingId')
            .whereRef('visitAlarms.bookingId', '=', 'bookings.id')
            .where('visitAlarms.kind', '=', alarmKey('missed-check-in')),
        ),
      ]),
    )
    .execute()
  if (logged.length === 0) return null
  const onTime = logged.filter((visit) => visit.checkedInAt !== null && Date.parse(visit.checkedInAt) <= Date.parse(visit.startsAt) + visitRules.missedCheckInAfterMs)
  return { onTime: onTime.length, visits: logged.length }
}
