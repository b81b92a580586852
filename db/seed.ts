import { createHash, createHmac } from 'node:crypto'
import type { Insertable, Kysely, Transaction } from 'kysely'
import { href } from 'react-router'
import sharp from 'sharp'
import { imageSizes } from '#app/lib/image-url.ts'
import { hashPassword } from '#app/features/accounts/password.server.ts'
import {
  dogActivities,
  dogAgeGroups,
  dogAvailabilitySlots,
  dogSizes,
  dogTraits,
  sizeForWeight,
} from '#app/features/dogs/options.ts'
import { type BookingPeriod, periodWindows, type TimeSlot } from '#app/features/bookings/periods.ts'
import { priceCentsFor } from '#app/features/bookings/pricing.ts'
import { seriesWeeksAhead } from '#app/features/bookings/booking-series.server.ts'
import { bookingSpan, intervalsOverlap, listingTimes } from '#app/features/bookings/slots.ts'
import { formatBookingDate, formatDogNames } from '#app/features/bookings/booking-format.ts'
import { type BookingChange, bookingEventType } from '#app/features/bookings/booking-change-types.ts'
import { type SeriesChange, seriesEventType } from '#app/features/bookings/series-change-types.ts'
import { seriesNoticeText, seriesReadersOf } from '#app/features/bookings/series-notice-texts.ts'
import { digestAfterMs, digestEmail } from '#app/features/messages/message-digest.server.ts'
import { messageEventTypes } from '#app/features/messages/message-event-types.ts'
import { kindOf, readersOf } from '#app/features/notifications/booking-notice-readers.ts'
import { type BookingFacts, type BookingNotice, bookingNoticeText, unreadMessagesText } from '#app/features/notifications/notification-texts.ts'
import { reviewEventTypes } from '#app/features/reviews/review-event-types.ts'
import { reviewWindowDays, reviewWindowEnd } from '#app/features/reviews/review-window.ts'
import { sealHomeAccess } from '#app/features/home-access/sealing.server.ts'
import { fuzzLocation } from '#app/features/geo/location-privacy.server.ts'
import type { ReportReason } from '#app/features/messages/limits.ts'
import { moderationNotificationKind, moderationTexts } from '#app/features/moderation/moderation-events.server.ts'
import { reportKindLabels } from '#app/features/moderation/moderation-terms.ts'
import { type ReportSnapshot, reportEventTypes } from '#app/features/moderation/reports.server.ts'
import { type CancellationTerms, isLateCancellation } from '#app/features/sitters/cancellation-terms.ts'
import { type ExperienceLevel, type SitterService, sitterServices } from '#app/features/sitters/options.ts'
import {
  alarmKey,
  classifyCheckIn,
  type EntryKind,
  isNearAHome,
  metersBetween,
  pathMeters,
  type RoutePoint,
  visitRules,
} from '#app/features/visits/visit-rules.ts'
import type { BookingStatus, Database, ReportState, Role } from '#app/lib/db-schema.ts'
import { deriveKey } from '#app/lib/secrets.server.ts'
import { type FileStorage, StoredFileExistsError } from '#app/lib/storage/storage.server.ts'
import { addDays, fromMinutes, isoWeekday, localDateTime, toMinutes } from '#app/lib/zoned-time.ts'

// Demo data of DESIGN.md section 6. Everything derives from `seedPhrase`: ids are hashes of what a row
// is ('dog:<owner email>:0'), every other choice comes from a seeded PRNG stream named after the thing it
// describes, so two runs give the same users, dogs, ids and counts. The one moving input is the seed moment:
// bookings, blocked dates and messages are placed around its date in Zurich, so the demo always has upcoming
// and past bookings, and two stays around the moment itself (a visit under way, a missed check-in). Users and
// dogs are dated from a fixed reference instead.

export const demoPassword = 'pawpal-demo'

export const demoLogins = [
  { role: 'owner', email: 'owner@pawpal.test', password: demoPassword },
  { role: 'sitter', email: 'sitter@pawpal.test', password: demoPassword },
  { role: 'admin', email: 'admin@pawpal.test', password: demoPassword },
] as const

export async function isDatabaseEmpty(database: Kysely<Database>) {
  const anyUser = await database.selectFrom('users').select('id').limit(1).executeTakeFirst()
  return anyUser === undefined
}

/**
 * Creates the demo world in one transaction and writes its pictures to `storage`. `adminPassword`
 * false leaves the demo admin without a password (a production server seeding an empty database must not
 * open a console whose password the README prints; its first admin comes from `npm run admin -- grant`).
 */
export async function seedDemoData(database: Kysely<Database>, options: { storage: FileStorage; now?: Date; adminPassword?: boolean }) {
  const now = Math.floor((options.now ?? new Date()).getTime() / minute) * minute
  const today = zurichDate(now)
  const { sitters, owners, dogs } = buildPeopleAndDogs()
  const people = [...sitters, ...owners]
  const bookings = scheduleBookings(planBookings(sitters, owners, dogs), today, now)
  const conversationPlans = planConversations(sitters, owners, dogs)
  const conversations = conversationPlans.map((plan) => scriptConversation(plan, now))
  const admin = demoAdmin()
  const reports = fileReports({ sitters, owners, dogs, bookings, conversationPlans, conversations }, now)
  const visitLogs = keepVisitLogs(bookings, now)
  const proposals = demoProposals(bookings)
  const digests = demoDigests(people, conversations, now)
  const notifications = [...demoNotifications({ people, bookings, proposals, conversations, digests }, now), ...reportNotices(reports, admin)]
  const { rows, roundVisits } = withDemoSeries(
    toRows(
      { people, admin, sitters, dogs, bookings, proposals, conversations, digests, reports, visitLogs, notifications },
      today,
      await hashPassword(demoPassword),
      options.adminPassword ?? true,
    ),
    { sitters, owners, dogs, bookings },
    today,
    now,
  )
  await Promise.all([
    writePictures(options.storage, { people, sitters, dogs, visits: [...visitLogs.visits, ...roundVisits] }),
    database.transaction().execute((trx) => insertRows(trx, rows)),
  ])
  return {
    users: rows.users.length,
    sitters: sitters.length,
    owners: owners.length,
    dogs: rows.dogs.length,
    dogImages: rows.dogImages.length,
    bookings: rows.bookings.length,
    reviews: rows.reviews.length,
    reviewsOfOwners: rows.reviewsOfOwners.length,
    conversations: rows.conversations.length,
    messages: rows.messages.length,
    reports: rows.reports.length,
    visits: rows.visits.length,
    notifications: rows.notifications.length,
  }
}

// ---------------------------------------------------------------------------------------------------
// Deterministic randomness and ids

const seedPhrase = 'pawpal-demo-1'
const referenceDate = Date.parse('2026-01-05T09:00:00Z')
const timeZone = 'Europe/Zurich'
const minute = 60_000
const hour = 60 * minute
const day = 24 * hour

export interface Random {
  next(): number
  int(min: number, max: number): number
  chance(probability: number): boolean
  pick<T>(items: readonly T[]): T
  weighted<T>(entries: readonly (readonly [T, number])[]): T
  /** `count` distinct items, kept in the list's own order (canonical lists stay canonical). */
  sample<T>(items: readonly T[], count: number): T[]
  between(from: number, to: number): number
}

export function createRandom(stream: string): Random {
  const next = mulberry32(hashString(`${seedPhrase}:${stream}`))
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1))
  const pick = <T>(items: readonly T[]) => itemAt(items, int(0, items.length - 1))
  return {
    next,
    int,
    pick,
    chance: (probability) => next() < probability,
    weighted(entries) {
      const total = entries.reduce((sum, [, weight]) => sum + weight, 0)
      let roll = next() * total
      for (const [value, weight] of entries) {
        roll -= weight
        if (roll < 0) return value
      }
      return itemAt(entries, entries.length - 1)[0]
    },
    sample(items, count) {
      const chosen = new Set(
        items
          .map((item) => ({ item, order: next() }))
          .sort((a, b) => a.order - b.order)
          .slice(0, count)
          .map(({ item }) => item),
      )
      return items.filter((item) => chosen.has(item))
    },
    between: (from, to) => Math.floor((from + next() * Math.max(0, to - from)) / minute) * minute,
  }
}

