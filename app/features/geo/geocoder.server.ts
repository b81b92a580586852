import { z } from 'zod'
import { db } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'

// DESIGN.md ruling 12: geocoding goes through our server. Answers (also 'not found') are cached in
// the database, upstream sees at most one request per second from this process, with a real
// User-Agent (the public Nominatim usage policy). Upstream trouble is a GeocoderUnavailable error.

export type GeocodeResult = {
  /** Nominatim's display_name: the full address, for the user who chose it. */
  label: string
  latitude: number
  longitude: number
  /** District-level text safe to show other users (ruling 8), e.g. 'Altstadt, Zürich'. */
  district: string | null
}

export class GeocoderUnavailable extends Error {
  name = 'GeocoderUnavailable'
}

export const notFoundMessage = 'Could not find the specified address.'
export const unavailableMessage = 'There was an error finding your location.'

// The API's inputs (GET /api/geocode?q=, GET /api/geocode/reverse?lat&lon).
export const GeocodeSearchSchema = z.object({
  q: z
    .string({ error: 'Enter an address to search for' })
    .trim()
    .min(1, { error: 'Enter an address to search for' })
    .max(200, { error: 'The address must be at most 200 characters' }),
})

const coordinate = (name: string, limit: number) => {
  const outOfRange = `${name} must be a number between -${limit} and ${limit}`
  return z
    .string({ error: `${name} is required` })
    .trim()
    .min(1, { error: `${name} is required` })
    .transform(Number)
    .pipe(z.number({ error: outOfRange }).min(-limit, { error: outOfRange }).max(limit, { error: outOfRange }))
}

export const ReverseGeocodeSchema = z.object({
  lat: coordinate('Latitude', 90),
  lon: coordinate('Longitude', 180),
})

const upstreamIntervalMs = 1000
const upstreamTimeoutMs = 5000
/** A caller that would wait longer than this for its upstream turn gets GeocoderUnavailable instead. */
const maxQueueWaitMs = 15_000
const foundLifetimeMs = 30 * 24 * 60 * 60 * 1000
const notFoundLifetimeMs = 24 * 60 * 60 * 1000

/** The part of a Nominatim place we use (and cache). */
const PlaceSchema = z.object({
  lat: z.coerce.number().min(-90).max(90),
  lon: z.coerce.number().min(-180).max(180),
  display_name: z.string().min(1),
  address: z.record(z.string(), z.unknown()).optional(),
})
type Place = z.infer<typeof PlaceSchema>

/** Forward geocoding: the first hit for a free-text address, or null when there is none. */
export async function searchAddress(query: string): Promise<GeocodeResult | null> {
  const text = query.trim().replace(/\s+/g, ' ')
  if (!text) return null
  const place = await cachedLookup(searchCacheKey(text), async () => {
    const body = await requestUpstream('search', { format: 'json', q: text, limit: '1', addressdetails: '1' })
    if (!Array.isArray(body)) throw new GeocoderUnavailable('Geocoder search answered something other than a list')
    if (body.length === 0) return null
    return parsePlace(body[0])
  })
  return place && toResult(place, { latitude: place.lat, longitude: place.lon })
}

/** Reverse geocoding: the address at a point (coordinates echo the point asked for), or null. */
export async function reverseGeocode(latitude: number, longitude: number): Promise<GeocodeResult | null> {
  if (!validPoint(latitude, longitude)) return null
  const place = await cachedLookup(reverseCacheKey(latitude, longitude), async () => {
    const body = await requestUpstream('reverse', {
      format: 'json',
      lat: latitude.toFixed(5),
      lon: longitude.toFixed(5),
      addressdetails: '1',
    })
    // Nominatim answers 200 {"error": "Unable to geocode"} for a point with nothing nearby.
    if (body && typeof body === 'object' && 'error' in body) return null
    return parsePlace(body)
  })
  return place && toResult(place, { latitude, longitude })
}

