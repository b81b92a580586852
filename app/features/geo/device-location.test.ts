import { expect, test } from 'vitest'
import { deviceLocationFailureText, failureOfCode } from './device-location.ts'

test('each Geolocation API error code gets the banner text spec section 8 gives it', () => {
  // PERMISSION_DENIED = 1, POSITION_UNAVAILABLE = 2, TIMEOUT = 3 (W3C Geolocation API).
  expect(deviceLocationFailureText[failureOfCode(1)]).toBe('Location access denied. Please enable location services.')
  expect(deviceLocationFailureText[failureOfCode(2)]).toBe('Location information is unavailable.')
  expect(deviceLocationFailureText[failureOfCode(3)]).toBe('Location request timed out.')
  expect(deviceLocationFailureText[failureOfCode(0)]).toBe('Unable to retrieve your location.')
  expect(deviceLocationFailureText.unsupported).toBe('Geolocation is not supported by this browser.')
})