function mulberry32(seed: number) {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

/** FNV-1a: turns a stream name into a 32-bit PRNG seed. */
function hashString(text: string) {
  let hash = 0x811c9dc5
  for (let index = 0; index < text.length; index++) {
    hash ^= text.charCodeAt(index)
    hash = Math.imul(hash, 0x01000193)
  }
  return hash >>> 0
}

/** A UUID-shaped id (version 4 layout) that is the same every run for the same key. */
function demoId(key: string) {
  const hex = createHash('sha256').update(`${seedPhrase}:id:${key}`).digest('hex')
  const variant = '89ab'[Number.parseInt(hex.charAt(16), 16) % 4]
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-4${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`
}

const tokenAlphabet = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_'

function randomToken(random: Random, length = 32) {
  return Array.from({ length }, () => tokenAlphabet.charAt(random.int(0, tokenAlphabet.length - 1))).join('')
}

function itemAt<T>(items: readonly T[], index: number): T {
  const item = items[index % items.length]
  if (item === undefined) throw new Error('Demo data: an empty list')
  return item
}

// ---------------------------------------------------------------------------------------------------
// Dates: bookings are local yyyy-MM-dd + HH:mm in Zurich (lib/zoned-time.ts); timestamps are ISO-8601 UTC

const zurichDate = (instant: number) => localDateTime(instant, timeZone).date

/** Moves a night-time instant (22:00 to 08:00 in Zurich) back to the evening before: people write at sensible hours. */
function awake(instant: number) {
  const localHour = Math.floor(localDateTime(instant, timeZone).minutes / 60)
  if (localHour >= 22) return instant - (localHour - 21) * hour
  if (localHour < 8) return instant - (localHour + 3) * hour
  return instant
}

const iso = (instant: number) => new Date(instant).toISOString()

// ---------------------------------------------------------------------------------------------------
// Data tables

const weekdayNames = ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']

export interface District {
  name: string
  postcode: string
  latitude: number
  longitude: number
  streets: readonly string[]
}

// Every district centre lies within 6 km of the spec's default centre (47.3769, 8.5417).
export const districts: readonly District[] = [
  { name: 'Altstadt', postcode: '8001', latitude: 47.3717, longitude: 8.5423, streets: ['Niederdorfstrasse', 'Rennweg', 'Oberdorfstrasse'] },
  { name: 'Enge', postcode: '8002', latitude: 47.3636, longitude: 8.531, streets: ['Bederstrasse', 'Tödistrasse', 'Seestrasse'] },
  { name: 'Wiedikon', postcode: '8003', latitude: 47.3703, longitude: 8.5175, streets: ['Birmensdorferstrasse', 'Schlossgasse', 'Weststrasse'] },
  { name: 'Aussersihl', postcode: '8004', latitude: 47.378, longitude: 8.527, streets: ['Langstrasse', 'Militärstrasse', 'Badenerstrasse'] },
  { name: 'Industriequartier', postcode: '8005', latitude: 47.387, longitude: 8.521, streets: ['Limmatstrasse', 'Heinrichstrasse', 'Josefstrasse'] },
  { name: 'Unterstrass', postcode: '8057', latitude: 47.39, longitude: 8.542, streets: ['Rötelstrasse', 'Stampfenbachstrasse', 'Scheuchzerstrasse'] },
  { name: 'Oberstrass', postcode: '8006', latitude: 47.385, longitude: 8.552, streets: ['Universitätstrasse', 'Winterthurerstrasse', 'Hochstrasse'] },
  { name: 'Fluntern', postcode: '8044', latitude: 47.379, longitude: 8.56, streets: ['Zürichbergstrasse', 'Gladbachstrasse', 'Hochstrasse'] },
  { name: 'Hottingen', postcode: '8032', latitude: 47.37, longitude: 8.56, streets: ['Hottingerstrasse', 'Asylstrasse', 'Freiestrasse'] },
  { name: 'Hirslanden', postcode: '8032', latitude: 47.362, longitude: 8.569, streets: ['Forchstrasse', 'Witellikerstrasse', 'Klusstrasse'] },
  { name: 'Seefeld', postcode: '8008', latitude: 47.356, longitude: 8.555, streets: ['Seefeldstrasse', 'Dufourstrasse', 'Feldeggstrasse'] },
  { name: 'Witikon', postcode: '8053', latitude: 47.358, longitude: 8.59, streets: ['Witikonerstrasse', 'Carl-Spitteler-Strasse', 'Loorenstrasse'] },
  { name: 'Wollishofen', postcode: '8038', latitude: 47.345, longitude: 8.53, streets: ['Albisstrasse', 'Kilchbergstrasse', 'Mutschellenstrasse'] },
  { name: 'Albisrieden', postcode: '8047', latitude: 47.374, longitude: 8.487, streets: ['Albisriederstrasse', 'Fellenbergstrasse', 'Triemlistrasse'] },
  { name: 'Altstetten', postcode: '8048', latitude: 47.389, longitude: 8.488, streets: ['Altstetterstrasse', 'Hohlstrasse', 'Lindenplatz'] },
  { name: 'Höngg', postcode: '8049', latitude: 47.403, longitude: 8.496, streets: ['Limmattalstrasse', 'Regensdorferstrasse', 'Wettingertobel'] },
  { name: 'Wipkingen', postcode: '8037', latitude: 47.393, longitude: 8.527, streets: ['Röschibachstrasse', 'Hönggerstrasse', 'Nordstrasse'] },
  { name: 'Oerlikon', postcode: '8050', latitude: 47.411, longitude: 8.544, streets: ['Schaffhauserstrasse', 'Edisonstrasse', 'Regensbergstrasse'] },
  { name: 'Affoltern', postcode: '8046', latitude: 47.419, longitude: 8.51, streets: ['Wehntalerstrasse', 'Zehntenhausstrasse', 'Biberlinstrasse'] },
  { name: 'Seebach', postcode: '8052', latitude: 47.423, longitude: 8.545, streets: ['Seebacherstrasse', 'Glatttalstrasse', 'Höhenring'] },
  { name: 'Schwamendingen', postcode: '8051', latitude: 47.405, longitude: 8.572, streets: ['Saatlenstrasse', 'Winterthurerstrasse', 'Dübendorfstrasse'] },
]

const sitterNames = [
  'Anna Müller', 'Luca Bernasconi', 'Noah Keller', 'Mia Schneider', 'Elena Rossi', 'Jonas Frei', 'Lea Baumann',
  'David Huber', 'Sara Meier', 'Nico Brunner', 'Laura Fischer', 'Marco Weber', 'Chiara Steiner', 'Tim Zimmermann',
  'Nina Gerber', 'Fabian Moser', 'Julia Widmer', 'Simon Graf', 'Alina Kaufmann', 'Yannick Suter', 'Lara Hofmann',
  'Matteo Ferrari', 'Zoe Marti', 'Adrian Schmid', 'Emma Wyss', 'Leon Bachmann', 'Selina Roth', 'Raphael Bühler',
  'Sofia Lehmann', 'Jan Vogel', 'Hannah Egli', 'Dario Colombo', 'Mila Sutter', 'Timo Frey', 'Aylin Demir',
  'Samuel Brändli', 'Ines Oliveira', 'Kevin Nguyen', 'Valentina Bianchi',
]
/** Positions in `sitterNames` of the sitters who also own a dog (role 'both'). */
const sittersWithDogs = [4, 17, 30]

const ownerNames = [
  'Peter Koch', 'Claudia Ammann', 'Thomas Lüthi', 'Sabrina Arnold', 'Martin Stocker', 'Nadia Haddad', 'Reto Schwarz',
  'Franziska Iten', 'Daniel Kägi', 'Melanie Portmann', 'Oliver Hess', 'Carla Monti', 'Beat Zürcher', 'Julia Park',
]

interface Breed {
  name: string
  weightKg: readonly [number, number]
  heightCm: readonly [number, number]
  fur: string
  ears: string
  earShape: 'floppy' | 'pointy'
}

const breeds: readonly Breed[] = [
  { name: 'Labrador Retriever', weightKg: [26, 36], heightCm: [54, 62], fur: '#d9a75b', ears: '#b9823a', earShape: 'floppy' },
  { name: 'Golden Retriever', weightKg: [25, 34], heightCm: [51, 61], fur: '#e0a84f', ears: '#c98a30', earShape: 'floppy' },
  { name: 'German Shepherd', weightKg: [24, 40], heightCm: [56, 65], fur: '#b07a3f', ears: '#3a2a1e', earShape: 'pointy' },
  { name: 'Bernese Mountain Dog', weightKg: [36, 50], heightCm: [58, 70], fur: '#2d2622', ears: '#2d2622', earShape: 'floppy' },
  { name: 'Border Collie', weightKg: [13, 20], heightCm: [46, 56], fur: '#2b2b2b', ears: '#2b2b2b', earShape: 'pointy' },
  { name: 'Beagle', weightKg: [9, 14], heightCm: [33, 41], fur: '#c98b4a', ears: '#7b4a24', earShape: 'floppy' },
  { name: 'French Bulldog', weightKg: [8, 13], heightCm: [28, 33], fur: '#e8d3b5', ears: '#c9ab86', earShape: 'pointy' },
  { name: 'Dachshund', weightKg: [7, 11], heightCm: [20, 27], fur: '#8a4b24', ears: '#5e3217', earShape: 'floppy' },
  { name: 'Jack Russell Terrier', weightKg: [5, 8], heightCm: [25, 30], fur: '#f4efe6', ears: '#b5773d', earShape: 'floppy' },
  { name: 'Cavalier King Charles Spaniel', weightKg: [5, 8], heightCm: [30, 33], fur: '#f4efe6', ears: '#a5522a', earShape: 'floppy' },
  { name: 'Pug', weightKg: [6, 9], heightCm: [25, 33], fur: '#e3c698', ears: '#3a3029', earShape: 'floppy' },
  { name: 'Australian Shepherd', weightKg: [16, 30], heightCm: [46, 58], fur: '#8c8f99', ears: '#3b3b3b', earShape: 'floppy' },
  { name: 'Entlebucher Mountain Dog', weightKg: [20, 30], heightCm: [42, 52], fur: '#2f2925', ears: '#2f2925', earShape: 'floppy' },
  { name: 'Appenzeller Sennenhund', weightKg: [22, 32], heightCm: [50, 58], fur: '#2f2925', ears: '#2f2925', earShape: 'floppy' },
  { name: 'Standard Poodle', weightKg: [18, 30], heightCm: [45, 60], fur: '#3b3b3b', ears: '#3b3b3b', earShape: 'floppy' },
  { name: 'Miniature Schnauzer', weightKg: [5, 8], heightCm: [30, 36], fur: '#9a9a9a', ears: '#6e6e6e', earShape: 'floppy' },
  { name: 'Vizsla', weightKg: [20, 29], heightCm: [53, 64], fur: '#c4773b', ears: '#a8612c', earShape: 'floppy' },
  { name: 'Shiba Inu', weightKg: [8, 11], heightCm: [35, 41], fur: '#d9893f', ears: '#b8692a', earShape: 'pointy' },
  { name: 'Chihuahua', weightKg: [2, 3], heightCm: [15, 23], fur: '#e9c99a', ears: '#d4a86c', earShape: 'pointy' },
  { name: 'Labradoodle', weightKg: [15, 30], heightCm: [45, 60], fur: '#d8b98c', ears: '#b8976a', earShape: 'floppy' },
  { name: 'Mixed breed', weightKg: [8, 28], heightCm: [35, 58], fur: '#a0764d', ears: '#6f4f30', earShape: 'floppy' },
]

const dogNames = [
  'Bella', 'Max', 'Luna', 'Charlie', 'Milo', 'Nala', 'Rocky', 'Daisy', 'Balu', 'Kira', 'Leo', 'Coco', 'Buddy', 'Lucy',
  'Finn', 'Rosie', 'Oscar', 'Maya', 'Teddy', 'Ruby', 'Sky', 'Jack', 'Frida', 'Bruno', 'Zoe', 'Loki', 'Emma', 'Nero',
  'Lilly', 'Bobby', 'Pepper', 'Gizmo', 'Hazel', 'Olive', 'Sunny', 'Fritz', 'Heidi', 'Ziggy',
]

export const sitterIntroductions = [
  'Primary school teacher with free afternoons and a soft spot for muddy paws.',
  'Grew up on a farm in the Emmental with three Bernese Mountain Dogs.',
  'Veterinary nursing student at the University of Zurich.',
  'Freelance graphic designer working from home, so I am around most of the day.',
  'Retired postman who still loves long walks through the Zürichberg forest.',
  'Physiotherapist working part-time; my mornings belong to the dogs.',
  'Former animal-shelter volunteer, now walking dogs full-time.',
  'Trail runner happy to take energetic dogs along the Uetliberg paths.',
  'Biology student at ETH who misses the family dog back home.',
  'Parent of two dog-crazy kids and a calm old Labrador.',
  'Night-shift nurse with free days and a big garden.',
  'Dog trainer in the making, currently doing my SKN instructor course.',
]

const sitterExperienceLines: Record<ExperienceLevel, readonly string[]> = {
  '0-1': [
    'I am new to pet sitting as a service, but every dog in my building already knows me.',
    'I started walking dogs for neighbours this year and loved it from day one.',
  ],
  '1-3': [
    'I have been walking dogs in the neighbourhood for about two years.',
    'For the last couple of years I have looked after friends’ dogs during their holidays.',
  ],
  '3-5': [
    'I have cared for dogs of every size for over three years.',
    'Four years of daycare work taught me a lot about group walks and dog body language.',
  ],
  '5+': [
    'I have worked with dogs for more than five years, including reactive and senior dogs.',
    'Dogs have been my job for a decade, from puppies to old gentlemen with stiff hips.',
  ],
}

export const sitterClosings = [
  'Happy to send photo updates after every walk.',
  'I always carry water, poo bags and (with your OK) treats.',
  'First-aid trained for dogs and people.',
  'Let’s meet first so your dog can get to know me.',
  'Rain or shine, we go out.',
  'I speak German, English and a bit of Italian.',
]

const ownerBios = [
  'Architect living near the lake. Looking for reliable help on office days.',
  'Nurse on rotating shifts, so I often need a walker at short notice.',
  'We are a family of four plus one very fluffy dog.',
  'Software engineer, mostly working from home, but I travel for work now and then.',
  'Teacher and weekend hiker. My dog comes along whenever possible.',
  'New to Zurich and looking for a trusted sitter for my best friend.',
  'Café owner with long hours; my dog deserves more than a quick walk.',
  'Retired and active, but my knees are not up for long walks any more.',
]

const dogPersonalityLines = [
  'is a gentle soul who greets everyone at the door.',
  'has endless energy and never says no to a game of fetch.',
  'is a little shy with strangers but warms up fast with treats.',
  'loves swimming in the lake and rolling in the grass afterwards.',
  'is a couch potato who still enjoys a good sniff walk.',
  'thinks every dog at the park is a new best friend.',
  'is curious about everything and has to check every corner.',
]

const dogCareLines = [
  'Walks well on the leash but pulls towards squirrels.',
  'Needs a small lunch at noon.',
  'Bicycles are scary, so quiet streets are best.',
  'Fully vaccinated and chipped.',
  'Loves a belly rub after a long walk.',
  'Knows sit, stay, paw and a very slow “come”.',
]

/** A walk or a sitting starts at the owner's door; a dog boarding or in daycare comes with a bag. Both lists are as long, so a pick takes the same draw. */
const bookingNotes = {
  atHome: [
    'Please use the harness, not the collar.',
    'Treats are in the drawer by the door.',
    'Ring twice, the doorbell is quiet.',
    'Quiet streets please, bikes make this one nervous.',
    'Fresh water after the walk, please.',
    'Towel for muddy paws is on the balcony.',
  ],
  withBag: [
    'Please use the harness, not the collar.',
    'Dinner at six: one scoop, no table scraps.',
    'A blanket from home is in the bag: it helps with settling in.',
    'Quiet streets please, bikes make this one nervous.',
    'Fresh water after every walk, please.',
    'Towel for muddy paws is in the bag.',
  ],
} as const

export const reviewComments: Record<number, readonly string[]> = {
  5: [
    '{sitter} was wonderful with {dog}. Photos after every walk and a very happy, tired dog.',
    'Absolutely reliable. {dog} was so excited to see {sitter} again.',
    'Best sitter we have had: punctual, kind and great communication.',
  ],
  4: [
    'Very good walk, {dog} came home happy. Arrived ten minutes late but let us know.',
    'Friendly and careful with {dog}. Would book again.',
  ],
  3: ['OK overall. {dog} was fine, but we got fewer updates than we hoped for.'],
  2: ['The walk was shorter than booked. {sitter} apologised, but it was not great.'],
  1: ['Did not show up on time and did not answer messages. Not booking again.'],
}

/** What sitters write about an owner and the dog (DESIGN.md ruling 26): the handover on time, the dog as described, the messages. */
const ownerReviewComments: Record<number, readonly string[]> = {
  5: [
    '{owner} had the lead, treats and keys ready at the door. {dog} was exactly as described, a joy to look after.',
    'Clear instructions and quick answers from {owner}. {dog} is a sweetheart, happy to come again any time.',
    'Right on time for the handover, and {dog} was just as {owner} described: calm on the lead and friendly with everyone.',
  ],
  4: [
    '{dog} was lovely, a bit more pull on the lead than described. {owner} answered every message within minutes.',
    'Friendly handover with {owner}, ten minutes late but we were told in advance. {dog} was a pleasure.',
  ],
  3: [
    '{dog} was sweet, but nobody mentioned the barking at other dogs. {owner} took a while to answer messages.',
    '{owner} came back almost an hour later than booked. {dog} was fine, though.',
  ],
  2: ['{dog} was much more reactive than described, and {owner} did not answer when I asked about it during the walk.'],
  1: ['Forty minutes late for the handover without a word, and {dog} was nothing like described. {owner} never answered my messages.'],
}

export const reviewReplies: Record<number, readonly string[]> = {
  5: ['Thank you, {owner}! {dog} is a joy to walk.', 'Thanks so much, {owner}. Looking forward to seeing {dog} again soon.'],
  4: ['Thank you, {owner}! Sorry again about the late start: I leave earlier now.', 'Thanks {owner}, {dog} was a pleasure.'],
  3: ['Thanks for the honest feedback, {owner}. I now send a photo and a short update during every walk.'],
  2: ['I am sorry the walk was cut short, {owner}. Message me and I will make it up to {dog}.'],
  1: ['I am very sorry, {owner}. I have changed how I plan my days so that this does not happen again.'],
}

type Party = 'owner' | 'sitter'

interface ChatScript {
  lines: readonly (readonly [Party, string])[]
}

const chatScripts: readonly ChatScript[] = [
  {
    lines: [
      ['owner', 'Hi {sitter}! Would you have time to walk {dog} on {day}?'],
      ['sitter', 'Hi {owner}, yes, {day} works. Morning or afternoon?'],
      ['owner', 'Morning would be perfect, around nine.'],
      ['sitter', 'Great, send me the request and I will confirm it.'],
      ['owner', 'Just sent it. Thank you!'],
    ],
  },
  {
    lines: [
      ['sitter', 'We are back! {dog} had a great time by the river and drank a whole bowl of water.'],
      ['owner', 'Thank you! Did everything go well with the other dogs?'],
      ['sitter', 'Very polite with everyone. A bit startled by the tram bell, but fine after a treat.'],
      ['sitter', 'I left the towel on the balcony to dry.'],
    ],
  },
  {
    lines: [
      ['owner', 'Hello {sitter}, could we meet briefly before the first booking?'],
      ['sitter', 'Of course! I could come by on {day} evening for twenty minutes.'],
      ['owner', 'That works. Does 18:30 suit you?'],
      ['sitter', 'Perfect. Does {dog} have any allergies I should know about?'],
      ['owner', 'No chicken, please. It upsets the stomach.'],
      ['owner', 'And the harness is on the hook by the door.'],
    ],
  },
  {
    lines: [
      ['sitter', 'Hi {owner}, quick question about {day}: where do I pick up the keys?'],
      ['owner', 'Our neighbour on the ground floor has a spare set. I will let her know.'],
      ['sitter', 'Thanks! I will ring around 8:45.'],
      ['sitter', 'And should {dog} get lunch, or only water?'],
    ],
  },
  {
    lines: [
      ['owner', 'Hi {sitter}, something came up. Could we move the walk with {dog} to the afternoon?'],
      ['sitter', 'No problem, 14:00 works for me.'],
      ['owner', 'You are a lifesaver, thank you!'],
    ],
  },
  {
    lines: [
      ['owner', 'How is {dog} doing today?'],
      ['sitter', 'All good! We just finished a long sniff walk around the park.'],
      ['sitter', 'Sending you a photo in a minute, the muddy paws are already clean.'],
    ],
  },
]

/**
 * The conversation the demo sitter reported: an owner pressing for cash payments outside Pawpal. The last two lines
 * came after the report: she added the first to it, and her thread offers to add the second (fileReports).
 */
const offPlatformChat: ChatScript = {
  lines: [
    ['owner', 'Hi {sitter}, {dog} will need a walk every day next week.'],
    ['sitter', 'Happy to help! Send me a request for each day and I will confirm them.'],
    ['owner', 'Let us skip the app this time. I pay you cash, 20 francs a walk, no fees for either of us.'],
    ['sitter', 'Sorry, I only take bookings through Pawpal, so we are both covered if something happens.'],
    ['owner', 'Come on, nobody checks. Text me on my mobile and we sort it out there.'],
    ['owner', 'If you won’t, I will tell the other owners in the building not to book you.'],
    ['owner', 'Last chance, {sitter}. Cash or I start telling people.'],
    ['owner', 'Still no answer? Fine, your loss.'],
  ],
}

interface WeeklyRange {
  weekdays: readonly number[]
  startTime: string
  endTime: string
}

const weekdays = [1, 2, 3, 4, 5]
const weekend = [6, 7]

/** Whole weekly schedules; ranges within one schedule never overlap. */
const schedulePresets: readonly (readonly WeeklyRange[])[] = [
  [{ weekdays, startTime: '07:00', endTime: '12:00' }, { weekdays: weekend, startTime: '09:00', endTime: '16:00' }],
  [{ weekdays, startTime: '08:00', endTime: '18:00' }],
  [{ weekdays, startTime: '17:00', endTime: '21:00' }, { weekdays: weekend, startTime: '08:00', endTime: '20:00' }],
  [{ weekdays: [1, 3, 5], startTime: '08:00', endTime: '13:00' }, { weekdays: [2, 4], startTime: '14:00', endTime: '19:00' }],
  [{ weekdays: [5], startTime: '15:00', endTime: '20:00' }, { weekdays: weekend, startTime: '08:00', endTime: '19:00' }],
  [{ weekdays, startTime: '07:00', endTime: '10:00' }, { weekdays, startTime: '16:00', endTime: '20:00' }],
  [{ weekdays: [...weekdays, ...weekend], startTime: '09:00', endTime: '18:00' }],
]

// ---------------------------------------------------------------------------------------------------
// People and dogs

interface DemoAddress {
  district: District
  location: string
  latitude: number
  longitude: number
}

interface DemoPerson {
  id: string
  name: string
  email: string
  role: Role
  phoneNumber: string
  bio: string
  address: DemoAddress
  hasPhoto: boolean
  calendarFeedToken: string
  createdAt: number
}

interface DemoSitter extends DemoPerson {
  experience: ExperienceLevel
  rates: Partial<Record<SitterService, number>>
  /** What each further dog adds to a service's rate (DESIGN.md ruling 28); services left out add nothing. */
  extraDogRates?: Partial<Record<SitterService, number>>
  dogSizes: readonly string[]
  dogAges: readonly string[]
  preferredBreeds: readonly string[]
  acceptsMultipleDogs: boolean
  hasHomeVisit: boolean
  canHostOvernight: boolean
  isBackgroundChecked: boolean
  verified: boolean
  schedule: readonly WeeklyRange[]
  /** Days from today on which the sitter is away. */
  blockedDayOffsets: readonly number[]
  /** How many photos of dogs in their care the sitter shows on their profile (0 to 6). */
  galleryPhotos: number
  cancellationTerms: CancellationTerms
}

interface DemoDog {
  id: string
  owner: DemoPerson
  name: string
  breed: Breed
  age: string
  ageMonths: number
  weightKg: number
  heightCm: number
  bio: string
  traits: readonly string[]
  activities: readonly string[]
  availability: readonly string[]
  listedForSitting: boolean
  imageCount: number
  createdAt: number
}

function buildPeopleAndDogs() {
  const sitters = [demoSitter(), ...sitterNames.map((name, index) => randomSitter(name, index))]
  const owners = [demoOwner(), ...ownerNames.map((name) => randomOwner(name))]
  const [olivia] = owners
  if (!olivia) throw new Error('Demo data: the demo owner is missing')
  const dogs = [
    ...demoOwnerDogs(olivia),
    ...owners.slice(1).flatMap((owner) => randomDogs(owner, createRandom(`dogs:${owner.email}`).int(1, 2))),
    ...sitters.filter((sitter) => sitter.role === 'both').flatMap((sitter) => randomDogs(sitter, 1)),
  ]
  return { sitters, owners, dogs }
}

function emailFor(name: string) {
  const local = name.normalize('NFD').replace(/\p{Diacritic}/gu, '').toLowerCase().replace(/\s+/g, '.')
  return `${local}@pawpal.test`
}

function createPerson(fields: { name: string; email: string; role: Role; bio: string; address: DemoAddress }, random: Random) {
  return {
    ...fields,
    id: demoId(`user:${fields.email}`),
    phoneNumber: `+41 7${random.pick(['6', '7', '8', '9'])} ${random.int(200, 999)} ${random.int(10, 99)} ${random.int(10, 99)}`,
    hasPhoto: random.chance(2 / 3),
    calendarFeedToken: randomToken(random),
    createdAt: referenceDate - random.int(20, 700) * day - random.int(0, 600) * minute,
  } satisfies DemoPerson
}

function randomAddress(district: District, random: Random): DemoAddress {
  return {
    district,
    location: `${random.pick(district.streets)} ${random.int(1, 140)}, ${district.postcode} Zürich`,
    // Up to about 400 m from the district centre.
    latitude: round6(district.latitude + (random.next() - 0.5) * 0.007),
    longitude: round6(district.longitude + (random.next() - 0.5) * 0.01),
  }
}

function districtNamed(name: string) {
  const district = districts.find((entry) => entry.name === name)
  if (!district) throw new Error(`Demo data: no district ${name}`)
  return district
}

const round6 = (value: number) => Math.round(value * 1e6) / 1e6

function demoSitter(): DemoSitter {
  const random = createRandom('sitter:demo')
  const person = createPerson(
    {
      name: 'Sam Sitter',
      email: 'sitter@pawpal.test',
      role: 'sitter',
      bio:
        'Dog walker and pet sitter in Wiedikon. I have looked after dogs of every size for over six years, ' +
        'from anxious rescues to senior Bernese. Photos after every walk, first-aid trained, and always happy to meet first.',
      address: {
        district: districtNamed('Wiedikon'),
        location: 'Birmensdorferstrasse 158, 8003 Zürich',
        latitude: 47.369_62,
        longitude: 8.515_41,
      },
    },
    random,
  )
  return {
    ...person,
    hasPhoto: true,
    createdAt: referenceDate - 320 * day,
    experience: '5+',
    rates: { walking: 2500, sitting: 3000, boarding: 6500, daycare: 6000, training: 4000 },
    extraDogRates: { walking: 1000, sitting: 1000, boarding: 3000, daycare: 2500 },
    dogSizes,
    dogAges: dogAgeGroups,
    preferredBreeds: ['Bernese Mountain Dog', 'Border Collie'],
    acceptsMultipleDogs: true,
    hasHomeVisit: true,
    canHostOvernight: true,
    isBackgroundChecked: true,
    verified: true,
    schedule: [
      { weekdays, startTime: '08:00', endTime: '18:00' },
      // Evening walks only (too short for any other demo booking): his weekly series with Olivia (withDemoSeries).
      { weekdays, startTime: '18:00', endTime: '18:45' },
      { weekdays: [6], startTime: '09:00', endTime: '14:00' },
    ],
    blockedDayOffsets: [9, 10, 23],
    galleryPhotos: 4,
    cancellationTerms: 'moderate',
  }
}

function randomSitter(name: string, index: number): DemoSitter {
  const random = createRandom(`sitter:${name}`)
  const experience = random.pick(['0-1', '1-3', '1-3', '3-5', '3-5', '5+', '5+'] as const)
  const offered = pickServices(random)
  const person = createPerson(
    {
      name,
      email: emailFor(name),
      role: sittersWithDogs.includes(index) ? 'both' : 'sitter',
      bio: [
        random.pick(sitterIntroductions),
        random.pick(sitterExperienceLines[experience]),
        random.pick(sitterClosings),
      ].join(' '),
      // Spread over the districts in turn so the map has sitters everywhere.
      address: randomAddress(itemAt(districts, index), random),
    },
    random,
  )
  return {
    ...person,
    experience,
    rates: serviceRates(offered, random),
    dogSizes: random.sample(dogSizes, random.int(1, 3)),
    dogAges: random.sample(dogAgeGroups, random.int(1, 3)),
    preferredBreeds: random.chance(0.3) ? random.sample(breeds, random.int(1, 2)).map((breed) => breed.name) : [],
    acceptsMultipleDogs: random.chance(0.5),
    hasHomeVisit: random.chance(0.4),
    canHostOvernight: offered.includes('boarding') || random.chance(0.15),
    isBackgroundChecked: random.chance(0.6),
    verified: random.chance(0.5),
    schedule: random.pick(schedulePresets),
    blockedDayOffsets: Array.from({ length: random.int(0, 3) }, () => random.int(3, 45)),
    galleryPhotos: galleryPhotoCount(name),
    cancellationTerms: cancellationTermsOf(name),
  }
}

/** Most sitters keep flexible terms, some choose strict or moderate (a stream of its own, like the gallery's). */
function cancellationTermsOf(name: string) {
  return createRandom(`cancellation-terms:${name}`).weighted<CancellationTerms>([['flexible', 70], ['moderate', 10], ['strict', 20]])
}

/** About half the sitters show two to five photos (a stream of its own, so the rest of the sitter stays as it was). */
function galleryPhotoCount(name: string) {
  const random = createRandom(`gallery:${name}`)
  return random.chance(0.5) ? random.int(2, 5) : 0
}

/** Two to four services, always including walking or sitting (the services a booking defaults to). */
function pickServices(random: Random): SitterService[] {
  const offered = random.sample(sitterServices, random.int(2, 4))
  return offered.includes('walking') || offered.includes('sitting') ? offered : ['walking', ...offered]
}

/** Rates in cents in each service's unit (pricing.ts): a personal hourly base rate, higher for skilled work; daycare by the day, boarding by the night. */
function serviceRates(offered: readonly SitterService[], random: Random) {
  const base = 1500 + 50 * random.int(0, 40)
  const surcharge: Record<SitterService, number> = {
    walking: 0,
    sitting: 500,
    boarding: 0,
    daycare: 0,
    training: 1200,
    grooming: 800,
  }
  return Object.fromEntries(
    offered.map((service) => [
      service,
      service === 'boarding' ? 4000 + 250 * random.int(0, 14) : service === 'daycare' ? 2 * base + 1000 : Math.min(4500, base + surcharge[service]),
    ]),
  ) as Partial<Record<SitterService, number>>
}

function demoOwner(): DemoPerson {
  const random = createRandom('owner:demo')
  const person = createPerson(
    {
      name: 'Olivia Owner',
      email: 'owner@pawpal.test',
      role: 'owner',
      bio:
        'Product designer in Seefeld with two very different dogs: Rex, a gentle German Shepherd, ' +
        'and Luna, a French Bulldog who thinks she is the boss.',
      address: {
        district: districtNamed('Seefeld'),
        location: 'Feldeggstrasse 42, 8008 Zürich',
        latitude: 47.358_35,
        longitude: 8.551_92,
      },
    },
    random,
  )
  return { ...person, hasPhoto: true, createdAt: referenceDate - 210 * day }
}

function randomOwner(name: string): DemoPerson {
  const random = createRandom(`owner:${name}`)
  return createPerson(
    {
      name,
      email: emailFor(name),
      role: 'owner',
      bio: random.pick(ownerBios),
      address: randomAddress(random.pick(districts), random),
    },
    random,
  )
}

function breedNamed(name: string) {
  const breed = breeds.find((entry) => entry.name === name)
  if (!breed) throw new Error(`Demo data: no breed ${name}`)
  return breed
}

function demoOwnerDogs(olivia: DemoPerson): DemoDog[] {
  const shared = { owner: olivia, createdAt: olivia.createdAt + 2 * day }
  return [
    {
      ...shared,
      id: demoId(`dog:${olivia.email}:0`),
      name: 'Rex',
      breed: breedNamed('German Shepherd'),
      age: '4 years',
      ageMonths: 48,
      weightKg: 34,
      heightCm: 62,
      bio: 'Rex is a gentle giant who greets everyone at the door. Loves long walks along the lake and swimming at Zürichhorn.',
      traits: ['Friendly', 'Calm', 'Affectionate', 'Protective'],
      activities: ['Walking', 'Swimming', 'Hiking', 'Fetch'],
      availability: ['Weekday Mornings', 'Weekday Afternoons', 'Weekend Mornings'],
      listedForSitting: true,
      imageCount: 3,
    },
    {
      ...shared,
      id: demoId(`dog:${olivia.email}:1`),
      name: 'Luna',
      breed: breedNamed('French Bulldog'),
      age: '2 years',
      ageMonths: 24,
      weightKg: 9.5,
      heightCm: 30,
      bio: 'Luna is small, loud and very sure of herself. Short walks only on hot days, and she snores.',
      traits: ['Playful', 'Curious', 'Social'],
      activities: ['Walking', 'Dog Park', 'Relaxing'],
      availability: ['Weekday Evenings', 'Weekend Afternoons'],
      listedForSitting: false,
      imageCount: 2,
    },
  ]
}

function randomDogs(owner: DemoPerson, count: number): DemoDog[] {
  const names = createRandom(`dog-names:${owner.email}`).sample(dogNames, count)
  return names.map((name, index) => randomDog(owner, name, index))
}

function randomDog(owner: DemoPerson, name: string, index: number): DemoDog {
  const random = createRandom(`dog:${owner.email}:${index}`)
  const breed = random.pick(breeds)
  const [lightest, heaviest] = breed.weightKg
  const [shortest, tallest] = breed.heightCm
  return {
    id: demoId(`dog:${owner.email}:${index}`),
    owner,
    name,
    breed,
    ...randomAge(random),
    weightKg: Math.round((lightest + random.next() * (heaviest - lightest)) * 10) / 10,
    heightCm: random.int(shortest, tallest),
    bio: `${name} ${random.pick(dogPersonalityLines)} ${random.pick(dogCareLines)}`,
    traits: random.sample(dogTraits, random.int(2, 4)),
    activities: random.sample(dogActivities, random.int(2, 4)),
    availability: random.sample(dogAvailabilitySlots, random.int(1, 3)),
    listedForSitting: random.chance(0.5),
    imageCount: random.int(1, 3),
    createdAt: owner.createdAt + random.int(0, 20) * day,
  }
}

function randomAge(random: Random) {
  if (random.chance(0.12)) {
    const months = random.int(4, 11)
    return { age: `${months} months`, ageMonths: months }
  }
  const years = random.int(1, 13)
  return { age: years === 1 ? '1 year' : `${years} years`, ageMonths: years * 12 }
}

function distanceKm(a: DemoAddress, b: DemoAddress) {
  const kmPerDegree = 111.32
  const dy = (a.latitude - b.latitude) * kmPerDegree
  const dx = (a.longitude - b.longitude) * kmPerDegree * Math.cos((a.latitude * Math.PI) / 180)
  return Math.hypot(dx, dy)
}

function nearestSitters(person: DemoPerson, sitters: readonly DemoSitter[], count: number) {
  return sitters
    .filter((sitter) => sitter.id !== person.id)
    .map((sitter) => ({ sitter, distance: distanceKm(person.address, sitter.address) }))
    .sort((a, b) => a.distance - b.distance)
    .slice(0, count)
    .map(({ sitter }) => sitter)
}

// ---------------------------------------------------------------------------------------------------
// Bookings: planned without dates (so the plan is the same every run), then placed around today

interface BookingPlan {
  key: string
  dog: DemoDog
  /** Further dogs of the same owner in the booking (issue 33 part 3). */
  otherDogs?: readonly DemoDog[]
  sitter: DemoSitter
  status: BookingStatus
  requestedBy: Party
  service: SitterService
  /** A walk in the morning and one in the afternoon, rather than a single walk. */
  twoWalks: boolean
  /** Stars of the owner's review; undefined when the booking is not reviewed. */
  rating?: number
  /** Stars of the sitter's review of the owner and the dog; undefined when the sitter did not review them. */
  ownerRating?: number
  /** The sitter answers the owner's review once it is published, rather than by chance. */
  replied?: boolean
  /** The sitter reviews first and the owner a day later, rather than the owner within the day after the booking. */
  sitterReviewsFirst?: boolean
  /** Days before today to complete the booking (or the sitter's first free day before), rather than 3 to 60. */
  completedDaysAgo?: number
  /** An accepted stay around the seed moment rather than on a day ahead (stayAroundNow). */
  aroundNow?: 'under-way' | 'missed-check-in'
  /** A cancelled booking that was accepted, then cancelled by this party inside its terms' notice period, days ago. */
  cancelledLate?: { by: Party; daysAgo: number }
}

interface DemoBooking {
  plan: BookingPlan
  id: string
  date: string
  period: BookingPeriod | null
  slots: TimeSlot[]
  priceCents: number
  notes: string | null
  history: { from: BookingStatus | null; to: BookingStatus; byId: string; at: number }[]
  /** The owner's review of the sitter. */
  review?: DemoReview & { reply: { comment: string; at: number } | null }
  /** The sitter's review of the owner and the dog. */
  ownerReview?: DemoReview
}

/** A review of a completed booking, double-blind (DESIGN.md ruling 26): `publishedAt` null while only its author sees it. */
interface DemoReview {
  rating: number
  comment: string
  at: number
  windowEndsAt: number
  publishedAt: number | null
}

function planBookings(sitters: readonly DemoSitter[], owners: readonly DemoPerson[], dogs: readonly DemoDog[]) {
  const [sam, ...otherSitters] = sitters
  const [olivia, ...otherOwners] = owners
  if (!sam || !olivia) throw new Error('Demo data: the demo users are missing')
  const dogsOf = (owner: DemoPerson) => dogs.filter((dog) => dog.owner.id === owner.id)
  const firstDogOf = (owner: DemoPerson) => itemAt(dogsOf(owner), 0)
  const [rex, luna] = dogsOf(olivia)
  if (!rex || !luna) throw new Error('Demo data: the demo owner’s dogs are missing')
  const [oliviasFirstSitter, oliviasSecondSitter, oliviasThirdSitter] = nearestSitters(olivia, otherSitters, 3)
  if (!oliviasFirstSitter || !oliviasSecondSitter || !oliviasThirdSitter) throw new Error('Demo data: too few sitters')
  const oliviasStaySitter = nearestSitters(olivia, otherSitters, otherSitters.length).find((sitter) => offersStays(sitter))
  if (!oliviasStaySitter) throw new Error('Demo data: no sitter near the demo owner offers daycare and boarding')
  const samsOwners = otherOwners.slice(0, 7)
  const dogSamOffersToWalk = otherOwners
    .slice(samsOwners.length)
    .flatMap(dogsOf)
    .find((dog) => dog.listedForSitting)
  if (!dogSamOffersToWalk) throw new Error('Demo data: no listed dog for the sitter-requested booking')

  const plan = (
    key: string,
    dog: DemoDog,
    sitter: DemoSitter,
    status: BookingStatus,
    extra: Partial<BookingPlan> = {},
  ): BookingPlan => ({ key, dog, sitter, status, requestedBy: 'owner', service: defaultService(sitter), twoWalks: false, ...extra })

  // The reviews of the demo users' completed bookings show each state of the double-blind window (DESIGN.md ruling 26).
  const demoPlans: BookingPlan[] = [
    // Both reviewed, so both are published: Olivia's five stars with Sam's reply, and Sam's review of her and Rex.
    plan('demo:1', rex, sam, 'completed', { rating: 5, ownerRating: 5, replied: true }),
    // Left unreviewed, its window open, so the demo owner and the demo sitter can each write a review.
    plan('demo:2', luna, sam, 'completed', { service: 'sitting', completedDaysAgo: 3 }),
    // Rex and Luna together: Sam takes several dogs, each further one at his extra-dog rate.
    // Rex and Luna together: Sam takes several dogs, each further one at his extra-dog rate. Olivia has proposed a
    // change that waits for Sam's answer: Rex alone (demoProposals).
    plan('demo:3', rex, sam, 'accepted', { twoWalks: true, otherDogs: [luna] }),
    // Sam sees what Olivia's sitters said of her (demo:1 and demo:5) on this request.
    plan('demo:4', luna, sam, 'pending'),
    plan('demo:5', rex, oliviasFirstSitter, 'completed', { rating: 4, ownerRating: 4 }),
    plan('demo:6', rex, oliviasFirstSitter, 'accepted'),
    plan('demo:7', luna, oliviasSecondSitter, 'rejected'),
    plan('demo:8', rex, oliviasSecondSitter, 'cancelled'),
    // A sitter offers to walk Rex (listed for sitting): the demo owner confirms.
    plan('demo:9', rex, oliviasThirdSitter, 'pending', { requestedBy: 'sitter' }),
    plan('demo:10', luna, oliviasThirdSitter, 'pending'),
    // The visit log (issue 32): Sam looks after Luna right now, and Rex's sitter has not checked in (daycare by
    // day, boarding by night: stayAroundNow).
    plan('demo:under-way', luna, sam, 'accepted', { service: 'daycare', aroundNow: 'under-way' }),
    plan('demo:missed', rex, oliviasStaySitter, 'accepted', { service: 'daycare', aroundNow: 'missed-check-in' }),
    ...samsOwners.map((owner, index) => plan(`demo:sam:${index}`, firstDogOf(owner), sam, itemAt(samsQueue, index), samsReviews[index])),
    // The demo sitter offers to walk a listed dog: its owner confirms.
    plan('demo:sam:offer', dogSamOffersToWalk, sam, 'pending', { requestedBy: 'sitter', service: 'walking' }),
  ]
  // Sam's bookings whose window has closed, placed after the regular bookings so those keep their days.
  const samsClient = (index: number) => firstDogOf(itemAt(samsOwners, index))
  const closedWindowPlans = [
    // A returning client: both reviewed, Sam first, published when the owner wrote hers a day later.
    plan('demo:sam:earlier', samsClient(3), sam, 'completed', { rating: 5, ownerRating: 5, completedDaysAgo: 40, sitterReviewsFirst: true }),
    // Only the owner reviewed: published alone when the 14 days ended.
    plan('demo:sam:lapsed', samsClient(5), sam, 'completed', { rating: 4, completedDaysAgo: 24 }),
    // Nobody reviewed, and now nobody can.
    plan('demo:sam:unreviewed', samsClient(6), sam, 'completed', { completedDaysAgo: 30 }),
    // Late cancellations under Sam's moderate terms (issue 33 part 4): one by an owner, which his profile does not
    // count, and one by Sam long ago, which it does ('Cancelled late: 1 of ...').
    plan('demo:sam:late-by-owner', samsClient(1), sam, 'cancelled', { cancelledLate: { by: 'owner', daysAgo: 8 } }),
    plan('demo:sam:late-by-sam', samsClient(0), sam, 'cancelled', { cancelledLate: { by: 'sitter', daysAgo: 75 } }),
  ]
  const regularOwners = [...otherOwners, ...sitters.filter((sitter) => sitter.role === 'both')]
  return [
    ...demoPlans,
    ...regularOwners.flatMap((owner) => regularBookingPlans(owner, dogsOf(owner), otherSitters)),
    ...closedWindowPlans,
  ]
}

/** What the demo sitter's other clients have booked, in the order of `samsOwners`. */
const samsQueue: readonly BookingStatus[] = ['pending', 'pending', 'accepted', 'completed', 'completed', 'rejected', 'cancelled']

/** The reviews of the demo sitter's completed bookings in `samsQueue`, both in their 14 days: one side has written. */
const samsReviews: Readonly<Record<number, Partial<BookingPlan>>> = {
  // The owner reviewed Sam, who has not yet: he reads 'has reviewed you, write yours to read it'.
  3: { rating: 4, completedDaysAgo: 5 },
  // Sam reviewed the owner and the dog, the owner has not yet.
  4: { ownerRating: 5, completedDaysAgo: 4 },
}

function defaultService(sitter: DemoSitter): SitterService {
  return sitter.rates.walking === undefined ? 'sitting' : 'walking'
}

const bookingsPerDog = 4

/** Each owner books three nearby sitters again and again, like real customers do. */
function regularBookingPlans(owner: DemoPerson, dogs: readonly DemoDog[], sitters: readonly DemoSitter[]) {
  const random = createRandom(`bookings:${owner.email}`)
  const regularSitters = random.sample(nearestSitters(owner, sitters, 8), 3)
  return dogs.flatMap((dog) =>
    Array.from({ length: bookingsPerDog }, (_, index): BookingPlan => {
      const sitter = random.pick(regularSitters)
      const status = random.weighted<BookingStatus>([
        ['completed', 50],
        ['accepted', 15],
        ['pending', 12],
        ['rejected', 8],
        ['cancelled', 15],
      ])
      const offeredBySitter = dog.listedForSitting && status !== 'completed' && random.chance(0.2)
      const reviewed = status === 'completed' && random.chance(0.85)
      const service = random.chance(0.6) ? defaultService(sitter) : random.pick(offeredServices(sitter))
      return {
        key: `${dog.id}:${index}`,
        dog,
        sitter,
        status,
        requestedBy: offeredBySitter ? 'sitter' : 'owner',
        service,
        twoWalks: service === 'walking' && random.chance(0.3) && hasLongRange(sitter),
        rating: reviewed ? random.weighted([[5, 50], [4, 30], [3, 12], [2, 5], [1, 3]]) : undefined,
        ownerRating: status === 'completed' ? sitterRatingOfOwner(`${dog.id}:${index}`) : undefined,
      }
    }),
  )
}

/** Whether the sitter reviewed the owner and the dog (about 70%), and the stars: mostly 4 or 5. A stream of its own. */
function sitterRatingOfOwner(key: string) {
  const random = createRandom(`owner-rating:${key}`)
  return random.chance(0.7) ? random.weighted([[5, 55], [4, 30], [3, 10], [2, 3], [1, 2]]) : undefined
}

function hasLongRange(sitter: DemoSitter) {
  return sitter.schedule.some((range) => toMinutes(range.endTime) - toMinutes(range.startTime) >= 5 * 60)
}

function offeredServices(sitter: DemoSitter) {
  return sitterServices.filter((service) => sitter.rates[service] !== undefined)
}

const offersStays = (sitter: DemoSitter) => sitter.rates.daycare !== undefined && sitter.rates.boarding !== undefined

/**
 * Days from today, never today itself: completed ones lie in the past, pending and accepted ones ahead (but for the
 * stays around now). Completed ones began three days ago or earlier: the missed-visit sweep looks two days back
 * (visits/visit-alarms.server.ts), and these bookings come from before the visit log, which they do not have.
 */
const dayOffsetsByStatus: Record<BookingStatus, readonly (readonly [number, number])[]> = {
  completed: [[-60, -3]],
  accepted: [[1, 24]],
  pending: [[1, 14]],
  rejected: [[-21, -1], [2, 14]],
  cancelled: [[-30, -1], [1, 18]],
}

function scheduleBookings(plans: readonly BookingPlan[], today: string, now: number) {
  const taken = new Set<string>()
  const take = (plan: BookingPlan, date: string) => {
    for (const day of daysTouched(plan, date)) {
      taken.add(`${plan.sitter.id}:${day}`)
      for (const dog of dogsOfPlan(plan)) taken.add(`${dog.id}:${day}`)
    }
  }
  // The stays around now take their days first: every other booking of their sitter and dog keeps off them.
  const stays = new Map(plans.flatMap((plan) => (plan.aroundNow ? [[plan.key, stayAroundNow(plan, now)] as const] : [])))
  for (const stay of stays.values()) take(stay.plan, stay.date)
  return plans.map((plan) => {
    const random = createRandom(`booking:${plan.key}`)
    const [from, to] = random.pick(dayOffsetsByStatus[plan.status])
    // Drawn even when the plan sets the day, so that the draws after it stay the same.
    const drawnOffset = random.int(from, to)
    const stay = stays.get(plan.key)
    if (stay) return placeBooking(stay.plan, stay.date, now, random)
    const dayOffset =
      plan.status === 'completed' && plan.completedDaysAgo !== undefined ? -plan.completedDaysAgo : plan.cancelledLate ? -plan.cancelledLate.daysAgo : drawnOffset
    const date = firstFreeDate(plan, today, dayOffset, taken)
    take(plan, date)
    return placeBooking(plan, date, now, random)
  })
}

/**
 * A stay around the seed moment: a daycare day (08:00 to 20:00) or a boarding night (20:00 to 08:00), the services
 * that weekly hours do not bind (bookings/booking-rules.server.ts), so one of them holds any moment of the week,
 * whatever the sitter's hours. 'under-way' holds the moment itself; 'missed-check-in' began 15 minutes or more
 * before it (its alarm is due) and owes no daily update yet. A walk could not: Sam walks on weekdays and Saturday
 * mornings only, and nobody walks dogs at 3 a.m.
 */
function stayAroundNow(plan: BookingPlan, now: number): { plan: BookingPlan; date: string } {
  const { date, minutes } = localDateTime(now, timeZone)
  const late = plan.aroundNow === 'missed-check-in' ? visitRules.missedCheckInAfterMs / minute : 0
  const dayStarts = toMinutes(periodWindows.all_day.startTime)
  const dayEnds = toMinutes(periodWindows.all_day.endTime)
  if (minutes >= dayStarts + late && minutes < dayEnds) return { plan: { ...plan, service: 'daycare' }, date }
  return { plan: { ...plan, service: 'boarding' }, date: minutes >= dayEnds + late ? date : addDays(date, -1) }
}

/** The days a booking on `date` touches: boarding runs overnight into the next morning. */
function daysTouched(plan: BookingPlan, date: string) {
  return plan.service === 'boarding' ? [date, addDays(date, 1)] : [date]
}

/**
 * From `dayOffset` on, away from today: the first day the sitter can take the booking (not blocked, inside
 * the weekly hours, which boarding stays are not bound by) and neither sitter nor dog is busy.
 */
function firstFreeDate(plan: BookingPlan, today: string, dayOffset: number, taken: ReadonlySet<string>) {
  const step = dayOffset < 0 ? -1 : 1
  for (let offset = dayOffset; Math.abs(offset) < 365; offset += step) {
    const date = addDays(today, offset)
    const days = daysTouched(plan, date)
    const free =
      days.every((day) => !taken.has(`${plan.sitter.id}:${day}`) && dogsOfPlan(plan).every((dog) => !taken.has(`${dog.id}:${day}`))) &&
      days.every((_day, index) => !plan.sitter.blockedDayOffsets.includes(offset + index)) &&
      (plan.service === 'boarding' || plan.service === 'daycare' || rangesFitting(plan, date).length > 0)
    if (free) return date
  }
  throw new Error(`Demo data: no free day for booking ${plan.key}`)
}

/** The sitter's working ranges on `date` that are long enough for the booking. */
function rangesFitting(plan: BookingPlan, date: string) {
  const weekday = isoWeekday(date)
  const neededMinutes = plan.twoWalks ? 5 * 60 : 60
  return plan.sitter.schedule.filter(
    (range) => range.weekdays.includes(weekday) && toMinutes(range.endTime) - toMinutes(range.startTime) >= neededMinutes,
  )
}

// The times come from their own PRNG stream: how many draws they take depends on the weekday, and
// that must not shift the draws for notes, history and review (nor, through them, the row counts).
function placeBooking(plan: BookingPlan, date: string, now: number, random: Random): DemoBooking {
  const timesRandom = createRandom(`booking-times:${plan.key}`)
  const { period, slots } =
    plan.service === 'boarding'
      ? { period: 'overnight' as const, slots: [periodWindows.overnight] }
      : plan.service === 'daycare'
        ? { period: 'all_day' as const, slots: [periodWindows.all_day] }
        : daytimeSlots(plan, timesRandom.pick(rangesFitting(plan, date)), timesRandom)
  const { start, end } = bookingSpan({ date, timeZone, slots })
  const history = statusHistory(plan, start, end, now, random)
  const notes = random.chance(0.5) ? random.pick(plan.service === 'boarding' || plan.service === 'daycare' ? bookingNotes.withBag : bookingNotes.atHome) : null
  const completedAt = history.find((change) => change.to === 'completed')?.at
  return {
    plan,
    id: demoId(`booking:${plan.key}`),
    date,
    period,
    slots,
    priceCents: priceCentsFor(plan.service, rateFor(plan) + extraDogRateFor(plan) * (dogsOfPlan(plan).length - 1), slots),
    notes,
    history,
    ...(completedAt === undefined ? {} : reviewsOf(plan, completedAt, now, random)),
  }
}

/**
 * The reviews of a booking completed at `completedAt`, double-blind (DESIGN.md ruling 26): each party writes within
 * the 14 days after completion; both publish the moment the second is written, a lone one when the 14 days end.
 */
function reviewsOf(plan: BookingPlan, completedAt: number, now: number, random: Random): Pick<DemoBooking, 'review' | 'ownerReview'> {
  const windowEndsAt = completedAt + reviewWindowDays * day
  const ofOwner = sitterReviewOfOwner(plan, completedAt, Math.min(now, windowEndsAt))
  const ofSitter =
    plan.rating === undefined
      ? undefined
      : {
          rating: plan.rating,
          comment: fillIn(random.pick(reviewComments[plan.rating] ?? []), { sitter: firstName(plan.sitter), dog: plan.dog.name }),
          at: Math.min(Math.max(awake(completedAt + random.int(2, 20) * hour), completedAt + 30 * minute), now - 5 * minute),
        }
  if (ofSitter && ofOwner && plan.sitterReviewsFirst) ofSitter.at = Math.min(ofOwner.at + day, windowEndsAt - 5 * minute, now - 5 * minute)
  const publishedAt = ofSitter && ofOwner ? Math.max(ofSitter.at, ofOwner.at) : windowEndsAt <= now ? windowEndsAt : null
  return {
    review: ofSitter && { ...ofSitter, windowEndsAt, publishedAt, reply: sitterReply(plan, ofSitter.rating, publishedAt, now) },
    ownerReview: ofOwner && { ...ofOwner, windowEndsAt, publishedAt },
  }
}

/**
 * The sitter's review of the owner and the dog, half a day to four days after completion (so that `awake` cannot move
 * it back before the completion), and before `deadline`: now or the window's end.
 */
function sitterReviewOfOwner(plan: BookingPlan, completedAt: number, deadline: number) {
  if (plan.ownerRating === undefined) return undefined
  const random = createRandom(`owner-review:${plan.key}`)
  const comment = fillIn(random.pick(ownerReviewComments[plan.ownerRating] ?? []), { owner: firstName(plan.dog.owner), dog: plan.dog.name })
  const writtenAt = awake(completedAt + random.int(12, 96) * hour + random.int(0, 59) * minute)
  return { rating: plan.ownerRating, comment, at: Math.min(Math.max(writtenAt, completedAt + 30 * minute), deadline - 5 * minute) }
}

/**
 * Some sitters answer a review, once it is published: most of the critical ones, a third of the rest, within a
 * day or so. A review nobody else can read yet has no reply.
 */
function sitterReply(plan: BookingPlan, rating: number, publishedAt: number | null, now: number) {
  const random = createRandom(`review-reply:${plan.key}`)
  const answers = random.chance(rating <= 3 ? 0.8 : 0.35) || plan.replied === true
  if (!answers || publishedAt === null) return null
  const at = Math.min(Math.max(awake(publishedAt + random.int(1, 30) * hour), publishedAt + 20 * minute), now - minute)
  if (at <= publishedAt) return null
  const comment = fillIn(random.pick(reviewReplies[rating] ?? []), { owner: firstName(plan.dog.owner), dog: plan.dog.name })
  return { comment, at }
}

const dogsOfPlan = (plan: BookingPlan) => [plan.dog, ...(plan.otherDogs ?? [])]

const extraDogRateFor = (plan: BookingPlan) => plan.sitter.extraDogRates?.[plan.service] ?? 0

function rateFor(plan: BookingPlan) {
  const rate = plan.sitter.rates[plan.service]
  if (rate === undefined) throw new Error(`Demo data: ${plan.sitter.name} does not offer ${plan.service}`)
  return rate
}

/** Slots inside one of the sitter's working ranges: walks of an hour (one or two a day), sitting in period windows, training and grooming by the hour. */
function daytimeSlots(plan: BookingPlan, range: WeeklyRange, random: Random): { period: BookingPeriod | null; slots: TimeSlot[] } {
  const { service } = plan
  const opens = toMinutes(range.startTime)
  const closes = toMinutes(range.endTime)
  const fittingWindows = (['morning', 'afternoon', 'evening'] as const).filter(
    (period) => toMinutes(periodWindows[period].startTime) >= opens && toMinutes(periodWindows[period].endTime) <= closes,
  )
  if (service === 'sitting' && fittingWindows.length > 0) {
    const period = random.pick(fittingWindows)
    return { period, slots: [periodWindows[period]] }
  }
  if (plan.twoWalks) {
    const firstWalk = opens + 60 * random.int(0, Math.floor((closes - opens - 5 * 60) / 60))
    return { period: null, slots: [hourFrom(firstWalk), hourFrom(firstWalk + 4 * 60)] }
  }
  const hoursByService: Record<SitterService, number> = { walking: 1, sitting: 3, daycare: 5, training: 1, grooming: 2, boarding: 12 }
  const length = Math.min(hoursByService[service] * 60, closes - opens)
  const start = opens + 60 * random.int(0, Math.floor((closes - opens - length) / 60))
  return { period: null, slots: [{ startTime: fromMinutes(start), endTime: fromMinutes(start + length) }] }
}

const hourFrom = (start: number): TimeSlot => ({ startTime: fromMinutes(start), endTime: fromMinutes(start + 60) })

/** Every status change of the plan, in order: requested, answered by the other party, then completed or cancelled. */
function statusHistory(plan: BookingPlan, start: number, end: number, now: number, random: Random) {
  const ownerId = plan.dog.owner.id
  const sitterId = plan.sitter.id
  const requesterId = plan.requestedBy === 'owner' ? ownerId : sitterId
  const confirmerId = requesterId === ownerId ? sitterId : ownerId
  // Answers and cancellations happen before the booking starts and before now.
  const deadline = Math.min(start, now) - 30 * minute
  const requestedAt = awake(
    (start > now ? now - random.int(3, 96) * hour : start - random.int(26, 240) * hour) - random.int(0, 59) * minute,
  )
  const answeredAt = Math.max(
    awake(random.between(requestedAt + 20 * minute, Math.min(requestedAt + 30 * hour, deadline))),
    requestedAt + 15 * minute,
  )
  const requested = { from: null, to: 'pending', byId: requesterId, at: requestedAt } as const
  const accepted = { from: 'pending', to: 'accepted', byId: confirmerId, at: answeredAt } as const
  switch (plan.status) {
    case 'pending':
      return [requested]
    case 'accepted':
      return [requested, accepted]
    case 'rejected':
      return [requested, { from: 'pending', to: 'rejected', byId: confirmerId, at: answeredAt } as const]
    case 'completed':
      return [
        requested,
        accepted,
        { from: 'accepted', to: 'completed', byId: sitterId, at: end + random.int(30, 180) * minute } as const,
      ]
    case 'cancelled': {
      if (plan.cancelledLate) return [requested, accepted, lateCancellation(plan, plan.cancelledLate.by === 'owner' ? ownerId : sitterId, start, answeredAt)]
      const before = random.chance(0.5) ? [requested, accepted] : [requested]
      const cancelledAt = Math.max(awake(random.between(answeredAt + 10 * minute, deadline)), answeredAt + 10 * minute)
      const byId = random.pick([ownerId, sitterId])
      return [...before, { from: itemAt(before, before.length - 1).to, to: 'cancelled', byId, at: cancelledAt } as const]
    }
  }
}

/** A planned late cancellation: 2 to 12 hours before the start (at waking hours), never before the acceptance. */
function lateCancellation(plan: BookingPlan, byId: string, start: number, answeredAt: number) {
  const random = createRandom(`late-cancellation:${plan.key}`)
  const at = Math.max(awake(start - random.int(2, 12) * hour), answeredAt + 10 * minute)
  if (!isLateCancellation(plan.sitter.cancellationTerms, start, at)) throw new Error(`Demo data: the cancellation of ${plan.key} is not late`)
  return { from: 'accepted', to: 'cancelled', byId, at } as const
}

/**
 * Who cancelled the booking late, as the app records it (bookings/status-change.server.ts): the party who cancelled
 * it once accepted, inside the notice period of its terms.
 */
function lateCancellationBy(booking: DemoBooking): Party | null {
  const cancellation = booking.history.at(-1)
  if (cancellation?.to !== 'cancelled' || cancellation.from !== 'accepted') return null
  const { start } = bookingSpan({ date: booking.date, timeZone, slots: booking.slots })
  if (!isLateCancellation(booking.plan.sitter.cancellationTerms, start, cancellation.at)) return null
  return cancellation.byId === booking.plan.sitter.id ? 'sitter' : 'owner'
}

function firstName(person: DemoPerson) {
  return person.name.split(' ')[0] ?? person.name
}

function fillIn(template: string, values: Record<string, string>) {
  return template.replace(/\{(\w+)\}/g, (placeholder, name: string) => values[name] ?? placeholder)
}

// ---------------------------------------------------------------------------------------------------
// Conversations

interface ConversationPlan {
  key: string
  owner: DemoPerson
  sitter: DemoPerson
  dog: DemoDog
  /** How many of the last messages (all from the last sender) are still unread. */
  unreadCount: number
  /** Only scripts whose last message comes from this party; any script when undefined. */
  lastSender?: Party
  hoursSinceLastMessage: number
  /** The lines of this conversation, instead of a script picked at random. */
  script?: ChatScript
}

interface DemoConversation {
  id: string
  userAId: string
  userBId: string
  messages: { id: string; senderId: string; recipientId: string; content: string; at: number; readAt: number | null }[]
}

function planConversations(sitters: readonly DemoSitter[], owners: readonly DemoPerson[], dogs: readonly DemoDog[]) {
  const [sam, ...otherSitters] = sitters
  const [olivia, ...otherOwners] = owners
  if (!sam || !olivia) throw new Error('Demo data: the demo users are missing')
  const firstDogOf = (owner: DemoPerson) => itemAt(dogs.filter((dog) => dog.owner.id === owner.id), 0)
  const [firstSitter, , thirdSitter] = nearestSitters(olivia, otherSitters, 3)
  const [firstClient, secondClient, thirdClient] = otherOwners
  if (!firstSitter || !thirdSitter || !firstClient || !secondClient || !thirdClient) {
    throw new Error('Demo data: too few users for the demo conversations')
  }
  const conversation = (
    owner: DemoPerson,
    sitter: DemoPerson,
    extra: Partial<ConversationPlan> & { hoursSinceLastMessage: number },
  ): ConversationPlan => ({ key: `${owner.email}:${sitter.email}`, owner, sitter, dog: firstDogOf(owner), unreadCount: 0, ...extra })

  const demoConversations = [
    conversation(olivia, sam, { lastSender: 'sitter', unreadCount: 1, hoursSinceLastMessage: 1 }),
    conversation(olivia, firstSitter, { lastSender: 'sitter', unreadCount: 2, hoursSinceLastMessage: 5 }),
    conversation(olivia, thirdSitter, { hoursSinceLastMessage: 30 }),
    conversation(firstClient, sam, { lastSender: 'owner', unreadCount: 2, hoursSinceLastMessage: 2 }),
    conversation(secondClient, sam, { lastSender: 'owner', unreadCount: 1, hoursSinceLastMessage: 7 }),
    // The demo sitter reported this one to the admins (fileReports).
    conversation(thirdClient, sam, { hoursSinceLastMessage: 50, script: offPlatformChat }),
  ]
  const regularConversations = otherOwners.flatMap((owner) => {
    const random = createRandom(`conversations:${owner.email}`)
    return random.sample(nearestSitters(owner, otherSitters, 4), random.int(1, 2)).map((sitter) =>
      conversation(owner, sitter, {
        unreadCount: random.chance(0.3) ? 1 : 0,
        hoursSinceLastMessage: random.int(3, 24 * 14),
      }),
    )
  })
  return [...demoConversations, ...regularConversations]
}

function scriptConversation(plan: ConversationPlan, now: number): DemoConversation {
  const random = createRandom(`conversation:${plan.key}`)
  const scripts = chatScripts.filter(
    (script) => !plan.lastSender || itemAt(script.lines, script.lines.length - 1)[0] === plan.lastSender,
  )
  // Picked even when the plan brings its own lines, so the draws after it stay the same.
  const picked = random.pick(scripts)
  const lines = (plan.script ?? picked).lines
  const values = {
    owner: firstName(plan.owner),
    sitter: firstName(plan.sitter),
    dog: plan.dog.name,
    day: random.pick(weekdayNames),
  }
  const [lastSender] = itemAt(lines, lines.length - 1)
  const trailingRun = lines.length - 1 - lines.findLastIndex(([sender]) => sender !== lastSender)
  const unreadFrom = lines.length - Math.min(plan.unreadCount, trailingRun)

  // Walk back from the newest message, a few minutes between messages.
  const times: number[] = []
  let at = awake(now - plan.hoursSinceLastMessage * hour - random.int(0, 40) * minute)
  for (const _line of lines) {
    times.unshift(at)
    at -= random.int(2, 25) * minute
  }
  const idOf = (party: Party) => (party === 'owner' ? plan.owner.id : plan.sitter.id)
  const [userAId, userBId] = [plan.owner.id, plan.sitter.id].sort()
  if (!userAId || !userBId) throw new Error('Demo data: a conversation needs two users')
  return {
    id: demoId(`conversation:${plan.key}`),
    userAId,
    userBId,
    messages: lines.map(([sender, text], index) => {
      const sentAt = itemAt(times, index)
      return {
        id: demoId(`message:${plan.key}:${index}`),
        senderId: idOf(sender),
        recipientId: idOf(sender === 'owner' ? 'sitter' : 'owner'),
        content: fillIn(text, values),
        at: sentAt,
        // Read within half an hour, and always before the reader's own reply.
        readAt: index >= unreadFrom ? null : Math.min(sentAt + random.int(1, 30) * minute, times[index + 1] ?? now, now),
      }
    }),
  }
}

// ---------------------------------------------------------------------------------------------------
// Moderation (issue 30): the demo admin and their queue. Four open reports (a conversation, a review, a dog listed
// for sitting and a booking), each with the snapshot the app would have kept of what was reported
// (moderation/reports.server.ts), and one report the admin read and dismissed, with its two audit log rows; the
// admin's notifications of them (reportNotices). Nobody is suspended: the suspensions table stays empty.

/** A staff account: neither owner nor sitter, so no address, dogs, profile or bookings (decision 063). */
interface DemoAdmin {
  id: string
  name: string
  email: string
  createdAt: number
}

function demoAdmin(): DemoAdmin {
  const email = 'admin@pawpal.test'
  return { id: demoId(`user:${email}`), name: 'Alex Admin', email, createdAt: referenceDate - 400 * day }
}

interface DemoReport {
  id: string
  reporterId: string
  reportedUserId: string
  subjectId: string
  reason: ReportReason | 'no_show'
  details: string
  snapshot: ReportSnapshot
  at: number
  resolution?: { state: Exclude<ReportState, 'open'>; note: string; readAt: number; at: number }
}

function fileReports(
  world: {
    sitters: readonly DemoSitter[]
    owners: readonly DemoPerson[]
    dogs: readonly DemoDog[]
    bookings: readonly DemoBooking[]
    conversationPlans: readonly ConversationPlan[]
    conversations: readonly DemoConversation[]
  },
  now: number,
): DemoReport[] {
  const { sitters, owners, dogs, bookings, conversationPlans, conversations } = world
  const [sam, ...otherSitters] = sitters
  const [olivia, ...otherOwners] = owners
  if (!sam || !olivia) throw new Error('Demo data: the demo users are missing')
  const nameOf = new Map([...sitters, ...owners].map((person) => [person.id, person.name]))
  const named = (id: string) => nameOf.get(id) ?? 'Deleted user'

  // The demo sitter reports the owner who pressed for cash a minute after his threat: the snapshot holds the
  // messages until then, the owner's marked as reported (the reported user's latest ten and the ten before them: all
  // of these). She added his next message a minute after it came (decision 100; the admins were told, decision 101);
  // his last one came after that, so her thread offers to add it.
  const chatIndex = conversationPlans.findIndex((plan) => plan.script === offPlatformChat)
  const chatPlan = conversationPlans[chatIndex]
  const chat = conversations[chatIndex]
  if (!chatPlan || !chat) throw new Error('Demo data: the reported conversation is missing')
  const reportedMessages = chat.messages.slice(0, -2)
  const added = itemAt(chat.messages, chat.messages.length - 2)
  const keptMessage = (message: DemoConversation['messages'][number]) => ({
    id: message.id,
    senderId: message.senderId,
    senderName: named(message.senderId),
    content: message.content,
    createdAt: iso(message.at),
    reported: message.senderId === chatPlan.owner.id,
  })
  const conversationReport: DemoReport = {
    id: demoId('report:conversation'),
    reporterId: chatPlan.sitter.id,
    reportedUserId: chatPlan.owner.id,
    subjectId: chat.id,
    reason: 'scam',
    details: 'Wants to pay cash outside Pawpal and threatens to badmouth me to the neighbours when I say no.',
    snapshot: {
      kind: 'conversation',
      // Messages are at least two minutes apart (scriptConversation): the add comes before his last one.
      messages: [...reportedMessages.map(keptMessage), { ...keptMessage(added), addedAt: iso(added.at + minute) }],
    },
    at: itemAt(reportedMessages, reportedMessages.length - 1).at + minute,
  }

  // The harshest published review of a sitter, reported by another owner who knows that sitter (the demo owner if she does).
  const knows = (owner: DemoPerson, sitter: DemoSitter) =>
    bookings.some(({ plan }) => plan.status === 'completed' && plan.sitter.id === sitter.id && plan.dog.owner.id === owner.id)
  const [reviewed, reviewReporter] =
    bookings
      .filter((booking) => typeof booking.review?.publishedAt === 'number')
      .sort((a, b) => (a.review?.rating ?? 0) - (b.review?.rating ?? 0) || a.plan.key.localeCompare(b.plan.key))
      .map((booking) => [booking, owners.find((owner) => owner.id !== booking.plan.dog.owner.id && knows(owner, booking.plan.sitter))] as const)
      .find(([, reporter]) => reporter) ?? []
  const review = reviewed?.review
  const publishedAt = review?.publishedAt
  if (!reviewed || !review || typeof publishedAt !== 'number' || !reviewReporter) throw new Error('Demo data: no review to report')
  const reviewReport: DemoReport = {
    id: demoId('report:review'),
    reporterId: reviewReporter.id,
    reportedUserId: reviewed.plan.dog.owner.id,
    subjectId: demoId(`review:${reviewed.plan.key}`),
    reason: 'other',
    details: `I have booked ${firstName(reviewed.plan.sitter)} many times and this matches nothing I know of them. It reads like a review meant for someone else.`,
    snapshot: {
      kind: 'review',
      rating: review.rating,
      comment: review.comment,
      reply: review.reply?.comment ?? null,
      sitterId: reviewed.plan.sitter.id,
      sitterName: reviewed.plan.sitter.name,
      authorName: reviewed.plan.dog.owner.name,
      createdAt: iso(review.at),
    },
    at: Math.max(Math.min(publishedAt + 3 * day, now - 26 * hour), publishedAt + 10 * minute),
  }

  // A sitter reports a dog listed for sitting whose owner asked for a deposit.
  const listed = dogs.find((dog) => dog.listedForSitting && dog.owner.id !== olivia.id && dog.owner.role === 'owner')
  if (!listed) throw new Error('Demo data: no listed dog to report')
  const [dogReporter] = nearestSitters(listed.owner, otherSitters, 1)
  if (!dogReporter) throw new Error('Demo data: no sitter to report the listed dog')
  const dogReport: DemoReport = {
    id: demoId('report:dog'),
    reporterId: dogReporter.id,
    reportedUserId: listed.owner.id,
    subjectId: listed.id,
    reason: 'scam',
    details: `When I offered to walk ${listed.name}, the owner asked for a CHF 50 deposit by bank transfer before we had even met.`,
    snapshot: {
      kind: 'dog',
      name: listed.name,
      breed: listed.breed.name,
      bio: listed.bio,
      images: imagePositions(listed).map((position) => `/uploads/dogs/${listed.id}/${position}`),
      ownerName: listed.owner.name,
    },
    at: now - 3 * hour,
  }

  // Dismissed last week: an owner asked whether a sitter's first-aid training is real; it is.
  const claimed = otherSitters.find((sitter) => sitter.bio.includes('First-aid trained'))
  const reported = new Set([chatPlan.owner.id, reviewed.plan.dog.owner.id, listed.owner.id])
  const doubter = otherOwners.find((owner) => !reported.has(owner.id))
  if (!claimed || !doubter) throw new Error('Demo data: no sitter profile to report')
  const filedAt = awake(now - 6 * day)
  const dismissedReport: DemoReport = {
    id: demoId('report:sitter'),
    reporterId: doubter.id,
    reportedUserId: claimed.id,
    subjectId: claimed.id,
    reason: 'other',
    details: 'The profile says first-aid trained, but when we met they could not tell me where they did the course.',
    snapshot: {
      kind: 'sitter',
      name: claimed.name,
      bio: claimed.bio,
      location: `${claimed.address.district.name}, Zürich`,
      profilePhoto: claimed.hasPhoto ? `/uploads/avatars/${claimed.id}` : null,
    },
    at: filedAt,
    resolution: {
      state: 'dismissed',
      note: 'Asked the sitter: they sent us the certificate of the canine first-aid course they took last spring. The profile is accurate.',
      readAt: filedAt + 20 * hour,
      at: filedAt + day,
    },
  }

  // The demo owner reports the day Rex's sitter never came: the snapshot holds the booking and its visit log, empty
  // but for the missed check-in's alarm (keepVisitLogs), filed a few minutes after that alarm.
  const missed = bookings.find((booking) => booking.plan.key === 'demo:missed')
  if (!missed) throw new Error('Demo data: the missed stay is missing')
  const missedAlarmAt = spanOf(missed).start + visitRules.missedCheckInAfterMs
  const partyOf = (userId: string) => (userId === missed.plan.dog.owner.id ? ('owner' as const) : ('sitter' as const))
  const bookingReport: DemoReport = {
    id: demoId('report:booking'),
    reporterId: missed.plan.dog.owner.id,
    reportedUserId: missed.plan.sitter.id,
    subjectId: missed.id,
    reason: 'no_show',
    details: `Nobody came for ${missed.plan.dog.name}. Pawpal warned me that ${firstName(missed.plan.sitter)} had not checked in, and my calls go to voicemail.`,
    snapshot: {
      kind: 'booking',
      ownerName: missed.plan.dog.owner.name,
      sitterName: missed.plan.sitter.name,
      dogNames: [missed.plan.dog, ...(missed.plan.otherDogs ?? [])].map((dog) => dog.name),
      service: missed.plan.service,
      date: missed.date,
      timeZone,
      slots: missed.slots,
      status: missed.plan.status,
      statusReason: null,
      history: missed.history.map((change) => ({ at: iso(change.at), what: change.to === 'pending' ? 'requested' : change.to, by: partyOf(change.byId) })),
      visit: {
        checkIn: null,
        entries: [],
        photoCount: 0,
        routeMeters: null,
        checkOut: null,
        alarms: [{ at: iso(missedAlarmAt), kind: 'missed-check-in', date: null }],
      },
    },
    at: Math.max(missedAlarmAt, Math.min(missedAlarmAt + 12 * minute, now - minute)),
  }
  return [conversationReport, reviewReport, dogReport, dismissedReport, bookingReport]
}

/**
 * What the demo admin heard of the reports (moderation/moderation-events.server.ts): each new one, and the message
 * the demo sitter added to hers. Read when the admin read the report; the open ones are news.
 */
function reportNotices(reports: readonly DemoReport[], admin: DemoAdmin) {
  return reports.flatMap((report): Insertable<Database['notifications']>[] => {
    const kind = reportKindLabels[report.snapshot.kind]
    const notice = (key: string, type: string, text: string, at: string) => ({
      id: demoId(`notification:${report.id}:${key}`),
      userId: admin.id,
      eventId: demoId(`event:${report.id}:${key}`),
      kind: moderationNotificationKind,
      type,
      text,
      href: href('/admin/reports/:id', { id: report.id }),
      conversationId: null,
      occurredAt: at,
      emailKey: null,
      readAt: report.resolution ? iso(report.resolution.readAt) : null,
    })
    const addedMessages = report.snapshot.kind === 'conversation' ? report.snapshot.messages.filter((message) => message.addedAt) : []
    const added = Map.groupBy(addedMessages, (message) => message.addedAt ?? '')
    return [
      notice('filed', reportEventTypes.filed, moderationTexts.newReport(kind), iso(report.at)),
      ...[...added].map(([at, messages]) =>
        notice(`added:${at}`, reportEventTypes.added, moderationTexts.added(kind, messages.filter((message) => message.reported).length), at),
      ),
    ]
  })
}

// ---------------------------------------------------------------------------------------------------
// Visit logs (issue 32, DESIGN.md ruling 27): the report card of the demo owner's walk with Sam (demo:1) with its
// route round Zürichhorn, Luna's stay with Sam under way, and Rex's stay whose sitter never checked in. Times are
// the server's stamps (to the millisecond); a check-in position is kept only as visits/visit-rules.ts keeps it.

type PhotoScene = 'meadow' | 'lake' | 'blanket'

interface DemoVisit {
  /** A planned booking, or a walk of the weekly round (withDemoSeries) keyed by its date. */
  booking: { id: string; plan: Pick<BookingPlan, 'key' | 'dog'> }
  checkedInAt: number
  checkIn: ReturnType<typeof classifyCheckIn>
  checkOut: { at: number; note: string } | null
  entries: { kind: EntryKind; note: string | null; at: number }[]
  photos: { id: string; path: string; scene: PhotoScene; at: number }[]
  /** The stored points: none lies within 200 m of the owner's or the sitter's home. */
  route: RoutePoint[]
}

interface DemoVisitAlarm {
  bookingId: string
  kind: string
  at: number
}

const metresPerDegreeOfLatitude = 111_195

const spanOf = (booking: DemoBooking) => bookingSpan({ date: booking.date, timeZone, slots: booking.slots })

/** What the server stamps: the minute it aims at, plus the seconds the sitter took to tap. */
const serverStamp = (instant: number, random: Random) => instant + random.int(0, 59_999)

function keepVisitLogs(bookings: readonly DemoBooking[], now: number): { visits: DemoVisit[]; alarms: DemoVisitAlarm[] } {
  const bookingOf = (key: string) => {
    const booking = bookings.find((candidate) => candidate.plan.key === key)
    if (!booking) throw new Error(`Demo data: booking ${key} is missing`)
    return booking
  }
  const missed = bookingOf('demo:missed')
  return {
    visits: [walkReportCard(bookingOf('demo:1')), stayUnderWay(bookingOf('demo:under-way'), now)],
    // Recorded by the booking sweep the minute it came due (visits/visit-alarms.server.ts).
    alarms: [{ bookingId: missed.id, kind: alarmKey('missed-check-in'), at: spanOf(missed).start + visitRules.missedCheckInAfterMs }],
  }
}

/** The sitter's phone at check-in: at the owner's door, give or take the 30 to 45 m of a building and its GPS. */
function checkInAtTheDoor(owner: DemoPerson, random: Random) {
  const door = { latitude: owner.address.latitude + random.int(30, 45) / metresPerDegreeOfLatitude, longitude: owner.address.longitude }
  return classifyCheckIn(door, owner.address)
}

/** The walk of demo:1, checked out into its report card: on time, the route, four activities, two photos, a note. */
function walkReportCard(booking: DemoBooking): DemoVisit {
  const { plan } = booking
  const random = createRandom(`visit:${plan.key}`)
  const checkedInAt = serverStamp(spanOf(booking).start - random.int(3, 5) * minute, random)
  // Tracking starts on the quay: the few minutes from the door lie in the 200 m around the home.
  const { route, reached } = walkAlong(zurichhornLoop, checkedInAt + random.int(4, 6) * minute, random)
  if (route.some((point) => isNearAHome(point, [plan.dog.owner.address, plan.sitter.address]))) {
    throw new Error('Demo data: a point of the walk lies near a home')
  }
  const firstPoint = itemAt(route, 0)
  const lastPoint = itemAt(route, route.length - 1)
  const photo = (index: number, scene: PhotoScene, at: number) => {
    const id = demoId(`visit-photo:${plan.key}:${index}`)
    return { id, path: `/uploads/visits/${booking.id}/${id}`, scene, at: serverStamp(at, random) }
  }
  return {
    booking,
    checkedInAt,
    checkIn: checkInAtTheDoor(plan.dog.owner, random),
    checkOut: {
      at: serverStamp(lastPoint.at + random.int(4, 6) * minute, random),
      note:
        `${plan.dog.name} was a star: fetch on the Blatterwiese, a swim at the Zürichhorn and a slow sniff through the ` +
        'Chinese garden on the way back. Paws towelled off, water bowl refilled.',
    },
    entries: [
      { kind: 'pee' as const, note: null, at: firstPoint.at + minute },
      { kind: 'play' as const, note: 'Fetch on the Blatterwiese', at: reached('meadow') + minute },
      { kind: 'water' as const, note: 'A swim and a drink at the Zürichhorn', at: reached('lake') + minute },
      { kind: 'poo' as const, note: null, at: reached('garden') },
    ].map((entry) => ({ ...entry, at: serverStamp(entry.at, random) })),
    photos: [photo(0, 'meadow', reached('meadow') + 4 * minute), photo(1, 'lake', reached('lake') + 3 * minute)],
    route,
  }
}

/**
 * The stay of demo:under-way, checked in minutes before its start and not yet checked out. Each entry comes at its
 * usual time after the check-in, or sooner when the stay began only minutes before now; on a daycare day its photo is
 * the day's update.
 */
function stayUnderWay(booking: DemoBooking, now: number): DemoVisit {
  const { plan } = booking
  const random = createRandom(`visit:${plan.key}`)
  const checkedInAt = serverStamp(spanOf(booking).start - random.int(6, 12) * minute, random)
  const after = (minutes: number, shareOfTheTimeSince: number) =>
    checkedInAt + Math.min(minutes * minute, Math.floor(shareOfTheTimeSince * (now - checkedInAt))) + random.int(0, 9_999)
  const photoId = demoId(`visit-photo:${plan.key}:0`)
  return {
    booking,
    checkedInAt,
    checkIn: checkInAtTheDoor(plan.dog.owner, random),
    checkOut: null,
    entries: [
      { kind: 'pee', note: null, at: after(12, 0.2) },
      { kind: 'water', note: null, at: after(25, 0.4) },
      { kind: 'food', note: `${plan.dog.name}'s usual portion, all gone`, at: after(50, 0.8) },
    ],
    photos: [{ id: photoId, path: `/uploads/visits/${booking.id}/${photoId}`, scene: 'blanket', at: after(35, 0.6) }],
    route: [],
  }
}

