import { expressionBuilder } from 'kysely'
import { getPartyDetails } from '#app/features/accounts/users.server.ts'
import { getSitterSchedule } from '#app/features/availability/schedule.server.ts'
import { findDogNames, findDogsForBookings } from '#app/features/dogs/dogs.server.ts'
import { cancelsLate } from '#app/features/sitters/cancellation-terms.ts'
import { firstNameOf } from '#app/features/sitters/sitter-format.ts'
import { getSitterDetails } from '#app/features/sitters/sitter-profile.server.ts'
import { centsToDollars } from '#app/lib/money.ts'
import { db, type Database } from '#app/lib/db.server.ts'
import { addDays } from '#app/lib/zoned-time.ts'
import { findBookings, lateFromOf, startOf } from './booking-records.server.ts'
import { dateRefusals, datesOf, overlappedDates, seriesWeeksAhead } from './booking-series.server.ts'
import { priceCentsFor, rateForDogs } from './pricing.ts'
import type { seriesAnswers } from './schema.ts'
import { type BookingSeries, findSeriesConflicts, findLiveSeriesOf, findSeriesOfParty, seriesTimeZoneToday } from './series-records.server.ts'
import type { Party } from './transitions.ts'

// A weekly series as its parties see it: its terms, its dogs, its bookings, the dates that did not fit, and while it
// waits for the sitter, what the next eight weeks would be (each date with why it would not fit, if it would not).

type SeriesAction = (typeof seriesAnswers)[number]

function actionsOf(series: BookingSeries, viewer: Party): SeriesAction[] {
  if (series.status === 'pending') return viewer === 'sitter' ? ['accepted', 'declined'] : ['cancelled']
  return series.status === 'accepted' ? ['ended'] : []
}

/** The series for one of its parties, with its bookings and conflicts; null for anyone else. */
export async function getSeriesFor(viewerId: string, seriesId: string, now = Date.now()) {
  const series = await findSeriesOfParty(viewerId, seriesId)
  if (!series) return null
  const viewer: Party = series.ownerId === viewerId ? 'owner' : 'sitter'
  const onBookings = expressionBuilder<Database, 'bookings'>()
  const [bookings, conflicts, people, dogs, sitter] = await Promise.all([
    findBookings(onBookings('bookings.seriesId', '=', series.id)),
    findSeriesConflicts(series.id),
    getPartyDetails([series.ownerId, series.sitterId]),
    findDogsForBookings(series.dogIds),
    series.status === 'pending' ? getSitterDetails(series.sitterId) : null,
  ])
  const rate =
    series.status === 'pending'
      ? (sitter?.services.find((offered) => offered.service === series.service) ?? { hourlyRateCents: null, extraDogRateCents: null })
      : { hourlyRateCents: series.hourlyRateCents, extraDogRateCents: series.extraDogRateCents }
  const sitterName = people.get(series.sitterId)?.name ?? 'The sitter'
  const accepted = series.status !== 'pending' && series.status !== 'declined' && series.status !== 'cancelled'
  return {
    id: series.id,
    status: series.status,
    /** Cancelled by the sweep, unanswered after its last date. */
    expired: series.expiredAt !== null,
    viewerRole: viewer,
    service: series.service,
    weekdays: series.weekdays,
    timeSlots: series.slots,
    period: series.period,
    firstDate: series.firstDate,
    endDate: series.endDate,
    /** Its bookings are made through this date (null until accepted); it can be ended from the day after at the latest. */
    bookedThrough: accepted ? series.bookedThrough : null,
    timeZone: series.timeZone,
    notes: series.notes,
    // As on a booking: the owner's place reaches the sitter once the series is accepted.
    location: viewer === 'owner' || accepted ? series.location : null,
    hourlyRateCents: rate.hourlyRateCents,
    extraDogRateCents: rate.extraDogRateCents,
    /** Whether the rate is fixed (accepted) or the sitter's rate today (waiting); a request declined or withdrawn never fixed one. */
    rateFixed: accepted,
    pricePerVisitCents: priceCentsFor(series.service as Parameters<typeof priceCentsFor>[0], rateForDogs(rate, series.dogIds.length), series.slots),
    dogs: series.dogIds.flatMap((dogId) => {
      const dog = dogs.get(dogId)
      return dog ? [{ id: dog.id, name: dog.name, breed: dog.breed }] : []
    }),
    owner: { id: series.ownerId, name: people.get(series.ownerId)?.name ?? '' },
    sitter: { id: series.sitterId, name: sitterName },
    bookings: bookings
      .map((booking) => ({
        id: booking.id,
        date: booking.date,
        seriesDate: booking.seriesDate,
        status: booking.status,
        startTime: booking.slots[0]?.startTime ?? null,
        /** While accepted: the instant after which cancelling it, alone or by ending the series, is late. */
        lateFrom: lateFromOf(booking),
        cancelledLate: booking.lateCancellationBy,
      }))
      .sort((a, b) => a.date.localeCompare(b.date)),
    /** The dates of the bookings that ending the series now would cancel late (endSeries' rule), by date. */
    lateIfEndedNow: bookings
      .filter((booking) => startOf(booking) > now && cancelsLate(booking, startOf(booking), now))
      .map((booking) => booking.date)
      .sort(),
    conflicts,
    /** Waiting for the sitter: the dates of the next eight weeks, each with why it would not fit now (null: it fits). */
    upcoming: series.status === 'pending' ? await previewDates(series, firstNameOf(sitterName), now) : null,
    actions: actionsOf(series, viewer),
    createdAt: series.createdAt,
    updatedAt: series.updatedAt,
  }
}

