import { getPartyDetails, type PartyDetails } from '#app/features/accounts/users.server.ts'
import { findDogsForBookings } from '#app/features/dogs/dogs.server.ts'
import { serviceLabels, type SitterService } from '#app/features/sitters/options.ts'
import { env } from '#app/lib/env.server.ts'
import { dogNamesOf, formatBookingDate } from '#app/features/bookings/booking-format.ts'
import type { BookingRecord } from '#app/features/bookings/booking-records.server.ts'
import { bookingSpan, formatSlot } from '#app/features/bookings/slots.ts'
import type { Party } from '#app/features/bookings/transitions.ts'

// What a booking looks like as a calendar event, in Google Calendar and in the ICS feed alike: each
// party sees it from their side. Only bookings that were accepted become events, and only their two
// parties see them, so the exact address is there (DESIGN.md ruling 8).

export type BookingEventContent = {
  start: number
  end: number
  summary: string
  description: string
  location: string | null
  url: string
}

export type BookingEventNames = { dogName: string; owner: PartyDetails; sitter: PartyDetails }

/** Dog and party details for several bookings at once. */
export async function loadEventNames(bookings: readonly BookingRecord[]) {
  const [dogs, people] = await Promise.all([
    findDogsForBookings(bookings.flatMap((booking) => booking.dogIds)),
    getPartyDetails(bookings.flatMap((booking) => [booking.ownerId, booking.sitterId])),
  ])
  return (booking: BookingRecord): BookingEventNames => {
    const owner = people.get(booking.ownerId)
    const sitter = people.get(booking.sitterId)
    if (!owner || !sitter) throw new Error(`Booking ${booking.id} names a missing user`)
    return { dogName: dogNamesOf(booking, dogs) ?? 'Dog', owner, sitter }
  }
}

export const bookingUrl = (bookingId: string) => `${env.PUBLIC_URL}/bookings/${bookingId}`

export function bookingEventContent(booking: BookingRecord, names: BookingEventNames, viewer: Party): BookingEventContent {
  const service = serviceLabels[booking.service as SitterService] ?? booking.service
  const { start, end } = bookingSpan(booking)
  const summary =
    viewer === 'sitter'
      ? `${service}: ${names.dogName} (${names.owner.name})`
      : `${service} for ${names.dogName} with ${names.sitter.name}`
  const url = bookingUrl(booking.id)
  const other = viewer === 'sitter' ? names.owner : names.sitter
  const role = viewer === 'sitter' ? 'Owner' : 'Sitter'
  const description = [
    `${formatBookingDate(booking.date)}, ${booking.slots.map(formatSlot).join(' and ')} (${booking.timeZone})`,
    `${role}: ${other.name}${other.phoneNumber ? `, ${other.phoneNumber}` : ''}`,
    ...(booking.notes ? [`Notes: ${booking.notes}`] : []),
    `Booking: ${url}`,
  ].join('\n')
  return { start, end, summary, description, location: booking.location ?? names.owner.location, url }
}
