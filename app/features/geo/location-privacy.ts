import { createHash } from 'node:crypto'

// DESIGN.md ruling 8: other users never see exact coordinates. We move the point by a stable,
// per-user offset of up to ~250 m and snap it to a ~500 m grid, so repeated reads cannot be
// averaged back to the true position and the marker does not jump between visits.
const gridDegreesLatitude = 0.0045 // ≈ 500 m

export function fuzzLocation(userId: string, latitude: number, longitude: number) {
  const digest = createHash('sha256').update(`location:${userId}`).digest()
  const unitA = digest.readUInt32BE(0) / 0xffffffff - 0.5
  const unitB = digest.readUInt32BE(4) / 0xffffffff - 0.5
  const gridLongitude = gridDegreesLatitude / Math.max(Math.cos((latitude * Math.PI) / 180), 0.01)
  const shiftedLatitude = latitude + unitA * gridDegreesLatitude
  const shiftedLongitude = longitude + unitB * gridLongitude
  return {
    latitude: round6(Math.round(shiftedLatitude / gridDegreesLatitude) * gridDegreesLatitude),
    longitude: round6(Math.round(shiftedLongitude / gridLongitude) * gridLongitude),
  }
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6
