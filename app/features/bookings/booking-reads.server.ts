import { type Expression, expressionBuilder, sql, type SqlBool } from 'kysely'
import { activeMemberNames, getPartyDetails, type PartyDetails } from '#app/features/accounts/users.server.ts'
import { type Dog, toDogJson } from '#app/features/dogs/dog.ts'
import { findDogsForBookings } from '#app/features/dogs/dogs.server.ts'
import { bookingHasReview, findReviewsOfBookings, type ReviewsOfBooking } from '#app/features/reviews/booking-reviews.server.ts'
import { findOwnerReputation, type OwnerReputation } from '#app/features/reviews/owner-reviews.server.ts'
import { isReviewWindowOpen, reviewWindowEnd } from '#app/features/reviews/review-window.ts'
import { termsOf } from '#app/features/sitters/cancellation-terms.ts'
import { publicSittersAmong } from '#app/features/sitters/public-sitter.server.ts'
import { getSitterRatings, noReviews } from '#app/features/reviews/reviews.server.ts'
import { type Database, db, isOneOf, schemaConstant } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import { keysetCondition, type PagePosition, readKeysetPage, type SortOrder } from '#app/lib/keyset-paging.ts'
import { centsToDollars } from '#app/lib/money.ts'
import { addDays, formatZonedIso } from '#app/lib/zoned-time.ts'
import { readBookingCards } from './booking-cards.server.ts'
import { seriesToAnswerQuery } from './series-records.server.ts'
import { type BookingRecord, bookingRowsQuery, findBookingOfParty, findBookingRows, hasStarted, lateFromOf, partyColumn, partyOf, withBookingDetails } from './booking-records.server.ts'
import { findOverlappingAcceptedBookings, type SitterBookingTimes } from './booking-rules.server.ts'
import { bookingHistoryOf, type HistoryEntry } from './booking-history.server.ts'
import { listProposals, type Proposal } from './booking-proposals.server.ts'
import { expireStaleRequest, expireStaleRequestsOf } from './expiry.server.ts'
import { firstToComeOfItsRound, type ListClock, listClock, listOrder, nextOfItsRound, ownerTabConditions, sitterTabConditions, type TabCondition } from './list-tabs.server.ts'
import { bookingListName, bookingPageSize, type OwnerTab, type SitterTab } from './schema.ts'
import { bookingSpan, formatSlot } from './slots.ts'
import { awaitsAnswerFrom, movesOf, seesDetailsOf } from './party-view.server.ts'
import { confirmingParty, type Party } from './transitions.ts'

// Reading bookings: one booking for one of its two parties (404 for anyone else), a party's lists with
// the tabs of spec section 4, and an owner's previous sitters. Stale requests are expired first, so no
// read shows a request as pending after its start. What each party sees of the other follows DESIGN.md
// ruling 8: the exact address and contact details only once the booking is accepted.

const onBookings = () => expressionBuilder<Database, 'bookings'>()

/** One booking as its party sees it; null when it does not exist or the viewer is not a party. */
export async function getBookingFor(viewerId: string, bookingId: string, now = Date.now()) {
  await expireStaleRequest(bookingId, now)
  const booking = await findBookingOfParty(viewerId, bookingId)
  if (!booking) return null
  // What sitters say about the owner, for a sitter answering or awaiting the owner's request (DESIGN.md ruling 26).
  const ownerReputation = booking.status === 'pending' && booking.sitterId === viewerId ? await findOwnerReputation(booking.ownerId) : null
  const [json] = await toBookingJsonList([booking], viewerId, now)
  if (!json) return null
  const proposals = (await listProposals([booking.id])).get(booking.id) ?? []
  const viewer = partyOf(booking, viewerId)
  const dogs = await findDogsForBookings(proposals.flatMap((proposal) => [...proposal.previous.dogIds, ...proposal.proposed.dogIds]))
  return {
    ...json,
    ownerReviews: ownerReputation,
    changes: proposals.map((proposal) => toProposalJson(proposal, viewer, dogs, json.changeable)),
    history: await bookingHistoryOf(booking, proposals),
  }
}

export type BookingListOptions<Tab> = { tab?: Tab; date?: string; position?: PagePosition; limit?: number }

/** GET /api/bookings: a page of the bookings where the viewer is the owner. */
export async function listOwnerBookings(viewerId: string, options: BookingListOptions<OwnerTab>, now = Date.now()) {
  const { rows, next } = await findBookingPage(viewerId, 'owner', options.tab ? ownerTabConditions[options.tab] : null, options, now)
  return { bookings: await toBookingJsonList(await withBookingDetails(rows), viewerId, now), next }
}

