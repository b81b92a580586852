import { type Expression, expressionBuilder, type Kysely, type SqlBool, type Transaction } from 'kysely'
import { getPartyDetails } from '#app/features/accounts/users.server.ts'
import { getSitterSchedule, type SitterSchedule } from '#app/features/availability/schedule.server.ts'
import { ownsDogs } from '#app/features/dogs/dogs.server.ts'
import { blockStateBetween, isEitherBlocked } from '#app/features/messages/blocks.server.ts'
import { cancelsLate } from '#app/features/sitters/cancellation-terms.ts'
import { firstNameOf } from '#app/features/sitters/sitter-format.ts'
import { getSitterDetails } from '#app/features/sitters/sitter-profile.server.ts'
import { db, type Database, serializeOn } from '#app/lib/db.server.ts'
import { dispatchEvents, recordEvent } from '#app/lib/events.server.ts'
import { rateLimit } from '#app/lib/rate-limit.server.ts'
import { addDays, isoWeekday, localDateTime } from '#app/lib/zoned-time.ts'
import { findOverlappingAcceptedBookings, overlapMessage, scheduleRefusal, serializeSitterBookings } from './booking-rules.server.ts'
import { createBookingMessages, maxBookingDaysAhead, requestingParties } from './create-booking.server.ts'
import type { TimeSlot } from './periods.ts'
import { priceCentsFor, rateForDogs } from './pricing.ts'
import type { SeriesRequest, SeriesStatusChange } from './schema.ts'
import { type SeriesChange, seriesEventType } from './series-change-types.ts'
import { type BookingSeries, findSeries, findSeriesOfParty, seriesTimeZoneToday } from './series-records.server.ts'
import { fitTimeToService } from './service-times.ts'
import { bookingSpan, listingTimes } from './slots.ts'
import type { Party } from './transitions.ts'

// Weekly series (issue 33 part 1, DESIGN.md ruling 28, decision 078). An owner asks a sitter for the same care on
// some weekdays every week; the sitter accepts or declines the series as a whole. Accepting fixes the sitter's rates
// for the series' life and turns the next eight weeks into ordinary accepted bookings (each with everything a booking
// has); the sweep extends them week by week, once across instances. A date that does not fit (a blocked day, hours
// the sitter does not work, another accepted booking at that time, a time already past) becomes a conflict, listed
// to both parties, never dropped. Skipping a date is cancelling its booking, moving one is a change both agree to
// (booking-proposals.server.ts); ending the series cancels its bookings from a date on.

export const seriesStatusMessages = {
  notFound: 'Series not found',
  sitterAnswers: 'Only the sitter can accept or decline a weekly series',
  ownerCancels: 'Only the owner can cancel a weekly request',
  notPending: 'This weekly series has already been answered',
  notAccepted: 'Only an accepted weekly series can be ended',
  noDateFits: 'None of the dates of the next eight weeks fits: see the dates that do not fit',
  endInPast: 'Please choose a date from today on',
  repeated: 'You have already asked for this weekly care. The request is waiting for an answer.',
  endAfterBooked: 'Please choose a date up to the day after the series is booked through',
  tooManyRequests: createBookingMessages.tooManyRequests,
} as const

/** How far ahead an accepted series is made into bookings. */
export const seriesWeeksAhead = 8

export type SeriesConflict = { date: string; reason: string }
export type SeriesFailure = { ok: false; status: 400 | 403 | 404 | 409 | 429; message: string; field?: string; conflicts?: SeriesConflict[]; retryAfterSeconds?: number }
export type SeriesOutcome = { ok: true; seriesId: string } | SeriesFailure

const refuse = (status: SeriesFailure['status'], message: string, field?: string): SeriesFailure => ({ ok: false, status, message, ...(field ? { field } : {}) })

/** A refusal thrown out of a transaction, which it rolls back. */
class Refusal extends Error {
  readonly failure: SeriesFailure
  constructor(failure: SeriesFailure) {
    super(failure.message)
    this.failure = failure
  }
}