const roundWalkNotes = [
  'Down to the river and back. Luna pulled towards the water as always, Rex happy to follow. Both drank well at home.',
  'A calm one along the quay: lots of sniffing, one friendly spaniel. Paws wiped, water bowl refilled.',
  'Rex found a stick and would not let go of it. Luna rolled in the grass by the Blatterwiese. Both tired and happy.',
]

/**
 * A half-hour walk of the weekly round, done: checked in at the door minutes before its start, a pee and a poo, a
 * photo on the meadow or at the lake, checked out minutes after its end with a note. No route: the owner's walk with
 * Sam (demo:1) shows one.
 */
function roundWalkVisit(booking: DemoVisit['booking'], walk: { start: number; end: number }, owner: DemoPerson): DemoVisit {
  const random = createRandom(`visit:${booking.plan.key}`)
  const photoId = demoId(`visit-photo:${booking.plan.key}:0`)
  return {
    booking,
    checkedInAt: serverStamp(walk.start - random.int(2, 5) * minute, random),
    checkIn: checkInAtTheDoor(owner, random),
    checkOut: { at: serverStamp(walk.end + random.int(2, 5) * minute, random), note: random.pick(roundWalkNotes) },
    entries: [
      { kind: 'pee' as const, note: null, at: serverStamp(walk.start + random.int(5, 8) * minute, random) },
      { kind: 'poo' as const, note: null, at: serverStamp(walk.start + random.int(15, 20) * minute, random) },
    ],
    photos: [
      { id: photoId, path: `/uploads/visits/${booking.id}/${photoId}`, scene: random.pick(['meadow', 'lake'] as const), at: serverStamp(walk.start + random.int(10, 14) * minute, random) },
    ],
    route: [],
  }
}

