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

/** Spec section 4: the map initialises after a 500 ms delay. */
export const mapInitDelayMs = 500

/** Spec section 9: high accuracy, 10 s timeout, a position cached up to 5 minutes is good enough. */
export const geolocationOptions: PositionOptions = { enableHighAccuracy: true, timeout: 10_000, maximumAge: 300_000 }

/** A map's view: where its centre is and how close it is. */
export type MapView = { centre: GeoPoint; zoom: number }
