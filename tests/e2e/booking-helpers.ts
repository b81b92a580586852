// The people and rows the booking journeys start from: a sitter who linked Google (so an accepted booking
// lands in the fake Google Calendar), an owner with a dog, bookings in a given state. Rows go straight
// into the server's database, as the app would have stored them.
import type { Locator, Page } from '@playwright/test'
import { listingTimes } from '#app/features/bookings/slots.ts'
import type { BookingStatus } from '#app/lib/db-schema.ts'
import { fakeUserFor } from '../fakes/google.ts'
import { fakeGoogleUrlVariable } from './global-setup.ts'
import { expect, registerUser, type RegisteredUser, signInAs, type TestDatabase } from './fixtures.ts'

/** Today and `days` from today in Zurich (the sitters' zone), yyyy-MM-dd. */
export function zurichDate(days = 0) {
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Zurich', year: 'numeric', month: '2-digit', day: '2-digit' }).format(new Date())
  return new Date(Date.parse(`${today}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10)
}

/** 'November 25, 2026', as the calendars name a day. */
export const dayName = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'long', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

/** 'Nov 25, 2026', as a booking card dates it. */
export const shortDayName = (date: string) =>
  new Intl.DateTimeFormat('en-US', { month: 'short', day: 'numeric', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${date}T00:00:00Z`))

/** Picks a day in a request form's calendar (within `scope`: the page or a dialog), moving to next month when it lies there. */
export async function pickDate(scope: Page | Locator, date: string) {
  if (date.slice(0, 7) > zurichDate(0).slice(0, 7)) {
    await scope.getByRole('button', { name: 'Next month' }).click()
  }
  await scope.getByRole('radio', { name: dayName(date), exact: true }).check()
}

/**
 * Asks for the chosen day's free times: with JavaScript they arrive by themselves once a day is picked;
 * without it 'Show free times' asks the server (a wizard's step, or a request page).
 */
export async function showFreeTimes(scope: Page | Locator, jsEnabled: boolean) {
  if (!jsEnabled) await scope.getByRole('button', { name: /^Show free times/ }).click()
}

/** Chooses a walk of `minutes` from `startTime` among the times offered (ruling 21: a start and a duration). */
export async function chooseWalk(scope: Page | Locator, startTime: string, minutes: 30 | 60) {
  await scope.getByLabel('Start time').selectOption(startTime)
  await scope.getByRole('radio', { name: new RegExp(`^${minutes} minutes`) }).check()
}

/** Signs the page out: the next sign-in starts from a clean cookie jar. */
export async function signOut(page: Page) {
  await page.context().clearCookies()
}

/** Makes a registered user a sitter who walks dogs for `hourlyRateCents` an hour, any day. */
async function makeSitter(db: TestDatabase, userId: string, hourlyRateCents: number) {
  const now = new Date().toISOString()
  await db.updateTable('users').set({ role: 'sitter' }).where('id', '=', userId).execute()
  await db.insertInto('sitterProfiles').values({ userId, createdAt: now, updatedAt: now }).execute()
  await db.insertInto('sitterServices').values({ sitterId: userId, service: 'walking', hourlyRateCents }).execute()
}

export type Sitter = RegisteredUser & { googleSub: string }

/**
 * A sitter (registered through the real form) who then signs in with Google once, which links the
 * Google account with the calendar scope. Leaves the page signed in as the sitter.
 */
export async function registerSitterWithGoogle(page: Page, db: TestDatabase, visit: (path: string) => Promise<unknown>, name = 'Sam Walker'): Promise<Sitter> {
  const sitter = await registerUser(page, db, { prefix: 'sitter', name })
  await makeSitter(db, sitter.id, 2400)
  await signOut(page)
  // Google's account chooser: the sign-in carries the sitter's e-mail as `login_hint`, so the fake signs it in.
  await page.route(
    (url) => url.pathname === '/api/auth/google' && !url.searchParams.has('login_hint'),
    async (route) => {
      const url = new URL(route.request().url())
      url.searchParams.set('login_hint', sitter.email)
      await route.fulfill({ status: 302, headers: { location: url.toString() } })
    },
  )
  await visit('/login')
  await page.getByRole('link', { name: 'Sign in with Google' }).click()
  await expect(page).toHaveURL(/\/map$/)
  await page.unrouteAll()
  const linked = await db.selectFrom('oauthAccounts').select('scope').where('userId', '=', sitter.id).executeTakeFirstOrThrow()
  expect(linked.scope).toContain('calendar')
  return { ...sitter, googleSub: fakeUserFor(sitter.email).sub }
}

/** A sitter without Google, walking for `hourlyRateCents` an hour. Leaves the page signed in as them. */
export async function registerSitter(page: Page, db: TestDatabase, name = 'Sam Walker', hourlyRateCents = 2400) {
  const sitter = await registerUser(page, db, { prefix: 'sitter', name })
  await makeSitter(db, sitter.id, hourlyRateCents)
  return sitter
}

/** An owner with one dog; leaves the page signed in as the owner. */
export async function registerOwnerWithDog(page: Page, db: TestDatabase, dog: { name: string; listed?: boolean }) {
  await signOut(page)
  const owner = await registerUser(page, db, { prefix: 'owner', name: 'Olive Owner' })
  return { owner, dogId: await insertDog(db, owner.id, dog) }
}

/** A three-year-old Beagle of the owner's. */
export async function insertDog(db: TestDatabase, ownerId: string, dog: { name: string; listed?: boolean }) {
  const now = new Date().toISOString()
  const dogId = crypto.randomUUID()
  await db
    .insertInto('dogs')
    .values({
      id: dogId,
      ownerId,
      name: dog.name,
      breed: 'Beagle',
      age: '3 years',
      ageMonths: 36,
      weightKg: 12,
      height: '38 cm',
      bio: `${dog.name} loves the river.`,
      size: 'medium',
      listedForSitting: dog.listed ? 1 : 0,
      createdAt: now,
      updatedAt: now,
    })
    .execute()
  return dogId
}

/** A booking as the app would have stored it: the row, one slot, its history up to `status`, the sitter's terms when asked. */
export async function insertBooking(
  db: TestDatabase,
  parties: { dogId: string; ownerId: string; sitterId: string },
  {
    status,
    date,
    slot = { startTime: '10:00', endTime: '11:00' },
    cancellationTerms = null,
  }: { status: BookingStatus; date: string; slot?: { startTime: string; endTime: string }; cancellationTerms?: 'flexible' | 'moderate' | 'strict' | null },
) {
  const id = crypto.randomUUID()
  const now = new Date().toISOString()
  // One transaction: the server's booking sweep (every second) must never read a booking without its slot.
  await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('bookings')
      .values({ id, ...parties, requestedById: parties.ownerId, date, timeZone: 'Europe/Zurich', service: 'walking', hourlyRateCents: 2400, priceCents: 2400, status, cancellationTerms, ...listingTimes({ date, timeZone: 'Europe/Zurich', slots: [slot] }), createdAt: now, updatedAt: now })
      .execute()
    await trx.insertInto('bookingTimeSlots').values({ bookingId: id, position: 1, ...slot }).execute()
    await trx.insertInto('bookingDogs').values({ bookingId: id, dogId: parties.dogId, position: 1 }).execute()
    const steps: [BookingStatus | null, BookingStatus, string][] = [[null, 'pending', parties.ownerId]]
    if (status !== 'pending') steps.push(['pending', status, parties.sitterId])
    await trx
      .insertInto('bookingStatusHistory')
      .values(steps.map(([fromStatus, toStatus, changedById]) => ({ id: crypto.randomUUID(), bookingId: id, fromStatus, toStatus, changedById, changedAt: now, reason: null })))
      .execute()
  })
  return id
}

/** The columns of a review published now, as every review written before double-blind reviews was. */
export function publishedNow() {
  const now = new Date().toISOString()
  return { createdAt: now, windowEndsAt: now, publishedAt: now }
}

export const statusOf = async (db: TestDatabase, id: string) =>
  (await db.selectFrom('bookings').select('status').where('id', '=', id).executeTakeFirstOrThrow()).status

/** The events the fake Google Calendar holds in one Google user's calendars. */
export async function calendarEventsOf(googleSub: string) {
  const origin = process.env[fakeGoogleUrlVariable]
  if (!origin) throw new Error(`${fakeGoogleUrlVariable} is not set: run the e2e tests with \`npx playwright test\``)
  const { events } = (await (await fetch(`${origin}/__fake/events`)).json()) as { events: { owner: string; body: { summary?: string } }[] }
  return events.filter((event) => event.owner === googleSub)
}

export { signInAs }