type WalkStop = 'meadow' | 'lake' | 'garden'

/**
 * About 2 km through Zürichhorn park, a few hundred metres from the demo owner's door: north along the lake quay,
 * back to the Blatterwiese meadow, round the Zürichhorn point and through the Chinese garden. `linger`: minutes at a stop.
 */
const zurichhornLoop: readonly { latitude: number; longitude: number; stop?: WalkStop; linger?: number }[] = [
  { latitude: 47.3571, longitude: 8.5484 }, // Seefeldquai at Höschgasse
  { latitude: 47.3602, longitude: 8.5472 },
  { latitude: 47.3565, longitude: 8.548, stop: 'meadow', linger: 10 },
  { latitude: 47.3548, longitude: 8.5482 },
  { latitude: 47.3536, longitude: 8.5493, stop: 'lake', linger: 6 },
  { latitude: 47.353, longitude: 8.5508 },
  { latitude: 47.354, longitude: 8.552 },
  { latitude: 47.3549, longitude: 8.5515, stop: 'garden' },
  { latitude: 47.3558, longitude: 8.5505 }, // Pavillon Le Corbusier
  { latitude: 47.3566, longitude: 8.5492 },
  { latitude: 47.3571, longitude: 8.5484 },
]

/**
 * A phone's positions along the waypoints, one every 19 to 21 seconds at a sniffing dog's pace (16 to 22 m a step),
 * each off by up to 2 m of GPS noise, more while lingering at a stop.
 */