export type LocationInput = {
  location: string | null | undefined
  latitude: number | null | undefined
  longitude: number | null | undefined
}

export type ResolvedLocation =
  | { ok: true; location: string; latitude: number; longitude: number; district: string | null }
  | { ok: false; reason: 'not-found'; message: typeof notFoundMessage }
  | { ok: false; reason: 'unavailable'; message: typeof unavailableMessage }

/**
 * Turns a submitted location (address text + optional coordinates) into a saved one (DESIGN.md ruling 8).
 * Valid coordinates are kept as sent (a pin placed on the map, an API client's own geocoding): saving them
 * never needs the geocoder, which only adds the district text when it can (null when it cannot be reached).
 * Only an address without coordinates (the form without JavaScript) is geocoded here.
 */
export async function resolveLocation(input: LocationInput): Promise<ResolvedLocation> {
  const location = (input.location ?? '').trim()
  if (!location) return { ok: false, reason: 'not-found', message: notFoundMessage }
  const point = validPoint(input.latitude, input.longitude)
  if (point) {
    const district = (await cachedMatch(location, point))?.district ?? (await districtNear(point))
    return { ok: true, location, ...point, district }
  }

  try {
    const found = await searchAddress(location)
    if (!found) return { ok: false, reason: 'not-found', message: notFoundMessage }
    return { ok: true, location, latitude: found.latitude, longitude: found.longitude, district: found.district }
  } catch (error) {
    if (error instanceof GeocoderUnavailable) return { ok: false, reason: 'unavailable', message: unavailableMessage }
    throw error
  }
}

type Point = { latitude: number; longitude: number }

function validPoint(latitude: number | null | undefined, longitude: number | null | undefined): Point | null {
  if (typeof latitude !== 'number' || typeof longitude !== 'number') return null
  if (!Number.isFinite(latitude) || !Number.isFinite(longitude)) return null
  if (Math.abs(latitude) > 90 || Math.abs(longitude) > 180) return null
  return { latitude, longitude }
}

/** A cached search or reverse answer that ties this text to this point (no upstream request). */
async function cachedMatch(location: string, point: Point): Promise<GeocodeResult | null> {
  const reverse = await readCache(reverseCacheKey(point.latitude, point.longitude))
  if (reverse?.place && reverse.place.display_name.trim() === location) return toResult(reverse.place, point)
  const search = await readCache(searchCacheKey(location))
  if (search?.place && samePoint(search.place, point)) return toResult(search.place, point)
  return null
}

async function districtNear(point: Point) {
  try {
    return (await reverseGeocode(point.latitude, point.longitude))?.district ?? null
  } catch (error) {
    if (error instanceof GeocoderUnavailable) return null
    throw error
  }
}

const samePoint = (place: Place, point: Point) =>
  Math.abs(round6(place.lat) - point.latitude) < 2e-6 && Math.abs(round6(place.lon) - point.longitude) < 2e-6

function toResult(place: Place, point: Point): GeocodeResult {
  return {
    label: place.display_name,
    latitude: round6(point.latitude),
    longitude: round6(point.longitude),
    district: districtOf(place.address ?? {}),
  }
}

/** '<suburb, city district or neighbourhood>, <city, town or village>', never a street or number. */
export function districtOf(address: Record<string, unknown>) {
  const pick = (...keys: string[]) => {
    for (const key of keys) {
      const value = address[key]
      if (typeof value === 'string' && value.trim()) return value.trim()
    }
    return null
  }
  const area = pick('suburb', 'city_district', 'neighbourhood', 'quarter', 'borough')
  const place = pick('city', 'town', 'village', 'municipality', 'hamlet')
  if (area && place && area !== place) return `${area}, ${place}`
  return place ?? area ?? pick('county', 'state_district', 'state', 'country')
}