/**
 * The party's accepted bookings that have not ended (`endsAt`, decision 108), the one under way first, at most `limit`:
 * whose sitters see an owner's home access now or next.
 */
export async function listAcceptedBookingsNotEnded(partyId: string, limit: number, now = Date.now(), side: Party = 'owner') {
  const on = onBookings()
  return withBookingDetails(await findBookingRows(acceptedNotEnded(on(partyColumn[side], '=', partyId), listClock(now)), db, { order: 'asc', limit }))
}

/**
 * Accepted and not ended. A booking ends by the end of the day after its date, so the start bound follows from the end;
 * it starts the (party, startsAt) index there instead of at the party's first booking.
 */
const acceptedNotEnded = (party: Expression<SqlBool>, { now, dayStartBound }: ListClock) => {
  const on = onBookings()
  return on.and([party, on('bookings.status', '=', schemaConstant('accepted')), on('bookings.endsAt', '>', now), on('bookings.startsAt', '>', dayStartBound)])
}

/** How many bookings '/' shows coming up. */
const comingUpSize = 3

/**
 * '/': the user's next accepted bookings on the sides they take (an owner's, a sitter's or both), the one under way
 * first, as cards with the side the user is on; a weekly round once, by its visit under way or else its next (decision
 * 106). Those under way and those to come are read apart, the first few of each, so a busy morning never hides what
 * comes next.
 */
export async function listComingUpCards(userId: string, sides: readonly Party[], now = Date.now()) {
  const clock = listClock(now)
  const [underWay, toCome] = await Promise.all([
    Promise.all(sides.map((side) => comingUpQuery(side, 'under way')({ userId, ...clock }))),
    Promise.all(sides.map((side) => comingUpQuery(side, 'to come')({ userId, ...clock }))),
  ])
  const soonestFirst = (rows: typeof underWay) => rows.flat().sort((a, b) => a.startsAt.localeCompare(b.startsAt) || a.id.localeCompare(b.id))
  const candidates = await withBookingDetails([...soonestFirst(underWay), ...soonestFirst(toCome).slice(0, comingUpSize)])
  // A round's visit under way stands for its round: the round's first visit to come gives way to it.
  const next = onceForEachRound(candidates).slice(0, comingUpSize)
  const sidesOf = next.map((booking) => partyOf(booking, userId))
  const cards = await readBookingCards(next, userId, { answering: false, rounds: await roundsFromTheirCards(next, clock) }, now)
  return cards.map((card, index) => ({ card, side: sidesOf[index] ?? 'owner' }))
}

/** '/' asks them on every visit: compiled once for each side and part (decision 089). */
const comingUpQueries = new Map<string, ReturnType<typeof precompiledComingUp>>()

const comingUpQuery = (side: Party, part: 'under way' | 'to come') => keptQuery(comingUpQueries, `${side}:${part}`, () => precompiledComingUp(side, part))

function precompiledComingUp(side: Party, part: 'under way' | 'to come') {
  return precompiledQuery((values: ListClock & { userId: string }) => {
    const on = onBookings()
    const when = part === 'under way' ? on('bookings.startsAt', '<=', values.now) : on.and([on('bookings.startsAt', '>', values.now), firstToComeOfItsRound(values)])
    return bookingRowsQuery(on.and([acceptedNotEnded(on(partyColumn[side], '=', values.userId), values), when]), db, { order: 'asc', limit: comingUpSize })
  })
}

/** For '/': how many visits each shown round has from its card's on (the one under way, if it is, and those to come). */
async function roundsFromTheirCards(shown: readonly BookingRecord[], clock: ListClock) {
  const seriesIds = [...new Set(shown.flatMap((booking) => booking.seriesId ?? []))]
  if (seriesIds.length === 0) return new Map<string, number>()
  const counted = await visitsToComeQuery({ seriesIds: JSON.stringify(seriesIds), startsAfter: clock.now, endsAfter: clock.now })
  const toCome = new Map(counted.map((row) => [row.seriesId, Number(row.count)]))
  const underWay = new Set(shown.filter((booking) => booking.startsAt <= clock.now).map((booking) => booking.seriesId))
  return new Map(seriesIds.map((seriesId) => [seriesId, (toCome.get(seriesId) ?? 0) + (underWay.has(seriesId) ? 1 : 0)]))
}

