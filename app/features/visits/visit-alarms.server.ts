import { expressionBuilder, type Kysely } from 'kysely'
import { type BookingRecord, findBookings } from '#app/features/bookings/booking-records.server.ts'
import { bookingSpan } from '#app/features/bookings/slots.ts'
import { db, type Database } from '#app/lib/db.server.ts'
import { dispatchEvents, recordEvent, type StoredEvent } from '#app/lib/events.server.ts'
import { localDateOf } from '#app/lib/zoned-time.ts'
import { alarmKey, type AlarmKind, alarmKinds, dailyUpdateDues, dailyUpdateServices, hasDailyUpdates, visitRules } from './visit-rules.ts'

// Missed-visit alarms (issue 32 part 2, DESIGN.md ruling 27), from the clock like the booking alerts: no check-in 15
// minutes after the start tells the sitter and the owner, no check-out 30 minutes after the end tells the owner, and
// a boarding or daycare day without an update with a photo by 20:00 tells both. The booking sweep records each as a
// visitAlarms row and its domain event in one transaction, so of sweeps on several instances one records it, once;
// the event names its readers, so the notification centre needs nothing else of this feature.

export const visitAlarmEventTypes = {
  'missed-check-in': 'visit.missedCheckIn',
  'missed-check-out': 'visit.missedCheckOut',
  'missed-update': 'visit.missedUpdate',
} as const satisfies Record<AlarmKind, string>

/** Bookings that started longer ago are not looked at: a booking spans two days at most, and old ones never alarm. */
export const alarmLookbackMs = 2 * 24 * 60 * 60_000

export type VisitAlarmFacts = {
  alarm: AlarmKind
  /** The local date a daily update was missed; null for the other alarms. */
  date: string | null
  /** Who is told: both parties, or the owner of a visit never checked out. */
  userIds: string[]
}

type Visit = { checkedOutAt: string | null }

const iso = (instant: number) => new Date(instant).toISOString()

/** The alarms a booking owes at `now`, whether or not recorded yet. */
function dueAlarmsOf(booking: BookingRecord, visit: Visit | undefined, photoDates: ReadonlySet<string>, now: number): VisitAlarmFacts[] {
  const { start, end } = bookingSpan(booking)
  const both = [booking.sitterId, booking.ownerId]
  const due: VisitAlarmFacts[] = []
  if (!visit && now >= start + visitRules.missedCheckInAfterMs) due.push({ alarm: 'missed-check-in', date: null, userIds: both })
  if (visit && !visit.checkedOutAt && now >= end + visitRules.missedCheckOutAfterMs) due.push({ alarm: 'missed-check-out', date: null, userIds: [booking.ownerId] })
  if (hasDailyUpdates(booking.service)) {
    for (const { date, dueAt } of dailyUpdateDues({ start, end }, booking.timeZone)) {
      if (now >= dueAt && !photoDates.has(date)) due.push({ alarm: 'missed-update', date, userIds: both })
    }
  }
  return due
}

/**
 * Records the alarms that have come due and dispatches their events; returns how many this call recorded.
 * `database` is the instance's own (tests run two at once).
 */
export async function recordDueVisitAlarms(now = Date.now(), database: Kysely<Database> = db) {
  const on = expressionBuilder<Database, 'bookings'>()
  const bookings = await findBookings(
    on.and([
      on('bookings.status', 'in', ['accepted', 'completed']),
      on('bookings.startsAt', '>', iso(now - alarmLookbackMs)),
      on('bookings.startsAt', '<=', iso(now)),
      // A visit checked out owes nothing more, unless its days owe updates.
      on.or([
        on('bookings.service', 'in', dailyUpdateServices),
        on.not(on.exists(on.selectFrom('visits').select('visits.bookingId').whereRef('visits.bookingId', '=', 'bookings.id').where('visits.checkedOutAt', 'is not', null))),
      ]),
    ]),
    database,
  )
  if (bookings.length === 0) return 0
  const ids = bookings.map((booking) => booking.id)
  const withUpdates = bookings.filter((booking) => hasDailyUpdates(booking.service)).map((booking) => booking.id)
  const [visits, photos, recorded] = await Promise.all([
    database.selectFrom('visits').select(['bookingId', 'checkedOutAt']).where('bookingId', 'in', ids).execute(),
    withUpdates.length > 0 ? database.selectFrom('visitPhotos').select(['bookingId', 'takenAt']).where('bookingId', 'in', withUpdates).execute() : [],
    database.selectFrom('visitAlarms').select(['bookingId', 'kind']).where('bookingId', 'in', ids).execute(),
  ])
  const recordedKeys = new Set(recorded.map((alarm) => `${alarm.bookingId} ${alarm.kind}`))
  const events: string[] = []
  for (const booking of bookings) {
    const photoDates = new Set(photos.filter((photo) => photo.bookingId === booking.id).map((photo) => localDateOf(photo.takenAt, booking.timeZone)))
    const visit = visits.find((row) => row.bookingId === booking.id)
    for (const facts of dueAlarmsOf(booking, visit, photoDates, now)) {
      if (recordedKeys.has(`${booking.id} ${alarmKey(facts.alarm, facts.date ?? undefined)}`)) continue
      const eventId = await recordAlarm(database, booking.id, facts, now)
      if (eventId) events.push(eventId)
    }
  }
  void dispatchEvents(events, now)
  return events.length
}

/** Records one alarm and its event, unless another sweep recorded it meanwhile; the event's id when this call did. */
function recordAlarm(database: Kysely<Database>, bookingId: string, facts: VisitAlarmFacts, now: number) {
  return database.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('visitAlarms')
      .values({ bookingId, kind: alarmKey(facts.alarm, facts.date ?? undefined), recordedAt: iso(now) })
      .onConflict((oc) => oc.columns(['bookingId', 'kind']).doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null
    return recordEvent(trx, { type: visitAlarmEventTypes[facts.alarm], subjectId: bookingId, payload: facts }, now)
  })
}

/** The alarm an event reports, or null when it is not a visit alarm. */
export function readVisitAlarm(event: StoredEvent) {
  const kind = alarmKinds.find((candidate) => visitAlarmEventTypes[candidate] === event.type)
  if (!kind) return null
  return { bookingId: event.subjectId, ...(event.payload as VisitAlarmFacts) }
}
