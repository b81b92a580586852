import type { Insertable, Kysely, Transaction } from 'kysely'
import { listingTimes } from '#app/features/bookings/slots.ts'
import { dogAgeGroups, dogSizes } from '#app/features/dogs/options.ts'
import { fuzzLocation } from '#app/features/geo/location-privacy.server.ts'
import { experienceLevels, type SitterService, sitterServices } from '#app/features/sitters/options.ts'
import type { Database } from '#app/lib/db-schema.ts'
import { createRandom, type District, districts, type Random, reviewComments, sitterClosings, sitterIntroductions } from './seed.ts'

// The large data set of the benchmarks (DESIGN.md section 8, issue 9): sitters around Zurich and across
// Switzerland, with owners, dogs and reviewed bookings, deterministic (every choice from a seeded stream)
// and fast (plain inserts in transactions, no pictures). Sitters' services, sizes and schedules go in
// before their profile, so the triggers of db/migrations/002 index each sitter once.

export type LargeDataCounts = { zurich: number; country: number }

export const defaultLargeDataCounts: LargeDataCounts = { zurich: 10_000, country: 100_000 }

const zurichCentre = { latitude: 47.3769, longitude: 8.5417 }
const referenceDate = Date.parse('2026-01-05T09:00:00Z')
const day = 24 * 60 * 60 * 1000

/** Towns with a weight (about their population in thousands) that places the country's sitters. */
const towns = [
  ['Zürich', 47.3769, 8.5417, 420], ['Genève', 46.2044, 6.1432, 200], ['Basel', 47.5596, 7.5886, 175],
  ['Lausanne', 46.5197, 6.6323, 140], ['Bern', 46.948, 7.4474, 135], ['Winterthur', 47.4988, 8.7237, 115],
  ['Luzern', 47.0502, 8.3093, 82], ['St. Gallen', 47.4245, 9.3767, 76], ['Lugano', 46.0037, 8.9511, 63],
  ['Biel/Bienne', 47.1368, 7.2468, 55], ['Thun', 46.758, 7.628, 44], ['Köniz', 46.9242, 7.4146, 42],
  ['La Chaux-de-Fonds', 47.0999, 6.8259, 37], ['Fribourg', 46.8065, 7.1619, 38], ['Schaffhausen', 47.6973, 8.6349, 37],
  ['Chur', 46.8499, 9.5329, 37], ['Neuchâtel', 46.9896, 6.9293, 44], ['Sion', 46.2331, 7.3606, 35],
  ['Zug', 47.1662, 8.5155, 31], ['Aarau', 47.3925, 8.0442, 22], ['Baden', 47.4733, 8.3059, 20],
  ['Solothurn', 47.2088, 7.5323, 17], ['Locarno', 46.1709, 8.7995, 16], ['Bellinzona', 46.1946, 9.0244, 44],
  ['Montreux', 46.4312, 6.9107, 27], ['Yverdon-les-Bains', 46.7785, 6.6412, 30], ['Olten', 47.35, 7.9033, 19],
  ['Frauenfeld', 47.5536, 8.8987, 26], ['Davos', 46.8027, 9.836, 11], ['Interlaken', 46.6863, 7.8632, 6],
  ['Brig', 46.3159, 7.9876, 13], ['Uster', 47.3471, 8.7209, 36], ['Rapperswil-Jona', 47.2266, 8.8184, 27],
  ['Wil', 47.4615, 9.0455, 24], ['Kreuzlingen', 47.6458, 9.1753, 22], ['Emmen', 47.0833, 8.3, 31],
] as const

const firstNames = [
  'Anna', 'Luca', 'Noah', 'Mia', 'Elena', 'Jonas', 'Lea', 'David', 'Sara', 'Nico', 'Laura', 'Marco', 'Chiara', 'Tim',
  'Nina', 'Fabian', 'Julia', 'Simon', 'Alina', 'Yannick', 'Lara', 'Matteo', 'Zoe', 'Adrian', 'Emma', 'Leon', 'Selina',
  'Raphael', 'Sofia', 'Jan', 'Hannah', 'Dario', 'Mila', 'Timo', 'Aylin', 'Samuel', 'Ines', 'Kevin', 'Valentina', 'Léa',
]
const lastNames = [
  'Müller', 'Meier', 'Schmid', 'Keller', 'Weber', 'Huber', 'Schneider', 'Meyer', 'Steiner', 'Fischer', 'Gerber',
  'Brunner', 'Baumann', 'Frei', 'Zimmermann', 'Moser', 'Widmer', 'Graf', 'Wyss', 'Roth', 'Suter', 'Bachmann',
  'Rossi', 'Bernasconi', 'Favre', 'Rochat', 'Bühler', 'Lehmann', 'Vogel', 'Egli', 'Colombo', 'Sutter', 'Frey',
  'Brändli', 'Oliveira', 'Nguyen', 'Bianchi', 'Kaufmann', 'Marti', 'Hofmann',
]