/** The 'How did it go?' prompt of /bookings names the most recent completed bookings without a review, at most this many. */
const reviewPromptSize = 5

/**
 * /bookings: the cards of the owner's page of bookings and of the completed ones waiting for a review, read as one
 * list of records (their slots, dogs and sitters each asked once for both).
 */
export async function listOwnerBookingCards(ownerId: string, options: BookingListOptions<OwnerTab>, now = Date.now()) {
  const [page, unreviewed] = await Promise.all([
    findBookingPage(ownerId, 'owner', options.tab ? ownerTabConditions[options.tab] : null, options, now, listsRoundsOnce(options)),
    unreviewedBookings({ ownerId, now: new Date(now).toISOString() }),
  ])
  const [records, rounds] = await Promise.all([withBookingDetails([...page.rows, ...unreviewed]), roundsOfUpcomingPage(page.rows, options, now)])
  const toReview = onceForEachRound(records.slice(page.rows.length).filter((booking) => isOpenForReview(booking, now))).slice(0, reviewPromptSize)
  const cards = await readBookingCards([...records.slice(0, page.rows.length), ...toReview], ownerId, { answering: false, rounds }, now)
  return { bookings: cards.slice(0, page.rows.length), next: page.next, toReview: cards.slice(page.rows.length) }
}

/** GET /api/bookings/sitter: a page of the bookings where the viewer is the sitter. */
export async function listSitterBookings(viewerId: string, options: BookingListOptions<SitterTab>, now = Date.now()) {
  const { rows, next } = await findBookingPage(viewerId, 'sitter', options.tab ? sitterTabConditions[options.tab] : null, options, now)
  return { bookings: await toBookingJsonList(await withBookingDetails(rows), viewerId, now), next }
}

/** /bookings-sitter: the cards of a page of the bookings where the viewer is the sitter. */
export async function listSitterBookingCards(viewerId: string, options: BookingListOptions<SitterTab>, now = Date.now()) {
  const { rows, next } = await findBookingPage(viewerId, 'sitter', options.tab ? sitterTabConditions[options.tab] : null, options, now, listsRoundsOnce(options))
  const [records, rounds] = await Promise.all([withBookingDetails(rows), roundsOfUpcomingPage(rows, options, now)])
  return { bookings: await readBookingCards(records, viewerId, { answering: true, rounds }, now), next }
}

/** A list page's Upcoming tab without a picked day lists a weekly round by its next visit (decision 104); the API's does not. */
const listsRoundsOnce = ({ tab, date }: BookingListOptions<string>) => tab === 'upcoming' && !date

/** For an Upcoming page listed by rounds: how many of each round's accepted visits are still to come, by series. */
async function roundsOfUpcomingPage(rows: readonly { seriesId: string | null }[], options: BookingListOptions<string>, now: number) {
  const seriesIds = [...new Set(rows.flatMap((row) => row.seriesId ?? []))]
  if (!listsRoundsOnce(options) || seriesIds.length === 0) return new Map<string, number>()
  const { now: nowIso, dayStartBound } = listClock(now)
  const counted = await visitsToComeQuery({ seriesIds: JSON.stringify(seriesIds), startsAfter: dayStartBound, endsAfter: nowIso })
  return new Map(counted.map((row) => [row.seriesId, Number(row.count)]))
}

/** Of each series, its accepted visits that start after `startsAfter` and whose date or time ends after `endsAfter`. */
const visitsToComeQuery = precompiledQuery(({ seriesIds, startsAfter, endsAfter }: { seriesIds: string; startsAfter: string; endsAfter: string }) =>
  db
    .selectFrom('bookings')
    .select((eb) => [eb.ref('bookings.seriesId').$notNull().as('seriesId'), eb.fn.countAll<number>().as('count')])
    .where((eb) => isOneOf(eb.ref('bookings.seriesId').$notNull(), seriesIds))
    .where('bookings.startsAt', '>', startsAfter)
    .where('bookings.status', '=', schemaConstant('accepted'))
    .where((eb) => eb.or([eb('bookings.dayEndsAt', '>', endsAfter), eb('bookings.endsAt', '>', endsAfter)]))
    .groupBy('bookings.seriesId'),
)

/**
 * One keyset page of a party's bookings (decision 046): the tab and the day filter in SQL, sorted by start
 * then id, soonest first (newest first in the tabs that look back); with `roundsOnce`, a weekly round by its next
 * visit (decision 104). `next` is the cursor of the page's last booking when more follow. A list's first page, what
 * every visit opens on, runs SQL compiled once (decision 089).
 */
