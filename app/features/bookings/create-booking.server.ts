import { hasRole, isSitterRole } from '#app/features/accounts/roles.ts'
import { getPartyDetails } from '#app/features/accounts/users.server.ts'
import { getAvailableDog } from '#app/features/dogs/available-dogs.server.ts'
import { getOwnedDog, ownsDogs } from '#app/features/dogs/dogs.server.ts'
import { getSitterSchedule } from '#app/features/availability/schedule.server.ts'
import { blockStateBetween, isEitherBlocked } from '#app/features/messages/blocks.server.ts'
import { firstNameOf } from '#app/features/sitters/sitter-format.ts'
import { getSitterDetails } from '#app/features/sitters/sitter-profile.server.ts'
import { db } from '#app/lib/db.server.ts'
import type { Role } from '#app/lib/db-schema.ts'
import { dispatchEvents } from '#app/lib/events.server.ts'
import { rateLimit } from '#app/lib/rate-limit.server.ts'
import { addDays, localDateTime } from '#app/lib/zoned-time.ts'
import { recordBookingChange } from './booking-changes.server.ts'
import {
  findOverlappingAcceptedBooking,
  overlapMessage,
  repeatedRequestMessage,
  repeatsPendingRequest,
  scheduleRefusal,
  serializeSitterBookings,
} from './booking-rules.server.ts'
import type { BookingRequest } from './schema.ts'
import { defaultServiceOf, priceCentsFor, rateForDogs } from './pricing.ts'
import { fitTimeToService } from './service-times.ts'
import { bookingSpan, listingTimes } from './slots.ts'

// A new booking (POST /api/bookings): an owner asks a sitter, or a sitter offers to care for a dog listed
// for sitting (spec variant (b): sitterId is the sender). DESIGN.md ruling 3's rules, in order: the
// parties (a real, active sitter; the owner's own dog, or a dog available to the offering sitter; never
// yourself), the time (fitted to how the service is booked, ruling 21; not in the past, at most a year
// ahead, inside the sitter's availability), and, inside the writing transaction, that neither of the two
// blocked the other (ruling 31: 403) and no overlap with the sitter's accepted bookings. The price is the
// sitter's rate for the service (plus the extra-dog rate for each further dog) times the booked hours,
// days or nights (pricing.ts), fixed now.

export const createBookingMessages = {
  sitterNotFound: 'Sitter not found',
  notASitter: 'This user is not a sitter',
  noSitterProfile: 'This sitter has not finished their sitter profile yet',
  dogNotFound: 'Dog not found',
  bookYourself: 'You cannot book yourself',
  youAreNotASitter: 'Only sitters can offer to care for a dog',
  pastDate: 'Please choose a date from today on',
  pastTime: 'This time has already passed. Please choose a later time.',
  tooFarAhead: 'Bookings can be requested at most a year ahead',
  serviceNotOffered: (service: string) => `This sitter does not offer ${service}`,
  noServices: 'This sitter does not offer any service yet',
  tooManyRequests: 'Too many booking requests. Please try again later.',
  blocked: "You can't book with this person",
  oneDogOnly: 'This sitter takes one dog at a time. Please choose one dog.',
  offerOneDog: 'An offer is for one listed dog',
} as const

/** How far ahead a request may be (the request screens' calendars end there too). */
export const maxBookingDaysAhead = 365

/** Every request e-mails the confirming party: counted before any work, refused ones too (decision 012). */
const requestsPerUser = rateLimit({ limit: 30, windowMs: 60 * 60 * 1000 })

export type CreateBookingFailure =
  | { ok: false; status: 400 | 403 | 409; message: string; field?: keyof BookingRequest }
  | { ok: false; status: 429; message: string; retryAfterSeconds: number }
export type CreateBookingOutcome = { ok: true; bookingId: string } | CreateBookingFailure

