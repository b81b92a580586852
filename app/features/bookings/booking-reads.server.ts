import { expressionBuilder } from 'kysely'
import { getPartyDetails, type PartyDetails } from '#app/features/accounts/users.server.ts'
import { type Dog, toDogJson } from '#app/features/dogs/dog.ts'
import { findDogsForBookings } from '#app/features/dogs/dogs.server.ts'
import { type BookingReview, findReviewsOfBookings } from '#app/features/reviews/booking-reviews.server.ts'
import { getPublicSitter } from '#app/features/sitters/public-sitter.server.ts'
import { getSitterRating } from '#app/features/reviews/reviews.server.ts'
import { db, type Database } from '#app/lib/db.server.ts'
import { centsToDollars } from '#app/lib/money.ts'
import { formatZonedIso, localDateTime } from '#app/lib/zoned-time.ts'
import { type BookingRecord, findBookingOfParty, findBookings, hasStarted, partyOf } from './booking-records.server.ts'
import { findOverlappingAcceptedBooking } from './booking-rules.server.ts'
import { expireStaleRequests } from './expiry.server.ts'
import { newestFirstTabs, ownerTabRules, sitterTabRules } from './list-tabs.ts'
import type { OwnerTab, SitterTab } from './schema.ts'
import { bookingSpan, formatSlot } from './slots.ts'
import { allowedTransitions, confirmingParty, type Party } from './transitions.ts'

// Reading bookings: one booking for one of its two parties (404 for anyone else), a party's lists with
// the tabs of spec section 4, and an owner's previous sitters. Stale requests are expired first, so no
// read shows a request as pending after its start. What each party sees of the other follows DESIGN.md
// ruling 8: the exact address and contact details only once the booking is accepted.

const onBookings = () => expressionBuilder<Database, 'bookings'>()

/** One booking as its party sees it; null when it does not exist or the viewer is not a party. */
export async function getBookingFor(viewerId: string, bookingId: string, now = Date.now()) {
  await expireStaleRequests(now, onBookings()('bookings.id', '=', bookingId))
  const booking = await findBookingOfParty(viewerId, bookingId)
  if (!booking) return null
  const [json] = await toBookingJsonList([booking], viewerId, now)
  return json ?? null
}

export type BookingListFilters<Tab> = { tab?: Tab; date?: string }

/** GET /api/bookings: the bookings where the viewer is the owner. */
export function listOwnerBookings(viewerId: string, filters: BookingListFilters<OwnerTab>, now = Date.now()) {
  return listBookings(viewerId, 'owner', filters.tab ? ownerTabRules[filters.tab] : null, filters, now)
}

/** GET /api/bookings/sitter: the bookings where the viewer is the sitter. */
export function listSitterBookings(viewerId: string, filters: BookingListFilters<SitterTab>, now = Date.now()) {
  return listBookings(viewerId, 'sitter', filters.tab ? sitterTabRules[filters.tab] : null, filters, now)
}

async function listBookings(
  viewerId: string,
  side: Party,
  inTab: ((booking: BookingRecord, now: number) => boolean) | null,
  filters: BookingListFilters<string>,
  now: number,
) {
  const mine = onBookings()(side === 'owner' ? 'bookings.ownerId' : 'bookings.sitterId', '=', viewerId)
  await expireStaleRequests(now, mine)
  const bookings = (await findBookings(mine))
    .filter((booking) => !inTab || inTab(booking, now))
    .filter((booking) => !filters.date || booking.date === filters.date)
    .map((booking) => ({ booking, start: bookingSpan(booking).start }))
    .sort((a, b) => a.start - b.start || a.booking.id.localeCompare(b.booking.id))
  if (filters.tab && !filters.date && newestFirstTabs.includes(filters.tab)) bookings.reverse()
  return toBookingJsonList(
    bookings.map(({ booking }) => booking),
    viewerId,
    now,
  )
}

