import type { GeoPoint } from './distance.ts'
import { geolocationOptions } from './map-settings.ts'

// The browser's own position (the map's 'Locate Me' and its request on load), with the spec's
// options and the texts of the map screen's red banner (spec section 8, 'Map and location').

export type DeviceLocationFailure = 'denied' | 'unavailable' | 'timeout' | 'failed' | 'unsupported'

export type DeviceLocation = { found: true; point: GeoPoint } | { found: false; failure: DeviceLocationFailure }

export const deviceLocationFailureText: Record<DeviceLocationFailure, string> = {
  denied: 'Location access denied. Please enable location services.',
  unavailable: 'Location information is unavailable.',
  timeout: 'Location request timed out.',
  failed: 'Unable to retrieve your location.',
  unsupported: 'Geolocation is not supported by this browser.',
}

/** What a GeolocationPositionError's code means (1, 2, 3 by the Geolocation API; anything else: failed). */
export function failureOfCode(code: number): DeviceLocationFailure {
  if (code === 1) return 'denied'
  if (code === 2) return 'unavailable'
  if (code === 3) return 'timeout'
  return 'failed'
}

/** Asks the browser where the device is; the browser may first ask the user. Never rejects. */
export function locateDevice(): Promise<DeviceLocation> {
  if (typeof navigator === 'undefined' || !('geolocation' in navigator)) {
    return Promise.resolve({ found: false, failure: 'unsupported' })
  }
  return new Promise((resolve) => {
    navigator.geolocation.getCurrentPosition(
      ({ coords }) => resolve({ found: true, point: { latitude: coords.latitude, longitude: coords.longitude } }),
      (error) => resolve({ found: false, failure: failureOfCode(error.code) }),
      geolocationOptions,
    )
  })
}