const refuse = (status: 400 | 403 | 409, message: string, field?: keyof BookingRequest): CreateBookingFailure => ({
  ok: false,
  status,
  message,
  ...(field ? { field } : {}),
})

class OverlapRefusal extends Error {}
class RepeatRefusal extends Error {}
class BlockRefusal extends Error {}

/** Creates a pending booking for `user` (owner or offering sitter), with its history and its recorded change (which e-mails the confirming party). */
export async function createBooking(
  user: { id: string; role: Role },
  request: BookingRequest,
  now = Date.now(),
): Promise<CreateBookingOutcome> {
  const slot = await requestsPerUser.take(`booking-request:user:${user.id}`)
  if (!slot.ok) return { ok: false, status: 429, message: createBookingMessages.tooManyRequests, retryAfterSeconds: slot.retryAfterSeconds }
  const offer = request.sitterId === user.id
  const parties = offer ? await offeringParties(user, request.dogIds) : await requestingParties(user, request)
  if (!parties.ok) return parties
  const { ownerId, sitterId, sitterName, sitter } = parties
  const [dogId] = request.dogIds
  if (!dogId) throw new Error('A booking request names no dog')

  const sitterDetails = await getSitterDetails(sitterId)
  if (!sitterDetails) return refuse(400, createBookingMessages.noSitterProfile, 'sitterId')
  if (request.dogIds.length > 1 && !sitterDetails.acceptsMultipleDogs) return refuse(400, createBookingMessages.oneDogOnly, 'dogIds')
  const offered = sitterDetails.services
  if (offered.length === 0) return refuse(409, createBookingMessages.noServices, 'sitterId')
  const service = request.service ?? defaultServiceOf(offered)
  const rate = offered.find((s) => s.service === service)
  if (!service || !rate) return refuse(400, createBookingMessages.serviceNotOffered(request.service ?? 'this service'), 'service')
  const time = fitTimeToService(service, request)
  if ('message' in time) return refuse(400, time.message, 'slots')

  const timeZone = sitter.timeZone
  const today = localDateTime(now, timeZone).date
  if (request.date < today) return refuse(400, createBookingMessages.pastDate, 'date')
  if (request.date > addDays(today, maxBookingDaysAhead)) return refuse(400, createBookingMessages.tooFarAhead, 'date')
  const times = { date: request.date, timeZone, slots: time.slots }
  if (bookingSpan(times).start <= now) return refuse(400, createBookingMessages.pastTime, 'date')

  const schedule = await getSitterSchedule(sitterId, { from: request.date, to: addDays(request.date, 1) })
  const unavailable = schedule && scheduleRefusal(sitterName, { ...times, service }, schedule)
  if (unavailable) return refuse(409, unavailable, 'date')

  const id = crypto.randomUUID()
  const createdAt = new Date(now).toISOString()
  const requestedBy = offer ? 'sitter' : 'owner'
  let eventId: string
  try {
    eventId = await db.transaction().execute(async (trx) => {
      // Written first, then checked: no acceptance slips in between (SQLite's write lock, PostgreSQL's lock on the sitter).
      await serializeSitterBookings(trx, sitterId)
      // Asked under the lock that withdrawing the requests of a new block takes (blocked-bookings.server.ts):
      // a request either sees the block or is written before the withdrawal reads what is pending.
      if (isEitherBlocked(await blockStateBetween(ownerId, sitterId, trx))) throw new BlockRefusal()
      await trx
        .insertInto('bookings')
        .values({
          id,
          dogId,
          ownerId,
          sitterId,
          requestedById: user.id,
          date: request.date,
          timeZone,
          period: time.period,
          service,
          notes: request.notes,
          location: request.location,
          latitude: request.latitude,
          longitude: request.longitude,
          hourlyRateCents: rate.hourlyRateCents,
          extraDogRateCents: rate.extraDogRateCents,
          cancellationTerms: sitterDetails.cancellationTerms,
          priceCents: priceCentsFor(service, rateForDogs(rate, request.dogIds.length), time.slots) ?? 0,
          status: 'pending',
          ...listingTimes(times),
          createdAt,
          updatedAt: createdAt,
        })
        .execute()
      await trx
        .insertInto('bookingTimeSlots')
        .values(time.slots.map((slot, index) => ({ bookingId: id, position: index + 1, ...slot })))
        .execute()
      await trx
        .insertInto('bookingDogs')
        .values(request.dogIds.map((each, index) => ({ bookingId: id, dogId: each, position: index + 1 })))
        .execute()
      if (await findOverlappingAcceptedBooking(trx, { id, sitterId, ...times })) throw new OverlapRefusal()
      if (await repeatsPendingRequest(trx, { id, requestedById: user.id, sitterId, dogId, ...times })) throw new RepeatRefusal()
      await trx
        .insertInto('bookingStatusHistory')
        .values({ id: crypto.randomUUID(), bookingId: id, fromStatus: null, toStatus: 'pending', changedById: user.id, changedAt: createdAt, reason: null })
        .execute()
      return recordBookingChange(trx, 'requested', id, { actor: requestedBy, from: null })
    })
  } catch (error) {
    if (error instanceof OverlapRefusal) return refuse(409, overlapMessage, 'date')
    if (error instanceof RepeatRefusal) return refuse(409, repeatedRequestMessage)
    if (error instanceof BlockRefusal) return refuse(403, createBookingMessages.blocked)
    throw error
  }
  void dispatchEvents([eventId])
  return { ok: true, bookingId: id }
}