function walkAlong(waypoints: typeof zurichhornLoop, startAt: number, random: Random) {
  const metresPerDegree = { latitude: metresPerDegreeOfLatitude, longitude: metresPerDegreeOfLatitude * Math.cos((47.36 * Math.PI) / 180) }
  const route: RoutePoint[] = []
  const reachedAt = new Map<WalkStop, number>()
  let at = startAt
  const record = (latitude: number, longitude: number, noiseMetres: number) => {
    route.push({
      latitude: round6(latitude + ((random.next() - 0.5) * 2 * noiseMetres) / metresPerDegree.latitude),
      longitude: round6(longitude + ((random.next() - 0.5) * 2 * noiseMetres) / metresPerDegree.longitude),
      at,
    })
    at += random.int(19_000, 21_000)
  }
  waypoints.forEach((waypoint, index) => {
    const previous = waypoints[index - 1]
    if (!previous) record(waypoint.latitude, waypoint.longitude, 2)
    else {
      const steps = Math.ceil(metersBetween(previous, waypoint) / random.int(16, 22))
      for (let step = 1; step <= steps; step++) {
        const share = step / steps
        record(previous.latitude + share * (waypoint.latitude - previous.latitude), previous.longitude + share * (waypoint.longitude - previous.longitude), 2)
      }
    }
    if (waypoint.stop) reachedAt.set(waypoint.stop, itemAt(route, route.length - 1).at)
    for (let lingered = 0; lingered < (waypoint.linger ?? 0) * 3; lingered++) record(waypoint.latitude, waypoint.longitude, 5)
  })
  const reached = (stop: WalkStop) => {
    const instant = reachedAt.get(stop)
    if (instant === undefined) throw new Error(`Demo data: the walk has no stop ${stop}`)
    return instant
  }
  return { route, reached }
}