async function findBookingPage(
  viewerId: string,
  side: Party,
  tabCondition: TabCondition | null,
  { tab, date, position = {}, limit = bookingPageSize }: BookingListOptions<string>,
  now: number,
  roundsOnce = false,
) {
  await expireStaleRequestsOf(side, viewerId, now)
  const where = listCondition(side, roundsOnce && tabCondition ? (clock) => onBookings().and([tabCondition(clock), nextOfItsRound(clock)]) : tabCondition, Boolean(date))
  const values = { viewerId, date: date ?? '', dayBefore: date ? addDays(date, -1) : '', ...listClock(now) }
  const order = listOrder({ tab, date })
  const list = bookingListName(side, { tab, date })
  const { rows, next } = await readKeysetPage(
    (condition, rowLimit) =>
      condition === null && rowLimit === bookingPageSize + 1
        ? firstPageQuery(`${side}:${tab ?? ''}:${date ? 'day' : ''}:${roundsOnce ? 'rounds once' : ''}`, where, order)(values)
        : findBookingRows(condition ? onBookings().and([where(values), condition]) : where(values), db, { order, limit: rowLimit }),
    (booking) => ({ list, key: booking.startsAt, id: booking.id }),
    (cursor, options) => keysetCondition({ key: 'bookings.startsAt', id: 'bookings.id' }, cursor, order, options),
    position,
    limit,
  )
  return { rows, next }
}

type ListValues = ListClock & { viewerId: string; date: string; dayBefore: string }

/** A party's list: their bookings, in the tab, on the day. */
const listCondition = (side: Party, tabCondition: TabCondition | null, onDay: boolean) => (values: ListValues) => {
  const on = onBookings()
  return on.and([on(partyColumn[side], '=', values.viewerId), ...(tabCondition ? [tabCondition(values)] : []), ...(onDay ? [onTheDay(values)] : [])])
}

/**
 * A day's bookings: those dated that day, and a stay of the day before that runs past midnight into it (decision
 * 110), which ends after the end of its own date. A booking ends by the end of the day after its date, so no
 * earlier one reaches the day.
 */
function onTheDay({ date, dayBefore }: ListValues) {
  const on = onBookings()
  return on.and([
    on('bookings.date', '>=', dayBefore),
    on('bookings.date', '<=', date),
    on.or([on('bookings.date', '=', date), on('bookings.endsAt', '>', on.ref('bookings.dayEndsAt'))]),
  ])
}

/**
 * A query of a shape the code chooses (a side, a tab, a list of statuses: a few of each), compiled at its first use
 * and kept under `key`.
 */
function keptQuery<Query>(queries: Map<string, Query>, key: string, compile: () => Query) {
  const query = queries.get(key) ?? compile()
  queries.set(key, query)
  return query
}

/** The first page of each list (side, tab, whether by day and by rounds), compiled at its first visit. */
const firstPages = new Map<string, ReturnType<typeof precompiledFirstPage>>()

const firstPageQuery = (key: string, where: (values: ListValues) => Expression<SqlBool>, order: SortOrder) =>
  keptQuery(firstPages, key, () => precompiledFirstPage(where, order))

const precompiledFirstPage = (where: (values: ListValues) => Expression<SqlBool>, order: SortOrder) =>
  precompiledQuery((values: ListValues) => bookingRowsQuery(where(values), db, { order, limit: bookingPageSize + 1 }))

/**
 * How many of a party's bookings fall on each day from `from` to `to` (the day strip's and the calendar's
 * marks), counted in SQL; a stay past midnight counts on its next day too, as the day's list shows it (decision
 * 110). `statuses` keeps only those. Every list page asks it: compiled once for each side and list of statuses
 * the code asks for (decision 089), the statuses written into the SQL.
 */
export async function countBookingsByDay(viewerId: string, side: Party, { from, to, statuses }: { from: string; to: string; statuses?: readonly BookingStatus[] }) {
  const rows = await bookingsByDayQuery(side, statuses)({ viewerId, from: addDays(from, -1), to })
  const counts: Record<string, number> = {}
  const add = (day: string, count: number) => {
    if (count > 0 && day >= from && day <= to) counts[day] = (counts[day] ?? 0) + count
  }
  for (const row of rows) {
    add(row.date, Number(row.count))
    add(addDays(row.date, 1), Number(row.intoNextDay))
  }
  return counts
}

