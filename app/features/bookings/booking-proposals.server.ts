import { expressionBuilder, type Kysely, type Transaction } from 'kysely'
import { getSitterSchedule } from '#app/features/availability/schedule.server.ts'
import { ownsDogs } from '#app/features/dogs/dogs.server.ts'
import { firstNameOf } from '#app/features/sitters/sitter-format.ts'
import { getSitterDetails } from '#app/features/sitters/sitter-profile.server.ts'
import { getPartyDetails } from '#app/features/accounts/users.server.ts'
import { db, type Database, isOneOf } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { dispatchEvents } from '#app/lib/events.server.ts'
import { addDays, localDateTime } from '#app/lib/zoned-time.ts'
import { recordBookingChange } from './booking-changes.server.ts'
import { type BookingRecord, findBooking, findBookingOfParty, hasStarted, partyOf } from './booking-records.server.ts'
import { findOverlappingAcceptedBooking, overlapMessage, scheduleRefusal, serializeSitterBookings } from './booking-rules.server.ts'
import { createBookingMessages, maxBookingDaysAhead } from './create-booking.server.ts'
import type { BookingPeriod, TimeSlot } from './periods.ts'
import { priceCentsFor, rateForDogs } from './pricing.ts'
import { type BookingChangeInput, bookingMessages, type proposalAnswers } from './schema.ts'
import { fitTimeToService } from './service-times.ts'
import { bookingSpan, listingTimes } from './slots.ts'
import type { Party } from './transitions.ts'

// Changes both sides agree to (issue 33 part 2, DESIGN.md ruling 28, decision 076). Either party of a pending or
// accepted booking that has not begun proposes a new date, time, dogs (the owner) or notes; the other accepts or
// declines, or its author withdraws it. One proposal waits at a time. The price after is the booking's own rates
// (fixed at the request) for the proposed time and dogs, so both see the price before and after. An acceptance
// applies the request's rules to the new time inside the sitter's lock (not in the past, the sitter's weekly hours
// and blocked days, no overlap with the sitter's other accepted bookings) and rewrites the booking in the same
// transaction as its recorded change, the event its notifications and calendar updates follow from.

export const proposalMessages = {
  notChangeable: 'Only a pending or accepted booking can be changed',
  started: 'This booking has begun: it can no longer be changed',
  waiting: 'A change of this booking is already waiting for an answer',
  sameAsBooked: 'This is the booking as it stands: please change the date, the time, the dogs or the notes',
  dogsOwnerOnly: 'Only the owner chooses the dogs',
  notFound: 'Change not found',
  answered: 'This change has already been answered',
  otherPartyAnswers: 'Only the other party can accept or decline this change',
  authorWithdraws: 'Only the one who proposed a change can withdraw it',
  changedMeanwhile: 'This booking was changed meanwhile. Please reload it.',
} as const

/** A booking's terms as a proposal shows them, before or after. */
export type ProposalSnapshot = { date: string; period: BookingPeriod | null; slots: TimeSlot[]; dogIds: string[]; notes: string | null; priceCents: number }

export type ProposalStatus = 'pending' | (typeof proposalAnswers)[number]

export type Proposal = {
  id: string
  bookingId: string
  proposedBy: Party
  status: ProposalStatus
  previous: ProposalSnapshot
  proposed: ProposalSnapshot
  createdAt: string
  answeredAt: string | null
}

export type ProposalFailure = { ok: false; status: 400 | 403 | 404 | 409; message: string; field?: string }
export type ProposalOutcome = { ok: true; proposalId: string } | ProposalFailure

const refuse = (status: ProposalFailure['status'], message: string, field?: string): ProposalFailure => ({ ok: false, status, message, ...(field ? { field } : {}) })

class Refusal extends Error {
  readonly failure: ProposalFailure
  constructor(failure: ProposalFailure) {
    super(failure.message)
    this.failure = failure
  }
}

const snapshotOf = (booking: BookingRecord): ProposalSnapshot => ({
  date: booking.date,
  period: booking.period,
  slots: booking.slots,
  dogIds: booking.dogIds,
  notes: booking.notes,
  priceCents: booking.priceCents,
})

