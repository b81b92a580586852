import { type Expression, expressionBuilder, type RawBuilder, type SqlBool, sql } from 'kysely'
import { publicIdentityColumns, toPublicIdentity } from '#app/features/accounts/users.server.ts'
import { blockedOn } from '#app/features/availability/schedule.server.ts'
import {
  boundingBox,
  boxCentre,
  boxContains,
  distanceInMiles,
  formatMiles,
  type GeoBox,
  type GeoPoint,
  intersectBoxes,
  roundMiles,
  wholeEarth,
} from '#app/features/geo/distance.ts'
import { sitterRatingColumns, toSitterRating } from '#app/features/reviews/reviews.server.ts'
import { type Database, db, engine, isOneOf } from '#app/lib/db.server.ts'
import { precompiledQuery } from '#app/lib/precompiled-query.server.ts'
import { offsetOf } from '#app/lib/paging.ts'
import { hasNoIndexedPoint, haversineFrom, haversineOf, sitterPointsInside } from './point-index.server.ts'
import { listingBits, valuesWithAllBits } from './listing-bits.ts'
import type { ExperienceLevel } from './options.ts'
import type { SitterQuery } from './sitter-search-schema.ts'
import { fromRate, orderServices, serviceRatesJson, type OfferedService } from './sitter-profile.server.ts'
import type { RateUnit } from './rates.ts'
import { anywhere, sitterTextMatches, sitterTextMatchesFirstIn, type TextQuery, textQueryOf, type TextTier, textTiers } from './text-index.server.ts'
import { keptCount } from './search-counts.server.ts'
import { searchWords } from './text-query.ts'

// The sitters list, its search and filters, and the map (issue 9). Only listed sitters are found (active
// accounts with a sitter profile: the sitterListings rows that db/migrations/002 keeps); every point is a
// public one. The order:
// - from a point (lat/lng, or the middle of the map's bbox): nearest first, found ring by ring through
//   the spatial index so a page never measures the whole country;
// - with a search and no point: best match first (the text index's tiers, each in joining order);
// - otherwise: sitters in the order they joined.

export type SitterListItem = {
  id: string
  name: string
  profilePhoto: string | null
  /** District-level text. */
  location: string | null
  /** The public point (150-600 m from the home), never the exact one. */
  point: GeoPoint | null
  experience: ExperienceLevel
  verified: boolean
  services: OfferedService[]
  rateCents: number | null
  rateUnit: RateUnit | null
  rating: number | null
  reviewCount: number
  /** Miles (to 0.1) from the point the visitor searched from (lat/lng, or their home) to the public point; null otherwise. */
  distanceMiles: number | null
}

export type SitterSearchResult = { sitters: SitterListItem[]; total: number }

type Row = { key: number; sitterId: string }

const onListings = expressionBuilder<Database, 'sitterListings'>()

/** One page of listed sitters matching the query, and how many match in all. */
export async function searchSitters(query: SitterQuery): Promise<SitterSearchResult> {
  const { page, total } = await findPage(query)
  return { sitters: await toListItems(page, query.near?.origin ?? null), total }
}

async function findPage(query: SitterQuery): Promise<{ page: Row[]; total: number }> {
  const words = searchWords(query.search)
  const text = words && (await textQueryOf(words))
  const where = filtersOf(query)
  const origin = query.near?.origin ?? (query.box ? boxCentre(query.box) : null)
  const countAll = () => countMatching(query, where, text, anywhere)
  if (origin) return nearestFirst(text ? [...where, textFilter(text)] : where, origin, query, countAll)
  if (text) return bestMatchesFirst(where, text, query)
  const [page, total] = await Promise.all([inJoiningOrder(where, rowOffset(query), query.limit), countAll()])
  return { page, total }
}

