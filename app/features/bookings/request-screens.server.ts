import type { SubmissionResult } from '@conform-to/react'
import { parseWithZod } from '@conform-to/zod/v4'
import { datesBetween, firstDayOf, lastDayOf, readDate } from '#app/features/availability/calendar-dates.ts'
import { formatAge } from '#app/features/dogs/age.ts'
import { getAvailableDog } from '#app/features/dogs/available-dogs.server.ts'
import { listDogFacesOf } from '#app/features/dogs/dogs.server.ts'
import type { DogViewer } from '#app/features/dogs/visibility.server.ts'
import { termsOf } from '#app/features/sitters/cancellation-terms.ts'
import { getPublicSitter } from '#app/features/sitters/public-sitter.server.ts'
import { firstNameOf } from '#app/features/sitters/sitter-format.ts'
import { getSitterDetails } from '#app/features/sitters/sitter-profile.server.ts'
import { localDateTime } from '#app/lib/zoned-time.ts'
import { getBookableDays, getBookableMonth, requestMonth } from './bookable-days.server.ts'
import { DogRequestFormSchema, MultiPeriodFormSchema, OwnerRequestFormSchema } from './booking-forms.ts'
import { createBooking, type CreateBookingFailure } from './create-booking.server.ts'
import { defaultServiceOf } from './pricing.ts'
import { ownerRequestFields } from './request-fields.ts'
import type { BookingRequest } from './schema.ts'
import { getTimeChoices, requestTimeChoices, type TimeChoices } from './time-choices.server.ts'

// The two request screens (decision 032): /sitters/{id}/book and /booking/new?sitter= (an owner asks a
// sitter) and /bookings/new?dogId (a sitter asks to walk a listed dog). What they show comes from the
// functions createBooking checks with; the query carries what the form had when a month arrow sent it
// (GET), so nothing typed is lost between months. Their forms post to createBooking, the function
// POST /api/bookings calls, and a refusal comes back at the field it concerns.

/**
 * An owner's request to a sitter: the sitter, the owner's dogs, the sitter's month of bookable days and
 * the form's values. `viaQuery`: the page was asked as /booking/new?sitter=, whose month arrows keep it.
 */
export async function getSitterRequestScreen(user: { id: string }, sitterId: string, query: URLSearchParams, { viaQuery }: { viaQuery: boolean }) {
  const sitter = sitterId ? await getPublicSitter(sitterId) : null
  if (!sitter) return { page: 'not-found' as const }
  if (sitter.id === user.id) return { page: 'yourself' as const }
  const dogs = await listDogFacesOf(user.id)
  const date = readDate(query.get('date'))
  const days = await getBookableMonth(sitter.id, { month: query.get('month'), date })
  if (!days) return { page: 'not-found' as const }
  const asked = (name: string) => query.get(name) ?? undefined
  // The multi-period form: its switch (`periods`), or the mode the form was in when a month arrow sent it.
  const several = (query.get('periods') ?? query.get('periodMode')) === 'several'
  const service = sitter.services.find((offered) => offered.service === query.get('service'))?.service ?? defaultServiceOf(sitter.services)
  const chosenDogs = query.getAll('dogIds')
  const times = await requestTimeChoices(sitter, { date, service, dogCount: dogCountFor(sitter, chosenDogs) })
  return {
    page: 'form' as const,
    sitter: {
      id: sitter.id,
      name: sitter.name,
      firstName: firstNameOf(sitter.name),
      profilePhoto: sitter.profilePhoto,
      location: sitter.location,
      rating: sitter.rating,
      reviewCount: sitter.reviewCount,
      services: sitter.services,
      weekly: sitter.availability,
      cancellationTerms: sitter.cancellationTerms,
      acceptsMultipleDogs: sitter.acceptsMultipleDogs,
    },
    dogs: dogs.map((dog) => ({ id: dog.id, name: dog.name, breed: dog.breed, photo: dog.avatar })),
    ...days,
    /** The page's own query (`sitter`), kept by the month arrows' GET. */
    sitterQuery: viaQuery ? sitter.id : null,
    several,
    times,
    chosenPeriods: query.getAll('timePeriods'),
    /** The dogs chosen before a month arrow or 'Show free times' sent the form (GET). */
    chosenDogs,
    defaults: {
      dogId: asked('dogId') ?? (dogs.length === 1 ? dogs[0]?.id : undefined),
      date: date ?? undefined,
      timePeriod: asked('timePeriod'),
      startTime: asked('startTime'),
      endTime: asked('endTime'),
      duration: asked('duration'),
      service,
      notes: asked('notes'),
      location: asked('location'),
    },
  }
}

/**
 * A sitter's request to walk a dog listed for sitting: the dog (null for anyone who may not see it as
 * available), the sitter's own month of bookable days (without a published profile every day from today
 * on is open) and the price of an hour at the sitter's rate.
 */