/** A weekly request counts as a request (create-booking.server.ts): it e-mails the sitter. */
const requestsPerUser = rateLimit({ limit: 30, windowMs: 60 * 60 * 1000 })

/** `POST /api/booking-series`: the owner asks the sitter for a weekly series, waiting for the sitter's answer. */
export async function requestSeries(user: { id: string }, request: SeriesRequest, now = Date.now()): Promise<SeriesOutcome> {
  const slot = await requestsPerUser.take(`booking-request:user:${user.id}`)
  if (!slot.ok) return { ok: false, status: 429, message: seriesStatusMessages.tooManyRequests, retryAfterSeconds: slot.retryAfterSeconds }
  if (request.sitterId === user.id) return refuse(400, createBookingMessages.bookYourself, 'sitterId')
  const parties = await requestingParties(user, request)
  if (!parties.ok) return parties
  const terms = await requestedTerms(parties.sitterId, request)
  if (!terms.ok) return terms
  const today = localDateTime(now, parties.sitter.timeZone).date
  if (request.firstDate < today) return refuse(400, createBookingMessages.pastDate, 'firstDate')
  if (request.firstDate > addDays(today, maxBookingDaysAhead)) return refuse(400, createBookingMessages.tooFarAhead, 'firstDate')

  const id = crypto.randomUUID()
  const createdAt = new Date(now).toISOString()
  let eventId: string
  try {
    eventId = await db.transaction().execute(async (trx) => {
      // A block stops every contact (DESIGN.md ruling 31): asked under the sitter's lock, as a single request asks it.
      await serializeSitterBookings(trx, parties.sitterId)
      if (isEitherBlocked(await blockStateBetween(user.id, parties.sitterId, trx))) throw new Refusal(refuse(403, createBookingMessages.blocked))
      // Under the sitter's lock, so of two identical requests at once the second finds the first.
      if (await repeatsWaitingSeries(trx, { ...request, ownerId: user.id, sitterId: parties.sitterId, service: terms.service, slots: terms.slots })) {
        throw new Refusal(refuse(409, seriesStatusMessages.repeated))
      }
      await trx
        .insertInto('bookingSeries')
        .values({
          id,
          ownerId: user.id,
          sitterId: parties.sitterId,
          service: terms.service,
          weekdays: request.weekdays.join(','),
          period: terms.period,
          slots: JSON.stringify(terms.slots),
          firstDate: request.firstDate,
          endDate: request.endDate,
          timeZone: parties.sitter.timeZone,
          notes: request.notes,
          location: request.location,
          latitude: request.latitude,
          longitude: request.longitude,
          status: 'pending',
          hourlyRateCents: null,
          extraDogRateCents: null,
          cancellationTerms: null,
          bookedThrough: null,
          createdAt,
          updatedAt: createdAt,
        })
        .execute()
      await trx
        .insertInto('bookingSeriesDogs')
        .values(request.dogIds.map((dogId, index) => ({ seriesId: id, dogId, position: index + 1 })))
        .execute()
      return recordSeriesChange(trx, 'requested', id, 'owner', now)
    })
  } catch (error) {
    if (error instanceof Refusal) return error.failure
    throw error
  }
  void dispatchEvents([eventId])
  return { ok: true, seriesId: id }
}

/** The service and time a series asks for, as a single request's rules fit them, and that the sitter takes its dogs. */
async function requestedTerms(sitterId: string, request: SeriesRequest) {
  const sitter = await getSitterDetails(sitterId)
  if (!sitter) return refuse(400, createBookingMessages.noSitterProfile, 'sitterId')
  if (request.dogIds.length > 1 && !sitter.acceptsMultipleDogs) return refuse(400, createBookingMessages.oneDogOnly, 'dogIds')
  if (sitter.services.length === 0) return refuse(409, createBookingMessages.noServices, 'sitterId')
  const service = request.service ?? sitter.services[0]?.service
  if (!service || !sitter.services.some((offered) => offered.service === service)) {
    return refuse(400, createBookingMessages.serviceNotOffered(request.service ?? 'this service'), 'service')
  }
  const time = fitTimeToService(service, request)
  if ('message' in time) return refuse(400, time.message, 'slots')
  return { ok: true as const, service, period: time.period, slots: time.slots }
}

