import { z } from 'zod'
import { type Kysely, sql } from 'kysely'
import { type Database, db } from '#app/lib/db.server.ts'
import { env } from '#app/lib/env.server.ts'
import { rateLimit } from '#app/lib/rate-limit.server.ts'

// DESIGN.md ruling 12: geocoding goes through our server. Answers (also 'not found') are cached in
// the database, upstream sees at most one request per second from all instances together (a slot
// shared in the database; decision 050), with a real
// User-Agent (the public Nominatim usage policy). Upstream trouble is a GeocoderUnavailable error.
// The upstream turns are shared fairly (docs/decisions/012-rate-limits.md): a client (an API user)
// has at most 3 lookups waiting for upstream and 10 upstream lookups a minute, and the queue serves
// clients round-robin, so one client's burst cannot push everyone else's lookups out.

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

/** The client asked for more upstream lookups than its share (answer 429 with Retry-After). */
export class GeocoderRateLimited extends Error {
  name = 'GeocoderRateLimited'
  retryAfterSeconds: number
  constructor(retryAfterSeconds: number) {
    super(tooManyLookupsMessage)
    this.retryAfterSeconds = retryAfterSeconds
  }
}

/**
 * Who a lookup is for. `client` (e.g. `user:<id>`) gets the per-client limits and its own place in the
 * round-robin; lookups without one (the server geocoding a submitted address) share one unlimited lane.
 */
export type LookupOptions = { client?: string }

export const notFoundMessage = 'Could not find the specified address.'
export const unavailableMessage = 'There was an error finding your location.'
export const tooManyLookupsMessage = 'Too many address lookups. Please try again later.'

const upstreamIntervalMs = 1000
const upstreamTimeoutMs = 5000
/** Lookups waiting for an upstream turn, all clients together (about 15 s of turns); more get GeocoderUnavailable. */
const maxQueuedLookups = 15
/** Lookups one client may have waiting for (or talking to) upstream at once; more get GeocoderRateLimited. */
const maxQueuedLookupsPerClient = 3
/** Upstream lookups per client (answers from the cache, or shared with an identical lookup in flight, are free). */
const upstreamLookupsPerClient = rateLimit({ limit: 10, windowMs: 60 * 1000 })
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
export async function searchAddress(query: string, { client }: LookupOptions = {}): Promise<GeocodeResult | null> {
  const text = query.trim().replace(/\s+/g, ' ')
  if (!text) return null
  const place = await cachedLookup(searchCacheKey(text), client, async () => {
    const body = await requestUpstream('search', { format: 'json', q: text, limit: '1', addressdetails: '1' })
    if (!Array.isArray(body)) throw new GeocoderUnavailable('Geocoder search answered something other than a list')
    if (body.length === 0) return null
    return parsePlace(body[0])
  })
  return place && toResult(place, { latitude: place.lat, longitude: place.lon })
}

