import { z } from 'zod'
import { type DogSize, dogSizes } from '#app/features/dogs/options.ts'
import type { GeoBox, GeoPoint } from '#app/features/geo/distance.ts'
import { limitParameter, pageParameter } from '#app/lib/paging.ts'
import { type SitterService, sitterServices } from './options.ts'

// The query of GET /api/users/sitters (spec section 7; DESIGN.md section 4) and of the sitters list and
// map pages: page, limit, search, and the filters people expect (issue 9) as query parameters: service,
// size, date ('free on'), bbox (the map's visible area) and lat/lng/radius ('near me'). Every value is
// checked; a bad one is a 400 naming the parameter. A limit above 100 is lowered to 100 (spec: 100 on the map).

/** Sitters per page of the list (spec section 9). */
export const sitterPageSize = 10
/** The most sitters one answer holds (the map's list). */
export const maxSitterLimit = 100
/** The widest 'near me' radius, in miles. */
export const maxRadiusMiles = 100

export type SitterQuery = {
  page: number
  limit: number
  /** Rows to skip: (page - 1) x limit unless given (the sitters page shows several pages at once without JavaScript). */
  offset?: number
  search: string
  services: SitterService[]
  sizes: DogSize[]
  /** Sitters whose weekly schedule has hours on this day (yyyy-MM-dd) and who have not blocked it. */
  freeOn: string | null
  /** Only sitters whose public point lies in this box. */
  box: GeoBox | null
  /** Nearest first from this point; with `radiusMiles`, only sitters that close. */
  near: { origin: GeoPoint; radiusMiles: number | null } | null
}

const bboxMessage = 'bbox must be four numbers west,south,east,north (longitude -180 to 180, latitude -90 to 90)'
export const bboxOrderMessage = 'bbox must run west to east and south to north (west <= east, south <= north)'
export const coordinateMessages = { together: 'lat and lng go together', radiusNeedsPoint: 'radius needs lat and lng' } as const
const dateMessage = 'Date must be a calendar day written yyyy-MM-dd'

// A longitude and a latitude as decimals in their ranges, and the box of four as the OpenAPI document states it
// (the server also takes what Number() reads, such as '1e1', and spaces around each number).
const longitudePattern = String.raw`-?(?:180(?:\.0+)?|(?:1[0-7]\d|[1-9]?\d)(?:\.\d+)?)`
const latitudePattern = String.raw`-?(?:90(?:\.0+)?|[1-8]?\d(?:\.\d+)?)`
const bboxPattern = `^${longitudePattern},${latitudePattern},${longitudePattern},${latitudePattern}$`

const unique = <T,>(values: T[]) => [...new Set(values)]

/** A real calendar day: 2026-02-30 is not one. */
function isCalendarDay(value: string) {
  const time = Date.parse(`${value}T00:00:00Z`)
  return Number.isFinite(time) && new Date(time).toISOString().slice(0, 10) === value
}

const coordinate = (name: string, limit: number) => {
  const message = `${name} must be a number from -${limit} to ${limit}`
  return z.coerce.number({ error: message }).min(-limit, { error: message }).max(limit, { error: message })
}

const BboxSchema = z.string({ error: bboxMessage }).transform((value, context): GeoBox => {
  const parts = value.split(',').map((part) => part.trim())
  const numbers = parts.map((part) => (part === '' ? Number.NaN : Number(part)))
  const [west = Number.NaN, south = Number.NaN, east = Number.NaN, north = Number.NaN] = numbers
  const valid =
    numbers.length === 4 &&
    numbers.every(Number.isFinite) &&
    [west, east].every((longitude) => Math.abs(longitude) <= 180) &&
    [south, north].every((latitude) => Math.abs(latitude) <= 90)
  if (!valid) {
    context.addIssue({ code: 'custom', message: bboxMessage })
    return z.NEVER
  }
  if (west > east || south > north) {
    context.addIssue({ code: 'custom', message: bboxOrderMessage })
    return z.NEVER
  }
  return { latitude: { min: south, max: north }, longitude: { min: west, max: east } }
}).meta({ pattern: bboxPattern, examples: ['8.50,47.36,8.56,47.39'] })

/** Each query parameter's own rule (the sitters page reads some of them one by one). */
export const sitterSearchFields = z.object({
  page: pageParameter,
  limit: limitParameter(sitterPageSize, maxSitterLimit),
  search: z.string({ error: 'Search must be text' }).trim().max(100, { error: 'Search must be at most 100 characters' }).default(''),
  service: z
    .array(z.enum(sitterServices, { error: `Service must be one of ${sitterServices.join(', ')}` }))
    .transform(unique)
    .default([]),
  size: z
    .array(z.enum(dogSizes, { error: `Size must be one of ${dogSizes.join(', ')}` }))
    .transform(unique)
    .default([]),
  date: z
    .string({ error: dateMessage })
    .regex(/^\d{4}-\d{2}-\d{2}$/, { error: dateMessage })
    .refine(isCalendarDay, { error: dateMessage })
    .meta({ format: 'date', examples: ['2026-03-02'] })
    .optional(),
  bbox: BboxSchema.optional(),
  lat: coordinate('Latitude', 90).optional(),
  lng: coordinate('Longitude', 180).optional(),
  radius: z.coerce
    .number({ error: `Radius must be a number of miles from 0 to ${maxRadiusMiles}` })
    .gt(0, { error: `Radius must be a number of miles from 0 to ${maxRadiusMiles}` })
    .max(maxRadiusMiles, { error: `Radius must be a number of miles from 0 to ${maxRadiusMiles}` })
    .optional(),
})

export const SitterSearchSchema = sitterSearchFields
  .check((context) => {
    const { lat, lng, radius } = context.value
    if ((lat === undefined) !== (lng === undefined)) {
      context.issues.push({ code: 'custom', path: [lat === undefined ? 'lat' : 'lng'], message: coordinateMessages.together, input: context.value })
    }
    if (radius !== undefined && (lat === undefined || lng === undefined)) {
      context.issues.push({ code: 'custom', path: ['radius'], message: coordinateMessages.radiusNeedsPoint, input: context.value })
    }
  })
  .transform(
    (value): SitterQuery => ({
      page: value.page,
      limit: value.limit,
      search: value.search,
      services: value.service,
      sizes: value.size,
      freeOn: value.date ?? null,
      box: value.bbox ?? null,
      near:
        value.lat === undefined || value.lng === undefined
          ? null
          : { origin: { latitude: value.lat, longitude: value.lng }, radiusMiles: value.radius ?? null },
    }),
  )

/** The query parameters as the schema reads them: the first of a repeated single value, an empty one left out. */
export function sitterSearchInput(params: URLSearchParams) {
  const single = (name: string) => {
    const value = params.get(name)?.trim()
    return value ? value : undefined
  }
  return {
    page: single('page'),
    limit: single('limit'),
    search: params.get('search') ?? undefined,
    service: params.getAll('service').filter(Boolean),
    size: params.getAll('size').filter(Boolean),
    date: single('date'),
    bbox: single('bbox'),
    lat: single('lat'),
    lng: single('lng'),
    radius: single('radius'),
  }
}

/**
 * One name for every spelling of the same valid query (8.5 or 8.50, parameters in any order, services in
 * any order, unknown parameters), so equal questions share one answer; null when the query is not valid.
 */
export function sitterQueryKey(params: URLSearchParams): string | null {
  const parsed = SitterSearchSchema.safeParse(sitterSearchInput(params))
  if (!parsed.success) return null
  const query = parsed.data
  return JSON.stringify({ ...query, services: query.services.toSorted(), sizes: query.sizes.toSorted() })
}