function recordSeriesChange(trx: Transaction<Database>, change: SeriesChange, seriesId: string, actor: Party | null, now: number, facts: Record<string, unknown> = {}) {
  return recordEvent(trx, { type: seriesEventType(change), subjectId: seriesId, payload: { actor, ...facts } }, now)
}

/** `PATCH /api/booking-series/{id}/status`: accept, decline, cancel (the owner's waiting request) or end. */
export async function changeSeriesStatus(user: { id: string }, seriesId: string, change: SeriesStatusChange, now = Date.now()): Promise<SeriesOutcome> {
  const series = await findSeriesOfParty(user.id, seriesId)
  if (!series) return refuse(404, seriesStatusMessages.notFound)
  const actor: Party = series.ownerId === user.id ? 'owner' : 'sitter'
  if (change.status === 'ended') return endSeries(series, actor, change.from, now)
  if (change.status === 'cancelled' && actor !== 'owner') return refuse(403, seriesStatusMessages.ownerCancels)
  if (change.status !== 'cancelled' && actor !== 'sitter') return refuse(403, seriesStatusMessages.sitterAnswers)
  if (series.status !== 'pending') return refuse(409, seriesStatusMessages.notPending)
  if (change.status === 'accepted') return acceptSeries(series, change.addToCalendar, now)

  const eventId = await db.transaction().execute(async (trx) => {
    const answered = await trx
      .updateTable('bookingSeries')
      .set({ status: change.status, updatedAt: new Date(now).toISOString() })
      .where('id', '=', series.id)
      .where('status', '=', 'pending')
      .executeTakeFirst()
    if (Number(answered.numUpdatedRows) !== 1) return null
    return recordSeriesChange(trx, change.status === 'declined' ? 'declined' : 'cancelled', series.id, actor, now)
  })
  if (!eventId) return refuse(409, seriesStatusMessages.notPending)
  void dispatchEvents([eventId])
  return { ok: true, seriesId: series.id }
}

/** The sitter accepts: the rates are fixed now and the next eight weeks become bookings; none fitting refuses it. */
async function acceptSeries(series: BookingSeries, addToCalendar: boolean, now: number): Promise<SeriesOutcome> {
  const sitter = await getSitterDetails(series.sitterId)
  const rate = sitter?.services.find((offered) => offered.service === series.service)
  if (!sitter || !rate) return refuse(409, createBookingMessages.serviceNotOffered(series.service), 'service')
  if (!(await ownsDogs(series.ownerId, series.dogIds))) return refuse(409, createBookingMessages.dogNotFound, 'dogIds')
  const through = horizonOf(series, now)
  const schedule = await getSitterSchedule(series.sitterId, { from: series.firstDate, to: addDays(through, 1) })
  const fixed = { ...series, hourlyRateCents: rate.hourlyRateCents, extraDogRateCents: rate.extraDogRateCents, cancellationTerms: sitter.cancellationTerms }
  try {
    const { eventIds } = await db.transaction().execute(async (trx) => {
      await serializeSitterBookings(trx, series.sitterId)
      await serializeOn(trx, [seriesLock(series.id)])
      if (isEitherBlocked(await blockStateBetween(series.ownerId, series.sitterId, trx))) throw new Refusal(refuse(403, createBookingMessages.blocked))
      const answered = await trx
        .updateTable('bookingSeries')
        .set({ status: 'accepted', hourlyRateCents: fixed.hourlyRateCents, extraDogRateCents: fixed.extraDogRateCents, cancellationTerms: fixed.cancellationTerms, bookedThrough: through, updatedAt: new Date(now).toISOString() })
        .where('id', '=', series.id)
        .where('status', '=', 'pending')
        .executeTakeFirst()
      if (Number(answered.numUpdatedRows) !== 1) throw new Refusal(refuse(409, seriesStatusMessages.notPending))
      const made = await bookDates(trx, fixed, datesOf(series, seriesTimeZoneToday(series, now), through), schedule, now)
      if (made.booked === 0) throw new Refusal({ ...refuse(409, seriesStatusMessages.noDateFits), conflicts: made.conflicts })
      return { eventIds: [await recordSeriesChange(trx, 'accepted', series.id, 'sitter', now, { addToCalendar, conflicts: made.conflicts })] }
    })
    void dispatchEvents(eventIds)
  } catch (error) {
    if (error instanceof Refusal) return error.failure
    throw error
  }
  return { ok: true, seriesId: series.id }
}

