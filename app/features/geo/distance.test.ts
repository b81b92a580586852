import { describe, expect, test } from 'vitest'
import {
  boundingBox,
  boxCentre,
  boxContains,
  distanceInMiles,
  formatMiles,
  type GeoPoint,
  intersectBoxes,
  isWithinMiles,
  roundMiles,
  wholeEarth,
} from './distance.ts'

const zurich: GeoPoint = { latitude: 47.3769, longitude: 8.5417 }

/** A point `miles` due north of `from`: along a meridian the great-circle distance is R times the angle. */
function northOf(from: GeoPoint, miles: number): GeoPoint {
  const degreesPerMile = 180 / Math.PI / 3958.8
  return { latitude: from.latitude + miles * degreesPerMile, longitude: from.longitude }
}

describe('distanceInMiles', () => {
  test('the same point is 0 miles away', () => {
    expect(distanceInMiles(zurich, zurich)).toBe(0)
  })

  test('one degree of latitude is about 69 miles', () => {
    const oneDegreeNorth = { latitude: zurich.latitude + 1, longitude: zurich.longitude }
    expect(distanceInMiles(zurich, oneDegreeNorth)).toBeCloseTo(69.09, 1)
  })

  test('Zurich main station to Bern main station is about 59 miles as the crow flies', () => {
    const zurichHb = { latitude: 47.3782, longitude: 8.5402 }
    const bernHb = { latitude: 46.949, longitude: 7.4391 }
    expect(distanceInMiles(zurichHb, bernHb)).toBeGreaterThan(58)
    expect(distanceInMiles(zurichHb, bernHb)).toBeLessThan(60)
  })

  test('London to New York is about 3,460 miles (great circle, not a flat map)', () => {
    const london = { latitude: 51.5007, longitude: -0.1246 }
    const newYork = { latitude: 40.6892, longitude: -74.0445 }
    expect(distanceInMiles(london, newYork)).toBeGreaterThan(3450)
    expect(distanceInMiles(london, newYork)).toBeLessThan(3475)
  })

  test('is symmetric', () => {
    const other = { latitude: 47.41, longitude: 8.6 }
    expect(distanceInMiles(zurich, other)).toBeCloseTo(distanceInMiles(other, zurich), 10)
  })

  test('east-west miles shrink with latitude: 0.1 degrees of longitude is shorter in Zurich than at the equator', () => {
    const east = { latitude: zurich.latitude, longitude: zurich.longitude + 0.1 }
    const equator = { latitude: 0, longitude: 0 }
    const equatorEast = { latitude: 0, longitude: 0.1 }
    expect(distanceInMiles(zurich, east)).toBeLessThan(distanceInMiles(equator, equatorEast) * 0.7)
  })
})

describe('isWithinMiles (the max distance filter)', () => {
  test('a point 4.9 miles away passes a 5-mile filter, one 5.1 miles away does not', () => {
    const near = distanceInMiles(zurich, northOf(zurich, 4.9))
    const far = distanceInMiles(zurich, northOf(zurich, 5.1))
    expect(near).toBeCloseTo(4.9, 6)
    expect(far).toBeCloseTo(5.1, 6)
    expect(isWithinMiles(near, 5)).toBe(true)
    expect(isWithinMiles(far, 5)).toBe(false)
  })

  test('exactly the maximum passes, and a 0-mile filter keeps only what rounds to 0.0', () => {
    expect(isWithinMiles(5, 5)).toBe(true)
    expect(isWithinMiles(0.04, 0)).toBe(true)
    expect(isWithinMiles(0.06, 0)).toBe(false)
  })

  test('what the card shows is what is filtered: 5.04 reads 5.0 and passes 5, 5.06 reads 5.1 and does not', () => {
    expect(formatMiles(5.04)).toBe('5.0')
    expect(isWithinMiles(5.04, 5)).toBe(true)
    expect(formatMiles(5.06)).toBe('5.1')
    expect(isWithinMiles(5.06, 5)).toBe(false)
  })
})