type WeeklyRange = { weekdays: readonly number[]; startTime: string; endTime: string }
const weekdays = [1, 2, 3, 4, 5]
const schedules: readonly (readonly WeeklyRange[])[] = [
  [{ weekdays, startTime: '07:00', endTime: '12:00' }, { weekdays: [6, 7], startTime: '09:00', endTime: '16:00' }],
  [{ weekdays, startTime: '08:00', endTime: '18:00' }],
  [{ weekdays, startTime: '17:00', endTime: '21:00' }, { weekdays: [6, 7], startTime: '08:00', endTime: '20:00' }],
  [{ weekdays: [1, 3, 5], startTime: '08:00', endTime: '13:00' }, { weekdays: [2, 4], startTime: '14:00', endTime: '19:00' }],
]

/** A UUID-shaped id that is the same every run: the kind of row and its number. */
const largeId = (kind: number, index: number) =>
  `00000000-0000-4${kind.toString(16).padStart(3, '0')}-8000-${index.toString(16).padStart(12, '0')}`

const iso = (instant: number) => new Date(instant).toISOString()
const round6 = (value: number) => Math.round(value * 1e6) / 1e6

/** A normally distributed offset (Box-Muller) in degrees for `km` standard deviation at `latitude`. */
function scatter(random: Random, centre: { latitude: number; longitude: number }, km: number) {
  const radius = Math.sqrt(-2 * Math.log(1 - random.next())) * km
  const angle = 2 * Math.PI * random.next()
  return {
    latitude: round6(centre.latitude + (radius * Math.cos(angle)) / 111.32),
    longitude: round6(centre.longitude + (radius * Math.sin(angle)) / (111.32 * Math.cos((centre.latitude * Math.PI) / 180))),
  }
}

function nearestDistrict(point: { latitude: number; longitude: number }): District {
  let best = districts[0]
  let bestDistance = Number.POSITIVE_INFINITY
  for (const district of districts) {
    const distance = (district.latitude - point.latitude) ** 2 + ((district.longitude - point.longitude) * 0.68) ** 2
    if (distance < bestDistance) [best, bestDistance] = [district, distance]
  }
  if (!best) throw new Error('Large data: no districts')
  return best
}

function pickTown(random: Random) {
  const total = towns.reduce((sum, town) => sum + town[3], 0)
  let roll = random.next() * total
  for (const town of towns) {
    roll -= town[3]
    if (roll < 0) return town
  }
  return towns[0]
}

type SitterRows = {
  users: Insertable<Database['users']>[]
  sitterServices: Insertable<Database['sitterServices']>[]
  sitterDogSizes: Insertable<Database['sitterDogSizes']>[]
  sitterDogAges: Insertable<Database['sitterDogAges']>[]
  sitterAvailability: Insertable<Database['sitterAvailability']>[]
  sitterBlockedDates: Insertable<Database['sitterBlockedDates']>[]
  sitterProfiles: Insertable<Database['sitterProfiles']>[]
}

/** The rows of sitter number `index` (0-based over all sitters; the first `counts.zurich` live in Zurich). */
function sitterRows(index: number, counts: LargeDataCounts, rows: SitterRows) {
  const random = createRandom(`large:sitter:${index}`)
  const id = largeId(1, index)
  const name = `${random.pick(firstNames)} ${random.pick(lastNames)}`
  let home: { latitude: number; longitude: number }
  let location: string
  let publicLocation: string
  if (index < counts.zurich) {
    home = scatter(random, zurichCentre, 2.5)
    const district = nearestDistrict(home)
    location = `${random.pick(district.streets)} ${random.int(1, 140)}, ${district.postcode} Zürich`
    publicLocation = `${district.name}, Zürich`
  } else {
    const [town, latitude, longitude, weight] = pickTown(random)
    home = scatter(random, { latitude, longitude }, 1.5 + Math.sqrt(weight) * 0.4)
    location = `Dorfstrasse ${random.int(1, 140)}, ${town}`
    publicLocation = town
  }
  const shown = fuzzLocation(id, home.latitude, home.longitude)
  const createdAt = iso(referenceDate - random.int(10, 1500) * day)
  rows.users.push({
    id,
    email: `sitter-${index}@large.pawpal.test`,
    name,
    role: 'sitter',
    emailVerified: 1,
    phoneNumber: `+41 7${random.int(6, 9)} ${random.int(200, 999)} ${random.int(10, 99)} ${random.int(10, 99)}`,
    bio: `${random.pick(sitterIntroductions)} ${random.pick(sitterClosings)}`,
    location,
    latitude: home.latitude,
    longitude: home.longitude,
    publicLocation,
    publicLatitude: shown.latitude,
    publicLongitude: shown.longitude,
    createdAt,
    updatedAt: createdAt,
  })
  const base = 1500 + 50 * random.int(0, 40)
  for (const service of random.sample<SitterService>(sitterServices, random.int(2, 4))) {
    rows.sitterServices.push({ sitterId: id, service, hourlyRateCents: service === 'training' ? base + 1000 : base })
  }
  for (const size of random.sample(dogSizes, random.int(1, 3))) rows.sitterDogSizes.push({ sitterId: id, size })
  for (const age of random.sample(dogAgeGroups, random.int(1, 3))) rows.sitterDogAges.push({ sitterId: id, age })
  for (const range of random.pick(schedules)) {
    for (const weekday of range.weekdays) {
      rows.sitterAvailability.push({ id: largeId(2, index * 8 + weekday), sitterId: id, weekday, startTime: range.startTime, endTime: range.endTime })
    }
  }
  for (const offset of new Set(Array.from({ length: random.int(0, 2) }, () => random.int(1, 60)))) {
    rows.sitterBlockedDates.push({ sitterId: id, date: iso(referenceDate + offset * day).slice(0, 10) })
  }
  rows.sitterProfiles.push({
    userId: id,
    experience: random.pick(experienceLevels),
    acceptsMultipleDogs: random.chance(0.5) ? 1 : 0,
    verified: random.chance(0.5) ? 1 : 0,
    createdAt,
    updatedAt: createdAt,
  })
}