export async function getDogRequestScreen(user: DogViewer & { name: string; timeZone: string }, dogId: string, query: URLSearchParams) {
  const dog = dogId ? await getAvailableDog(user, dogId) : null
  if (!dog) return { dog: null }
  const details = await getSitterDetails(user.id)
  const today = localDateTime(Date.now(), user.timeZone).date
  const date = readDate(query.get('date'))
  const { month, firstMonth, lastMonth } = requestMonth(today, { month: query.get('month'), date })
  const bookable = await getBookableDays(user.id, { from: firstDayOf(month), to: lastDayOf(month) })
  const days = bookable?.days ?? datesBetween(firstDayOf(month), lastDayOf(month)).map((day) => ({ date: day, state: day < today ? ('past' as const) : ('open' as const) }))
  const rateCents = walkingRateOf(details)
  const times = await getTimeChoices(user, { date, service: 'walking', rateCents })
  return {
    dog: {
      id: dog.id,
      name: dog.name,
      breed: dog.breed,
      age: formatAge(dog.ageMonths, dog.age),
      photo: dog.images[0] ?? null,
      ownerName: dog.owner.name,
      distance: dog.distanceMiles,
    },
    month,
    firstMonth,
    lastMonth,
    days,
    timeZone: user.timeZone,
    times,
    rateCents,
    /** The sitter's own terms, which the request will keep (as createBooking stores them). */
    cancellationTerms: termsOf(details?.cancellationTerms),
    defaults: {
      date: date ?? undefined,
      startTime: query.get('startTime') ?? undefined,
      duration: query.get('duration') ?? undefined,
      notes: query.get('notes') ?? undefined,
    },
  }
}

/** How many dogs the form's prices are for: those ticked, when the sitter takes several. */
const dogCountFor = (sitter: { acceptsMultipleDogs: boolean }, dogIds: readonly unknown[]) => (sitter.acceptsMultipleDogs ? Math.max(1, dogIds.length) : 1)

const walkingRateOf = (details: Awaited<ReturnType<typeof getSitterDetails>>) =>
  details?.services.find((offered) => offered.service === 'walking')?.hourlyRateCents ?? null

export type RequestFormOutcome =
  | { ok: true; bookingId: string }
  | { ok: false; status: number; result: SubmissionResult<string[]>; retryAfterSeconds?: number; times: TimeChoices | null }

type Requester = Parameters<typeof createBooking>[0]

/** An owner's request form: one period of the day or custom times, or several periods (`periodMode=several`). */
export async function submitSitterRequestForm(user: Requester, sitterId: string, formData: FormData): Promise<RequestFormOutcome> {
  formData.set('sitterId', sitterId)
  const several = formData.get('periodMode') === 'several'
  const submission = parseWithZod(formData, { schema: several ? MultiPeriodFormSchema : OwnerRequestFormSchema })
  // A refused request comes back with the free times of the day it names.
  const sitter = await getPublicSitter(sitterId)
  const text = (name: string) => {
    const value = formData.get(name)
    return typeof value === 'string' ? value : null
  }
  const dogCount = sitter ? dogCountFor(sitter, formData.getAll('dogIds')) : 1
  const times = sitter && (await requestTimeChoices(sitter, { date: readDate(text('date')), service: text('service'), dogCount }))
  if (submission.status !== 'success') return { ok: false, status: 400, result: submission.reply(), times }
  const outcome = await createBooking(user, submission.value)
  if (outcome.ok) return outcome
  // A refusal about the time is shown at the form's time field; one about no field of this form (the sitter) for the whole form.
  const timeField = several ? 'timePeriods' : submission.value.service === 'walking' ? 'startTime' : 'timePeriod'
  return refused((options) => submission.reply(options), outcome, times, (field) => {
    const named = field === 'slots' || field === 'period' ? timeField : field === 'dogIds' ? 'dogId' : field
    return ownerRequestFields.find((onForm) => onForm === named)
  })
}

/** A sitter's request form for a listed dog: a date, a walk's start time and its duration. */
export async function submitDogRequestForm(user: Requester & { name: string }, dogId: string, formData: FormData): Promise<RequestFormOutcome> {
  formData.set('sitterId', user.id)
  formData.set('dogId', dogId)
  const submission = parseWithZod(formData, { schema: DogRequestFormSchema })
  const date = formData.get('date')
  const times = await getTimeChoices(user, { date: readDate(typeof date === 'string' ? date : null), service: 'walking', rateCents: walkingRateOf(await getSitterDetails(user.id)) })
  if (submission.status !== 'success') return { ok: false, status: 400, result: submission.reply(), times }
  const outcome = await createBooking(user, submission.value)
  if (outcome.ok) return outcome
  return refused((options) => submission.reply(options), outcome, times, (field) => (field === 'date' ? 'date' : undefined))
}

type Reply = (options: { formErrors: string[] } | { fieldErrors: Record<string, string[]> }) => SubmissionResult<string[]>

/**
 * A refusal at the form's field `fieldOf` names for createBooking's; too many requests (429, with when to
 * try again) and refusals about no field of the form are for the whole form.
 */
function refused(reply: Reply, outcome: CreateBookingFailure, times: TimeChoices | null, fieldOf: (field: keyof BookingRequest | undefined) => string | undefined): RequestFormOutcome {
  if (outcome.status === 429) {
    return { ok: false, status: 429, result: reply({ formErrors: [outcome.message] }), retryAfterSeconds: outcome.retryAfterSeconds, times }
  }
  const field = fieldOf(outcome.field)
  const result = reply(field ? { fieldErrors: { [field]: [outcome.message] } } : { formErrors: [outcome.message] })
  return { ok: false, status: outcome.status, result, times }
}