/** Whether the booking can still change: pending or accepted, not begun. */
function changeableRefusal(booking: BookingRecord, now: number) {
  if (booking.status !== 'pending' && booking.status !== 'accepted') return refuse(409, proposalMessages.notChangeable)
  if (hasStarted(booking, now)) return refuse(409, proposalMessages.started)
  return null
}

/** `POST /api/bookings/{id}/changes`: `user`, a party of the booking, proposes `input`. */
export async function proposeChange(user: { id: string }, bookingId: string, input: BookingChangeInput, now = Date.now()): Promise<ProposalOutcome> {
  const booking = await findBookingOfParty(user.id, bookingId)
  if (!booking) return refuse(404, bookingMessages.bookingNotFound)
  const closed = changeableRefusal(booking, now)
  if (closed) return closed
  const actor = partyOf(booking, user.id)
  if (input.dogIds && actor !== 'owner') return refuse(403, proposalMessages.dogsOwnerOnly, 'dogIds')

  const proposed = await proposedTerms(booking, input, now)
  if ('ok' in proposed) return proposed
  const previous = snapshotOf(booking)
  if (JSON.stringify({ ...proposed, priceCents: 0 }) === JSON.stringify({ ...previous, priceCents: 0 })) return refuse(400, proposalMessages.sameAsBooked)
  const unfit = (await scheduleRefusalFor(booking, proposed)) ?? (await overlapRefusal(booking, proposed, db))
  if (unfit) return unfit

  const id = crypto.randomUUID()
  try {
    const eventId = await db.transaction().execute(async (trx) => {
      await serializeSitterBookings(trx, booking.sitterId)
      const waiting = await trx.selectFrom('bookingProposals').select('id').where('bookingId', '=', booking.id).where('status', '=', 'pending').executeTakeFirst()
      if (waiting) throw new Refusal(refuse(409, proposalMessages.waiting))
      const current = await findBooking(onBooking(booking.id), trx)
      if (!current || current.updatedAt !== booking.updatedAt || current.status !== booking.status) throw new Refusal(refuse(409, proposalMessages.changedMeanwhile))
      await trx
        .insertInto('bookingProposals')
        .values({ id, bookingId: booking.id, proposedById: user.id, status: 'pending', previous: JSON.stringify(previous), proposed: JSON.stringify(proposed), createdAt: new Date(now).toISOString() })
        .execute()
      return recordBookingChange(trx, 'change-proposed', booking.id, { actor, from: booking.status, proposalId: id }, now)
    })
    await dispatchEvents([eventId])
  } catch (error) {
    if (error instanceof Refusal) return error.failure
    throw error
  }
  return { ok: true, proposalId: id }
}

/** The booking as proposed: the date, time, dogs and notes asked for, the rest as booked; or why it cannot be. */
async function proposedTerms(booking: BookingRecord, input: BookingChangeInput, now: number): Promise<ProposalSnapshot | ProposalFailure> {
  const service = booking.service as Parameters<typeof fitTimeToService>[0]
  const time = input.time ? fitTimeToService(service, input.time) : { period: booking.period, slots: booking.slots }
  if ('message' in time) return refuse(400, time.message, 'slots')
  const date = input.date ?? booking.date
  const today = localDateTime(now, booking.timeZone).date
  if (date < today) return refuse(400, createBookingMessages.pastDate, 'date')
  if (date > addDays(today, maxBookingDaysAhead)) return refuse(400, createBookingMessages.tooFarAhead, 'date')
  if (bookingSpan({ date, timeZone: booking.timeZone, slots: time.slots }).start <= now) return refuse(400, createBookingMessages.pastTime, 'date')

  const dogIds = input.dogIds ?? booking.dogIds
  if (input.dogIds) {
    if (!(await ownsDogs(booking.ownerId, dogIds))) return refuse(400, createBookingMessages.dogNotFound, 'dogIds')
    const sitter = await getSitterDetails(booking.sitterId)
    if (dogIds.length > 1 && !sitter?.acceptsMultipleDogs) return refuse(400, createBookingMessages.oneDogOnly, 'dogIds')
  }
  const rate = rateForDogs({ hourlyRateCents: booking.hourlyRateCents, extraDogRateCents: booking.extraDogRateCents }, dogIds.length)
  return {
    date,
    period: time.period,
    slots: time.slots,
    dogIds,
    notes: input.notes === undefined ? booking.notes : input.notes,
    priceCents: priceCentsFor(service, rate, time.slots) ?? booking.priceCents,
  }
}