const seriesLock = (seriesId: string) => `booking-series:${seriesId}`

/** The last date an accepted series is made into bookings through now: eight weeks from today, or its end date. */
function horizonOf(series: Pick<BookingSeries, 'timeZone' | 'endDate'>, now: number) {
  const eightWeeks = addDays(seriesTimeZoneToday(series, now), seriesWeeksAhead * 7 - 1)
  return series.endDate && series.endDate < eightWeeks ? series.endDate : eightWeeks
}

/** The series' dates from `from` through `through`: each day on one of its weekdays. */
export function datesOf(series: Pick<BookingSeries, 'weekdays' | 'firstDate' | 'endDate'>, from: string, through: string) {
  const dates: string[] = []
  const last = series.endDate && series.endDate < through ? series.endDate : through
  for (let date = from < series.firstDate ? series.firstDate : from; date <= last; date = addDays(date, 1)) {
    if (series.weekdays.includes(isoWeekday(date))) dates.push(date)
  }
  return dates
}

/**
 * Why each date would not become a booking now, or null for a date that fits; `taken` are the sitter's accepted
 * bookings' overlaps read in the caller's executor. Used by the acceptance (in its transaction) and the preview.
 */
export function dateRefusals(
  series: Pick<BookingSeries, 'id' | 'service' | 'slots' | 'timeZone'>,
  dates: readonly string[],
  schedule: Pick<SitterSchedule, 'weekly' | 'blockedDates'> | null,
  overlapping: ReadonlySet<string>,
  sitterName: string,
  now: number,
) {
  return dates.map((date) => {
    if (bookingSpan({ date, timeZone: series.timeZone, slots: series.slots }).start <= now) return { date, reason: createBookingMessages.pastTime }
    const unavailable = schedule && scheduleRefusal(sitterName, { date, slots: series.slots, service: series.service }, schedule)
    if (unavailable) return { date, reason: unavailable }
    if (overlapping.has(date)) return { date, reason: overlapMessage }
    return { date, reason: null }
  })
}

/** The sitter's accepted bookings that a series' dates would overlap, by date; in the caller's executor. */
export async function overlappedDates(executor: Kysely<Database>, series: Pick<BookingSeries, 'id' | 'sitterId' | 'slots' | 'timeZone'>, dates: readonly string[]) {
  const candidates = dates.map((date) => ({ id: `${series.id}:${date}`, sitterId: series.sitterId, date, timeZone: series.timeZone, slots: series.slots }))
  const overlaps = await findOverlappingAcceptedBookings(executor, candidates)
  return new Set(candidates.filter((candidate) => overlaps.has(candidate.id)).map((candidate) => candidate.date))
}

