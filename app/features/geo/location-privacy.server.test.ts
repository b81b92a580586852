import { describe, expect, test, vi } from 'vitest'
import { metresBetween, type Point } from '#tests/metres-between.ts'
import { fuzzLocation } from './location-privacy.server.ts'

// DESIGN.md ruling 8: the public point is 150-600 m from the home, stable while the address is
// unchanged, and neither computable nor invertible without the server secret.

/** A small seeded generator (mulberry32), so every run checks the same points. */
function randomFrom(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32
  }
}

type Home = Point & { userId: string }
type Area = { latitude: [number, number]; longitude: [number, number] }

/** Homes at six decimals, as the app stores them, each of its own user (ids from the same generator). */
function randomHomes(count: number, seed: number, area: Area): Home[] {
  const random = randomFrom(seed)
  const between = ([low, high]: [number, number]) => Math.round((low + random() * (high - low)) * 1e6) / 1e6
  return Array.from({ length: count }, () => ({
    userId: `user-${Math.floor(random() * 2 ** 32).toString(16)}`,
    latitude: between(area.latitude),
    longitude: between(area.longitude),
  }))
}

const aroundZurich: Area = { latitude: [47.3, 47.45], longitude: [8.45, 8.62] }
const inhabitedWorld: Area = { latitude: [-80, 80], longitude: [-180, 180] }

const publicPointOf = (home: Home) => fuzzLocation(home.userId, home.latitude, home.longitude)

describe('the public point', () => {
  test('is between 150 and 600 m from the home, anywhere people live', () => {
    const homes = [...randomHomes(2000, 1, inhabitedWorld), ...randomHomes(500, 2, aroundZurich)]

    const distances = homes.map((home) => metresBetween(home, publicPointOf(home)))

    expect(Math.min(...distances)).toBeGreaterThanOrEqual(150)
    expect(Math.max(...distances)).toBeLessThanOrEqual(600)
  })

  test('points in every direction, not along a grid', () => {
    const homes = randomHomes(400, 3, aroundZurich)
    const quadrants = new Set(
      homes.map((home) => {
        const shown = publicPointOf(home)
        return `${shown.latitude > home.latitude ? 'N' : 'S'}${shown.longitude > home.longitude ? 'E' : 'W'}`
      }),
    )

    expect(quadrants).toEqual(new Set(['NE', 'NW', 'SE', 'SW']))
  })

  test('lies anywhere in the ring: every 50 m band from 150 to 600 m holds public points', () => {
    const homes = randomHomes(2000, 9, inhabitedWorld)
    const bands = new Set(homes.map((home) => Math.floor(metresBetween(home, publicPointOf(home)) / 50) * 50))

    expect([...bands].toSorted((a, b) => a - b)).toEqual([150, 200, 250, 300, 350, 400, 450, 500, 550])
  })

  test("spreads evenly over the ring's area, not piled up near the home: about a fifth of the points within 300 m", () => {
    const homes = randomHomes(2000, 10, aroundZurich)
    const near = homes.filter((home) => metresBetween(home, publicPointOf(home)) < 300)

    // (300² - 150²) / (600² - 150²) = 20% of the ring's area; spread evenly over the radius it would be a third.
    expect(near.length / homes.length).toBeGreaterThan(0.15)
    expect(near.length / homes.length).toBeLessThan(0.25)
  })

  test('stays the same while the address is unchanged', () => {
    const [home] = randomHomes(1, 4, aroundZurich) as [Home]

    expect(publicPointOf(home)).toEqual(publicPointOf({ ...home }))
  })

  test('moves to an unrelated place when the user moves, even next door', () => {
    const [home] = randomHomes(1, 5, aroundZurich) as [Home]
    const nextDoor = { ...home, latitude: home.latitude + 0.0003 }

    const before = publicPointOf(home)
    const after = publicPointOf(nextDoor)

    expect(after).not.toEqual(before)
    // Not the same offset shifted along: the direction and distance from the home are new.
    const offsetBefore = { latitude: before.latitude - home.latitude, longitude: before.longitude - home.longitude }
    const offsetAfter = { latitude: after.latitude - nextDoor.latitude, longitude: after.longitude - nextDoor.longitude }
    expect(metresBetween({ latitude: 0, longitude: 0 }, offsetBefore)).not.toBeCloseTo(
      metresBetween({ latitude: 0, longitude: 0 }, offsetAfter),
      0,
    )
  })

  test('differs between two users at the same address', () => {
    const [home] = randomHomes(1, 6, aroundZurich) as [Home]

    expect(publicPointOf({ ...home, userId: crypto.randomUUID() })).not.toEqual(publicPointOf(home))
  })

  test('does not give the latitude back to the acos attack on a longitude grid', () => {
    // The attack on a grid sized by the exact latitude: longitude = k * 0.0045 / cos(latitude) for a whole k.
    const homes = randomHomes(300, 7, aroundZurich)
    const recovered = homes.filter((home) => {
      const shown = publicPointOf(home)
      const k = Math.round((shown.longitude * Math.cos((shown.latitude * Math.PI) / 180)) / 0.0045)
      const latitude = (Math.acos((k * 0.0045) / shown.longitude) * 180) / Math.PI
      return metresBetween(home, { latitude, longitude: home.longitude }) < 100
    })

    // A guess anywhere within 600 m lands within 100 m now and then; the grid gave every latitude back.
    expect(recovered.length / homes.length).toBeLessThan(0.15)
  })

  test('cannot be computed without the server secret: another SESSION_SECRET gives another point', async () => {
    const [home] = randomHomes(1, 8, aroundZurich) as [Home]
    const ours = publicPointOf(home)
    const secret = process.env.SESSION_SECRET
    vi.resetModules()
    process.env.SESSION_SECRET = 'another-secret-another-secret-another-secret'
    try {
      const elsewhere = await import('./location-privacy.server.ts')
      const theirs = elsewhere.fuzzLocation(home.userId, home.latitude, home.longitude)

      expect(theirs).not.toEqual(ours)
      expect(metresBetween(home, theirs)).toBeGreaterThanOrEqual(150)
      expect(metresBetween(home, theirs)).toBeLessThanOrEqual(600)
    } finally {
      process.env.SESSION_SECRET = secret
      vi.resetModules()
    }
  })
})