/** A visit's route totals as the server keeps them (visits/visit-log.server.ts): length and times of the stored points. */
function routeTotals(route: readonly RoutePoint[]) {
  const first = route[0]
  const last = route.at(-1)
  if (!first || !last) return { routeMeters: 0, routeStartedAt: null, routeEndedAt: null }
  return { routeMeters: Math.round(pathMeters(route)), routeStartedAt: iso(first.at), routeEndedAt: iso(last.at) }
}

// ---------------------------------------------------------------------------------------------------
// Notifications: what the notification centre (decision 038) would hold after the seeded bookings' changes and
// messages, told in its own words (notifications/notification-texts.ts) to the readers its rules pick
// (booking-notice-readers.ts): each request, answer, cancellation and completion up to now and each change proposed
// (Olivia's, waiting for Sam), read once it is two days old, and one unread entry per conversation with messages a
// user has not read, with the digest e-mailed of them (demoDigests); the weekly series' requests and answer and its single dates, one moved and one skipped
// (withDemoSeries); each review as the double-blind reviews tell of it, and the sitters' replies.

const notificationsReadAfter = 2 * day
/** When a notification of something that happened at `at` was read: an hour after, once it is two days old. */
const demoReadAt = (at: number, now: number) => (at < now - notificationsReadAfter ? iso(at + hour) : null)

const noticeOfStatus: Record<BookingStatus, BookingNotice & BookingChange> = {
  pending: 'requested',
  accepted: 'accepted',
  rejected: 'rejected',
  cancelled: 'cancelled',
  completed: 'completed',
}

/** A booking as its notices name it: who reads them and what their texts say of it. */
type NoticeSubject = { bookingId: string; userIds: { owner: string; sitter: string }; facts: BookingFacts }
/** Who did what when (`byId` null for the app itself), and the type of its domain event. */
type BookingNoticeEvent = { type: string; byId: string | null; at: number; key: string }

/** What the booking's readers of `notice` are told of it, as `byId` did it at `at`. */
function bookingNotices(subject: NoticeSubject, notice: BookingNotice, change: BookingNoticeEvent, now: number) {
  const actor = change.byId === null ? null : change.byId === subject.userIds.owner ? 'owner' : 'sitter'
  const eventId = demoId(`event:${change.key}`)
  return readersOf(notice, actor, subject.facts.requestedBy).map((reader): Insertable<Database['notifications']> => ({
    id: demoId(`notification:${change.key}:${reader}`),
    userId: subject.userIds[reader],
    eventId,
    kind: kindOf(notice),
    type: change.type,
    text: bookingNoticeText(notice, subject.facts, { actor, reader, currentYear: new Date(change.at).getUTCFullYear() }),
    href: href('/bookings/:id', { id: subject.bookingId }),
    conversationId: null,
    occurredAt: iso(change.at),
    emailKey: null,
    readAt: demoReadAt(change.at, now),
  }))
}

function demoNotifications(
  world: {
    people: readonly DemoPerson[]
    bookings: readonly DemoBooking[]
    proposals: readonly Insertable<Database['bookingProposals']>[]
    conversations: readonly DemoConversation[]
    digests: readonly DemoDigest[]
  },
  now: number,
) {
  const names = new Map(world.people.map((person) => [person.id, person.name]))
  const nameOf = (id: string) => names.get(id) ?? ''
  const subjectOf = (booking: DemoBooking): NoticeSubject => {
    const { plan } = booking
    const completedAt = booking.history.find((entry) => entry.to === 'completed')?.at
    return {
      bookingId: booking.id,
      userIds: { owner: plan.dog.owner.id, sitter: plan.sitter.id },
      facts: {
        date: booking.date,
        startTime: booking.slots[0]?.startTime ?? null,
        service: plan.service,
        dogName: formatDogNames(dogsOfPlan(plan)),
        ownerName: plan.dog.owner.name,
        sitterName: plan.sitter.name,
        requestedBy: plan.requestedBy,
        reviewsCloseOn: completedAt === undefined ? null : zurichDate(Date.parse(reviewWindowEnd(iso(completedAt)))),
      },
    }
  }
  const noticesOf = (booking: DemoBooking, notice: BookingNotice & BookingChange, change: Omit<BookingNoticeEvent, 'type'>) =>
    bookingNotices(subjectOf(booking), notice, { ...change, type: bookingEventType(notice) }, now)
  // The reviews (double-blind, DESIGN.md ruling 26): a party hears of the other's review while their own is not written,
  // both of the pair's publication (when the second came in, or the window closed), and the owner of the sitter's reply.
  const ofReviews = world.bookings.flatMap((booking) => {
    const { review, ownerReview } = booking
    const subject = subjectOf(booking)
    const { userIds } = subject
    const key = `review:${booking.plan.key}`
    const publishedAt = review?.publishedAt ?? ownerReview?.publishedAt ?? null
    const published = { ...subject, facts: { ...subject.facts, published: { ownerReviewed: Boolean(ownerReview), sitterReviewed: Boolean(review) } } }
    const notices = [
      review && !(ownerReview && ownerReview.at <= review.at)
        ? bookingNotices(subject, 'reviewed', { type: reviewEventTypes.written, byId: userIds.owner, at: review.at, key: `${key}:written` }, now)
        : [],
      ownerReview && !(review && review.at <= ownerReview.at)
        ? bookingNotices(subject, 'owner-reviewed', { type: reviewEventTypes.ownerReviewed, byId: userIds.sitter, at: ownerReview.at, key: `${key}:owner-reviewed` }, now)
        : [],
      publishedAt === null ? [] : bookingNotices(published, 'published', { type: reviewEventTypes.published, byId: null, at: publishedAt, key: `${key}:published` }, now),
      review?.reply ? bookingNotices(subject, 'replied', { type: reviewEventTypes.replied, byId: userIds.sitter, at: review.reply.at, key: `${key}:replied` }, now) : [],
    ]
    return notices.flat().filter((notice) => Date.parse(notice.occurredAt) <= now)
  })
  const ofBookings = world.bookings.flatMap((booking) =>
    booking.history.flatMap((change, index) =>
      change.at > now ? [] : noticesOf(booking, noticeOfStatus[change.to], { byId: change.byId, at: change.at, key: `booking-history:${booking.plan.key}:${index}` }),
    ),
  )
  const ofProposals = world.proposals.flatMap((proposal) => {
    const booking = world.bookings.find((candidate) => candidate.id === proposal.bookingId)
    const at = Date.parse(proposal.createdAt ?? '')
    if (!booking || at > now) return []
    return noticesOf(booking, 'change-proposed', { byId: proposal.proposedById, at, key: `proposal:${booking.plan.key}` })
  })
  const ofMessages = world.conversations.flatMap((conversation) =>
    [conversation.userAId, conversation.userBId].flatMap((userId): Insertable<Database['notifications']>[] => {
      const unread = conversation.messages.filter((message) => message.recipientId === userId && message.readAt === null)
      const [first] = unread
      const last = unread.at(-1)
      if (!first || !last) return []
      return [
        {
          id: demoId(`notification:conversation:${conversation.id}:${userId}`),
          userId,
          eventId: demoId(`event:message:${first.id}`),
          kind: 'messages',
          type: messageEventTypes.sent,
          text: unreadMessagesText(nameOf(first.senderId), unread.length),
          href: href('/messages/:userId', { userId: first.senderId }),
          conversationId: conversation.id,
          occurredAt: iso(last.at),
          emailKey: world.digests.find((digest) => digest.conversationId === conversation.id && digest.recipientId === userId)?.email.key ?? null,
          readAt: null,
        },
      ]
    }),
  )
  return [...ofBookings, ...ofProposals, ...ofReviews, ...ofMessages]
}

/** An unread-message digest the app e-mailed (messages/message-digest.server.ts). */
interface DemoDigest {
  recipientId: string
  conversationId: string
  at: number
  email: ReturnType<typeof digestEmail>
}

/**
 * The digests of the unread messages, as the app sent them: one a conversation, 15 minutes after its newest unread
 * message (nobody had the app open), so a demo that starts sends none of its own.
 */
function demoDigests(people: readonly DemoPerson[], conversations: readonly DemoConversation[], now: number): DemoDigest[] {
  const personOf = new Map(people.map((person) => [person.id, person]))
  return conversations.flatMap((conversation) =>
    [conversation.userAId, conversation.userBId].flatMap((recipientId) => {
      const unread = conversation.messages.filter((message) => message.recipientId === recipientId && message.readAt === null)
      const latest = unread.at(-1)
      const recipient = personOf.get(recipientId)
      const sender = latest && personOf.get(latest.senderId)
      if (!latest || !recipient || !sender || latest.at + digestAfterMs > now) return []
      const at = latest.at + digestAfterMs
      return [{ recipientId, conversationId: conversation.id, at, email: digestEmail({ recipient, sender, conversationId: conversation.id, unread: unread.length, latest: latest.content }, at) }]
    }),
  )
}

// ---------------------------------------------------------------------------------------------------
// Rows

type Rows = { [Table in keyof Database]: Insertable<Database[Table]>[] }
type SeededRows = Omit<
  Rows,
  | 'sessions'
  | 'oauthAccounts'
  | 'passwordResetTokens'
  | 'signInCodes'
  | 'rateLimitHits'
  | 'pendingUploads'
  | 'onboardingDrafts'
  | 'calendarEvents'
  | 'seriesCalendarEvents'
  | 'seriesCalendarOverrides'
  | 'geocodeCache'
  | 'supportRequests'
  | 'sitterListings' // kept by triggers (db/migrations/002)
  | 'publicDataVersion' // kept by triggers (db/migrations/005)
  | 'domainEvents'
  | 'eventDeliveries'
  | 'userBlocks'
  | 'suspensions'
  | 'geocoderSlot'
  | 'bookingAlerts'
  | 'notificationDeliveries'
  | 'pushSubscriptions' // made by the devices that turn notifications on
  | 'notificationPreferences' // the defaults need no rows (notification-settings)
  | 'notificationQuietHours'
  | 'socketPresence'
  | 'homeAccessReminders'
>

const flag = (value: boolean): 0 | 1 => (value ? 1 : 0)

function toRows(
  world: {
    people: readonly DemoPerson[]
    admin: DemoAdmin
    sitters: readonly DemoSitter[]
    dogs: readonly DemoDog[]
    bookings: readonly DemoBooking[]
    proposals: Insertable<Database['bookingProposals']>[]
    conversations: readonly DemoConversation[]
    digests: readonly DemoDigest[]
    reports: readonly DemoReport[]
    visitLogs: { visits: readonly DemoVisit[]; alarms: readonly DemoVisitAlarm[] }
    notifications: Insertable<Database['notifications']>[]
  },
  today: string,
  passwordHash: string,
  adminPassword: boolean,
): SeededRows {
  const { people, admin, sitters, dogs, bookings, proposals, conversations, digests, reports, visitLogs, notifications } = world
  return {
    users: [...people.map(userRow), adminRow(admin)],
    passwords: [...people, ...(adminPassword ? [admin] : [])].map((person) => ({ userId: person.id, hash: passwordHash, updatedAt: iso(person.createdAt) })),
    sitterProfiles: sitters.map((sitter) => ({
      userId: sitter.id,
      experience: sitter.experience,
      acceptsMultipleDogs: flag(sitter.acceptsMultipleDogs),
      hasHomeVisit: flag(sitter.hasHomeVisit),
      canHostOvernight: flag(sitter.canHostOvernight),
      isBackgroundChecked: flag(sitter.isBackgroundChecked),
      verified: flag(sitter.verified),
      cancellationTerms: sitter.cancellationTerms,
      createdAt: iso(sitter.createdAt),
      updatedAt: iso(sitter.createdAt),
    })),
    sitterServices: sitters.flatMap((sitter) =>
      offeredServices(sitter).map((service) => ({
        sitterId: sitter.id,
        service,
        hourlyRateCents: sitter.rates[service] ?? null,
        extraDogRateCents: sitter.extraDogRates?.[service] ?? null,
      })),
    ),
    sitterDogSizes: sitters.flatMap((sitter) => sitter.dogSizes.map((size) => ({ sitterId: sitter.id, size }))),
    sitterDogAges: sitters.flatMap((sitter) => sitter.dogAges.map((age) => ({ sitterId: sitter.id, age }))),
    sitterPreferredBreeds: sitters.flatMap((sitter) => sitter.preferredBreeds.map((breed) => ({ sitterId: sitter.id, breed }))),
    sitterAvailability: sitters.flatMap(availabilityRows),
    sitterBlockedDates: sitters.flatMap((sitter) =>
      [...new Set(sitter.blockedDayOffsets)].map((offset) => ({ sitterId: sitter.id, date: addDays(today, offset) })),
    ),
    sitterPhotos: sitters.flatMap((sitter) =>
      galleryPositions(sitter).map((position) => ({
        id: demoId(`gallery:${sitter.id}:${position}`),
        sitterId: sitter.id,
        position: position - 1,
        path: `/uploads/gallery/${sitter.id}/${position}`,
        createdAt: iso(sitter.createdAt + position * day),
      })),
    ),
    dogs: dogs.map(dogRow),
    dogImages: dogs.flatMap((dog) =>
      imagePositions(dog).map((position) => ({
        id: demoId(`dog-image:${dog.id}:${position}`),
        dogId: dog.id,
        position,
        path: `/uploads/dogs/${dog.id}/${position}`,
        createdAt: iso(dog.createdAt),
      })),
    ),
    dogTraits: dogs.flatMap((dog) => dog.traits.map((trait) => ({ dogId: dog.id, trait }))),
    dogActivities: dogs.flatMap((dog) => dog.activities.map((activity) => ({ dogId: dog.id, activity }))),
    dogAvailability: dogs.flatMap((dog) => dog.availability.map((slot) => ({ dogId: dog.id, slot }))),
    bookings: bookings.map(bookingRow),
    bookingTimeSlots: bookings.flatMap((booking) =>
      booking.slots.map((slot, index) => ({ bookingId: booking.id, position: index + 1, ...slot })),
    ),
    bookingDogs: bookings.flatMap((booking) => dogsOfPlan(booking.plan).map((dog, index) => ({ bookingId: booking.id, dogId: dog.id, position: index + 1 }))),
    bookingProposals: proposals,
    bookingSeries: [],
    bookingSeriesDogs: [],
    bookingSeriesConflicts: [],
    bookingStatusHistory: bookings.flatMap((booking) =>
      booking.history.map((change, index) => ({
        id: demoId(`booking-history:${booking.plan.key}:${index}`),
        bookingId: booking.id,
        fromStatus: change.from,
        toStatus: change.to,
        changedById: change.byId,
        changedAt: iso(change.at),
      })),
    ),
    reviews: bookings.flatMap(({ id, plan, review }) =>
      review
        ? [
            {
              id: demoId(`review:${plan.key}`),
              bookingId: id,
              sitterId: plan.sitter.id,
              ownerId: plan.dog.owner.id,
              rating: review.rating,
              comment: review.comment,
              createdAt: iso(review.at),
              reply: review.reply?.comment ?? null,
              repliedAt: review.reply ? iso(review.reply.at) : null,
              windowEndsAt: iso(review.windowEndsAt),
              publishedAt: review.publishedAt === null ? null : iso(review.publishedAt),
            },
          ]
        : [],
    ),
    ...demoHomeAccess(bookings),
    ...visitRows(visitLogs),
    reviewsOfOwners: bookings.flatMap(({ id, plan, ownerReview }) =>
      ownerReview
        ? [
            {
              id: demoId(`owner-review:${plan.key}`),
              bookingId: id,
              sitterId: plan.sitter.id,
              ownerId: plan.dog.owner.id,
              dogId: plan.dog.id,
              rating: ownerReview.rating,
              comment: ownerReview.comment,
              createdAt: iso(ownerReview.at),
              windowEndsAt: iso(ownerReview.windowEndsAt),
              publishedAt: ownerReview.publishedAt === null ? null : iso(ownerReview.publishedAt),
            },
          ]
        : [],
    ),
    conversations: conversations.map(({ id, userAId, userBId, messages }) => ({
      id,
      userAId,
      userBId,
      createdAt: iso(itemAt(messages, 0).at),
      lastMessageAt: iso(itemAt(messages, messages.length - 1).at),
    })),
    messages: conversations.flatMap((conversation) =>
      conversation.messages.map(({ at, readAt, ...message }) => ({
        ...message,
        conversationId: conversation.id,
        createdAt: iso(at),
        readAt: readAt === null ? null : iso(readAt),
      })),
    ),
    reports: reports.map(({ at, resolution, snapshot, ...report }) => ({
      ...report,
      kind: snapshot.kind,
      snapshot: JSON.stringify(snapshot),
      state: resolution?.state ?? 'open',
      resolutionNote: resolution?.note ?? null,
      resolvedById: resolution ? admin.id : null,
      resolvedAt: resolution ? iso(resolution.at) : null,
      createdAt: iso(at),
      // The report grew when the reporter added the messages written since (the last add's time).
      grewAt: snapshot.kind === 'conversation' ? (snapshot.messages.flatMap((message) => message.addedAt ?? []).sort().at(-1) ?? null) : null,
    })),
    messageDigests: digests.map(({ recipientId, conversationId, at }) => ({ recipientId, conversationId, sentAt: iso(at) })),
    emailOutbox: digests.map(({ email, at }) => ({
      id: demoId(`email:${email.key}`),
      key: email.key,
      recipient: email.to,
      subject: email.subject,
      body: email.text,
      unsubscribeUrl: email.unsubscribeUrl,
      createdAt: iso(at),
      attempts: 1,
      nextAttemptAt: iso(at),
      sentAt: iso(at),
    })),
    notifications,
    // What the admin's reading and resolving of a report writes (moderation/audit-log.server.ts).
    auditLog: reports.flatMap(({ id, resolution }) =>
      resolution
        ? [
            { id: demoId(`audit:${id}:read`), action: 'report.read', reason: null, at: iso(resolution.readAt) },
            { id: demoId(`audit:${id}:resolved`), action: 'report.resolved', reason: resolution.note, at: iso(resolution.at) },
          ].map((entry) => ({ ...entry, adminId: admin.id, adminName: admin.name, targetKind: 'report', targetId: id }))
        : [],
    ),
  }
}

