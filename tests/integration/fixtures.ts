import { defaultTimeZone } from '#app/lib/zoned-time.ts'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { listingTimes } from '#app/features/bookings/slots.ts'
import type { AccountStatus, BookingStatus, Role } from '#app/lib/db-schema.ts'

// Rows inserted straight into the test database: users (with their session user), sitter profiles and
// dogs. The database module is imported on first use, so a test file can point GEOCODER_URL (or any
// other setting) somewhere before the app reads its environment.

const database = async () => (await import('#app/lib/db.server.ts')).db

type Point = { latitude: number; longitude: number }

export type UserOptions = {
  role?: Role
  name?: string
  email?: string
  accountStatus?: AccountStatus
  phoneNumber?: string | null
  bio?: string | null
  /** The exact home: private to the user. */
  home?: (Point & { location: string }) | null
  /** What others see of it: a district and a point away from the home. */
  shown?: (Point & { location: string }) | null
}

export async function insertUser(options: UserOptions = {}): Promise<SessionUser> {
  const { role = 'owner', name = 'Olivia Owner', accountStatus = 'active', home = null, shown = null } = options
  const id = crypto.randomUUID()
  const email = options.email ?? `${id.slice(0, 8)}@example.com`
  const now = new Date().toISOString()
  await (await database())
    .insertInto('users')
    .values({
      id,
      email,
      name,
      role,
      accountStatus,
      phoneNumber: options.phoneNumber ?? null,
      bio: options.bio ?? null,
      location: home?.location ?? null,
      latitude: home?.latitude ?? null,
      longitude: home?.longitude ?? null,
      publicLocation: shown?.location ?? null,
      publicLatitude: shown?.latitude ?? null,
      publicLongitude: shown?.longitude ?? null,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  return { id, name, email, role, profilePhoto: null, timeZone: defaultTimeZone, sessionId: `session-${id}` }
}

export type SitterProfileOptions = {
  experience?: '0-1' | '1-3' | '3-5' | '5+'
  verified?: boolean
  services?: { service: string; hourlyRateCents: number | null }[]
  dogSizes?: string[]
  /** The weekly schedule: ISO weekday 1 (Monday) to 7, local HH:mm. */
  availability?: { weekday: number; startTime: string; endTime: string }[]
  /** Days (yyyy-MM-dd) the sitter is not available. */
  blockedDates?: string[]
}

/** A user with the sitter role (unless `role` says otherwise) and a sitter profile. */
export async function insertSitter(options: UserOptions & SitterProfileOptions = {}) {
  const { experience = '3-5', verified = false, services = [], dogSizes = [], availability = [], blockedDates = [], ...user } = options
  const sitter = await insertUser({ role: 'sitter', name: 'Sam Sitter', ...user })
  const db = await database()
  const now = new Date().toISOString()
  await db
    .insertInto('sitterProfiles')
    .values({ userId: sitter.id, experience, verified: verified ? 1 : 0, createdAt: now, updatedAt: now })
    .execute()
  if (services.length) await db.insertInto('sitterServices').values(services.map((s) => ({ sitterId: sitter.id, ...s }))).execute()
  if (dogSizes.length) await db.insertInto('sitterDogSizes').values(dogSizes.map((size) => ({ sitterId: sitter.id, size }))).execute()
  if (availability.length) {
    await db
      .insertInto('sitterAvailability')
      .values(availability.map((range) => ({ id: crypto.randomUUID(), sitterId: sitter.id, ...range })))
      .execute()
  }
  if (blockedDates.length) await db.insertInto('sitterBlockedDates').values(blockedDates.map((date) => ({ sitterId: sitter.id, date }))).execute()
  return sitter
}

/** A plain booking row (no slots; of its history only the completion) of one of the owner's dogs (a new dog when none is given) with the sitter. */
export async function insertBookingRow(
  ownerId: string,
  sitterId: string,
  options: { status?: BookingStatus; date?: string; dogId?: string } = {},
) {
  const { status = 'completed', date = '2026-01-10' } = options
  const dogId = options.dogId ?? (await insertDog(ownerId))
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  await (await database())
    .insertInto('bookings')
    .values({
      id,
      dogId,
      ownerId,
      sitterId,
      requestedById: ownerId,
      date,
      timeZone: 'Europe/Zurich',
      priceCents: 2500,
      status,
      ...listingTimes({ date, timeZone: 'Europe/Zurich', slots: [] }),
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await (await database()).insertInto('bookingDogs').values({ bookingId: id, dogId, position: 1 }).execute()
  if (status === 'completed') {
    await (await database())
      .insertInto('bookingStatusHistory')
      .values({ id: crypto.randomUUID(), bookingId: id, fromStatus: 'accepted', toStatus: 'completed', changedById: sitterId, changedAt: now, reason: null })
      .execute()
  }
  return id
}

export type ReviewOptions = {
  rating: number
  comment?: string
  createdAt?: string
  reply?: { comment: string; createdAt: string }
}

/** An owner's review of a completed booking with the sitter (the booking is made here). */
export async function insertReview(sitterId: string, ownerId: string, options: ReviewOptions) {
  const bookingId = await insertBookingRow(ownerId, sitterId)
  const id = crypto.randomUUID()
  await (await database())
    .insertInto('reviews')
    .values({
      id,
      bookingId,
      sitterId,
      ownerId,
      rating: options.rating,
      comment: options.comment ?? `A ${options.rating}-star walk.`,
      createdAt: options.createdAt ?? new Date().toISOString(),
      // A published review, as every review written before double-blind reviews was.
      windowEndsAt: options.createdAt ?? new Date().toISOString(),
      publishedAt: options.createdAt ?? new Date().toISOString(),
      reply: options.reply?.comment ?? null,
      repliedAt: options.reply?.createdAt ?? null,
    })
    .execute()
  return id
}

/** A conversation between two users with its messages, each `{from, at}` (an ISO time). */
export async function insertConversation(userA: string, userB: string, messages: { from: string; at: string; content?: string }[]) {
  const db = await database()
  const [first, second] = [userA, userB].sort() as [string, string]
  const id = crypto.randomUUID()
  const times = messages.map((message) => message.at).sort()
  await db
    .insertInto('conversations')
    .values({ id, userAId: first, userBId: second, createdAt: times[0] ?? new Date().toISOString(), lastMessageAt: times.at(-1) ?? null })
    .execute()
  if (messages.length) {
    await db
      .insertInto('messages')
      .values(
        messages.map((message) => ({
          id: crypto.randomUUID(),
          conversationId: id,
          senderId: message.from,
          recipientId: message.from === userA ? userB : userA,
          content: message.content ?? 'Hello!',
          createdAt: message.at,
          readAt: null,
        })),
      )
      .execute()
  }
  return id
}

export type DogOptions = {
  name?: string
  breed?: string
  age?: string
  ageMonths?: number | null
  weightKg?: number | null
  height?: string | null
  bio?: string | null
  size?: 'small' | 'medium' | 'large' | null
  listed?: boolean
  traits?: string[]
  activities?: string[]
  availability?: string[]
  images?: string[]
}

export async function insertDog(ownerId: string, options: DogOptions = {}) {
  const { name = 'Rex', breed = 'Labrador Retriever', ageMonths = 36, listed = false } = options
  const db = await database()
  const now = new Date().toISOString()
  const id = crypto.randomUUID()
  await db
    .insertInto('dogs')
    .values({
      id,
      ownerId,
      name,
      breed,
      age: options.age ?? (ageMonths === null ? 'unknown' : `${ageMonths} months`),
      ageMonths,
      weightKg: options.weightKg === undefined ? 28 : options.weightKg,
      height: options.height === undefined ? '60 cm' : options.height,
      bio: options.bio === undefined ? `${name} loves long walks.` : options.bio,
      size: options.size === undefined ? 'large' : options.size,
      listedForSitting: listed ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  const { traits = [], activities = [], availability = [], images = [] } = options
  if (traits.length) await db.insertInto('dogTraits').values(traits.map((trait) => ({ dogId: id, trait }))).execute()
  if (activities.length) await db.insertInto('dogActivities').values(activities.map((activity) => ({ dogId: id, activity }))).execute()
  if (availability.length) await db.insertInto('dogAvailability').values(availability.map((slot) => ({ dogId: id, slot }))).execute()
  if (images.length) {
    await db
      .insertInto('dogImages')
      .values(images.map((path, position) => ({ id: crypto.randomUUID(), dogId: id, position, path, createdAt: now })))
      .execute()
  }
  return id
}

/** A user's row as stored. */
export const userRow = async (id: string) =>
  (await database()).selectFrom('users').selectAll().where('id', '=', id).executeTakeFirstOrThrow()

/** An API token for a user inserted here, as login gives one (a token session row plus its JWT). */
export async function apiTokenFor(user: { id: string }) {
  const { createSession, issueAccessToken } = await import('#app/features/accounts/session.server.ts')
  return issueAccessToken(await createSession(user.id, 'token', 'vitest'))
}

/** The Cookie header of a browser signed in as a user inserted here (a cookie session row, as the login form makes). */
export async function browserCookieFor(user: { id: string }) {
  const { createSession, sessionCookie } = await import('#app/features/accounts/session.server.ts')
  const session = await createSession(user.id, 'cookie', 'vitest')
  const serialized = await sessionCookie.serialize(session.id)
  return serialized.split(';')[0]!
}

/** Links a Google account to a user with an access token the fake Google accepts (stored encrypted, as sign-in does). */
export async function linkGoogleAccount(userId: string, google: { sub: string; accessToken: string }) {
  const { encryptSecret } = await import('#app/lib/secrets.server.ts')
  const now = new Date().toISOString()
  await (await database())
    .insertInto('oauthAccounts')
    .values({
      provider: 'google',
      providerAccountId: google.sub,
      userId,
      email: null,
      scope: 'openid email profile https://www.googleapis.com/auth/calendar.events',
      accessTokenEncrypted: encryptSecret(google.accessToken),
      refreshTokenEncrypted: null,
      tokenExpiresAt: new Date(Date.now() + 3_000_000).toISOString(),
      createdAt: now,
      updatedAt: now,
    })
    .execute()
}

export type ScheduleOptions = {
  weekly?: { weekday: number; startTime: string; endTime: string }[]
  blockedDates?: string[]
}

/** A sitter's weekly hours and blocked dates, straight into the tables. */
export async function insertSchedule(sitterId: string, { weekly = [], blockedDates = [] }: ScheduleOptions) {
  const db = await database()
  if (weekly.length) await db.insertInto('sitterAvailability').values(weekly.map((range) => ({ id: crypto.randomUUID(), sitterId, ...range }))).execute()
  if (blockedDates.length) await db.insertInto('sitterBlockedDates').values(blockedDates.map((date) => ({ sitterId, date }))).execute()
}

export type BookingOptions = {
  status?: BookingStatus
  date: string
  slots?: { startTime: string; endTime: string }[]
  requestedBy?: 'owner' | 'sitter'
  service?: string
  timeZone?: string
  location?: string | null
  hourlyRateCents?: number | null
}

/** A booking in any state, as the app would have stored it (row, slots, history from request to status). */
export async function insertBooking(parties: { dogId: string; ownerId: string; sitterId: string }, options: BookingOptions) {
  const { status = 'pending', slots = [{ startTime: '10:00', endTime: '11:00' }], requestedBy = 'owner', hourlyRateCents = 2000 } = options
  const db = await database()
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  const requestedById = requestedBy === 'owner' ? parties.ownerId : parties.sitterId
  const confirmerId = requestedBy === 'owner' ? parties.sitterId : parties.ownerId
  await db
    .insertInto('bookings')
    .values({
      id,
      ...parties,
      requestedById,
      date: options.date,
      timeZone: options.timeZone ?? 'Europe/Zurich',
      ...listingTimes({ date: options.date, timeZone: options.timeZone ?? 'Europe/Zurich', slots }),
      service: options.service ?? 'walking',
      location: options.location ?? null,
      hourlyRateCents,
      priceCents: hourlyRateCents ?? 0,
      status,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  await db.insertInto('bookingTimeSlots').values(slots.map((slot, index) => ({ bookingId: id, position: index + 1, ...slot }))).execute()
  await db.insertInto('bookingDogs').values({ bookingId: id, dogId: parties.dogId, position: 1 }).execute()
  const steps: [BookingStatus | null, BookingStatus, string][] = [[null, 'pending', requestedById]]
  if (status === 'accepted' || status === 'completed') steps.push(['pending', 'accepted', confirmerId])
  if (status === 'completed') steps.push(['accepted', 'completed', parties.sitterId])
  if (status === 'rejected') steps.push(['pending', 'rejected', confirmerId])
  if (status === 'cancelled') steps.push(['pending', 'cancelled', requestedById])
  await db
    .insertInto('bookingStatusHistory')
    .values(steps.map(([fromStatus, toStatus, changedById]) => ({ id: crypto.randomUUID(), bookingId: id, fromStatus, toStatus, changedById, changedAt: now, reason: null })))
    .execute()
  return id
}

/** The local date `days` from today in a zone (default Europe/Zurich), yyyy-MM-dd. */
export function localDateFromToday(days: number, timeZone = 'Europe/Zurich') {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}