const bookingsByDay = new Map<string, ReturnType<typeof precompiledBookingsByDay>>()

const bookingsByDayQuery = (side: Party, statuses: readonly BookingStatus[] | undefined) =>
  keptQuery(bookingsByDay, `${side}:${statuses ? `[${statuses.join()}]` : 'all'}`, () => precompiledBookingsByDay(side, statuses))

function precompiledBookingsByDay(side: Party, statuses: readonly BookingStatus[] | undefined) {
  return precompiledQuery(({ viewerId, from, to }: { viewerId: string; from: string; to: string }) => {
    const query = db
      .selectFrom('bookings')
      .select((eb) => [
        'bookings.date',
        eb.fn.countAll<number>().as('count'),
        sql<number>`count(case when ${sql.ref('bookings.endsAt')} > ${sql.ref('bookings.dayEndsAt')} then 1 end)`.as('intoNextDay'),
      ])
      .where(partyColumn[side], '=', viewerId)
      .where('bookings.date', '>=', from)
      .where('bookings.date', '<=', to)
      .groupBy('bookings.date')
    return statuses ? query.where('bookings.status', 'in', statuses.map(schemaConstant)) : query
  })
}

/**
 * The owner's completed bookings without their review, newest first: as many as the prompt could name four
 * times over (the review window is checked on the records). A booking is completed only after its start
 * (transitions.ts), so the bound on startsAt (`now`, ISO) changes nothing but where the (ownerId, startsAt)
 * index starts reading: at now rather than at the owner's furthest booking ahead.
 */
export function unreviewedBookingsQuery({ ownerId, now }: { ownerId: string; now: string }) {
  return db
    .selectFrom('bookings')
    .selectAll()
    .where((on) =>
      on.and([
        on('bookings.ownerId', '=', ownerId),
        on('bookings.startsAt', '<=', now),
        on('bookings.status', '=', schemaConstant('completed')),
        on.not(bookingHasReview(on.ref('bookings.id'))),
      ]),
    )
    .orderBy('bookings.startsAt', 'desc')
    .orderBy('bookings.id', 'desc')
    .limit(reviewPromptSize * 4)
}

const unreviewedBookings = precompiledQuery(unreviewedBookingsQuery)

/**
 * The bookings with a weekly round only once, by the first of its visits among them. The prompt names a round by its
 * latest walk still to review (decision 105; they come newest first), '/' by its visit under way or next (decision
 * 106): three walks a week would crowd out everything else. Each walk stays on its own page.
 */
function onceForEachRound(bookings: readonly BookingRecord[]) {
  const named = new Set<string>()
  return bookings.filter(({ seriesId }) => {
    if (seriesId === null) return true
    if (named.has(seriesId)) return false
    named.add(seriesId)
    return true
  })
}

/** Whether an unreviewed booking belongs in the 'How did it go?' prompt: completed, and its review window still open. */
const isOpenForReview = (booking: BookingRecord, now: number) => booking.completedAt !== null && isReviewWindowOpen(booking.completedAt, now)

/**
 * The sitters of an owner's bookings with the latest date and how many, grouped before the join: the
 * (ownerId, sitterId, date) index answers the grouping alone, and one row a sitter meets the users table.
 */
export function previousSittersQuery(ownerId: string, limit: number) {
  const history = db
    .selectFrom('bookings')
    .select((eb) => ['bookings.sitterId', eb.fn.max('bookings.date').as('lastBookingDate'), eb.fn.countAll<number>().as('bookingCount')])
    .where('bookings.ownerId', '=', ownerId)
    .groupBy('bookings.sitterId')
  return db
    .selectFrom(history.as('history'))
    .innerJoin(activeMemberNames().as('sitter'), 'sitter.id', 'history.sitterId')
    .select(['history.sitterId', 'history.lastBookingDate', 'history.bookingCount'])
    .orderBy('history.lastBookingDate', 'desc')
    .orderBy('history.sitterId')
    .limit(limit)
}

/**
 * The sitters an owner booked before, the most recent first (the New Booking chooser's Recent Sitters),
 * grouped and cut in SQL whatever the owner's history; sitters whose account is no longer active are left out.
 */