/**
 * A calendar feed URL is a key to someone's accepted bookings: the seeded token passes through an HMAC
 * keyed from SESSION_SECRET, so knowing the seed phrase is not enough to read a demo user's feed.
 */
function secretFeedToken(seededToken: string) {
  return createHmac('sha256', deriveKey('demo-calendar-feed')).update(seededToken).digest('base64url')
}

function userRow(person: DemoPerson): Insertable<Database['users']> {
  const publicPosition = fuzzLocation(person.id, person.address.latitude, person.address.longitude)
  return {
    id: person.id,
    email: person.email,
    name: person.name,
    role: person.role,
    emailVerified: 1,
    phoneNumber: person.phoneNumber,
    bio: person.bio,
    profilePhoto: person.hasPhoto ? `/uploads/avatars/${person.id}` : null,
    location: person.address.location,
    latitude: person.address.latitude,
    longitude: person.address.longitude,
    publicLocation: `${person.address.district.name}, Zürich`,
    publicLatitude: publicPosition.latitude,
    publicLongitude: publicPosition.longitude,
    timeZone,
    calendarFeedToken: secretFeedToken(person.calendarFeedToken),
    createdAt: iso(person.createdAt),
    updatedAt: iso(person.createdAt),
  }
}

function adminRow(admin: DemoAdmin): Insertable<Database['users']> {
  return {
    id: admin.id,
    email: admin.email,
    name: admin.name,
    role: 'admin',
    emailVerified: 1,
    timeZone,
    createdAt: iso(admin.createdAt),
    updatedAt: iso(admin.createdAt),
  }
}

function availabilityRows(sitter: DemoSitter) {
  const rows = sitter.schedule.flatMap((range) =>
    range.weekdays.map((weekday) => ({ sitterId: sitter.id, weekday, startTime: range.startTime, endTime: range.endTime })),
  )
  return rows
    .sort((a, b) => a.weekday - b.weekday || a.startTime.localeCompare(b.startTime))
    .map((row, index) => ({ id: demoId(`availability:${sitter.id}:${index}`), ...row }))
}

function dogRow(dog: DemoDog): Insertable<Database['dogs']> {
  return {
    id: dog.id,
    ownerId: dog.owner.id,
    name: dog.name,
    breed: dog.breed.name,
    age: dog.age,
    ageMonths: dog.ageMonths,
    weightKg: dog.weightKg,
    height: `${dog.heightCm} cm`,
    bio: dog.bio,
    size: sizeForWeight(dog.weightKg),
    listedForSitting: flag(dog.listedForSitting),
    createdAt: iso(dog.createdAt),
    updatedAt: iso(dog.createdAt),
  }
}

/**
 * A change waiting for an answer (issue 33 part 2): a minute after Sam accepted Rex and Luna's walks, Olivia proposed
 * them for Rex alone, with a note, at the booking's own rates: the price before and after differ.
 */
/**
 * Weekly series (issue 33 part 1). Olivia walks Rex and Luna with Sam three weekdays a week at 18:00, in Sam's short
 * evening hours: Sam accepted ten days ago at his rates then, and the round has run since. Its last three walks before
 * today are completed, each with its visit log (checked in at the door, a photo, checked out with a note); the booking
 * sweep keeps eight weeks from today booked. The weekdays are the first three of Monday, Wednesday, Friday, Tuesday
 * and Thursday that none of Sam's blocked days falls on, so every seeding has the same rows. One later date Sam blocked
 * after Olivia asked is listed as not booked (as accepting does). Two days ago Olivia skipped one coming walk
 * (cancelled): today's when today is a day of the round (Luna stays with Sam around now), else the second of the last
 * weekday; and moved another to the day before or after, one not of the series (a change Sam accepted). Another
 * owner's Tuesday and Thursday lunchtime walks wait for Sam's answer.
 */
/** The first date from `from` on that falls on the ISO weekday. */
function nextDateOn(from: string, weekday: number) {
  let date = from
  while (isoWeekday(date) !== weekday) date = addDays(date, 1)
  return date
}

function withDemoSeries(
  rows: SeededRows,
  world: { sitters: readonly DemoSitter[]; owners: readonly DemoPerson[]; dogs: readonly DemoDog[]; bookings: readonly DemoBooking[] },
  today: string,
  now: number,
): { rows: SeededRows; roundVisits: DemoVisit[] } {
  const [sam] = world.sitters
  const [olivia, asker] = world.owners
  const dogsOf = (owner: DemoPerson) => world.dogs.filter((dog) => dog.owner.id === owner.id)
  if (!sam || !olivia || !asker) throw new Error('Demo data: the demo users are missing')
  const [rex, luna] = dogsOf(olivia)
  const askersDog = dogsOf(asker)[0]
  if (!rex || !luna || !askersDog) throw new Error('Demo data: the dogs of the weekly series are missing')
  const walk = { startTime: '18:00', endTime: '18:30' }
  const slots = [walk]
  const seriesId = demoId('series:olivia-sam')
  const requestedAt = now - 11 * day
  const acceptedAt = now - 10 * day
  // Two days ago Olivia asks to move one coming date; an hour later Sam accepts the move and she skips another.
  const moveProposedAt = now - 2 * day
  const datesChangedAt = moveProposedAt + hour
  const blocked = new Set(sam.blockedDayOffsets.map((offset) => addDays(today, offset)))
  const blockedWeekdays = new Set([...blocked].map(isoWeekday))
  const seriesWeekdays = [1, 3, 5, 2, 4]
    .filter((weekday) => !blockedWeekdays.has(weekday))
    .slice(0, 3)
    .sort((a, b) => a - b)
  // The round's last three walks before today, and the sweep's eight weeks from today on: the same number of dates
  // whatever the day (the demo's rows and ids do not depend on it).
  const onSeriesDays = (from: string, step: 1 | -1, count: number) => {
    const found: string[] = []
    for (let date = from; found.length < count; date = addDays(date, step)) if (seriesWeekdays.includes(isoWeekday(date))) found.push(date)
    return step === 1 ? found : found.reverse()
  }
  const walked = onSeriesDays(addDays(today, -1), -1, 3)
  const coming = onSeriesDays(today, 1, seriesWeeksAhead * seriesWeekdays.length)
  const dates = [...walked, ...coming]
  const firstDate = itemAt(dates, 0)
  const bookedThrough = itemAt(dates, dates.length - 1)
  const samsDays = new Set(world.bookings.filter((booking) => booking.plan.sitter.id === sam.id).flatMap((booking) => daysTouched(booking.plan, booking.date)))
  // What Olivia changed and Sam blocked lies ahead, from tomorrow on.
  const ahead = coming.filter((date) => date > today)
  const free = (date: string) => !blocked.has(date) && !samsDays.has(date)
  // Today's walk is skipped on a day of the round, else the second coming date of the last weekday. Another is moved
  // to a day Sam walks at that hour that is free and no day of the series: the next day when one of the series'
  // weekdays allows it, else the day before (Wednesday, Thursday and Friday: Wednesday to Tuesday, since Sam has no
  // evening hours on Saturday).
  const skipped = coming[0] === today ? today : ahead.filter((date) => isoWeekday(date) === seriesWeekdays.at(-1))[1]
  const eveningWeekdays = new Set(sam.schedule.filter((range) => range.startTime <= walk.startTime && range.endTime >= walk.endTime).flatMap((range) => range.weekdays))
  const movable = seriesWeekdays.flatMap((weekday) => ahead.filter((date) => isoWeekday(date) === weekday).slice(1)).filter((date) => date !== skipped)
  const [movedFrom, movedTo] = [1, -1]
    .flatMap((days) => movable.map((date) => [date, addDays(date, days)] as const))
    .find(([, to]) => eveningWeekdays.has(isoWeekday(to)) && !seriesWeekdays.includes(isoWeekday(to)) && free(to)) ?? []
  // The date Sam blocked after Olivia asked: a later one without any other booking of his that day.
  const away = ahead.slice(6).find((date) => free(date) && date !== movedFrom && date !== skipped)
  if (!away || !movedFrom || !movedTo || !skipped) throw new Error('Demo data: no free dates for the weekly series')
  const conflicts = [{ seriesId, date: away, reason: `Sam is not available on ${formatBookingDate(away)}.`, createdAt: iso(acceptedAt) }]
  const planned = dates
    .filter((date) => date !== away)
    .map((seriesDate) => ({
      seriesDate,
      date: seriesDate === movedFrom ? movedTo : seriesDate,
      cancelled: seriesDate === skipped,
      moved: seriesDate === movedFrom,
    }))
  const rate = sam.rates.walking ?? 0
  const extra = sam.extraDogRates?.walking ?? 0
  const priceCents = priceCentsFor('walking', rate + extra, slots)
  const notes = 'Our regular evening walk: Luna pulls towards the river, Rex is happy to follow.'
  // Numbered among the booked dates, not among all of the series': which date Sam is away depends on the weekday of
  // the seed's day, and the demo keeps the same ids whatever day it is seeded on.
  const bookedIndex = (seriesDate: string) => planned.findIndex((entry) => entry.seriesDate === seriesDate)
  const bookingId = (seriesDate: string) => demoId(`series-booking:${bookedIndex(seriesDate)}`)
  // The walks before today, each with its visit log, marked completed a minute after the check-out.
  const spanOn = (date: string) => bookingSpan({ date, timeZone, slots })
  const visits = new Map(
    walked.map((date) => {
      const id = bookingId(date)
      return [id, roundWalkVisit({ id, plan: { key: `series-walk:${bookedIndex(date)}`, dog: rex } }, spanOn(date), olivia)]
    }),
  )
  const completedAt = (seriesDate: string) => {
    const checkOut = visits.get(bookingId(seriesDate))?.checkOut
    return checkOut ? checkOut.at + minute : null
  }
  const booked = planned.map((entry) => ({
    ...entry,
    status: entry.cancelled ? ('cancelled' as const) : completedAt(entry.seriesDate) === null ? ('accepted' as const) : ('completed' as const),
  }))
  const samsStanding = world.bookings.filter((booking) => booking.plan.sitter.id === sam.id && ['accepted', 'completed'].includes(booking.plan.status))
  if (booked.some(({ date, status }) => status !== 'cancelled' && samsStanding.some((booking) => intervalsOverlap(spanOn(date), spanOf(booking))))) {
    throw new Error('Demo data: a walk of the weekly round overlaps another booking of Sam’s')
  }
  const terms = (date: string) => ({ date, period: null, slots, dogIds: [rex.id, luna.id], notes, priceCents })
  const seriesBookings = booked.map(({ date, seriesDate, status, moved }) => ({
    id: bookingId(seriesDate),
    dogId: rex.id,
    ownerId: olivia.id,
    sitterId: sam.id,
    requestedById: olivia.id,
    date,
    timeZone,
    period: null,
    service: 'walking',
    notes,
    location: olivia.address.location,
    latitude: olivia.address.latitude,
    longitude: olivia.address.longitude,
    hourlyRateCents: rate,
    extraDogRateCents: extra,
    priceCents,
    status,
    cancellationTerms: sam.cancellationTerms,
    seriesId,
    seriesDate,
    ...listingTimes({ date, timeZone, slots }),
    createdAt: iso(acceptedAt),
    updatedAt: iso(status === 'cancelled' || moved ? datesChangedAt : (completedAt(seriesDate) ?? acceptedAt)),
  }))
  const askersWeekdays = [2, 4]
  const askersSlots = [{ startTime: '12:00', endTime: '12:30' }]
  const askedAt = now - 5 * hour
  const askersSeries = {
    id: demoId('series:asker-sam'),
    ownerId: asker.id,
    sitterId: sam.id,
    service: 'walking',
    weekdays: askersWeekdays.join(','),
    period: null,
    slots: JSON.stringify(askersSlots),
    firstDate: nextDateOn(addDays(today, 1), itemAt(askersWeekdays, 0)),
    endDate: null,
    timeZone,
    notes: `${askersDog.name} needs a lunchtime walk while I am at the office.`,
    location: asker.address.location,
    latitude: asker.address.latitude,
    longitude: asker.address.longitude,
    status: 'pending' as const,
    hourlyRateCents: null,
    extraDogRateCents: null,
    cancellationTerms: null,
    bookedThrough: null,
    createdAt: iso(askedAt),
    updatedAt: iso(askedAt),
  }
  // What the notification centre holds of both series: Olivia's request and Sam's answer, and the request waiting.
  const seriesNotices = (
    series: { id: string; owner: DemoPerson; dogs: readonly DemoDog[]; weekdays: readonly number[]; slots: readonly TimeSlot[]; firstDate: string },
    changes: readonly { change: SeriesChange; at: number; actor: 'owner' | 'sitter'; conflicts?: readonly { date: string; reason: string }[] }[],
  ) =>
    changes.flatMap(({ change, at, actor, conflicts = [] }) => {
      const facts = { series: { ...series, service: 'walking', timeZone }, ownerName: series.owner.name, sitterName: sam.name, dogs: series.dogs, actor, conflicts, from: null, cancelledLate: 0 }
      const userIds = { owner: series.owner.id, sitter: sam.id }
      return seriesReadersOf(change, actor).map((reader): Insertable<Database['notifications']> => ({
        id: demoId(`notification:series:${series.id}:${change}:${reader}`),
        userId: userIds[reader],
        eventId: demoId(`event:series:${series.id}:${change}`),
        kind: 'bookings',
        type: seriesEventType(change),
        text: seriesNoticeText(change, facts).text,
        href: href('/bookings/series/:id', { id: series.id }),
        conversationId: null,
        occurredAt: iso(at),
        emailKey: null,
        readAt: demoReadAt(at, now),
      }))
    })
  const notifications = [
    ...seriesNotices({ id: seriesId, owner: olivia, dogs: [rex, luna], weekdays: seriesWeekdays, slots, firstDate }, [
      { change: 'requested', at: requestedAt, actor: 'owner' },
      { change: 'accepted', at: acceptedAt, actor: 'sitter', conflicts },
    ]),
    // The single dates: Sam hears of the move Olivia asked and of the date she skipped, Olivia of his yes to the move.
    ...booked.flatMap(({ seriesDate, date, status, moved }): Insertable<Database['notifications']>[] => {
      const on = (day: string): NoticeSubject => ({
        bookingId: bookingId(seriesDate),
        userIds: { owner: olivia.id, sitter: sam.id },
        facts: { date: day, startTime: walk.startTime, service: 'walking', dogName: formatDogNames([rex, luna]), ownerName: olivia.name, sitterName: sam.name, requestedBy: 'owner' },
      })
      const key = `series-date:${bookedIndex(seriesDate)}`
      if (status === 'cancelled') return bookingNotices(on(date), 'cancelled', { type: bookingEventType('cancelled'), byId: olivia.id, at: datesChangedAt, key: `${key}:cancelled` }, now)
      const completed = completedAt(seriesDate)
      if (completed !== null) {
        const subject = on(date)
        const reviewsCloseOn = zurichDate(Date.parse(reviewWindowEnd(iso(completed))))
        return bookingNotices({ ...subject, facts: { ...subject.facts, reviewsCloseOn } }, 'completed', { type: bookingEventType('completed'), byId: sam.id, at: completed, key: `${key}:completed` }, now)
      }
      if (!moved) return []
      return [
        ...bookingNotices(on(seriesDate), 'change-proposed', { type: bookingEventType('change-proposed'), byId: olivia.id, at: moveProposedAt, key: `${key}:change-proposed` }, now),
        ...bookingNotices(on(date), 'changed', { type: bookingEventType('changed'), byId: sam.id, at: datesChangedAt, key: `${key}:changed` }, now),
      ]
    }),
    ...seriesNotices({ id: askersSeries.id, owner: asker, dogs: [askersDog], weekdays: askersWeekdays, slots: askersSlots, firstDate: askersSeries.firstDate }, [
      { change: 'requested', at: askedAt, actor: 'owner' },
    ]),
  ]
  const roundVisits = [...visits.values()]
  const roundLogs = visitRows({ visits: roundVisits, alarms: [] })
  const seriesRows: SeededRows = {
    ...rows,
    notifications: [...rows.notifications, ...notifications],
    bookingSeries: [
      {
        id: seriesId,
        ownerId: olivia.id,
        sitterId: sam.id,
        service: 'walking',
        weekdays: seriesWeekdays.join(','),
        period: null,
        slots: JSON.stringify(slots),
        firstDate,
        endDate: null,
        timeZone,
        notes,
        location: olivia.address.location,
        latitude: olivia.address.latitude,
        longitude: olivia.address.longitude,
        status: 'accepted',
        hourlyRateCents: rate,
        extraDogRateCents: extra,
        cancellationTerms: sam.cancellationTerms,
        bookedThrough,
        createdAt: iso(requestedAt),
        updatedAt: iso(acceptedAt),
      },
      askersSeries,
    ],
    bookingSeriesDogs: [
      { seriesId, dogId: rex.id, position: 1 },
      { seriesId, dogId: luna.id, position: 2 },
      { seriesId: askersSeries.id, dogId: askersDog.id, position: 1 },
    ],
    bookingSeriesConflicts: conflicts,
    sitterBlockedDates: [...rows.sitterBlockedDates, { sitterId: sam.id, date: away }],
    bookings: [...rows.bookings, ...seriesBookings],
    bookingTimeSlots: [...rows.bookingTimeSlots, ...seriesBookings.map((booking) => ({ bookingId: booking.id, position: 1, ...itemAt(slots, 0) }))],
    bookingDogs: [...rows.bookingDogs, ...seriesBookings.flatMap((booking) => [rex, luna].map((dog, index) => ({ bookingId: booking.id, dogId: dog.id, position: index + 1 })))],
    bookingStatusHistory: [
      ...rows.bookingStatusHistory,
      ...booked.flatMap(({ seriesDate, status }) => {
        const step = (to: 'accepted' | 'cancelled' | 'completed', byId: string, at: number) => ({
          id: demoId(`series-history:${bookedIndex(seriesDate)}:${to}`),
          bookingId: bookingId(seriesDate),
          fromStatus: to === 'accepted' ? null : ('accepted' as const),
          toStatus: to,
          changedById: byId,
          changedAt: iso(at),
          reason: null,
        })
        const completed = completedAt(seriesDate)
        return [
          step('accepted', sam.id, acceptedAt),
          ...(status === 'cancelled' ? [step('cancelled', olivia.id, datesChangedAt)] : []),
          ...(completed === null ? [] : [step('completed', sam.id, completed)]),
        ]
      }),
    ],
    bookingProposals: [
      ...rows.bookingProposals,
      ...booked
        .filter(({ moved }) => moved)
        .map(({ date, seriesDate }) => ({
          id: demoId('series-proposal:moved'),
          bookingId: bookingId(seriesDate),
          proposedById: olivia.id,
          status: 'accepted' as const,
          previous: JSON.stringify(terms(seriesDate)),
          proposed: JSON.stringify(terms(date)),
          createdAt: iso(moveProposedAt),
          answeredById: sam.id,
          answeredAt: iso(datesChangedAt),
        })),
    ],
    visits: [...rows.visits, ...roundLogs.visits],
    visitEntries: [...rows.visitEntries, ...roundLogs.visitEntries],
    visitPhotos: [...rows.visitPhotos, ...roundLogs.visitPhotos],
  }
  return { rows: seriesRows, roundVisits }
}

