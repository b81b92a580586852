import { createHmac } from 'node:crypto'
import { deriveKey } from '#app/lib/secrets.server.ts'
import type { GeoPoint } from './distance.ts'

// DESIGN.md ruling 8: other users never see a user's exact coordinates, only a public point 150-600 m
// away from them. How the public point is made, and why it gives nothing back:
// - Every choice comes from one HMAC-SHA256, keyed with a secret derived from SESSION_SECRET, of the
//   user id and the exact point: without the key the offset cannot be computed, and since the exact
//   point is an input of the HMAC, the offset is a fresh random one for every address (stable while the
//   address is unchanged, so repeated reads cannot be averaged).
// - The HMAC picks a bearing and a distance; the destination uses fixed metres per degree, and the
//   longitude scale uses the cosine of the latitude rounded to 0.1 degree (an 11 km band, coarser than the
//   600 m the public point itself gives away). No grid, no snapping: the old grid sized by the cosine of
//   the EXACT latitude let `acos(k * grid / publicLongitude)` recover the latitude to a metre.
// - The published distance band is narrower than promised (155-590 m) to absorb that coarse cosine
//   (under 1% east-west below 85 degrees of latitude), so the real distance stays within 150-600 m.

const publicPointKey = deriveKey('public-location-point')

/** Metres per degree of latitude on the mean-radius sphere (6371 km). */
const metresPerDegree = (6_371_000 * Math.PI) / 180
const minimumMetres = 155
const maximumMetres = 590
/** Degrees the latitude is rounded to before its cosine scales the longitude offset. */
const coarseLatitudeStep = 0.1

/** The public point of a user living at (latitude, longitude). */
export function fuzzLocation(userId: string, latitude: number, longitude: number): GeoPoint {
  const digest = createHmac('sha256', publicPointKey)
    .update(JSON.stringify([userId, latitude.toFixed(6), longitude.toFixed(6)]))
    .digest()
  const bearing = unitInterval(digest, 0) * 2 * Math.PI
  // Uniform over the ring's area, not its radius: no pile-up of points near the inner edge.
  const metres = Math.sqrt(minimumMetres ** 2 + unitInterval(digest, 6) * (maximumMetres ** 2 - minimumMetres ** 2))

  const coarseLatitude = Math.round(latitude / coarseLatitudeStep) * coarseLatitudeStep
  const longitudeScale = Math.max(Math.cos((coarseLatitude * Math.PI) / 180), 0.01)
  const publicLatitude = latitude + (metres * Math.cos(bearing)) / metresPerDegree
  const publicLongitude = longitude + (metres * Math.sin(bearing)) / (metresPerDegree * longitudeScale)
  return {
    latitude: round6(Math.max(-90, Math.min(90, publicLatitude))),
    longitude: round6(wrapLongitude(publicLongitude)),
  }
}

/** 48 bits of the digest from `offset` as a number in [0, 1). */
const unitInterval = (digest: Buffer, offset: number) => digest.readUIntBE(offset, 6) / 2 ** 48

const wrapLongitude = (longitude: number) => ((((longitude + 180) % 360) + 360) % 360) - 180

const round6 = (value: number) => Math.round(value * 1e6) / 1e6
