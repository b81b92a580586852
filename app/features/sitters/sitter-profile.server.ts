import type { Transaction } from 'kysely'
import { getWeeklyHours, replaceWeeklyHours } from '#app/features/availability/schedule.server.ts'
import { db, type Database } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { type DogAgeGroup, dogAgeGroups, type DogSize, dogSizes } from '#app/features/dogs/options.ts'
import { getSitterRating } from '#app/features/reviews/reviews.server.ts'
import { centsToDollars } from '#app/lib/money.ts'
import { type CancellationTerms, termsOf } from './cancellation-terms.ts'
import { listGalleryPhotos } from './gallery.server.ts'
import { type ExperienceLevel, type SitterService, sitterServices } from './options.ts'
import { type RateUnit, startingRate } from './rates.ts'

export type SitterProfileInput = {
  experience: ExperienceLevel
  acceptsMultipleDogs: boolean
  hasHomeVisit?: boolean
  canHostOvernight?: boolean
  dogSizes: DogSize[]
  dogAges: DogAgeGroup[]
  preferredDogBreeds?: string[]
  services: { service: SitterService; hourlyRateCents: number | null; extraDogRateCents?: number | null }[]
  availability?: { weekday: number; startTime: string; endTime: string }[]
  /** Left out: the saved terms stay (a new profile gets flexible). */
  cancellationTerms?: CancellationTerms
}

/** Creates or replaces a sitter's profile and its lists in one go. */
export async function saveSitterProfile(trx: Transaction<Database>, sitterId: string, input: SitterProfileInput) {
  const now = new Date().toISOString()
  const flag = (value: boolean): 0 | 1 => (value ? 1 : 0)
  const flags = {
    experience: input.experience,
    acceptsMultipleDogs: flag(input.acceptsMultipleDogs),
    ...(input.hasHomeVisit === undefined ? {} : { hasHomeVisit: flag(input.hasHomeVisit) }),
    ...(input.canHostOvernight === undefined ? {} : { canHostOvernight: flag(input.canHostOvernight) }),
    ...(input.cancellationTerms === undefined ? {} : { cancellationTerms: input.cancellationTerms }),
    updatedAt: now,
  }
  await trx
    .insertInto('sitterProfiles')
    .values({ userId: sitterId, createdAt: now, ...flags })
    .onConflict((oc) => oc.column('userId').doUpdateSet(flags))
    .execute()
  await replaceRows(trx, 'sitterServices', sitterId, input.services.map((s) => ({ sitterId, ...s })))
  await replaceRows(trx, 'sitterDogSizes', sitterId, input.dogSizes.map((size) => ({ sitterId, size })))
  await replaceRows(trx, 'sitterDogAges', sitterId, input.dogAges.map((age) => ({ sitterId, age })))
  if (input.preferredDogBreeds) {
    const breeds = [...new Set(input.preferredDogBreeds.map((b) => b.trim()).filter(Boolean))]
    await replaceRows(trx, 'sitterPreferredBreeds', sitterId, breeds.map((breed) => ({ sitterId, breed })))
  }
  if (input.availability) await replaceWeeklyHours(trx, sitterId, input.availability)
}

type SitterListTable = 'sitterServices' | 'sitterDogSizes' | 'sitterDogAges' | 'sitterPreferredBreeds'

async function replaceRows<T extends SitterListTable>(
  trx: Transaction<Database>,
  table: T,
  sitterId: string,
  rows: Record<string, unknown>[],
) {
  // The four tables share the sitterId column; Kysely cannot see that through the union, hence the casts.
  await trx.deleteFrom(table as 'sitterServices').where('sitterId', '=', sitterId).execute()
  if (rows.length > 0) await trx.insertInto(table).values(rows as never).execute()
}

/** Whether the user has a sitter profile (made by the sitter onboarding). */
export async function hasSitterProfile(userId: string) {
  return Boolean(await db.selectFrom('sitterProfiles').select('userId').where('userId', '=', userId).executeTakeFirst())
}

/** The ids among `userIds` of users with a sitter profile. */
export async function withSitterProfile(userIds: readonly string[]) {
  if (userIds.length === 0) return new Set<string>()
  const rows = await db.selectFrom('sitterProfiles').select('userId').where('userId', 'in', [...new Set(userIds)]).execute()
  return new Set(rows.map((row) => row.userId))
}

/** Whether the sitter takes several dogs at once (false without a sitter profile). */
export async function acceptsMultipleDogs(sitterId: string) {
  const [profile] = await sitterProfileOf({ sitterId })
  return profile?.acceptsMultipleDogs === 1
}