function demoProposals(bookings: readonly DemoBooking[]): Insertable<Database['bookingProposals']>[] {
  const booking = bookings.find(({ plan }) => plan.key === 'demo:3')
  if (!booking) throw new Error('Demo data: the booking with a proposed change is missing')
  const { plan } = booking
  const previous = { date: booking.date, period: booking.period, slots: booking.slots, dogIds: dogsOfPlan(plan).map((dog) => dog.id), notes: booking.notes, priceCents: booking.priceCents }
  const proposed = {
    ...previous,
    dogIds: [plan.dog.id],
    notes: `Only ${plan.dog.name} this time: ${plan.otherDogs?.[0]?.name ?? 'the other one'} is staying with my sister that week.`,
    priceCents: priceCentsFor(plan.service, rateFor(plan), booking.slots),
  }
  return [
    {
      id: demoId(`proposal:${plan.key}`),
      bookingId: booking.id,
      proposedById: plan.dog.owner.id,
      status: 'pending',
      previous: JSON.stringify(previous),
      proposed: JSON.stringify(proposed),
      createdAt: iso(itemAt(booking.history, booking.history.length - 1).at + 60_000),
      answeredById: null,
      answeredAt: null,
    },
  ]
}

function bookingRow(booking: DemoBooking): Insertable<Database['bookings']> {
  const { plan } = booking
  const owner = plan.dog.owner
  const pickUpAtHome = plan.service === 'walking'
  return {
    id: booking.id,
    dogId: plan.dog.id,
    ownerId: owner.id,
    sitterId: plan.sitter.id,
    requestedById: plan.requestedBy === 'owner' ? owner.id : plan.sitter.id,
    date: booking.date,
    timeZone,
    period: booking.period,
    service: plan.service,
    notes: booking.notes,
    location: pickUpAtHome ? owner.address.location : null,
    latitude: pickUpAtHome ? owner.address.latitude : null,
    longitude: pickUpAtHome ? owner.address.longitude : null,
    hourlyRateCents: rateFor(plan),
    extraDogRateCents: plan.sitter.extraDogRates?.[plan.service] ?? null,
    priceCents: booking.priceCents,
    status: plan.status,
    cancellationTerms: plan.sitter.cancellationTerms,
    lateCancellationBy: lateCancellationBy(booking),
    ...listingTimes({ date: booking.date, timeZone, slots: booking.slots }),
    createdAt: iso(itemAt(booking.history, 0).at),
    updatedAt: iso(itemAt(booking.history, booking.history.length - 1).at),
  }
}

function visitRows({ visits, alarms }: { visits: readonly DemoVisit[]; alarms: readonly DemoVisitAlarm[] }) {
  return {
    visits: visits.map(({ booking, checkedInAt, checkIn, checkOut, route }) => ({
      bookingId: booking.id,
      checkedInAt: iso(checkedInAt),
      checkInPlace: checkIn.place,
      checkInDistanceMeters: checkIn.distanceMeters,
      checkedOutAt: checkOut ? iso(checkOut.at) : null,
      checkOutNote: checkOut?.note ?? null,
      ...routeTotals(route),
    })),
    visitEntries: visits.flatMap(({ booking, entries }) =>
      entries.map((entry, index) => ({
        id: demoId(`visit-entry:${booking.plan.key}:${index}`),
        bookingId: booking.id,
        kind: entry.kind,
        note: entry.note,
        recordedAt: iso(entry.at),
      })),
    ),
    visitPhotos: visits.flatMap(({ booking, photos }) => photos.map(({ id, path, at }) => ({ id, bookingId: booking.id, path, takenAt: iso(at) }))),
    visitRoutePoints: visits.flatMap(({ booking, route }) =>
      route.map((point, index) => ({
        id: demoId(`visit-route:${booking.plan.key}:${index}`),
        bookingId: booking.id,
        latitude: point.latitude,
        longitude: point.longitude,
        recordedAt: iso(point.at),
      })),
    ),
    visitAlarms: alarms.map(({ bookingId, kind, at }) => ({ bookingId, kind, recordedAt: iso(at) })),
  } satisfies Pick<SeededRows, 'visits' | 'visitEntries' | 'visitPhotos' | 'visitRoutePoints' | 'visitAlarms'>
}

/** Obviously fake codes: the demo owner's home access (issue 32 part 3), sealed as the app seals it. */
const demoVault = {
  instructions: 'Lockbox on the left of the front door. Rex waits behind the kitchen door: open it slowly.',
  lockboxCode: '0000 (demo)',
  doorCode: '1234 (demo)',
  alarmCode: '9999 (demo)',
  wifiNetwork: 'Pawpal-Demo',
  wifiPassword: 'not-a-real-password',
}

/**
 * The demo owner's vault, and Sam's views of it: for their first walk (demo:1) half an hour before it began, and for
 * Luna's stay under way (demo:under-way) a quarter of an hour before it began, just before he checked in. Their
 * accepted walk (demo:3) shows each of them when Sam will see it next.
 */
function demoHomeAccess(bookings: readonly DemoBooking[]): Pick<SeededRows, 'homeAccess' | 'homeAccessViews'> {
  const viewing = (key: string, minutesBeforeStart: number) => {
    const booking = bookings.find((candidate) => candidate.plan.key === key)
    if (!booking) throw new Error(`Demo data: the demo owner’s booking ${key} is missing`)
    const { owner } = booking.plan.dog
    return { id: demoId(`home-access-view:${key}`), ownerId: owner.id, sitterId: booking.plan.sitter.id, bookingId: booking.id, viewedAt: spanOf(booking).start - minutesBeforeStart * minute }
  }
  const views = [viewing('demo:1', 30), viewing('demo:under-way', 15)]
  const [first] = views
  if (!first) throw new Error('Demo data: no view of the vault')
  return {
    homeAccess: [{ ownerId: first.ownerId, ...sealHomeAccess(first.ownerId, JSON.stringify(demoVault)), updatedAt: iso(first.viewedAt - 3 * day) }],
    homeAccessViews: views.map((view) => ({ ...view, viewedAt: iso(view.viewedAt) })),
  }
}

const imagePositions = (dog: DemoDog) => Array.from({ length: dog.imageCount }, (_, index) => index + 1)
const galleryPositions = (sitter: DemoSitter) => Array.from({ length: sitter.galleryPhotos }, (_, index) => index + 1)

const batchSize = 200

async function insertRows(trx: Transaction<Database>, rows: SeededRows) {
  // Parents before children, so foreign keys hold at every statement.
  await insertBatches(trx, 'users', rows.users)
  await insertBatches(trx, 'passwords', rows.passwords)
  await insertBatches(trx, 'sitterProfiles', rows.sitterProfiles)
  await insertBatches(trx, 'sitterServices', rows.sitterServices)
  await insertBatches(trx, 'sitterDogSizes', rows.sitterDogSizes)
  await insertBatches(trx, 'sitterDogAges', rows.sitterDogAges)
  await insertBatches(trx, 'sitterPreferredBreeds', rows.sitterPreferredBreeds)
  await insertBatches(trx, 'sitterAvailability', rows.sitterAvailability)
  await insertBatches(trx, 'sitterBlockedDates', rows.sitterBlockedDates)
  await insertBatches(trx, 'sitterPhotos', rows.sitterPhotos)
  await insertBatches(trx, 'dogs', rows.dogs)
  await insertBatches(trx, 'dogImages', rows.dogImages)
  await insertBatches(trx, 'dogTraits', rows.dogTraits)
  await insertBatches(trx, 'dogActivities', rows.dogActivities)
  await insertBatches(trx, 'dogAvailability', rows.dogAvailability)
  await insertBatches(trx, 'bookingSeries', rows.bookingSeries)
  await insertBatches(trx, 'bookingSeriesDogs', rows.bookingSeriesDogs)
  await insertBatches(trx, 'bookingSeriesConflicts', rows.bookingSeriesConflicts)
  await insertBatches(trx, 'bookings', rows.bookings)
  await insertBatches(trx, 'bookingTimeSlots', rows.bookingTimeSlots)
  await insertBatches(trx, 'bookingDogs', rows.bookingDogs)
  await insertBatches(trx, 'bookingProposals', rows.bookingProposals)
  await insertBatches(trx, 'bookingStatusHistory', rows.bookingStatusHistory)
  await insertBatches(trx, 'reviews', rows.reviews)
  await insertBatches(trx, 'reviewsOfOwners', rows.reviewsOfOwners)
  await insertBatches(trx, 'homeAccess', rows.homeAccess)
  await insertBatches(trx, 'homeAccessViews', rows.homeAccessViews)
  await insertBatches(trx, 'visits', rows.visits)
  await insertBatches(trx, 'visitEntries', rows.visitEntries)
  await insertBatches(trx, 'visitPhotos', rows.visitPhotos)
  await insertBatches(trx, 'visitRoutePoints', rows.visitRoutePoints)
  await insertBatches(trx, 'visitAlarms', rows.visitAlarms)
  await insertBatches(trx, 'conversations', rows.conversations)
  await insertBatches(trx, 'messages', rows.messages)
  await insertBatches(trx, 'notifications', rows.notifications)
  await insertBatches(trx, 'messageDigests', rows.messageDigests)
  await insertBatches(trx, 'emailOutbox', rows.emailOutbox)
  await insertBatches(trx, 'reports', rows.reports)
  await insertBatches(trx, 'auditLog', rows.auditLog)
}

async function insertBatches<Table extends keyof Database>(
  trx: Transaction<Database>,
  table: Table,
  rows: Insertable<Database[Table]>[],
) {
  for (let start = 0; start < rows.length; start += batchSize) {
    await trx.insertInto(table).values(rows.slice(start, start + batchSize)).execute()
  }
}

// ---------------------------------------------------------------------------------------------------
// Pictures: simple drawings rendered by sharp, no network. WebP carries no metadata unless asked to.

const backgrounds = ['#fde2e4', '#e2ece9', '#dbe7f8', '#fff1c1', '#e8dff5', '#fce1c8', '#d8f3dc', '#cde7f0']
const skinTones = ['#f1c27d', '#e0ac69', '#c68642', '#8d5524', '#ffdbac']
const hairColours = ['#2c1b10', '#6a4e35', '#b55239', '#e6c27a', '#3b3b3b', '#a7a7a7']
const shirtColours = ['#2f6690', '#3a7d44', '#9c3d54', '#e07a5f', '#5f4b8b', '#264653']

async function writePictures(
  storage: FileStorage,
  { people, sitters, dogs, visits }: { people: readonly DemoPerson[]; sitters: readonly DemoSitter[]; dogs: readonly DemoDog[]; visits: readonly DemoVisit[] },
) {
  await Promise.all([
    ...visits.flatMap(({ booking, photos }) =>
      photos.map((photo) => writeWebpVariants(storage, visitPhotoSvg(booking.plan.dog, photo), photo.path.slice('/uploads/'.length))),
    ),
    ...people.filter((person) => person.hasPhoto).map((person) => writeWebpVariants(storage, avatarSvg(person), `avatars/${person.id}`)),
    ...dogs.flatMap((dog) =>
      imagePositions(dog).map((position) => writeWebpVariants(storage, dogSvg(dog, position), `dogs/${dog.id}/${position}`)),
    ),
    ...sitters.flatMap((sitter) =>
      galleryPositions(sitter).map((position) => writeWebpVariants(storage, gallerySvg(sitter, position), `gallery/${sitter.id}/${position}`)),
    ),
  ])
}

/**
 * Writes `<base>-<size>.webp` at each stored size (`<base>-160.webp`, `-320`, `-800`), the names the app derives from a stored image path. Demo
 * ids and drawings are the same on every run, so a picture already stored (a bucket seeded before) is this one.
 */
async function writeWebpVariants(storage: FileStorage, svg: string, base: string) {
  const drawing = sharp(Buffer.from(svg))
  await Promise.all(
    imageSizes.map(async (width) => {
      const data = await drawing.clone().resize({ width }).webp({ quality: 80 }).toBuffer()
      await storage.put(`${base}-${width}.webp`, data, 'image/webp').catch((error: unknown) => {
        if (!(error instanceof StoredFileExistsError)) throw error
      })
    }),
  )
}

function dogSvg(dog: DemoDog, position: number) {
  const random = createRandom(`picture:${dog.id}:${position}`)
  const pawPrints = Array.from({ length: 5 }, () => pawPrint(random.int(20, 380), random.int(20, 280), random.int(-40, 40)))
  const tongue = random.chance(0.6)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 400 300">
<rect width="400" height="300" fill="${random.pick(backgrounds)}"/>
<g fill="#000" fill-opacity="0.08">${pawPrints.join('')}</g>
${dogFace(dog.breed, { x: 200, y: 165, angle: random.int(-12, 12), tongue })}
</svg>`
}

/** A dog in the sitter's care out on a walk: sky, hills, a tree, the dog. */
function gallerySvg(sitter: DemoSitter, position: number) {
  const random = createRandom(`gallery-picture:${sitter.id}:${position}`)
  const treeX = random.pick([60, 340])
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 400 300">
<rect width="400" height="300" fill="${random.pick(['#bfe3f5', '#d6ecf7', '#fde6c4', '#e3ddf5'])}"/>
<circle cx="${random.int(40, 360)}" cy="${random.int(30, 60)}" r="22" fill="#fff3b0"/>
<path d="M0 210 Q100 160 200 200 T400 190 V300 H0 Z" fill="${random.pick(['#8cc084', '#7fb77e', '#a3c97a'])}"/>
<path d="M0 250 Q120 220 240 245 T400 235 V300 H0 Z" fill="#6aa86a"/>
<rect x="${treeX - 6}" y="150" width="12" height="60" fill="#7a5230"/>
<circle cx="${treeX}" cy="140" r="34" fill="#4f8f4f"/>
${dogFace(random.pick(breeds), { x: 200, y: 180, angle: random.int(-12, 12), tongue: random.chance(0.6) })}
</svg>`
}

/** A photo taken during a visit: the dog on the meadow, by the lake, or on its blanket indoors. */
function visitPhotoSvg(dog: DemoDog, photo: { id: string; scene: PhotoScene }) {
  const random = createRandom(`visit-picture:${photo.id}`)
  const scenes: Record<PhotoScene, string> = {
    meadow:
      '<rect width="400" height="300" fill="#cfe8f7"/><path d="M0 190 Q120 150 240 185 T400 175 V300 H0 Z" fill="#8cc084"/>' +
      `<circle cx="${random.int(60, 120)}" cy="262" r="11" fill="#e5d34b"/>`,
    lake:
      '<rect width="400" height="300" fill="#d6ecf7"/><path d="M0 120 Q200 105 400 120 V200 H0 Z" fill="#5b9bc9"/>' +
      '<path d="M0 200 H400 V300 H0 Z" fill="#c9b48a"/><path d="M30 150 Q60 145 90 150 M250 165 Q285 160 320 165" stroke="#e8f4fb" stroke-width="3" fill="none"/>',
    blanket:
      '<rect width="400" height="300" fill="#f3e3cf"/><rect y="200" width="400" height="100" fill="#b98b62"/>' +
      `<ellipse cx="200" cy="250" rx="150" ry="38" fill="${random.pick(['#d96c6c', '#6c8fd9', '#8fbf6a'])}"/>`,
  }
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="600" viewBox="0 0 400 300">
${scenes[photo.scene]}
${dogFace(dog.breed, { x: 200, y: 180, angle: random.int(-12, 12), tongue: photo.scene !== 'blanket' })}
</svg>`
}

function dogFace({ fur, ears, earShape }: Breed, { x, y, angle, tongue }: { x: number; y: number; angle: number; tongue: boolean }) {
  const earShapes =
    earShape === 'pointy'
      ? `<path d="M-72 -28 L-58 -112 L-16 -62 Z" fill="${ears}"/><path d="M72 -28 L58 -112 L16 -62 Z" fill="${ears}"/>`
      : `<ellipse cx="-68" cy="-8" rx="26" ry="56" transform="rotate(20 -68 -8)" fill="${ears}"/>` +
        `<ellipse cx="68" cy="-8" rx="26" ry="56" transform="rotate(-20 68 -8)" fill="${ears}"/>`
  return `<g transform="translate(${x} ${y}) rotate(${angle})">
${earShapes}
<ellipse rx="78" ry="72" fill="${fur}"/>
<ellipse cy="34" rx="44" ry="32" fill="#f3e6d3"/>
<circle cx="-28" cy="-12" r="9" fill="#262626"/><circle cx="28" cy="-12" r="9" fill="#262626"/>
<circle cx="-25" cy="-15" r="3" fill="#fff"/><circle cx="31" cy="-15" r="3" fill="#fff"/>
${tongue ? '<path d="M-9 44 Q0 68 9 44 Z" fill="#f08a9b"/>' : ''}
<ellipse cy="20" rx="15" ry="11" fill="#262626"/>
<path d="M-16 38 Q0 52 16 38" fill="none" stroke="#262626" stroke-width="4" stroke-linecap="round"/>
</g>`
}

function pawPrint(x: number, y: number, angle: number) {
  return (
    `<g transform="translate(${x} ${y}) rotate(${angle})">` +
    '<ellipse cy="6" rx="9" ry="7"/><circle cx="-9" cy="-5" r="3.5"/><circle cx="-3" cy="-10" r="3.5"/>' +
    '<circle cx="3" cy="-10" r="3.5"/><circle cx="9" cy="-5" r="3.5"/></g>'
  )
}

function avatarSvg(person: DemoPerson) {
  const random = createRandom(`avatar:${person.id}`)
  const skin = random.pick(skinTones)
  return `<svg xmlns="http://www.w3.org/2000/svg" width="800" height="800" viewBox="0 0 200 200">
<rect width="200" height="200" fill="${random.pick(backgrounds)}"/>
<rect x="87" y="108" width="26" height="40" fill="${skin}"/>
<path d="M24 200 C24 152 58 138 100 138 C142 138 176 152 176 200 Z" fill="${random.pick(shirtColours)}"/>
<circle cx="100" cy="84" r="40" fill="${skin}"/>
<path d="M57 90 C48 26 152 26 143 90 C139 70 124 56 100 58 C76 56 61 70 57 90 Z" fill="${random.pick(hairColours)}"/>
</svg>`
}
