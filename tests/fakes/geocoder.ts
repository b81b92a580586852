import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http'
import { listenOnLoopback, serveWhenRunDirectly } from './loopback-server.ts'

// A local stand-in for Nominatim (GEOCODER_URL) on loopback: /search and /reverse answer from a
// small fixed table of Zurich addresses, like the real service does (lat/lon as strings, an
// `address` object, [] or {"error": "Unable to geocode"} when nothing matches).
// Run directly (`node tests/fakes/geocoder.ts [--port N]`) it prints its URL and keeps serving.

export type FakePlace = {
  query: string
  lat: number
  lon: number
  display_name: string
  address: Record<string, string>
}

export const fakePlaces: FakePlace[] = [
  {
    query: 'Bahnhofstrasse 1, Zürich',
    lat: 47.3686,
    lon: 8.5392,
    display_name: '1, Bahnhofstrasse, Altstadt, Zürich, 8001, Switzerland',
    address: { house_number: '1', road: 'Bahnhofstrasse', suburb: 'Altstadt', city: 'Zürich', postcode: '8001', country: 'Switzerland' },
  },
  {
    query: 'Langstrasse 100, Zürich',
    lat: 47.3779,
    lon: 8.5268,
    display_name: '100, Langstrasse, Kreis 4, Zürich, 8004, Switzerland',
    address: { house_number: '100', road: 'Langstrasse', city_district: 'Kreis 4', city: 'Zürich', postcode: '8004', country: 'Switzerland' },
  },
  {
    query: 'Seefeldstrasse 50, Zürich',
    lat: 47.359,
    lon: 8.552,
    display_name: '50, Seefeldstrasse, Seefeld, Zürich, 8008, Switzerland',
    address: { house_number: '50', road: 'Seefeldstrasse', suburb: 'Seefeld', city: 'Zürich', postcode: '8008', country: 'Switzerland' },
  },
  {
    query: 'Universitätstrasse 6, Zürich',
    lat: 47.3763,
    lon: 8.5477,
    display_name: '6, Universitätstrasse, Oberstrass, Zürich, 8006, Switzerland',
    address: { house_number: '6', road: 'Universitätstrasse', neighbourhood: 'Oberstrass', city: 'Zürich', postcode: '8006', country: 'Switzerland' },
  },
  {
    query: 'Seestrasse 160, Kilchberg',
    lat: 47.3226,
    lon: 8.5488,
    display_name: '160, Seestrasse, Kilchberg, Bezirk Horgen, Zürich, 8802, Switzerland',
    address: { house_number: '160', road: 'Seestrasse', village: 'Kilchberg', county: 'Bezirk Horgen', postcode: '8802', country: 'Switzerland' },
  },
]

export type FakeGeocoderRequest = {
  method: string
  path: string
  query: Record<string, string>
  headers: IncomingHttpHeaders
  /** Date.now() when the request arrived. */
  at: number
}

export type FakeGeocoder = {
  url: string
  requests: FakeGeocoderRequest[]
  /** While down, every request gets 503 (an upstream outage). */
  setDown(down: boolean): void
  /** Every answer waits this long first (a slow upstream); 0 answers at once. */
  setDelay(ms: number): void
  close(): Promise<void>
}

const normalise = (text: string) => text.trim().replace(/\s+/g, ' ').toLowerCase()

/** Nearest table entry within about 300 m, as Nominatim snaps a point to the nearest object. */
function nearest(lat: number, lon: number) {
  let best: FakePlace | null = null
  let bestDistance = 0.003
  for (const place of fakePlaces) {
    const distance = Math.hypot(place.lat - lat, place.lon - lon)
    if (distance < bestDistance) {
      best = place
      bestDistance = distance
    }
  }
  return best
}

const asNominatim = (place: FakePlace) => ({
  place_id: fakePlaces.indexOf(place) + 1,
  lat: String(place.lat),
  lon: String(place.lon),
  display_name: place.display_name,
  address: place.address,
})

export async function start({ port = 0 }: { port?: number } = {}): Promise<FakeGeocoder> {
  const requests: FakeGeocoderRequest[] = []
  let down = false
  let delayMs = 0

  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://localhost')
    requests.push({
      method: request.method ?? 'GET',
      path: url.pathname,
      query: Object.fromEntries(url.searchParams),
      headers: request.headers,
      at: Date.now(),
    })
    if (delayMs > 0) setTimeout(() => answer(url, response), delayMs)
    else answer(url, response)
  })

  function answer(url: URL, response: ServerResponse) {
    const send = (status: number, body: unknown) => {
      response.writeHead(status, { 'content-type': 'application/json; charset=utf-8' })
      response.end(JSON.stringify(body))
    }
    if (down) return send(503, { error: 'Service unavailable' })
    if (url.searchParams.get('format') !== 'json') return send(400, { error: 'format=json expected' })

    if (url.pathname === '/search') {
      const query = normalise(url.searchParams.get('q') ?? '')
      const hit = fakePlaces.find((place) => normalise(place.query) === query || normalise(place.display_name) === query)
      return send(200, hit ? [asNominatim(hit)] : [])
    }
    if (url.pathname === '/reverse') {
      const lat = Number(url.searchParams.get('lat'))
      const lon = Number(url.searchParams.get('lon'))
      if (!Number.isFinite(lat) || !Number.isFinite(lon)) return send(400, { error: 'lat and lon are required' })
      const hit = nearest(lat, lon)
      return send(200, hit ? asNominatim(hit) : { error: 'Unable to geocode' })
    }
    return send(404, { error: 'Not found' })
  }

  const { origin, close } = await listenOnLoopback(server, port)
  return {
    url: origin,
    requests,
    setDown: (value) => {
      down = value
    },
    setDelay: (ms) => {
      delayMs = ms
    },
    close,
  }
}

// CLI mode: print the URL so a global setup (or a person) can point GEOCODER_URL at it.
await serveWhenRunDirectly(import.meta.url, (port) => start({ port }), (fake) => fake.url)