const sittersPerTransaction = 10_000
const rowsPerInsert = 500

/** Writes the large data set into an empty, migrated database; returns the row counts. */
export async function seedLargeData(database: Kysely<Database>, counts: LargeDataCounts = defaultLargeDataCounts) {
  const sitters = counts.zurich + counts.country
  for (let start = 0; start < sitters; start += sittersPerTransaction) {
    const rows: SitterRows = {
      users: [],
      sitterServices: [],
      sitterDogSizes: [],
      sitterDogAges: [],
      sitterAvailability: [],
      sitterBlockedDates: [],
      sitterProfiles: [],
    }
    for (let index = start; index < Math.min(sitters, start + sittersPerTransaction); index++) sitterRows(index, counts, rows)
    await database.transaction().execute(async (trx) => {
      for (const [table, values] of Object.entries(rows)) await insertAll(trx, table as keyof SitterRows, values)
    })
  }
  const reviews = await seedReviews(database, sitters)
  return { sitters, ...reviews }
}

/** Owners with a dog each, and completed bookings that they reviewed (about one for every three sitters). */
async function seedReviews(database: Kysely<Database>, sitters: number) {
  const owners = Math.max(1, Math.floor(sitters / 20))
  const reviewCount = Math.floor(sitters / 3)
  const random = createRandom('large:reviews')
  const createdAt = iso(referenceDate - 800 * day)
  const users: Insertable<Database['users']>[] = []
  const dogs: Insertable<Database['dogs']>[] = []
  for (let index = 0; index < owners; index++) {
    const id = largeId(3, index)
    users.push({ id, email: `owner-${index}@large.pawpal.test`, name: `${random.pick(firstNames)} ${random.pick(lastNames)}`, role: 'owner', createdAt, updatedAt: createdAt })
    dogs.push({ id: largeId(4, index), ownerId: id, name: 'Bello', breed: 'Mixed breed', age: '3 years', ageMonths: 36, size: 'medium', createdAt, updatedAt: createdAt })
  }
  const bookings: Insertable<Database['bookings']>[] = []
  const reviews: Insertable<Database['reviews']>[] = []
  for (let index = 0; index < reviewCount; index++) {
    const owner = random.int(0, owners - 1)
    const sitterId = largeId(1, random.int(0, sitters - 1))
    const at = referenceDate - random.int(2, 700) * day
    const bookingId = largeId(5, index)
    bookings.push({
      id: bookingId,
      dogId: largeId(4, owner),
      ownerId: largeId(3, owner),
      sitterId,
      requestedById: largeId(3, owner),
      date: iso(at).slice(0, 10),
      timeZone: 'Europe/Zurich',
      service: 'walking',
      priceCents: 2500,
      status: 'completed',
      ...listingTimes({ date: iso(at).slice(0, 10), timeZone: 'Europe/Zurich', slots: [] }),
      createdAt: iso(at - 3 * day),
      updatedAt: iso(at),
    })
    const rating = random.weighted([[5, 50], [4, 30], [3, 12], [2, 5], [1, 3]] as const)
    const reviewedAt = iso(at + day)
    reviews.push({
      id: largeId(6, index),
      bookingId,
      sitterId,
      ownerId: largeId(3, owner),
      rating,
      comment: random.pick(reviewComments[rating] ?? ['Good walk.']).replace('{sitter}', 'our sitter').replace('{dog}', 'Bello'),
      createdAt: reviewedAt,
      // Published when written, as reviews written before double-blind reviews were (db/migrations/023).
      windowEndsAt: reviewedAt,
      publishedAt: reviewedAt,
    })
  }
  await database.transaction().execute(async (trx) => {
    await insertAll(trx, 'users', users)
    await insertAll(trx, 'dogs', dogs)
    await insertAll(trx, 'bookings', bookings)
    await insertAll(trx, 'reviews', reviews)
  })
  return { owners, reviews: reviewCount }
}

async function insertAll<Table extends keyof Database>(trx: Transaction<Database>, table: Table, rows: Insertable<Database[Table]>[]) {
  for (let start = 0; start < rows.length; start += rowsPerInsert) {
    await trx.insertInto(table).values(rows.slice(start, start + rowsPerInsert)).execute()
  }
}
