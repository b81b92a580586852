// Distances between two points on the earth, in miles (DESIGN.md ruling 15). Pure, safe in the browser.
// This file is the one place that knows how far apart two coordinates are: the available-dogs list
// narrows its query with `boundingBox` (plain comparisons, any SQL engine) and then measures each
// candidate with `distanceInMiles`.

export type GeoPoint = { latitude: number; longitude: number }

/** Mean earth radius (IUGG), in miles. */
export const earthRadiusMiles = 3958.8

const toRadians = (degrees: number) => (degrees * Math.PI) / 180

/** Great-circle (haversine) distance between two points, in miles. */
export function distanceInMiles(a: GeoPoint, b: GeoPoint): number {
  const dLatitude = toRadians(b.latitude - a.latitude)
  const dLongitude = toRadians(b.longitude - a.longitude)
  const h =
    Math.sin(dLatitude / 2) ** 2 +
    Math.cos(toRadians(a.latitude)) * Math.cos(toRadians(b.latitude)) * Math.sin(dLongitude / 2) ** 2
  return 2 * earthRadiusMiles * Math.asin(Math.min(1, Math.sqrt(h)))
}

/** Miles rounded to one decimal, as they are shown ('1.2 miles away'). */
export function roundMiles(miles: number) {
  return Math.round(miles * 10) / 10
}

/** '1.2': the numeric string of the API and the cards. */
export function formatMiles(miles: number) {
  return roundMiles(miles).toFixed(1)
}

/**
 * Whether a distance passes a 'max distance' filter. The shown (rounded) value is compared, so a card
 * never reads '5.0 miles away' while a 5-mile filter hides it: 4.9 passes 5, 5.1 does not.
 */
export function isWithinMiles(miles: number, maxMiles: number) {
  return roundMiles(miles) <= maxMiles
}

/** Every point a `isWithinMiles(…, maxMiles)` check can accept lies a little less than this far away. */
const roundingAllowance = 0.05

/**
 * A latitude/longitude box that contains every point `isWithinMiles` accepts around `center`, for a
 * cheap first cut in SQL. `longitude` is null when the box would wrap the antimeridian or reach a pole
 * (then only the latitude band narrows the search).
 */
export function boundingBox(center: GeoPoint, maxMiles: number) {
  const miles = Math.max(0, maxMiles) + roundingAllowance
  // The shortest degree of latitude is about 68.7 miles: dividing by less than that keeps the box generous.
  const latitudeDelta = (miles / 68.5) * 1.01
  const latitude = { min: center.latitude - latitudeDelta, max: center.latitude + latitudeDelta }
  const farthestLatitude = Math.max(Math.abs(latitude.min), Math.abs(latitude.max))
  if (farthestLatitude >= 89) return { latitude, longitude: null }
  const milesPerLongitudeDegree = ((earthRadiusMiles * Math.PI) / 180) * Math.cos(toRadians(farthestLatitude))
  const longitudeDelta = (miles / milesPerLongitudeDegree) * 1.01
  const longitude = { min: center.longitude - longitudeDelta, max: center.longitude + longitudeDelta }
  if (longitude.min < -180 || longitude.max > 180) return { latitude, longitude: null }
  return { latitude, longitude }
}