/** How many listings pass the filters and match the words within `tier`, kept per public data version. */
function countMatching(query: SitterQuery, where: Expression<SqlBool>[], text: TextQuery | null, tier: TextTier) {
  // The key names what the count depends on (the filters and words), not the page nor the query's spelling.
  const key = JSON.stringify([[...query.services].sort(), [...query.sizes].sort(), query.freeOn ?? null, text?.words ?? null, tier])
  return keptCount(key, () => (text ? countTextMatches(where, text, tier) : countListings(where)))
}

const rowOffset = (query: SitterQuery) => query.offset ?? offsetOf(query)

// ---- filters ----

function filtersOf(query: SitterQuery): Expression<SqlBool>[] {
  const where: Expression<SqlBool>[] = []
  const services = query.services.reduce((bits, service) => bits | listingBits.services[service], 0)
  if (services) where.push(hasAllBits('services', services))
  const sizes = query.sizes.reduce((bits, size) => bits | listingBits.dogSizes[size], 0)
  if (sizes) where.push(hasAllBits('dogSizes', sizes))
  if (query.freeOn) {
    where.push(
      hasAllBits('weekdays', listingBits.weekday(isoWeekday(query.freeOn))),
      onListings.not(blockedOn(query.freeOn, onListings.ref('sitterListings.sitterId'))),
    )
  }
  return where
}

/**
 * The listing's bit set in `column` (kept by db/migrations/005's triggers) has every bit of `bits`. PostgreSQL
 * is asked for the values holding them (see valuesWithAllBits); SQLite tests the bits, which it does faster.
 */
const hasAllBits = (column: 'services' | 'dogSizes' | 'weekdays', bits: number) =>
  engine === 'postgres'
    ? onListings(`sitterListings.${column}`, 'in', valuesWithAllBits(column, bits))
    : sql<SqlBool>`(${sql.ref(`sitterListings.${column}`)} & ${bits}) = ${bits}`

const textFilter = (text: TextQuery) =>
  onListings('sitterListings.key', 'in', db.selectFrom(sitterTextMatches(text).as('matches')).select('matches.key'))

/** ISO weekday (1 Monday ... 7 Sunday) of a yyyy-MM-dd day, as the weekly schedule stores it. */
function isoWeekday(day: string) {
  return new Date(`${day}T00:00:00Z`).getUTCDay() || 7
}

// ---- the three orders ----

async function inJoiningOrder(where: Expression<SqlBool>[], offset: number, limit: number): Promise<Row[]> {
  return db
    .selectFrom('sitterListings')
    .select(['sitterListings.key', 'sitterListings.sitterId'])
    .where(onListings.and(where))
    .orderBy('sitterListings.key')
    .limit(limit)
    .offset(offset)
    .execute()
}

/**
 * Best match first (text-index.server.ts): tier by tier, each in joining order. The page reads just its
 * rows; the tiers before its last row are counted (each count kept, search-counts.server.ts).
 */
async function bestMatchesFirst(where: Expression<SqlBool>[], text: TextQuery, query: SitterQuery) {
  const countWithin = (tier: TextTier) => countMatching(query, where, text, tier)
  const total = await countWithin(anywhere)
  const offset = rowOffset(query)
  const page: Row[] = []
  /** How many matches the tiers before this one hold. */
  let before = 0
  for (const tier of textTiers) {
    if (page.length === query.limit || before >= total) break
    const through = tier === anywhere ? total : await countWithin(tier)
    const next = offset + page.length
    if (next < through) page.push(...(await firstInTier(where, text, tier, Math.max(0, next - before), query.limit - page.length)))
    before = through
  }
  return { page, total }
}

/** The listings whose tier is `tier`, in joining order. */
function firstInTier(where: Expression<SqlBool>[], text: TextQuery, tier: TextTier, offset: number, limit: number): Promise<Row[]> {
  return fromTextMatches(sitterTextMatchesFirstIn(text, tier))
    .select(['sitterListings.key', 'sitterListings.sitterId'])
    .where(onListings.and(where))
    .orderBy('matches.key')
    .limit(limit)
    .offset(offset)
    .execute()
}

