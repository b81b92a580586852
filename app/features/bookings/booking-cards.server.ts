import type { BookingJson } from './booking-reads.server.ts'

// What a list's booking cards show of their bookings (BookingCard, the owner's review prompt), and no more: a list
// page's loader data is in its HTML once more, 20 cards over (issue 34). A field the card would leave empty is left
// out, and the cards of one list share one object per dog, dog list and person, which React Router's page data
// (turbo-stream) writes once and names by number after that.

/** One object per key for the cards of one list. */
function sharedObjects() {
  const objects = new Map<string, unknown>()
  return <T>(key: string, make: () => T): T => {
    if (!objects.has(key)) objects.set(key, make())
    return objects.get(key) as T
  }
}

type Shared = ReturnType<typeof sharedObjects>

/**
 * The other party is the one the viewer deals with (their name on the card, Contact); `moreSlotCount` is what
 * '(+2 more)' counts; `awaitsYourAnswer` marks a pending request that waits for the viewer.
 */
function toBookingCard(booking: BookingJson, shared: Shared) {
  const { id, status, statusReason, date, timeSlot, service, location } = booking
  const other = booking.viewerRole === 'sitter' ? booking.owner : booking.sitter
  const moreSlotCount = booking.timeSlots.length - 1
  const dogs = booking.dogs.map((dog) => shared(`dog:${dog.id}`, () => ({ name: dog.name, breed: dog.breed, avatar: dog.avatar })))
  return {
    id,
    status,
    date,
    timeSlot,
    service,
    dogs: shared(`dogs:${booking.dogs.map((dog) => dog.id).join()}`, () => dogs),
    other: shared(`person:${other.id}`, () => ({ id: other.id, name: other.name })),
    ...(statusReason ? { statusReason } : {}),
    ...(moreSlotCount > 0 ? { moreSlotCount } : {}),
    ...(location ? { location } : {}),
    ...(status === 'pending' && booking.confirmingParty === booking.viewerRole ? { awaitsYourAnswer: true } : {}),
  }
}

export type BookingCardData = ReturnType<typeof toBookingCard>

export function toBookingCards(bookings: readonly BookingJson[]) {
  const shared = sharedObjects()
  return bookings.map((booking) => toBookingCard(booking, shared))
}

/**
 * Cards on the sitter's list: a request also carries what its Accept and Reject need (the moves the sitter may
 * make) and its overlap note, which for the sitter always links to their own overlapping booking.
 */
export function toRequestCards(bookings: readonly BookingJson[]) {
  const shared = sharedObjects()
  return bookings.map((booking) => ({
    ...toBookingCard(booking, shared),
    ...(booking.status === 'pending' ? { actions: shared(`actions:${booking.actions.join()}`, () => booking.actions) } : {}),
    ...(booking.overlap ? { overlap: booking.overlap } : {}),
  }))
}

export type RequestCardData = ReturnType<typeof toRequestCards>[number]
