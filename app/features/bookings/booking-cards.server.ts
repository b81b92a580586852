import { getPartyDetails } from '#app/features/accounts/users.server.ts'
import { findDogFaces } from '#app/features/dogs/dogs.server.ts'
import { db } from '#app/lib/db.server.ts'
import { type BookingRecord, partyOf } from './booking-records.server.ts'
import { findOverlappingAcceptedBookings } from './booking-rules.server.ts'
import { awaitsAnswerFrom, movesOf, seesDetailsOf } from './party-view.server.ts'
import { formatSlot } from './slots.ts'

// What a list's booking cards show of their bookings (BookingCard, the owner's review prompt), read for them and no
// more (issue 34): the dogs' names, breeds and first photos, the other party's name, and for a request the viewer
// answers what would refuse its acceptance; none of the reviews, ratings and profiles of the API's booking JSON. A
// list page's loader data is in its HTML once more, 20 cards over: a field the card would leave empty is left out,
// and the cards share one object per dog, dog list, person and list of moves, which React Router's page data
// (turbo-stream) writes once and names by number after that.

/** One object per key for the cards of one page. */
function sharedObjects() {
  const objects = new Map<string, unknown>()
  return <T>(key: string, make: () => T): T => {
    if (!objects.has(key)) objects.set(key, make())
    return objects.get(key) as T
  }
}

/**
 * The cards of these bookings as the viewer sees them. The other party is the one the viewer deals with (their name
 * on the card, Contact); `moreSlotCount` is what '(+2 more)' counts; `awaitsYourAnswer` marks a pending request that
 * waits for the viewer; `underWay` an accepted booking begun and not ended ('Happening now'). On a list where the
 * viewer answers from the cards (`answering`: the sitter's), such a card also carries what its Accept and Reject need
 * (the moves the viewer may make) and its overlap note. On a list that
 * shows a weekly round by its next visit (decision 104), `rounds` counts each round's visits still to come, and the
 * card of a round's visit names its series and how many more follow (`round`).
 */
export async function readBookingCards(
  bookings: readonly BookingRecord[],
  viewerId: string,
  { answering, rounds }: { answering: boolean; rounds?: ReadonlyMap<string, number> },
  now = Date.now(),
) {
  const toAnswer = answering ? bookings.filter((booking) => awaitsAnswerFrom(booking, viewerId)) : []
  const [dogs, people, overlaps] = await Promise.all([
    findDogFaces(bookings.flatMap((booking) => booking.dogIds)),
    getPartyDetails(bookings.map((booking) => (partyOf(booking, viewerId) === 'sitter' ? booking.ownerId : booking.sitterId))),
    findOverlappingAcceptedBookings(db, toAnswer),
  ])
  const shared = sharedObjects()
  const instant = new Date(now).toISOString()
  return bookings.map((booking) => {
    const viewer = partyOf(booking, viewerId)
    const other = people.get(viewer === 'sitter' ? booking.ownerId : booking.sitterId)
    const faces = booking.dogIds.flatMap((dogId) => dogs.get(dogId) ?? [])
    if (!other || faces.length !== booking.dogIds.length) throw new Error(`Booking ${booking.id} names a missing user or dog`)
    const first = booking.slots[0]
    const moreSlotCount = booking.slots.length - 1
    const location = seesDetailsOf(booking, viewer, 'owner') ? booking.location : null
    // Only a card the viewer answers from shows moves (and why Accept is missing): the others spare working them out.
    const answers = answering && awaitsAnswerFrom(booking, viewerId)
    const { actions, overlap } = answers ? movesOf(booking, viewer, overlaps.get(booking.id), now) : { actions: [], overlap: null }
    const visitsToCome = booking.seriesId === null ? undefined : rounds?.get(booking.seriesId)
    const dogFaces = faces.map((dog) => shared(`dog:${dog.id}`, () => ({ name: dog.name, breed: dog.breed, avatar: dog.avatar })))
    return {
      id: booking.id,
      status: booking.status,
      date: booking.date,
      timeSlot: first ? formatSlot(first) : null,
      service: booking.service,
      dogs: shared(`dogs:${booking.dogIds.join()}`, () => dogFaces),
      other: shared(`person:${other.id}`, () => ({ id: other.id, name: other.name })),
      ...(booking.statusReason ? { statusReason: booking.statusReason } : {}),
      ...(moreSlotCount > 0 ? { moreSlotCount } : {}),
      ...(location ? { location } : {}),
      ...(awaitsAnswerFrom(booking, viewerId) ? { awaitsYourAnswer: true } : {}),
      ...(booking.status === 'accepted' && booking.startsAt <= instant && booking.endsAt > instant ? { underWay: true } : {}),
      ...(answers ? { actions: shared(`actions:${actions.join()}`, () => actions) } : {}),
      ...(overlap ? { overlap } : {}),
      ...(booking.seriesId !== null && visitsToCome !== undefined ? { round: { seriesId: booking.seriesId, more: Math.max(visitsToCome - 1, 0) } } : {}),
    }
  })
}

export type BookingCardData = Awaited<ReturnType<typeof readBookingCards>>[number]