/** The sitters an owner booked before, the most recent first (the New Booking chooser's Recent Sitters). */
export async function listPreviousSitters(ownerId: string, limit = 10) {
  const bookings = await findBookings(onBookings()('bookings.ownerId', '=', ownerId))
  const latest = new Map<string, { date: string; count: number }>()
  for (const booking of bookings) {
    const seen = latest.get(booking.sitterId)
    latest.set(booking.sitterId, {
      date: seen && seen.date > booking.date ? seen.date : booking.date,
      count: (seen?.count ?? 0) + 1,
    })
  }
  const people = await getPartyDetails([...latest.keys()])
  const recent = [...latest.entries()]
    .filter(([sitterId]) => people.get(sitterId)?.accountStatus === 'active')
    .sort(([, a], [, b]) => b.date.localeCompare(a.date))
    .slice(0, limit)
  return Promise.all(
    recent.map(async ([sitterId, { date, count }]) => {
      const person = people.get(sitterId) as PartyDetails
      const [profile, rating] = await Promise.all([getPublicSitter(sitterId), getSitterRating(sitterId)])
      return {
        id: sitterId,
        name: person.name,
        profilePhoto: person.profilePhoto,
        /** False when the sitter has no public profile any more (the chooser then links to /sitters/{id}/book). */
        hasProfile: profile !== null,
        location: person.publicLocation,
        lastBookingDate: date,
        bookingCount: count,
        ...rating,
      }
    }),
  )
}

/**
 * The requests waiting for this user's answer (the Bookings badge): pending, not yet started, and made by
 * the other party, so the user is the one who accepts or declines (DESIGN.md ruling 4).
 */
export async function countRequestsToAnswer(userId: string, now = Date.now()) {
  const on = onBookings()
  const waiting = await findBookings(
    on.and([
      on('bookings.status', '=', 'pending'),
      on.or([
        on.and([on('bookings.sitterId', '=', userId), on('bookings.requestedById', '!=', on.ref('bookings.sitterId'))]),
        on.and([on('bookings.ownerId', '=', userId), on('bookings.requestedById', '=', on.ref('bookings.sitterId'))]),
      ]),
    ]),
  )
  return waiting.filter((booking) => !hasStarted(booking, now)).length
}

// ---- the booking as JSON ----

async function toBookingJsonList(bookings: readonly BookingRecord[], viewerId: string, now: number) {
  const ids = bookings.map((booking) => booking.id)
  const sitterIds = [...new Set(bookings.map((booking) => booking.sitterId))]
  const [dogs, people, reviews, ratings, overlaps] = await Promise.all([
    findDogsForBookings(bookings.map((booking) => booking.dogId)),
    getPartyDetails(bookings.flatMap((booking) => [booking.ownerId, booking.sitterId])),
    findReviewsOfBookings(ids),
    Promise.all(sitterIds.map(async (id) => [id, await getSitterRating(id)] as const)).then((entries) => new Map(entries)),
    // What would refuse an acceptance, asked of the requests the viewer would answer.
    Promise.all(bookings.map((booking) => (awaitsAnswerFrom(booking, viewerId) ? findOverlappingAcceptedBooking(db, booking) : null))),
  ])
  return bookings.map((booking, index) => {
    const owner = people.get(booking.ownerId)
    const sitter = people.get(booking.sitterId)
    const dog = dogs.get(booking.dogId)
    if (!owner || !sitter || !dog) throw new Error(`Booking ${booking.id} names a missing user or dog`)
    const rating = ratings.get(booking.sitterId) ?? { rating: null, reviewCount: 0 }
    const overlap = overlaps[index] ?? null
    return toBookingJson(booking, { viewer: partyOf(booking, viewerId), owner, sitter, dog, review: reviews.get(booking.id) ?? null, rating, overlap }, now)
  })
}

const awaitsAnswerFrom = (booking: BookingRecord, viewerId: string) =>
  booking.status === 'pending' && confirmingParty(booking.requestedBy) === partyOf(booking, viewerId)

type Related = {
  viewer: Party
  owner: PartyDetails
  sitter: PartyDetails
  dog: Dog
  review: BookingReview | null
  rating: { rating: number | null; reviewCount: number }
  /** The sitter's accepted booking that this pending request overlaps, when the viewer would answer it. */
  overlap?: BookingRecord | null
}