export type SeriesView = NonNullable<Awaited<ReturnType<typeof getSeriesFor>>>

/** What accepting now would make of the next eight weeks, read outside any transaction (the acceptance asks again). */
async function previewDates(series: BookingSeries, sitterName: string, now: number) {
  const today = seriesTimeZoneToday(series, now)
  const dates = datesOf(series, today, addDays(today, seriesWeeksAhead * 7 - 1))
  const [first] = dates
  if (!first) return []
  const [schedule, overlapping] = await Promise.all([
    getSitterSchedule(series.sitterId, { from: first, to: addDays(dates.at(-1) ?? first, 1) }),
    overlappedDates(db, series, dates),
  ])
  return dateRefusals(series, dates, schedule, overlapping, sitterName, now)
}

/** The series as the JSON API answers it (prices in dollars, as bookings). */
export function toSeriesApiJson({ hourlyRateCents, extraDogRateCents, pricePerVisitCents, ...series }: SeriesView) {
  return {
    ...series,
    hourlyRate: centsToDollars(hourlyRateCents),
    extraDogRate: centsToDollars(extraDogRateCents),
    pricePerVisit: centsToDollars(pricePerVisitCents),
  }
}

/** The user's waiting and running series on one side, newest first: the lists' 'Weekly' section. */
export async function listSeriesOf(userId: string, side: Party) {
  const series = await findLiveSeriesOf(side, userId)
  const [people, dogs] = await Promise.all([getPartyDetails(series.flatMap((each) => [each.ownerId, each.sitterId])), findDogNames(series.flatMap((each) => each.dogIds))])
  return series.map((each) => ({
    id: each.id,
    status: each.status,
    service: each.service,
    weekdays: each.weekdays,
    timeSlots: each.slots,
    firstDate: each.firstDate,
    endDate: each.endDate,
    dogNames: each.dogIds.flatMap((dogId) => dogs.get(dogId) ?? []),
    otherName: people.get(side === 'owner' ? each.sitterId : each.ownerId)?.name ?? '',
  }))
}

export type SeriesCard = Awaited<ReturnType<typeof listSeriesOf>>[number]