async function countTextMatches(where: Expression<SqlBool>[], text: TextQuery, tier: TextTier) {
  const matches = sitterTextMatches(text, tier)
  // Every match is a listing's: without filters the text index alone counts them.
  const row = await (where.length === 0 ? db.selectFrom(matches.as('matches')) : fromTextMatches(matches).where(onListings.and(where)))
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The matches, each with its listing. CROSS JOIN keeps the text index as the outer loop, in key order. */
function fromTextMatches(matches: RawBuilder<{ key: number }>) {
  return db.selectFrom(matches.as('matches')).crossJoin('sitterListings').whereRef('sitterListings.key', '=', 'matches.key')
}

/** The first ring's radius (in a city it already holds a page); each next ring is four times wider. */
const firstRingMiles = 0.25

/**
 * Nearest first from `origin`, within the query's radius and bbox when it has them. Without a radius the
 * rings grow until they hold the page or cover the whole area; sitters without a location come after
 * every located one (only when no bbox asks for points).
 */
async function nearestFirst(where: Expression<SqlBool>[], origin: GeoPoint, query: SitterQuery, countAll: () => Promise<number>) {
  const offset = rowOffset(query)
  const needed = offset + query.limit
  const area = query.box ?? wholeEarth
  const radius = query.near?.radiusMiles ?? null
  if (radius !== null) {
    const circle = intersectBoxes(boundingBox(origin, radius), area)
    const [located, total] = await Promise.all([
      nearestLocated(where, origin, circle, radius, needed),
      countLocated(where, origin, circle, radius),
    ])
    return { page: located.slice(offset), total }
  }
  const [located, total] = await Promise.all([
    nearestLocated(where, origin, area, null, needed),
    query.box ? countLocated(where, origin, area, null) : countAll(),
  ])
  const page = located.slice(offset)
  if (query.box || located.length >= needed) return { page, total }
  const unlocated = await inJoiningOrder([...where, hasNoIndexedPoint], Math.max(0, offset - located.length), query.limit - page.length)
  return { page: [...page, ...unlocated], total }
}

/** The `count` located sitters nearest to `origin` inside `area` (and `maxMiles`), ring by ring. */
async function nearestLocated(where: Expression<SqlBool>[], origin: GeoPoint, area: GeoBox, maxMiles: number | null, count: number): Promise<Row[]> {
  for (let miles = firstRingMiles; ; miles *= 4) {
    const reach = maxMiles === null ? miles : Math.min(miles, maxMiles)
    const ring = boundingBox(origin, reach)
    const lastRing = reach === maxMiles || boxContains(ring, area)
    // The last ring holds the whole area: only the radius (if any) still limits it.
    const rows = await locatedByDistance(where, origin, intersectBoxes(ring, area), lastRing ? maxMiles : reach, count)
    // Every sitter within `reach` was a candidate, so the nearest `count` among them are the nearest of all.
    if (lastRing || rows.length >= count) return rows
  }
}

function locatedByDistance(where: Expression<SqlBool>[], origin: GeoPoint, box: GeoBox, maxMiles: number | null, count: number) {
  const distance = haversineFrom(origin, sql.ref('points.latitude'), sql.ref('points.longitude'))
  return fromPointsInside(box)
    .select(['sitterListings.key', 'sitterListings.sitterId', distance.as('distance')])
    .where(onListings.and(where))
    .$if(maxMiles !== null, (q) => q.where(distance, '<=', haversineOf(maxMiles ?? 0)))
    .orderBy('distance')
    .orderBy('sitterListings.key')
    .limit(count)
    .execute()
}

/**
 * The points in the box, each with its listing. CROSS JOIN keeps the spatial index as the outer loop:
 * otherwise SQLite may start from a text match's thousands of keys and look each point up.
 */
function fromPointsInside(box: GeoBox) {
  return db
    .selectFrom(sitterPointsInside(box).as('points'))
    .crossJoin('sitterListings')
    .whereRef('sitterListings.key', '=', 'points.key')
}

async function countListings(where: Expression<SqlBool>[]) {
  const row = await db
    .selectFrom('sitterListings')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where(onListings.and(where))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

async function countLocated(where: Expression<SqlBool>[], origin: GeoPoint, box: GeoBox, maxMiles: number | null) {
  const distance = haversineFrom(origin, sql.ref('points.latitude'), sql.ref('points.longitude'))
  const within = maxMiles === null ? [] : [onListings(distance, '<=', haversineOf(maxMiles))]
  // Every point is a listing's: without other conditions the index alone counts them.
  const row = await (where.length === 0 && within.length === 0
    ? db.selectFrom(sitterPointsInside(box).as('points'))
    : fromPointsInside(box).where(onListings.and([...where, ...within]))
  )
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow()
  return Number(row.count)
}

// ---- what a list item shows ----

// Every page of sitters and every box of the map asks them: compiled once (decision 089), the ids as one JSON value.
type SitterIds = { sitterIds: string }
const listedSittersAmong = precompiledQuery(({ sitterIds }: SitterIds) =>
  db
    .selectFrom('users')
    .innerJoin('sitterProfiles', 'sitterProfiles.userId', 'users.id')
    .select((eb) => [...publicIdentityColumns, 'sitterProfiles.experience', 'sitterProfiles.verified', ...sitterRatingColumns(eb.ref('users.id'))])
    .where((eb) => isOneOf(eb.ref('users.id'), sitterIds)),
)
const listedServicesAmong = precompiledQuery(({ sitterIds }: SitterIds) =>
  db.selectFrom('sitterServices').select(['sitterId', 'service', 'hourlyRateCents']).where((eb) => isOneOf(eb.ref('sitterId'), sitterIds)),
)

/**
 * The list items of a page in two statements: each sitter's public identity, profile and rating in one,
 * their services in the other (a 100-sitter page of the map asked six before).
 */
export async function toListItems(rows: readonly Row[], origin: GeoPoint | null): Promise<SitterListItem[]> {
  const ids = rows.map((row) => row.sitterId)
  if (ids.length === 0) return []
  const list = { sitterIds: JSON.stringify(ids) }
  const [sitters, services] = await Promise.all([listedSittersAmong(list), listedServicesAmong(list)])
  const sitterOf = new Map(sitters.map((sitter) => [sitter.id, sitter]))
  const servicesOf = Map.groupBy(services, (service) => service.sitterId)
  return ids.flatMap((id) => {
    const sitter = sitterOf.get(id)
    if (!sitter) return []
    const identity = toPublicIdentity(sitter)
    const offered = orderServices(servicesOf.get(id) ?? [])
    const point = identity.publicPoint
    return [
      {
        id,
        name: identity.name,
        profilePhoto: identity.profilePhoto,
        location: identity.location,
        point,
        experience: sitter.experience,
        verified: sitter.verified === 1,
        services: offered,
        ...fromRate(offered),
        ...toSitterRating(sitter),
        // Rounded before it leaves this module: measured from a user's exact home, ten full-precision distances
        // to known public points would locate that home.
        distanceMiles: origin && point ? roundMiles(distanceInMiles(origin, point)) : null,
      },
    ]
  })
}

/** The API's sitter list item (spec section 3, 'Sitter list item', plus what the map and cards show). */
export function toSitterListItemJson(sitter: SitterListItem) {
  const { point, services, rateCents: _from, rateUnit: _unit, distanceMiles, ...rest } = sitter
  return {
    ...rest,
    latitude: point?.latitude ?? null,
    longitude: point?.longitude ?? null,
    ...serviceRatesJson(services),
    distance: distanceMiles === null ? null : formatMiles(distanceMiles),
  }
}
