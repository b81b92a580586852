import { formatBritishDay } from '#app/lib/british-dates.ts'
import { localDateTimeOf } from '#app/lib/zoned-time.ts'

// When something happened to a booking, as its page's history writes it; apart from booking-format.ts, which every
// booking card loads, so that only the booking page loads this and the zone readings it needs.

/** 'Thu 26 Nov, 10:04' in the booking's zone: when something happened to a booking (its history). */
export function formatBookingMoment(iso: string, timeZone: string) {
  const { date, time } = localDateTimeOf(iso, timeZone)
  return `${formatBritishDay(date)}, ${time}`
}