/** Makes the dates into accepted bookings of the series, or conflicts with their reasons; in the sitter's lock. */
async function bookDates(trx: Transaction<Database>, series: BookingSeries, dates: readonly string[], schedule: SitterSchedule | null, now: number) {
  const sitterName = (await trx.selectFrom('users').select('name').where('id', '=', series.sitterId).executeTakeFirst())?.name ?? 'The sitter'
  const already = new Set(
    (
      await trx
        .selectFrom('bookings')
        .select('seriesDate')
        .where('seriesId', '=', series.id)
        .union(trx.selectFrom('bookingSeriesConflicts').select('date as seriesDate').where('seriesId', '=', series.id))
        .execute()
    ).map((row) => row.seriesDate),
  )
  const fresh = dates.filter((date) => !already.has(date))
  const overlapping = await overlappedDates(trx, series, fresh)
  const decided = dateRefusals(series, fresh, schedule, overlapping, firstNameOf(sitterName), now)
  const conflicts = decided.filter((each): each is SeriesConflict => each.reason !== null)
  const createdAt = new Date(now).toISOString()
  const rate = rateForDogs({ hourlyRateCents: series.hourlyRateCents, extraDogRateCents: series.extraDogRateCents }, series.dogIds.length)
  const priceCents = priceCentsFor(series.service as Parameters<typeof priceCentsFor>[0], rate, series.slots) ?? 0
  const [firstDog] = series.dogIds
  if (!firstDog) throw new Error(`Series ${series.id} names no dog`)
  let booked = 0
  for (const { date, reason } of decided) {
    if (reason !== null) continue
    const id = crypto.randomUUID()
    const times = { date, timeZone: series.timeZone, slots: series.slots }
    await trx
      .insertInto('bookings')
      .values({
        id,
        dogId: firstDog,
        ownerId: series.ownerId,
        sitterId: series.sitterId,
        requestedById: series.ownerId,
        date,
        timeZone: series.timeZone,
        period: series.period,
        service: series.service,
        notes: series.notes,
        location: series.location,
        latitude: series.latitude,
        longitude: series.longitude,
        hourlyRateCents: series.hourlyRateCents,
        extraDogRateCents: series.extraDogRateCents,
        cancellationTerms: series.cancellationTerms,
        priceCents,
        status: 'accepted',
        seriesId: series.id,
        seriesDate: date,
        ...listingTimes(times),
        createdAt,
        updatedAt: createdAt,
      })
      .execute()
    await trx.insertInto('bookingTimeSlots').values(series.slots.map((slot: TimeSlot, index) => ({ bookingId: id, position: index + 1, ...slot }))).execute()
    await trx.insertInto('bookingDogs').values(series.dogIds.map((dogId, index) => ({ bookingId: id, dogId, position: index + 1 }))).execute()
    await trx
      .insertInto('bookingStatusHistory')
      .values({ id: crypto.randomUUID(), bookingId: id, fromStatus: null, toStatus: 'accepted', changedById: series.sitterId, changedAt: createdAt, reason: null })
      .execute()
    booked += 1
  }
  if (conflicts.length > 0) {
    await trx
      .insertInto('bookingSeriesConflicts')
      .values(conflicts.map((conflict) => ({ seriesId: series.id, ...conflict, createdAt })))
      .onConflict((oc) => oc.columns(['seriesId', 'date']).doNothing())
      .execute()
  }
  return { booked, conflicts }
}

type AskedSeries = { ownerId: string; sitterId: string; service: string; slots: readonly TimeSlot[]; weekdays: readonly number[]; firstDate: string; endDate: string | null; dogIds: readonly string[] }

/** A waiting request of this owner to this sitter for the same care: a shared weekday, the same time, a shared dog, overlapping dates. */
async function repeatsWaitingSeries(trx: Transaction<Database>, asked: AskedSeries) {
  const waiting = await trx
    .selectFrom('bookingSeries')
    .select(['id', 'service', 'slots', 'weekdays', 'firstDate', 'endDate'])
    .where('ownerId', '=', asked.ownerId)
    .where('sitterId', '=', asked.sitterId)
    .where('status', '=', 'pending')
    .execute()
  const slots = JSON.stringify(asked.slots)
  const same = waiting.filter(
    (series) =>
      series.service === asked.service &&
      series.slots === slots &&
      series.weekdays.split(',').some((weekday) => asked.weekdays.includes(Number(weekday))) &&
      (asked.endDate === null || series.firstDate <= asked.endDate) &&
      (series.endDate === null || asked.firstDate <= series.endDate),
  )
  if (same.length === 0) return false
  const dogs = await trx.selectFrom('bookingSeriesDogs').select('dogId').where('seriesId', 'in', same.map((series) => series.id)).execute()
  return dogs.some((dog) => asked.dogIds.includes(dog.dogId))
}

/**
 * Either party ends an accepted series from a date (today when none is given): its bookings from then on that have
 * not begun are cancelled, each one inside its cancellation terms' notice counted late to that party, and no more are
 * made.
 */
