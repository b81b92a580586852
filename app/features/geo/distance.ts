// Distances between two points on the earth, in miles (DESIGN.md ruling 15). Pure, safe in the browser.
// This file is the one place that knows how far apart two coordinates are: the available-dogs list
// narrows its query with `boundingBox` (plain comparisons, any SQL engine) and then measures each
// candidate with `distanceInMiles`.

export type GeoPoint = { latitude: number; longitude: number }

type Range = { min: number; max: number }

/** A latitude/longitude box; `longitude` null when the box spans every longitude. */
export type GeoBox = { latitude: Range; longitude: Range | null }

/** Every point on earth. */
export const wholeEarth: GeoBox = { latitude: { min: -90, max: 90 }, longitude: null }

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
export function boundingBox(center: GeoPoint, maxMiles: number): GeoBox {
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

/** The points inside both boxes (a range with min > max when they do not meet). */
export function intersectBoxes(a: GeoBox, b: GeoBox): GeoBox {
  const overlap = (x: Range, y: Range) => ({ min: Math.max(x.min, y.min), max: Math.min(x.max, y.max) })
  return {
    latitude: overlap(a.latitude, b.latitude),
    longitude: a.longitude && b.longitude ? overlap(a.longitude, b.longitude) : (a.longitude ?? b.longitude),
  }
}

/** Whether every point of `inner` lies in `outer`. */
export function boxContains(outer: GeoBox, inner: GeoBox) {
  const covers = (x: Range, y: Range) => x.min <= y.min && x.max >= y.max
  if (!covers(outer.latitude, inner.latitude)) return false
  if (!outer.longitude) return true
  return inner.longitude !== null && covers(outer.longitude, inner.longitude)
}

/** The middle of a box (of its latitude band alone when it spans every longitude: longitude 0). */
export function boxCentre(box: GeoBox): GeoPoint {
  const middle = (range: Range) => (range.min + range.max) / 2
  return { latitude: middle(box.latitude), longitude: box.longitude ? middle(box.longitude) : 0 }
}
