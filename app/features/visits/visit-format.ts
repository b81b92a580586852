import { formatMonthDay } from '#app/features/availability/calendar-dates.ts'
import { formatBookingDate } from '#app/features/bookings/booking-format.ts'
import { localDateTime, localDateTimeOf } from '#app/lib/zoned-time.ts'
import { type AlarmKind, type CheckInPlace, formatMeters, visitRules } from './visit-rules.ts'

// How the booking page words a visit log (issue 32): times in the booking's zone, where the check-in happened,
// what an alarm means. Safe in the browser.

const minutes = (milliseconds: number) => milliseconds / 60_000

/** '08:02' in the booking's zone. */
export const clockTime = (iso: string, timeZone: string) => localDateTimeOf(iso, timeZone).time


/**
 * How a log names its moments: '08:02' when the booking lies within one day of its zone, 'Dec 3, 08:02' when it
 * covers several (boarding, daycare over days).
 */
export function visitMoments(window: { checkInOpensAt: string; checkInClosesAt: string }, timeZone: string) {
  const lastMoment = Date.parse(window.checkInClosesAt) - 1
  const severalDays = localDateTime(Date.parse(window.checkInOpensAt) + visitRules.checkInOpensBeforeStartMs, timeZone).date !== localDateTime(lastMoment, timeZone).date
  return (iso: string) => {
    const local = localDateTimeOf(iso, timeZone)
    return severalDays ? `${formatMonthDay(local.date)}, ${local.time}` : local.time
  }
}

/** Where the sitter checked in, as both parties see it: never more than a place and a distance in 50 m steps. */
export function checkInPlaceLabel(checkIn: { place: CheckInPlace; distanceMeters: number | null }) {
  if (checkIn.place === 'at_place') return 'At the meeting place'
  if (checkIn.place === 'elsewhere' && checkIn.distanceMeters !== null) return `${formatMeters(checkIn.distanceMeters)} from the meeting place`
  return 'No position shared'
}

export function alarmLabel(alarm: { kind: AlarmKind; date: string | null }) {
  if (alarm.kind === 'missed-check-in') return `No check-in ${minutes(visitRules.missedCheckInAfterMs)} minutes after the start`
  if (alarm.kind === 'missed-check-out') return `No check-out ${minutes(visitRules.missedCheckOutAfterMs)} minutes after the end`
  const day = alarm.date ? ` on ${formatBookingDate(alarm.date)}` : ''
  return `No update with a photo by ${visitRules.dailyUpdateDueTime}${day}`
}