async function endSeries(series: BookingSeries, actor: Party, from: string | undefined, now: number): Promise<SeriesOutcome> {
  if (series.status !== 'accepted') return refuse(409, seriesStatusMessages.notAccepted)
  const today = seriesTimeZoneToday(series, now)
  const first = from ?? today
  if (first < today) return refuse(400, seriesStatusMessages.endInPast, 'from')
  // Later, nothing would be cancelled and the sweep would stop at once: an 'ended' series with a far end date that could
  // no longer be ended. (A sweep extending it meanwhile only moves the bound later.)
  if (first > addDays(series.bookedThrough ?? today, 1)) return refuse(400, seriesStatusMessages.endAfterBooked, 'from')
  const changedAt = new Date(now).toISOString()
  const on = expressionBuilder<Database, 'bookings'>()
  const eventId = await db.transaction().execute(async (trx) => {
    await serializeSitterBookings(trx, series.sitterId)
    await serializeOn(trx, [seriesLock(series.id)])
    const ended = await trx
      .updateTable('bookingSeries')
      .set({ status: 'ended', endDate: addDays(first, -1) < series.firstDate ? series.firstDate : addDays(first, -1), updatedAt: changedAt })
      .where('id', '=', series.id)
      .where('status', '=', 'accepted')
      .executeTakeFirst()
    if (Number(ended.numUpdatedRows) !== 1) return null
    const ahead = await trx
      .selectFrom('bookings')
      .select(['id', 'status', 'startsAt', 'cancellationTerms'])
      .where(on.and([on('seriesId', '=', series.id), on('date', '>=', first), on('status', 'in', ['pending', 'accepted']), on('startsAt', '>', changedAt)]))
      .execute()
    // A booking ended inside its terms' notice counts as the ending party's late cancellation, as cancelling it alone would.
    const late = ahead.filter((booking) => cancelsLate(booking, Date.parse(booking.startsAt), now))
    if (ahead.length > 0) {
      await trx.updateTable('bookings').set({ status: 'cancelled', updatedAt: changedAt }).where('id', 'in', ahead.map((booking) => booking.id)).execute()
      if (late.length > 0) await trx.updateTable('bookings').set({ lateCancellationBy: actor }).where('id', 'in', late.map((booking) => booking.id)).execute()
      await trx
        .insertInto('bookingStatusHistory')
        .values(ahead.map((booking) => ({ id: crypto.randomUUID(), bookingId: booking.id, fromStatus: booking.status, toStatus: 'cancelled' as const, changedById: actor === 'owner' ? series.ownerId : series.sitterId, changedAt, reason: 'series-ended' })))
        .execute()
    }
    return recordSeriesChange(trx, 'ended', series.id, actor, now, { from: first, cancelled: ahead.length, cancelledLate: late.length })
  })
  if (!eventId) return refuse(409, seriesStatusMessages.notAccepted)
  void dispatchEvents([eventId])
  return { ok: true, seriesId: series.id }
}

/**
 * A weekly request still waiting when its last date has passed can no longer be booked: the sweep cancels it (no
 * actor), so it leaves the sitter's requests to answer, and both parties hear that it expired.
 */
export async function expireUnansweredSeries(now = Date.now()) {
  // No zone is more than 14 hours ahead of UTC: a series whose end is past in its zone ended before tomorrow in UTC.
  const candidates = await db
    .selectFrom('bookingSeries')
    .select(['id', 'endDate', 'timeZone'])
    .where('status', '=', 'pending')
    .where('endDate', '<', addDays(new Date(now).toISOString().slice(0, 10), 1))
    .execute()
  const due = candidates.filter((series) => series.endDate !== null && series.endDate < seriesTimeZoneToday(series, now))
  const events: string[] = []
  for (const series of due) {
    const eventId = await db.transaction().execute(async (trx) => {
      const expired = await trx.updateTable('bookingSeries').set({ status: 'cancelled', expiredAt: new Date(now).toISOString(), updatedAt: new Date(now).toISOString() }).where('id', '=', series.id).where('status', '=', 'pending').executeTakeFirst()
      return Number(expired.numUpdatedRows) === 1 ? recordSeriesChange(trx, 'cancelled', series.id, null, now) : null
    })
    if (eventId) events.push(eventId)
  }
  void dispatchEvents(events)
  return events.length
}

