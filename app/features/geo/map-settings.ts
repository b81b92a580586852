import type { GeoPoint } from './distance.ts'

// The map constants of spec section 9, shared by every map (the location picker, the sitter map).
// Safe in the browser.

/** The spec's default centre: Zurich. The sitter map opens here when it knows nothing better. */
export const defaultCentre: GeoPoint = { latitude: 47.3769, longitude: 8.5417 }
/** The city at the default centre, as texts name it ('Sitters around Zurich charge about...'). */
export const defaultCentreCity = 'Zurich'

/** Map screen zoom levels (spec section 9). */
export const mapZoom = {
  /** The fixed city centre. */
  city: 10,
  /** Around the user's location. */
  user: 13,
  /** A selected sitter. */
  sitter: 15,
} as const

/** The location picker's map: spec section 9 opens it at zoom 13 on the default centre; a chosen point shows closer. */
export const locationZoom = { start: 13, point: 16 } as const

/** Spec section 4: the map initialises after a 500 ms delay (the location picker's waits for its first use: decision 083). */
export const mapInitDelayMs = 500

/** Spec section 9: high accuracy, 10 s timeout, a position cached up to 5 minutes is good enough. */
export const geolocationOptions: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 }

/** A map's view: where its centre is and how close it is. */
export type MapView = { centre: GeoPoint; zoom: number }