/** Reverse geocoding: the address at a point (coordinates echo the point asked for), or null. */
export async function reverseGeocode(
  latitude: number,
  longitude: number,
  { client }: LookupOptions = {},
): Promise<GeocodeResult | null> {
  if (!validPoint(latitude, longitude)) return null
  const place = await cachedLookup(reverseCacheKey(latitude, longitude), client, async () => {
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

async function cachedLookup(key: string, client: string | undefined, fetchPlace: () => Promise<Place | null>) {
  const cached = await readCache(key)
  if (cached) return cached.place
  const shared = inFlight.get(key)
  if (shared) return shared
  const admission = await admit(client)
  const raced = inFlight.get(key) // an identical lookup started while the quota was checked
  if (raced) {
    admission.leave()
    await admission.refund()
    return raced
  }
  const pending = (async () => {
    try {
      await waitForUpstreamTurn(admission.lane).catch(async (error: unknown) => {
        await admission.refund() // never reached upstream
        throw error
      })
      await waitUntil(await reserveUpstreamSlot())
      const place = await fetchPlace()
      await writeCache(key, place)
      return place
    } finally {
      admission.leave()
    }
  })().finally(() => inFlight.delete(key))
  inFlight.set(key, pending)
  return pending
}

// ---- the fair upstream queue ----

const serverLane = '(server)'

type UpstreamQueue = {
  /** The earliest time the next upstream request may start. */
  nextSlotAt: number
  /** Waiting lookups per lane, lanes in turn order: a served lane moves to the back (round-robin). */
  lanes: Map<string, Array<() => void>>
  waiting: number
  /** Lookups per client admitted and not finished (waiting or talking to upstream). */
  admitted: Map<string, number>
  timer: ReturnType<typeof setTimeout> | null
}

// Kept on globalThis so a dev-server module reload does not reset the spacing or fork the queue.
const globalStore = globalThis as typeof globalThis & { __pawpalGeocoderQueue?: UpstreamQueue }
const queue: UpstreamQueue = (globalStore.__pawpalGeocoderQueue ??= { nextSlotAt: 0, lanes: new Map(), waiting: 0, admitted: new Map(), timer: null })

/**
 * Lets a client's lookup go upstream: a place in its share of the queue (taken synchronously, so a
 * burst of concurrent lookups cannot all pass) and a slot of its per-minute quota, or GeocoderRateLimited.
 */
async function admit(client: string | undefined) {
  if (!client) return { lane: serverLane, leave: () => {}, refund: async () => {} }
  const admitted = queue.admitted.get(client) ?? 0
  if (admitted >= maxQueuedLookupsPerClient) throw new GeocoderRateLimited(secondsUntilNextTurn())
  queue.admitted.set(client, admitted + 1)
  let left = false
  const leave = () => {
    if (left) return
    left = true
    const remaining = (queue.admitted.get(client) ?? 1) - 1
    if (remaining > 0) queue.admitted.set(client, remaining)
    else queue.admitted.delete(client)
  }
  try {
    const slot = await upstreamLookupsPerClient.take(`geocode:${client}`)
    if (!slot.ok) throw new GeocoderRateLimited(slot.retryAfterSeconds)
    return { lane: client, leave, refund: slot.refund }
  } catch (error) {
    leave()
    throw error
  }
}

/** About how long until a client with a full share has one of its lookups served (every waiting lane gets a turn first). */
function secondsUntilNextTurn() {
  const untilSlot = Math.max(0, queue.nextSlotAt - Date.now())
  return Math.max(1, Math.ceil((untilSlot + Math.max(0, queue.lanes.size - 1) * upstreamIntervalMs) / 1000))
}

/** Waits for this lane's turn: one upstream request per second, lanes served round-robin, each lane in arrival order. */
async function waitForUpstreamTurn(lane: string) {
  if (queue.waiting === 0 && Date.now() >= queue.nextSlotAt) {
    queue.nextSlotAt = Date.now() + upstreamIntervalMs
    return
  }
  if (queue.waiting >= maxQueuedLookups) throw new GeocoderUnavailable('Too many geocoder requests are queued')
  await new Promise<void>((resolve) => {
    const waiters = queue.lanes.get(lane)
    if (waiters) waiters.push(resolve)
    else queue.lanes.set(lane, [resolve])
    queue.waiting++
    scheduleNextTurn()
  })
}

function scheduleNextTurn() {
  if (queue.timer || queue.waiting === 0) return
  queue.timer = setTimeout(serveNextTurn, Math.max(0, queue.nextSlotAt - Date.now()))
}

function serveNextTurn() {
  queue.timer = null
  const next = queue.lanes.entries().next()
  if (!next.done) {
    const [lane, waiters] = next.value
    const resolve = waiters.shift()
    queue.lanes.delete(lane)
    if (waiters.length > 0) queue.lanes.set(lane, waiters)
    queue.waiting--
    queue.nextSlotAt = Date.now() + upstreamIntervalMs
    resolve?.()
  }
  scheduleNextTurn()
}

// ---- the upstream slot shared by all instances ----

/**
 * Reserves the next upstream slot of all app instances on this database (one a second): the time this
 * instance's request may start. One statement moves the shared slot on from what it finds, so two
 * instances never reserve the same second; one instance alone, already spaced by its queue, finds its
 * slot free right away.
 */
export async function reserveUpstreamSlot(now = Date.now(), database: Kysely<Database> = db) {
  const slotAt = sql<number>`case when "nextSlotAt" > ${now} then "nextSlotAt" else ${now} end`
  const { nextSlotAt } = await database
    .updateTable('geocoderSlot')
    .set({ nextSlotAt: sql<number>`${slotAt} + ${upstreamIntervalMs}` })
    .where('id', '=', 1)
    .returning('nextSlotAt')
    .executeTakeFirstOrThrow()
  return nextSlotAt - upstreamIntervalMs
}

async function waitUntil(instant: number) {
  const delay = instant - Date.now()
  if (delay > 0) await new Promise((resolve) => setTimeout(resolve, delay))
}

// ---- upstream ----

async function requestUpstream(path: 'search' | 'reverse', params: Record<string, string>): Promise<unknown> {
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