/**
 * The sweep: every accepted series is made into bookings through eight weeks from today, once across instances (the
 * caller holds the sweep's lock; each series is extended under its own lock and only from the date it was booked
 * through, so a second instance finds nothing left). New conflicts are recorded for both parties to see.
 */
export async function extendAcceptedSeries(now = Date.now()) {
  const due = await db
    .selectFrom('bookingSeries')
    .select('id')
    .where('status', '=', 'accepted')
    .where('bookedThrough', '<', addDays(new Date(now).toISOString().slice(0, 10), seriesWeeksAhead * 7))
    // A series booked through its end date has nothing left to make.
    .where((eb) => eb.or([eb('endDate', 'is', null), eb('bookedThrough', '<', eb.ref('endDate'))]))
    .execute()
  let extended = 0
  for (const { id } of due) if (await extendSeries(id, now)) extended += 1
  return extended
}

async function extendSeries(seriesId: string, now: number) {
  const series = await findSeries(seriesId)
  if (series?.status !== 'accepted' || !series.bookedThrough) return false
  const through = horizonOf(series, now)
  if (through <= series.bookedThrough) return false
  // No new bookings for a suspended party, nor between two who blocked each other (those already made stay).
  const people = await getPartyDetails([series.ownerId, series.sitterId])
  if ([series.ownerId, series.sitterId].some((userId) => people.get(userId)?.accountStatus !== 'active')) return false
  const schedule = await getSitterSchedule(series.sitterId, { from: series.bookedThrough, to: addDays(through, 1) })
  const eventId = await db.transaction().execute(async (trx) => {
    await serializeSitterBookings(trx, series.sitterId)
    await serializeOn(trx, [seriesLock(series.id)])
    if (isEitherBlocked(await blockStateBetween(series.ownerId, series.sitterId, trx))) return null
    const moved = await trx
      .updateTable('bookingSeries')
      .set({ bookedThrough: through })
      .where('id', '=', series.id)
      .where('status', '=', 'accepted')
      .where('bookedThrough', '=', series.bookedThrough)
      .executeTakeFirst()
    if (Number(moved.numUpdatedRows) !== 1) return null
    const made = await bookDates(trx, series, datesOf(series, addDays(series.bookedThrough ?? series.firstDate, 1), through), schedule, now)
    return made.conflicts.length > 0 ? recordSeriesChange(trx, 'conflicts', series.id, null, now, { conflicts: made.conflicts }) : ''
  })
  if (eventId) void dispatchEvents([eventId])
  return eventId !== null
}

/**
 * A block or a suspension withdraws the weekly requests `scope` selects as `withdrawnBy` would by hand: declined when
 * theirs to answer (the sitter), else cancelled; `stillApplies` is asked in the same transaction.
 */
export async function withdrawPendingSeries(withdrawnBy: string, scope: Expression<SqlBool>, stillApplies: (trx: Transaction<Database>) => Promise<boolean>, now = Date.now()) {
  const on = expressionBuilder<Database, 'bookingSeries'>()
  const events = await db.transaction().execute(async (trx) => {
    if (!(await stillApplies(trx))) return []
    const waiting = await trx.selectFrom('bookingSeries').select(['id', 'sitterId']).where(on.and([scope, on('bookingSeries.status', '=', 'pending')])).execute()
    const recorded: string[] = []
    for (const series of waiting) {
      const actor: Party = series.sitterId === withdrawnBy ? 'sitter' : 'owner'
      const status = actor === 'sitter' ? 'declined' : 'cancelled'
      const answered = await trx.updateTable('bookingSeries').set({ status, updatedAt: new Date(now).toISOString() }).where('id', '=', series.id).where('status', '=', 'pending').executeTakeFirst()
      if (Number(answered.numUpdatedRows) === 1) recorded.push(await recordSeriesChange(trx, status, series.id, actor, now))
    }
    return recorded
  })
  void dispatchEvents(events)
}