/** The request's rules for the proposed time in the sitter's schedule: their weekly hours and blocked days. */
async function scheduleRefusalFor(booking: BookingRecord, proposed: ProposalSnapshot) {
  const [schedule, people] = await Promise.all([
    getSitterSchedule(booking.sitterId, { from: proposed.date, to: addDays(proposed.date, 1) }),
    getPartyDetails([booking.sitterId]),
  ])
  const sitterName = firstNameOf(people.get(booking.sitterId)?.name ?? 'The sitter')
  const unavailable = schedule && scheduleRefusal(sitterName, { date: proposed.date, slots: proposed.slots, service: booking.service }, schedule)
  return unavailable ? refuse(409, unavailable, 'date') : null
}

/** No overlap with the sitter's other accepted bookings; in the writing transaction when it decides a write. */
async function overlapRefusal(booking: BookingRecord, proposed: ProposalSnapshot, executor: Kysely<Database>) {
  const times = { date: proposed.date, timeZone: booking.timeZone, slots: proposed.slots }
  return (await findOverlappingAcceptedBooking(executor, { id: booking.id, sitterId: booking.sitterId, ...times })) ? refuse(409, overlapMessage, 'date') : null
}

const onBooking = (bookingId: string) => expressionBuilder<Database, 'bookings'>()('bookings.id', '=', bookingId)

/**
 * `PATCH /api/bookings/{id}/changes/{changeId}`: the other party accepts or declines the waiting proposal, its
 * author withdraws it. An acceptance rewrites the booking to the proposal, under the request's rules.
 */