describe('formatMiles and roundMiles', () => {
  test('one decimal', () => {
    expect(formatMiles(1.234)).toBe('1.2')
    expect(formatMiles(0)).toBe('0.0')
    expect(formatMiles(9.96)).toBe('10.0')
    expect(roundMiles(3.45678)).toBe(3.5)
  })
})

describe('boundingBox', () => {
  test('contains every point that passes the filter, in every direction', () => {
    for (const center of [zurich, { latitude: -33.87, longitude: 151.21 }, { latitude: 0, longitude: 0 }, { latitude: 70, longitude: 20 }]) {
      const box = boundingBox(center, 10)
      for (let bearing = 0; bearing < 360; bearing += 7.5) {
        const point = destination(center, 10.04, bearing)
        expect(isWithinMiles(distanceInMiles(center, point), 10)).toBe(true)
        expect(point.latitude).toBeGreaterThanOrEqual(box.latitude.min)
        expect(point.latitude).toBeLessThanOrEqual(box.latitude.max)
        expect(box.longitude).not.toBeNull()
        expect(point.longitude).toBeGreaterThanOrEqual(box.longitude!.min)
        expect(point.longitude).toBeLessThanOrEqual(box.longitude!.max)
      }
    }
  })

  test('is a narrow cut: a point 12 miles north is outside a 10-mile box', () => {
    const box = boundingBox(zurich, 10)
    expect(northOf(zurich, 12).latitude).toBeGreaterThan(box.latitude.max)
  })

  test('drops the longitude bounds where they would wrap the antimeridian or reach a pole', () => {
    expect(boundingBox({ latitude: 0, longitude: 179.99 }, 10).longitude).toBeNull()
    expect(boundingBox({ latitude: 89.95, longitude: 0 }, 10).longitude).toBeNull()
  })
})

/** The point `miles` from `from` on an initial bearing (degrees), on the same sphere. */
function destination(from: GeoPoint, miles: number, bearingDegrees: number): GeoPoint {
  const angular = miles / 3958.8
  const bearing = (bearingDegrees * Math.PI) / 180
  const lat1 = (from.latitude * Math.PI) / 180
  const lon1 = (from.longitude * Math.PI) / 180
  const lat2 = Math.asin(Math.sin(lat1) * Math.cos(angular) + Math.cos(lat1) * Math.sin(angular) * Math.cos(bearing))
  const lon2 =
    lon1 + Math.atan2(Math.sin(bearing) * Math.sin(angular) * Math.cos(lat1), Math.cos(angular) - Math.sin(lat1) * Math.sin(lat2))
  return { latitude: (lat2 * 180) / Math.PI, longitude: (lon2 * 180) / Math.PI }
}

describe('boxes', () => {
  const zurichBox = { latitude: { min: 47.3, max: 47.45 }, longitude: { min: 8.4, max: 8.65 } }

  test('intersectBoxes keeps what both boxes cover; an everywhere-longitude box leaves the other one’s', () => {
    expect(intersectBoxes(zurichBox, { latitude: { min: 47.4, max: 48 }, longitude: { min: 8.5, max: 9 } })).toEqual({
      latitude: { min: 47.4, max: 47.45 },
      longitude: { min: 8.5, max: 8.65 },
    })
    expect(intersectBoxes(zurichBox, wholeEarth)).toEqual(zurichBox)
  })

  test('boxContains: a box holds itself and smaller boxes; a longitude band does not hold the whole earth', () => {
    expect(boxContains(zurichBox, zurichBox)).toBe(true)
    expect(boxContains(wholeEarth, zurichBox)).toBe(true)
    expect(boxContains(zurichBox, wholeEarth)).toBe(false)
    expect(boxContains(boundingBox(zurich, 1), zurichBox)).toBe(false)
    expect(boxContains(boundingBox(zurich, 50), zurichBox)).toBe(true)
  })

  test('boxCentre is the middle of the box', () => {
    expect(boxCentre(zurichBox).latitude).toBeCloseTo(47.375, 10)
    expect(boxCentre(zurichBox).longitude).toBeCloseTo(8.525, 10)
  })
})