export async function listPreviousSitters(ownerId: string, limit = 10) {
  const recent = await previousSittersQuery(ownerId, limit).execute()
  const sitterIds = recent.map((row) => row.sitterId)
  const [people, ratings, publicSitters] = await Promise.all([getPartyDetails(sitterIds), getSitterRatings(sitterIds), publicSittersAmong(sitterIds)])
  return recent.map(({ sitterId, lastBookingDate, bookingCount }) => {
    const person = people.get(sitterId) as PartyDetails
    const hasProfile = publicSitters.has(sitterId)
    const rating = ratings.get(sitterId) ?? noReviews
    return {
      id: sitterId,
      name: person.name,
      profilePhoto: person.profilePhoto,
      /** False when the sitter has no public profile any more (the chooser then links to /sitters/{id}/book). */
      hasProfile,
      location: person.publicLocation,
      lastBookingDate,
      bookingCount: Number(bookingCount),
      ...rating,
    }
  })
}

/**
 * The requests waiting for this user's answer (the Bookings badge adds the two counts): pending, not yet
 * started, and made by the other party, so the user is the one who accepts or declines (DESIGN.md ruling 4);
 * and the weekly requests waiting for this sitter. Queries of one row and column each, to read with the
 * other badges in one statement.
 */
export function requestsToAnswerQueries(userId: string, now: string) {
  return { bookings: requestsToAnswerQuery(userId, now), series: seriesToAnswerQuery(userId) }
}

/**
 * Every signed-in page asks this (the badge): one count, no booking records. The requests the user answers as the
 * sitter plus the offers they answer as the owner, not yet begun, each counted from an index of the pending
 * bookings alone (migration 035; the status written into the SQL, decision 092).
 */
export function requestsToAnswerQuery(userId: string, now: string) {
  const pendingAhead = (party: 'bookings.sitterId' | 'bookings.ownerId') =>
    db
      .selectFrom('bookings')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('bookings.status', '=', schemaConstant('pending'))
      .where(party, '=', userId)
      .where('bookings.startsAt', '>', now)
  const ownersRequests = pendingAhead('bookings.sitterId').whereRef('bookings.requestedById', '!=', 'bookings.sitterId')
  const sittersOffers = pendingAhead('bookings.ownerId').whereRef('bookings.requestedById', '=', 'bookings.sitterId')
  return db.selectNoFrom((eb) => eb(ownersRequests, '+', sittersOffers).as('count'))
}

// ---- the booking as JSON ----

async function toBookingJsonList(bookings: readonly BookingRecord[], viewerId: string, now: number) {
  const ids = bookings.map((booking) => booking.id)
  // What would refuse an acceptance, asked of the requests the viewer would answer.
  const toAnswer = bookings.filter((booking) => awaitsAnswerFrom(booking, viewerId))
  const [dogs, people, reviews, ratings, overlaps] = await Promise.all([
    findDogsForBookings(bookings.flatMap((booking) => booking.dogIds)),
    getPartyDetails(bookings.flatMap((booking) => [booking.ownerId, booking.sitterId])),
    findReviewsOfBookings(ids),
    getSitterRatings(bookings.map((booking) => booking.sitterId)),
    findOverlappingAcceptedBookings(db, toAnswer),
  ])
  return bookings.map((booking) => {
    const owner = people.get(booking.ownerId)
    const sitter = people.get(booking.sitterId)
    const dog = dogs.get(booking.dogId)
    const all = booking.dogIds.flatMap((dogId) => dogs.get(dogId) ?? [])
    if (!owner || !sitter || !dog || all.length !== booking.dogIds.length) throw new Error(`Booking ${booking.id} names a missing user or dog`)
    const rating = ratings.get(booking.sitterId) ?? noReviews
    const overlap = overlaps.get(booking.id) ?? null
    const bookingReviews = reviews.get(booking.id) ?? { ofSitter: null, ofOwner: null }
    return toBookingJson(booking, { viewer: partyOf(booking, viewerId), owner, sitter, dog, dogs: all, reviews: bookingReviews, rating, overlap }, now)
  })
}

type Related = {
  viewer: Party
  owner: PartyDetails
  sitter: PartyDetails
  dog: Dog
  /** Every dog of the booking in order, `dog` first. */
  dogs: readonly Dog[]
  reviews: ReviewsOfBooking
  rating: { rating: number | null; reviewCount: number }
  /** The sitter's accepted booking that this pending request overlaps, when the viewer would answer it. */
  overlap?: SitterBookingTimes | null
}

/**
 * The two reviews as the viewer may see them (DESIGN.md ruling 26): their own always, the other's once
 * published; a review an admin hid (moderation) stays the booking's one review, but nobody sees it again.
 * While the window is open, the viewer learns that the other party's review is in, not what it says.
 */