function parsePlace(value: unknown): Place {
  const result = PlaceSchema.safeParse(value)
  if (!result.success) throw new GeocoderUnavailable('Geocoder answered a place we cannot read')
  const { lat, lon, display_name, address } = result.data
  return { lat, lon, display_name, address }
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6

const searchCacheKey = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()
const reverseCacheKey = (latitude: number, longitude: number) =>
  `reverse:${latitude.toFixed(5)},${longitude.toFixed(5)}`

// ---- cache (one table, plain Kysely; the upsert is the only engine-sensitive piece) ----

async function readCache(key: string): Promise<{ place: Place | null } | null> {
  const row = await db.selectFrom('geocodeCache').select(['response', 'createdAt']).where('key', '=', key).executeTakeFirst()
  if (!row) return null
  let place: Place | null
  try {
    const stored: unknown = JSON.parse(row.response)
    place = stored === null ? null : PlaceSchema.parse(stored)
  } catch {
    return null
  }
  const lifetime = place ? foundLifetimeMs : notFoundLifetimeMs
  if (Date.now() - Date.parse(row.createdAt) > lifetime) return null
  return { place }
}

async function writeCache(key: string, place: Place | null) {
  const row = { key, response: JSON.stringify(place), createdAt: new Date().toISOString() }
  try {
    await db
      .insertInto('geocodeCache')
      .values(row)
      .onConflict((conflict) => conflict.column('key').doUpdateSet({ response: row.response, createdAt: row.createdAt }))
      .execute()
  } catch (error) {
    console.warn('Could not cache a geocoder answer:', error)
  }
}

/** Identical lookups in flight share one upstream request. */
const inFlight = new Map<string, Promise<Place | null>>()

async function cachedLookup(key: string, fetchPlace: () => Promise<Place | null>) {
  const cached = await readCache(key)
  if (cached) return cached.place
  let pending = inFlight.get(key)
  if (!pending) {
    pending = (async () => {
      const place = await fetchPlace()
      await writeCache(key, place)
      return place
    })().finally(() => inFlight.delete(key))
    inFlight.set(key, pending)
  }
  return pending
}

// ---- upstream ----

// Kept on globalThis so a dev-server module reload does not reset the spacing.
const globalStore = globalThis as typeof globalThis & { __pawpalGeocoderThrottle?: { nextSlotAt: number } }
const throttle = (globalStore.__pawpalGeocoderThrottle ??= { nextSlotAt: 0 })

/** Reserves the next free one-second slot and waits for it; callers queue in arrival order. */
async function waitForUpstreamSlot() {
  const now = Date.now()
  const slot = Math.max(now, throttle.nextSlotAt)
  if (slot - now > maxQueueWaitMs) throw new GeocoderUnavailable('Too many geocoder requests are queued')
  throttle.nextSlotAt = slot + upstreamIntervalMs
  if (slot > now) await new Promise((resolve) => setTimeout(resolve, slot - now))
}

async function requestUpstream(path: 'search' | 'reverse', params: Record<string, string>): Promise<unknown> {
  await waitForUpstreamSlot()
  const url = new URL(`${env.GEOCODER_URL.replace(/\/+$/, '')}/${path}`)
  url.search = new URLSearchParams(params).toString()
  try {
    const response = await fetch(url, {
      headers: {
        'User-Agent': `Pawpal/1.0 (+${env.PUBLIC_URL})`,
        'Accept-Language': 'en',
        Accept: 'application/json',
      },
      signal: AbortSignal.timeout(upstreamTimeoutMs),
    })
    if (!response.ok) throw new GeocoderUnavailable(`Geocoder answered ${response.status} to ${path}`)
    return (await response.json()) as unknown
  } catch (error) {
    const failure =
      error instanceof GeocoderUnavailable
        ? error
        : new GeocoderUnavailable(`Geocoder ${path} request failed: ${error instanceof Error ? error.message : String(error)}`, {
            cause: error,
          })
    console.warn(failure.message)
    throw failure
  }
}