/** Spec section 3's booking read view, for one of its parties, as the screens read it: money in cents. */
export function toBookingJson(booking: BookingRecord, related: Related, now: number) {
  const { viewer, owner, sitter, dog, review } = related
  const accepted = booking.status === 'accepted'
  // DESIGN.md ruling 8: your own details always; the other party's exact place and contacts once accepted.
  const sees = (party: Party) => viewer === party || accepted
  const person = (details: PartyDetails, party: Party) => ({
    id: details.id,
    name: details.name,
    avatar: details.profilePhoto,
    profilePhoto: details.profilePhoto,
    location: sees(party) ? (details.location ?? details.publicLocation) : details.publicLocation,
    latitude: sees(party) ? details.latitude : null,
    longitude: sees(party) ? details.longitude : null,
    phone: sees(party) ? details.phoneNumber : null,
    email: sees(party) ? details.email : null,
  })
  const { start, end } = bookingSpan(booking)
  const first = booking.slots[0]
  const last = booking.slots.at(-1)
  const state = { status: booking.status, requestedBy: booking.requestedBy, started: hasStarted(booking, now) }
  const moves = allowedTransitions(state, viewer)
  const overlap = moves.includes('accepted') && related.overlap ? describeOverlap(related.overlap, booking.timeZone, viewer) : null
  return {
    id: booking.id,
    dogId: booking.dogId,
    ownerId: booking.ownerId,
    sitterId: booking.sitterId,
    requestedById: booking.requestedById,
    requestedBy: booking.requestedBy,
    /** Who accepts or declines while it is pending (DESIGN.md ruling 4). */
    confirmingParty: confirmingParty(booking.requestedBy),
    viewerRole: viewer,
    status: booking.status,
    /** 'expired' when the request was cancelled because nobody answered it before its start. */
    statusReason: booking.statusReason,
    date: booking.date,
    timeZone: booking.timeZone,
    period: booking.period,
    service: booking.service,
    timeSlots: booking.slots,
    /** The first slot, as the list views show it (spec section 3). */
    timeSlot: first ? formatSlot(first) : null,
    startTime: first?.startTime ?? null,
    endTime: last?.endTime ?? null,
    startDateTime: formatZonedIso(start, booking.timeZone),
    endDateTime: formatZonedIso(end, booking.timeZone),
    notes: booking.notes,
    // The place the owner gave for the booking: the sitter sees it once accepted.
    location: sees('owner') ? booking.location : null,
    latitude: sees('owner') ? booking.latitude : null,
    longitude: sees('owner') ? booking.longitude : null,
    priceCents: booking.hourlyRateCents === null ? null : booking.priceCents,
    hourlyRateCents: booking.hourlyRateCents,
    /** The moves the viewer may make now (transitions.ts); not Accept while an accepted booking of the sitter overlaps. */
    actions: overlap ? moves.filter((move) => move !== 'accepted') : moves,
    overlap,
    canReview: viewer === 'owner' && booking.status === 'completed' && review === null,
    canReply: viewer === 'sitter' && review !== null && review.reply === null,
    review,
    dog: { ...toDogJson(dog), avatar: dog.images[0] ?? null, image: dog.images[0] ?? null, archived: dog.archivedAt !== null },
    owner: person(owner, 'owner'),
    sitter: { ...person(sitter, 'sitter'), ...related.rating },
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
  }
}

export type BookingJson = ReturnType<typeof toBookingJson>

/** When the overlapping booking starts, in the request's zone (the sitter's); its id only for its sitter. */
function describeOverlap(other: BookingRecord, timeZone: string, viewer: Party) {
  const start = localDateTime(bookingSpan(other).start, timeZone)
  return { bookingId: viewer === 'sitter' ? other.id : null, date: start.date, startTime: start.time }
}

/** The booking as the JSON API answers it (spec section 3: price and hourlyRate in dollars). */
export function toBookingApiJson({ priceCents, hourlyRateCents, ...booking }: BookingJson) {
  return { ...booking, price: centsToDollars(priceCents), hourlyRate: centsToDollars(hourlyRateCents) }
}
