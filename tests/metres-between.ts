// The great-circle (haversine) distance in metres on the mean-radius sphere, written out here so tests
// measure the app's points with their own ruler rather than with the code they check.
export type Point = { latitude: number; longitude: number }

export function metresBetween(a: Point, b: Point) {
  const radians = (degrees: number) => (degrees * Math.PI) / 180
  const h =
    Math.sin(radians(b.latitude - a.latitude) / 2) ** 2 +
    Math.cos(radians(a.latitude)) * Math.cos(radians(b.latitude)) * Math.sin(radians(b.longitude - a.longitude) / 2) ** 2
  return 2 * 6_371_000 * Math.asin(Math.min(1, Math.sqrt(h)))
}
