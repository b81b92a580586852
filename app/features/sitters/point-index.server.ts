import { type Expression, type RawBuilder, type SqlBool, sql } from 'kysely'
import { earthRadiusMiles, type GeoBox, type GeoPoint } from '#app/features/geo/distance.ts'
import { db, engine } from '#app/lib/db.server.ts'

// "Where are the sitters" (decisions 016 and 044). On SQLite the R*Tree `sitterPoints` holds the PUBLIC
// point of every listed sitter (db/migrations/002 keeps it in step), keyed by sitterListings.key; on
// PostgreSQL the listing's own `position` (longitude, latitude) has a GiST index. Callers see neither.

export type IndexedPoint = { key: number; latitude: number; longitude: number }

/**
 * The listed sitters whose public point lies inside `box`, as a table to join on `key`. The R*Tree stores
 * 32-bit floats rounded outwards, so asking for entries CONTAINED in the box (rather than overlapping it)
 * never lets a point from outside in; a point within a metre of the edge may stay out.
 */
export function sitterPointsInside(box: GeoBox): RawBuilder<IndexedPoint> {
  return engine === 'postgres' ? postgresPointsInside(box) : sqlitePointsInside(box)
}

function sqlitePointsInside(box: GeoBox): RawBuilder<IndexedPoint> {
  const longitude = box.longitude
    ? sql`and minLongitude >= ${box.longitude.min} and maxLongitude <= ${box.longitude.max}`
    : sql``
  return sql<IndexedPoint>`(
    select key, (minLatitude + maxLatitude) / 2 as latitude, (minLongitude + maxLongitude) / 2 as longitude
    from sitterPoints
    where minLatitude >= ${box.latitude.min} and maxLatitude <= ${box.latitude.max} ${longitude}
  )`
}

/** GiST finds the points inside a box (`<@`, edges included) exactly: PostgreSQL keeps the doubles. */
function postgresPointsInside(box: GeoBox): RawBuilder<IndexedPoint> {
  const longitude = box.longitude ?? { min: -180, max: 180 }
  return sql<IndexedPoint>`(
    select key, "position"[1] as latitude, "position"[0] as longitude
    from "sitterListings"
    where "position" <@ box(point(${longitude.min}, ${box.latitude.min}), point(${longitude.max}, ${box.latitude.max}))
  )`
}

/**
 * A listed sitter's point as the index holds it, to test in memory what the index would answer: on SQLite
 * the R*Tree's box of 32-bit floats around the public point (its middle is the point sitterPointsInside
 * gives), on PostgreSQL the point itself (min = max).
 */
export type IndexedPointBounds = {
  key: number
  sitterId: string
  minLatitude: number
  maxLatitude: number
  minLongitude: number
  maxLongitude: number
}

/** The listed sitters whose point the index finds inside `box` (which has a longitude range), as the index holds them. */
export async function sitterPointBoundsInside(box: GeoBox): Promise<IndexedPointBounds[]> {
  const longitude = box.longitude ?? { min: -180, max: 180 }
  const { rows } = await (engine === 'postgres'
    ? sql<IndexedPointBounds>`
        select key, "sitterId", "position"[1] as "minLatitude", "position"[1] as "maxLatitude",
          "position"[0] as "minLongitude", "position"[0] as "maxLongitude"
        from "sitterListings"
        where "position" <@ box(point(${longitude.min}, ${box.latitude.min}), point(${longitude.max}, ${box.latitude.max}))`
    : sql<IndexedPointBounds>`
        select p.key, l.sitterId, p.minLatitude, p.maxLatitude, p.minLongitude, p.maxLongitude
        from sitterPoints p cross join sitterListings l
        where l.key = p.key and p.minLatitude >= ${box.latitude.min} and p.maxLatitude <= ${box.latitude.max}
          and p.minLongitude >= ${longitude.min} and p.maxLongitude <= ${longitude.max}`
  ).execute(db)
  return rows
}