/** Everything a sitter publishes; null when the user has no sitter profile. */
export async function getSitterDetails(sitterId: string) {
  const [profile] = await sitterProfileOf({ sitterId })
  if (!profile) return null
  const [services, sizes, ages, breeds, availability, photos, rating] = await Promise.all([
    servicesOf({ sitterId }),
    dogSizesOf({ sitterId }),
    dogAgesOf({ sitterId }),
    preferredBreedsOf({ sitterId }),
    getWeeklyHours(sitterId),
    listGalleryPhotos(sitterId),
    getSitterRating(sitterId),
  ])
  const offered = orderServices(services)
  return {
    experience: profile.experience,
    acceptsMultipleDogs: profile.acceptsMultipleDogs === 1,
    hasHomeVisit: profile.hasHomeVisit === 1,
    canHostOvernight: profile.canHostOvernight === 1,
    isBackgroundChecked: profile.isBackgroundChecked === 1,
    verified: profile.verified === 1,
    cancellationTerms: termsOf(profile.cancellationTerms),
    services: offered,
    dogSizes: sizes.map((s) => s.size as DogSize).sort(inOrderOf(dogSizes)),
    dogAges: ages.map((a) => a.age as DogAgeGroup).sort(inOrderOf(dogAgeGroups)),
    preferredDogBreeds: breeds.map((b) => b.breed),
    availability,
    /** The sitter's own gallery photos (stored base paths), at most 6. */
    photos,
    ...fromRate(offered),
    ...rating,
  }
}

// A profile's reads, compiled once (decision 089): a sitter's own /profile and /profile/edit, and their page as
// signed-in visitors see it, ask them on every visit.
type OfSitter = { sitterId: string }
const sitterProfileOf = precompiledQuery(({ sitterId }: OfSitter) => db.selectFrom('sitterProfiles').selectAll().where('userId', '=', sitterId))
const servicesOf = precompiledQuery(({ sitterId }: OfSitter) =>
  db.selectFrom('sitterServices').select(['service', 'hourlyRateCents', 'extraDogRateCents']).where('sitterId', '=', sitterId),
)
const dogSizesOf = precompiledQuery(({ sitterId }: OfSitter) => db.selectFrom('sitterDogSizes').select('size').where('sitterId', '=', sitterId))
const dogAgesOf = precompiledQuery(({ sitterId }: OfSitter) => db.selectFrom('sitterDogAges').select('age').where('sitterId', '=', sitterId))
const preferredBreedsOf = precompiledQuery(({ sitterId }: OfSitter) =>
  db.selectFrom('sitterPreferredBreeds').select('breed').where('sitterId', '=', sitterId).orderBy('breed'),
)

export type OfferedService = {
  service: SitterService
  hourlyRateCents: number | null
  /** What each further dog adds, in the service's unit; null adds nothing. */
  extraDogRateCents: number | null
}

const inOrderOf = (list: readonly string[]) => (a: string, b: string) => list.indexOf(a) - list.indexOf(b)

/** Service rows in the canonical order of options.ts. */
export function orderServices(rows: readonly { service: string; hourlyRateCents: number | null; extraDogRateCents?: number | null }[]): OfferedService[] {
  return rows
    .map((row) => ({ service: row.service as SitterService, hourlyRateCents: row.hourlyRateCents, extraDogRateCents: row.extraDogRateCents ?? null }))
    .sort((a, b) => inOrderOf(sitterServices)(a.service, b.service))
}

/** What lists and cards show as 'from $20/hour' (rates.ts): the rate in cents and its unit, or nulls. */
export function fromRate(services: readonly OfferedService[]): { rateCents: number | null; rateUnit: RateUnit | null } {
  const rate = startingRate(services)
  return { rateCents: rate?.cents ?? null, rateUnit: rate?.unit ?? null }
}

/** The API's services of a sitter: names, each one's rate and the 'from' rate, in dollars (spec section 3, User). */
export function serviceRatesJson(services: readonly OfferedService[]) {
  return {
    services: services.map((s) => s.service),
    rates: Object.fromEntries(services.map((s) => [s.service, centsToDollars(s.hourlyRateCents)])),
    rate: centsToDollars(startingRate(services)?.cents ?? null),
  }
}

/** A sitter's whole services for the API: the rates and, per service, what each further dog adds in dollars (services without one left out). */
export function sitterServicesJson(services: readonly OfferedService[]) {
  return {
    ...serviceRatesJson(services),
    extraDogRates: Object.fromEntries(services.flatMap((s) => (s.extraDogRateCents === null ? [] : [[s.service, centsToDollars(s.extraDogRateCents)]]))),
  }
}

export type SitterDetails = NonNullable<Awaited<ReturnType<typeof getSitterDetails>>>