function reviewsSeenBy(viewer: Party, booking: BookingRecord, { ofSitter, ofOwner }: ReviewsOfBooking, now: number) {
  const shown = <T extends { publishedAt: string | null }>(review: T | null, author: Party) => (review && (review.publishedAt !== null || viewer === author) ? review : null)
  const ofSitterShown = ofSitter?.hiddenAt === null ? shown(ofSitter, 'owner') : null
  const ofOwnerShown = shown(ofOwner, 'sitter')
  const open = booking.completedAt !== null && isReviewWindowOpen(booking.completedAt, now)
  const theirs = viewer === 'owner' ? ofOwner : ofSitter
  return {
    review: ofSitterShown && { id: ofSitterShown.id, bookingId: ofSitterShown.bookingId, rating: ofSitterShown.rating, comment: ofSitterShown.comment, createdAt: ofSitterShown.createdAt, reply: ofSitterShown.reply, repliedAt: ofSitterShown.repliedAt, publishedAt: ofSitterShown.publishedAt },
    reviewOfOwner: ofOwnerShown,
    /** When the reviews publish at the latest, and the last moment to write one; null unless completed. */
    reviewsCloseAt: booking.completedAt === null ? null : reviewWindowEnd(booking.completedAt),
    canReview: viewer === 'owner' && open && ofSitter === null,
    canReviewOwner: viewer === 'sitter' && open && ofOwner === null,
    canReply: viewer === 'sitter' && ofSitterShown !== null && ofSitterShown.publishedAt !== null && ofSitterShown.reply === null,
    /** The other party has reviewed the viewer, and the viewer will read it once both are in or reviews close. */
    theirReviewWaiting: theirs !== null && theirs.publishedAt === null,
  }
}

/** Spec section 3's booking read view, for one of its parties, as the screens read it: money in cents. */
export function toBookingJson(booking: BookingRecord, related: Related, now: number) {
  const { viewer, owner, sitter, dog } = related
  const sees = (party: Party) => seesDetailsOf(booking, viewer, party)
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
  const { actions, overlap } = movesOf(booking, viewer, related.overlap, now)
  const terms = termsOf(booking.cancellationTerms)
  return {
    id: booking.id,
    /** The first dog, as clients before several dogs read it. */
    dogId: booking.dogId,
    /** Every dog of the booking in order (DESIGN.md ruling 28). */
    dogIds: booking.dogIds,
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
    /** What each further dog added to the rate when it was requested; null: nothing. */
    extraDogRateCents: booking.extraDogRateCents,
    /** The sitter's cancellation terms when it was requested (DESIGN.md ruling 28); flexible for older bookings. */
    cancellationTerms: terms,
    /** Who cancelled it inside the terms' notice period, when it was cancelled late after being accepted. */
    cancelledLate: booking.lateCancellationBy,
    /** While accepted: the instant (UTC ISO) after which a cancellation by either party is late. */
    lateFrom: lateFromOf(booking),
    /** The moves the viewer may make now (transitions.ts); not Accept while an accepted booking of the sitter overlaps. */
    actions,
    overlap,
    ...reviewsSeenBy(viewer, booking, related.reviews, now),
    /** What sitters say about the owner: on a pending request, for its sitter, on the one-booking read only. */
    ownerReviews: null as OwnerReputation | null,
    /** Whether either party may still propose a change (issue 33 part 2): pending or accepted, not begun. */
    changeable: (booking.status === 'pending' || booking.status === 'accepted') && !hasStarted(booking, now),
    /** The changes proposed to it, oldest first: on the one-booking read only. */
    changes: null as ProposalJson[] | null,
    /** Requested, accepted, changed, ...: on the one-booking read only. */
    history: null as HistoryEntry[] | null,
    /** The weekly series it was made for (issue 33 part 1); null for a single booking. */
    seriesId: booking.seriesId,
    dog: bookingDogJson(dog),
    /** Every dog of the booking in order, `dog` first (DESIGN.md ruling 28). */
    dogs: related.dogs.map(bookingDogJson),
    owner: person(owner, 'owner'),
    sitter: { ...person(sitter, 'sitter'), ...related.rating },
    createdAt: booking.createdAt,
    updatedAt: booking.updatedAt,
  }
}

export type BookingJson = ReturnType<typeof toBookingJson>

/**
 * The booking page's booking (issue 34: a page's data holds what it shows): the API's JSON without what the page
 * never reads (the copy of the first dog, ids it has as objects, the instants and coordinates behind the times and
 * places it shows as text, the record's own times) and with each dog by name and breed. The dogs' profiles come
 * apart, for the sitter only, who reads them on the page (the owner knows her dogs).
 */