type Parties =
  | {
      ok: true
      ownerId: string
      sitterId: string
      sitterName: string
      owner: { name: string; email: string }
      sitter: { name: string; email: string; timeZone: string }
    }
  | CreateBookingFailure

/** An owner asks a sitter: the sitter must be an active sitter other than the owner, every dog the owner's own. */
export async function requestingParties(user: { id: string }, request: Pick<BookingRequest, 'sitterId' | 'dogIds'>): Promise<Parties> {
  const people = await getPartyDetails([user.id, request.sitterId])
  const sitter = people.get(request.sitterId)
  const owner = people.get(user.id)
  if (!sitter || sitter.accountStatus !== 'active') return refuse(400, createBookingMessages.sitterNotFound, 'sitterId')
  if (!isSitterRole(sitter.role)) return refuse(400, createBookingMessages.notASitter, 'sitterId')
  if (!owner) throw new Error(`User ${user.id} is missing`)
  if (!(await ownsDogs(user.id, request.dogIds))) return refuse(400, createBookingMessages.dogNotFound, 'dogIds')
  return { ok: true, ownerId: user.id, sitterId: sitter.id, sitterName: firstNameOf(sitter.name), owner, sitter }
}

/** A sitter offers to care for a dog: one dog, listed for sitting by another, active owner. */
async function offeringParties(user: { id: string; role: Role }, dogIds: readonly string[]): Promise<Parties> {
  const [dogId] = dogIds
  if (!dogId || dogIds.length > 1) return refuse(400, createBookingMessages.offerOneDog, 'dogIds')
  if (await getOwnedDog(user.id, dogId)) return refuse(400, createBookingMessages.bookYourself, 'sitterId')
  if (!hasRole(user, 'sitter')) return refuse(400, createBookingMessages.youAreNotASitter, 'sitterId')
  const dog = await getAvailableDog(user, dogId)
  if (!dog) return refuse(400, createBookingMessages.dogNotFound, 'dogIds')
  const people = await getPartyDetails([dog.ownerId, user.id])
  const owner = people.get(dog.ownerId)
  const sitter = people.get(user.id)
  if (!owner || !sitter) return refuse(400, createBookingMessages.dogNotFound, 'dogIds')
  return { ok: true, ownerId: owner.id, sitterId: user.id, sitterName: firstNameOf(sitter.name), owner, sitter }
}