export async function answerProposal(
  user: { id: string },
  bookingId: string,
  proposalId: string,
  answer: (typeof proposalAnswers)[number],
  now = Date.now(),
): Promise<ProposalOutcome> {
  const booking = await findBookingOfParty(user.id, bookingId)
  if (!booking) return refuse(404, bookingMessages.bookingNotFound)
  const proposal = (await listProposals([booking.id])).get(booking.id)?.find((each) => each.id === proposalId)
  if (!proposal) return refuse(404, proposalMessages.notFound)
  if (proposal.status !== 'pending') return refuse(409, proposalMessages.answered)
  // Unanswered when its booking was cancelled, declined or begun: it lapsed with it.
  const closed = changeableRefusal(booking, now)
  if (closed) return closed
  const actor = partyOf(booking, user.id)
  if (answer === 'withdrawn' && actor !== proposal.proposedBy) return refuse(403, proposalMessages.authorWithdraws)
  if (answer !== 'withdrawn' && actor === proposal.proposedBy) return refuse(403, proposalMessages.otherPartyAnswers)
  if (answer === 'accepted') {
    // Read before the transaction (on SQLite a read outside it would wait for it); the overlap is asked inside.
    const unfit = (await scheduleRefusalFor(booking, proposal.proposed)) ?? (await dogsRefusal(booking, proposal.proposed))
    if (unfit) return unfit
  }

  const answeredAt = new Date(now).toISOString()
  try {
    const eventId = await db.transaction().execute(async (trx) => {
      await serializeSitterBookings(trx, booking.sitterId)
      const answered = await trx
        .updateTable('bookingProposals')
        .set({ status: answer, answeredById: user.id, answeredAt })
        .where('id', '=', proposal.id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      if (Number(answered.numUpdatedRows) !== 1) throw new Refusal(refuse(409, proposalMessages.answered))
      if (answer === 'accepted') await applyProposal(trx, booking, proposal.proposed, now)
      const change = answer === 'accepted' ? 'changed' : answer === 'declined' ? 'change-declined' : 'change-withdrawn'
      return recordBookingChange(trx, change, booking.id, { actor, from: booking.status, proposalId: proposal.id }, now)
    })
    await dispatchEvents([eventId])
    return { ok: true, proposalId: proposal.id }
  } catch (error) {
    if (error instanceof Refusal) return error.failure
    throw error
  }
}

/** The proposed dogs are still the owner's (none deleted or archived since). */
async function dogsRefusal(booking: BookingRecord, proposed: ProposalSnapshot) {
  return (await ownsDogs(booking.ownerId, proposed.dogIds)) ? null : refuse(409, createBookingMessages.dogNotFound, 'dogIds')
}

/** Rewrites the booking to the proposed terms, when it still stands as read and the new time still fits. */
async function applyProposal(trx: Transaction<Database>, booking: BookingRecord, proposed: ProposalSnapshot, now: number) {
  const current = await findBooking(onBooking(booking.id), trx)
  if (!current) throw new Refusal(refuse(404, bookingMessages.bookingNotFound))
  const closed = changeableRefusal(current, now)
  if (closed) throw new Refusal(closed)
  if (bookingSpan({ date: proposed.date, timeZone: current.timeZone, slots: proposed.slots }).start <= now) throw new Refusal(refuse(409, createBookingMessages.pastTime, 'date'))
  const overlap = await overlapRefusal(current, proposed, trx)
  if (overlap) throw new Refusal(overlap)
  const [firstDog] = proposed.dogIds
  if (!firstDog) throw new Error(`Proposal for booking ${current.id} names no dog`)

  const updated = await trx
    .updateTable('bookings')
    .set({
      date: proposed.date,
      period: proposed.period,
      notes: proposed.notes,
      dogId: firstDog,
      priceCents: proposed.priceCents,
      ...listingTimes({ date: proposed.date, timeZone: current.timeZone, slots: proposed.slots }),
      updatedAt: new Date(now).toISOString(),
    })
    .where('id', '=', current.id)
    .where('status', '=', current.status)
    .executeTakeFirst()
  if (Number(updated.numUpdatedRows) !== 1) throw new Refusal(refuse(409, proposalMessages.changedMeanwhile))
  await trx.deleteFrom('bookingTimeSlots').where('bookingId', '=', current.id).execute()
  await trx.insertInto('bookingTimeSlots').values(proposed.slots.map((slot, index) => ({ bookingId: current.id, position: index + 1, ...slot }))).execute()
  await trx.deleteFrom('bookingDogs').where('bookingId', '=', current.id).execute()
  await trx.insertInto('bookingDogs').values(proposed.dogIds.map((dogId, index) => ({ bookingId: current.id, dogId, position: index + 1 }))).execute()
}

// Every booking page asks it: compiled once (decision 089), the ids as one JSON value.
const proposalsAmong = precompiledQuery(({ bookingIds }: { bookingIds: string }) =>
  db
    .selectFrom('bookingProposals')
    .innerJoin('bookings', 'bookings.id', 'bookingProposals.bookingId')
    .select(['bookingProposals.id', 'bookingProposals.bookingId', 'bookingProposals.proposedById', 'bookingProposals.status', 'bookingProposals.previous', 'bookingProposals.proposed', 'bookingProposals.createdAt', 'bookingProposals.answeredAt', 'bookings.ownerId'])
    .where((eb) => isOneOf(eb.ref('bookingProposals.bookingId'), bookingIds))
    .orderBy('bookingProposals.createdAt')
    .orderBy('bookingProposals.id'),
)

/** The proposals of bookings, oldest first, by booking. */
export async function listProposals(bookingIds: readonly string[], executor: Kysely<Database> = db) {
  const byBooking = new Map<string, Proposal[]>()
  if (bookingIds.length === 0) return byBooking
  const rows = await proposalsAmong({ bookingIds: JSON.stringify(bookingIds) }, executor)
  for (const row of rows) {
    const list = byBooking.get(row.bookingId) ?? []
    list.push({
      id: row.id,
      bookingId: row.bookingId,
      proposedBy: row.proposedById === row.ownerId ? 'owner' : 'sitter',
      status: row.status,
      previous: JSON.parse(row.previous) as ProposalSnapshot,
      proposed: JSON.parse(row.proposed) as ProposalSnapshot,
      createdAt: row.createdAt,
      answeredAt: row.answeredAt,
    })
    byBooking.set(row.bookingId, list)
  }
  return byBooking
}