/** Whether sitterPointsInside(box) would find this point: the same comparisons, made in memory. */
export function isIndexedInside(point: IndexedPointBounds, box: GeoBox) {
  return (
    point.minLatitude >= box.latitude.min &&
    point.maxLatitude <= box.latitude.max &&
    (box.longitude === null || (point.minLongitude >= box.longitude.min && point.maxLongitude <= box.longitude.max))
  )
}

/** The point sitterPointsInside gives for an indexed point: the middle of what the index holds. */
export function indexedPointOf(point: IndexedPointBounds): GeoPoint {
  return { latitude: (point.minLatitude + point.maxLatitude) / 2, longitude: (point.minLongitude + point.maxLongitude) / 2 }
}

/** Listed sitters without a public point (no location): a condition on sitterListings. */
export const hasNoIndexedPoint: Expression<SqlBool> =
  engine === 'postgres'
    ? sql<SqlBool>`"sitterListings"."position" is null`
    : sql<SqlBool>`"sitterListings"."key" not in (select key from sitterPoints)`

const halfRadians = Math.PI / 360

/**
 * How far a point's columns are from `origin`, as the haversine term h = sin²(Δφ/2) + cos φ0 · cos φ ·
 * sin²(Δλ/2) in SQL: it grows with the great-circle distance (d = 2R · asin √h), so it orders by distance
 * and compares with `haversineOf(miles)` exactly, at half the function calls of the distance itself.
 */
export function haversineFrom(origin: GeoPoint, latitude: Expression<number>, longitude: Expression<number>) {
  return sql<number>`(
    power(sin((${latitude} - ${origin.latitude}) * ${halfRadians}), 2) +
    ${Math.cos(origin.latitude * 2 * halfRadians)} * cos(${latitude} * ${2 * halfRadians}) *
    power(sin((${longitude} - ${origin.longitude}) * ${halfRadians}), 2)
  )`
}

/** The cosine `haversineFrom` takes of a point's latitude, to keep with a point measured again and again. */
export const latitudeCosine = (latitude: number) => Math.cos(latitude * (2 * halfRadians))

/**
 * `haversineFrom` in memory, for points already read: the same operations in the same order, so points
 * come out in the order the SQL sorts them (up to the last bit of the engine's sine); and a bound no point
 * of a box can come under, to skip boxes of points that cannot be among the nearest.
 */
export function haversineInMemoryFrom(origin: GeoPoint) {
  const originCosine = Math.cos(origin.latitude * 2 * halfRadians)
  const squaredSine = (degrees: number) => Math.sin(degrees * halfRadians) ** 2
  return {
    of(point: GeoPoint, cosine: number) {
      const latitudeSine = Math.sin((point.latitude - origin.latitude) * halfRadians)
      const longitudeSine = Math.sin((point.longitude - origin.longitude) * halfRadians)
      return latitudeSine * latitudeSine + originCosine * cosine * (longitudeSine * longitudeSine)
    },
    /** At most the term of any point in `box` (which has a longitude range): each part at its smallest. */
    lowestIn(box: GeoBox) {
      const longitude = box.longitude ?? { min: -180, max: 180 }
      const gap = (value: number, range: { min: number; max: number }) => Math.max(0, range.min - value, value - range.max)
      const smallestCosine = Math.min(latitudeCosine(box.latitude.min), latitudeCosine(box.latitude.max))
      const lowest = squaredSine(gap(origin.latitude, box.latitude)) + originCosine * smallestCosine * squaredSine(gap(origin.longitude, longitude))
      // A hair lower, so that rounding never makes it exceed the term of a point on the box's edge.
      return lowest * (1 - 1e-9)
    },
  }
}

/** The haversine term of a distance in miles, to compare `haversineFrom` with. */
export function haversineOf(miles: number) {
  return Math.sin(Math.min(Math.PI / 2, miles / earthRadiusMiles / 2)) ** 2
}