export function toBookingPageJson<Booking extends BookingJson>(booking: Booking) {
  const { dog: _firstDog, dogs, dogId: _dogId, ownerId: _ownerId, sitterId: _sitterId, requestedById: _requestedById, ...rest } = booking
  const { startDateTime: _start, endDateTime: _end, latitude: _latitude, longitude: _longitude, createdAt: _created, updatedAt: _updated, ...shown } = rest
  return {
    booking: { ...shown, owner: pagePerson(booking.owner), sitter: pagePerson(booking.sitter), dogs: dogs.map(({ id, name, breed }) => ({ id, name, breed })) },
    dogProfiles: booking.viewerRole === 'sitter' ? dogs : [],
  }
}

/** A party as the booking page shows them: `avatar` without its older name, the place as text. */
const pagePerson = <Person extends BookingJson['owner']>({ profilePhoto: _photo, latitude: _latitude, longitude: _longitude, ...person }: Person) => person

export type BookingPageJson = ReturnType<typeof toBookingPageJson<BookingJson>>['booking']

/**
 * A proposed change as its booking's parties read it: the booking before and as proposed, prices included. A change
 * still unanswered when its booking stopped being changeable (cancelled, declined, begun) has lapsed with it.
 */
function toProposalJson(proposal: Proposal, viewer: Party, dogs: ReadonlyMap<string, Dog>, bookingChangeable: boolean) {
  const lapsed = proposal.status === 'pending' && !bookingChangeable
  const waiting = proposal.status === 'pending' && !lapsed
  const withNames = (terms: Proposal['previous']) => ({ ...terms, dogNames: terms.dogIds.map((dogId) => dogs.get(dogId)?.name ?? 'Dog') })
  return {
    id: proposal.id,
    proposedBy: proposal.proposedBy,
    status: lapsed ? ('lapsed' as const) : proposal.status,
    previous: withNames(proposal.previous),
    proposed: withNames(proposal.proposed),
    createdAt: proposal.createdAt,
    answeredAt: proposal.answeredAt,
    /** The viewer may accept or decline it. */
    canAnswer: waiting && viewer !== proposal.proposedBy,
    /** The viewer proposed it and may withdraw it. */
    canWithdraw: waiting && viewer === proposal.proposedBy,
  }
}

export type ProposalJson = ReturnType<typeof toProposalJson>

const bookingDogJson = (dog: Dog) => ({ ...toDogJson(dog), avatar: dog.images[0] ?? null, image: dog.images[0] ?? null, archived: dog.archivedAt !== null })

/** The booking as the JSON API answers it (spec section 3: price and hourlyRate in dollars). */
export function toBookingApiJson({ priceCents, hourlyRateCents, extraDogRateCents, changes, ...booking }: BookingJson) {
  const inDollars = ({ priceCents: cents, slots, ...terms }: ProposalJson['previous']) => ({ ...terms, timeSlots: slots, price: centsToDollars(cents) })
  return {
    ...booking,
    price: centsToDollars(priceCents),
    hourlyRate: centsToDollars(hourlyRateCents),
    extraDogRate: centsToDollars(extraDogRateCents),
    changes: changes && changes.map((change) => ({ ...change, previous: inDollars(change.previous), proposed: inDollars(change.proposed) })),
  }
}

/**
 * A party's late cancellations (issue 33 part 4): of the bookings on their side that were ever accepted, how many
 * they cancelled inside the notice period of the terms. The public line on a sitter's profile, and on a request
 * for its sitter about the owner.
 */
export async function countLateCancellations(userId: string, side: Party) {
  const row = await db
    .selectFrom('bookings')
    .select((eb) => [
      eb.fn.countAll<number>().as('accepted'),
      eb.fn.sum<number>(eb.case().when('lateCancellationBy', '=', side).then(1).else(0).end()).as('late'),
    ])
    .where(side === 'owner' ? 'ownerId' : 'sitterId', '=', userId)
    .where((eb) =>
      eb.exists(eb.selectFrom('bookingStatusHistory').select('bookingStatusHistory.bookingId').whereRef('bookingStatusHistory.bookingId', '=', 'bookings.id').where('bookingStatusHistory.toStatus', '=', 'accepted')),
    )
    .executeTakeFirstOrThrow()
  return { late: Number(row.late ?? 0), accepted: Number(row.accepted) }
}
