import { getMemberProfiles } from '#app/features/accounts/users.server.ts'
import { listAcceptedBookingsNotEnded } from '#app/features/bookings/booking-reads.server.ts'
import { type BookingRecord, findBookingById, findBookingOfParty } from '#app/features/bookings/booking-records.server.ts'
import { formatBookingDate } from '#app/features/bookings/booking-format.ts'
import { bookingMessages } from '#app/features/bookings/schema.ts'
import { formatShortWeekdays } from '#app/features/bookings/series-format.ts'
import { listSeriesOf } from '#app/features/bookings/series-reads.server.ts'
import { bookingSpan } from '#app/features/bookings/slots.ts'
import { db } from '#app/lib/db.server.ts'
import { accessWindowOf, accessWindowState, formatWindowMoment } from './access-window.ts'
import { type HomeAccessDetails, homeAccessFields } from './fields.ts'
import { type HomeAccessInput, homeAccessMessages, toHomeAccessDetails } from './schema.ts'
import { homeAccessKeys, openHomeAccess, sealHomeAccess, UnopenableHomeAccess } from './sealing.server.ts'

// The home-access vault (issue 32 part 3, DESIGN.md ruling 27, decision 070): an owner's entry instructions and
// codes, sealed at rest. This module is the vault's one door: the owner reads and writes their own; the
// sitter of a booking reads them only through `readHomeAccessForBooking`, which asks the window rule
// (access-window.ts) and records the view. Nothing else opens a row, so no e-mail, push, notification, feed,
// Calendar event, list or log can carry a code.

const iso = (instant: number) => new Date(instant).toISOString()

/**
 * The headers of the pages that show the vault's fields (/home-access, a booking's page): kept out of the browser's
 * cache on disk, as the API's answers are, so a door code is not left on the phone after its window closed.
 */
export const vaultPageHeaders = { 'Cache-Control': 'private, no-store' } as const

const emptyDetails = Object.fromEntries(homeAccessFields.map((field) => [field, null])) as HomeAccessDetails

const unopenable = { ok: false as const, status: 503 as const, message: homeAccessMessages.unopenable }

/** The owner's own vault (GET /api/users/me/home-access, /home-access): every field, null when empty. */
export async function getOwnHomeAccess(ownerId: string) {
  const row = await db.selectFrom('homeAccess').selectAll().where('ownerId', '=', ownerId).executeTakeFirst()
  if (!row) return { ok: true as const, homeAccess: { ...emptyDetails, updatedAt: null } }
  const details = readDetails(ownerId, row)
  return details ? { ok: true as const, homeAccess: { ...details, updatedAt: row.updatedAt } } : unopenable
}

/** The vault's fields; null when it cannot be opened (fails closed: the log names the key, never the content). */
function readDetails(ownerId: string, row: { sealed: string; keyId: string }): HomeAccessDetails | null {
  try {
    const stored = JSON.parse(openHomeAccess(ownerId, row)) as Partial<HomeAccessDetails>
    return Object.fromEntries(homeAccessFields.map((field) => [field, stored[field] ?? null])) as HomeAccessDetails
  } catch (error) {
    if (!(error instanceof UnopenableHomeAccess)) throw error
    console.error(`Home access of user ${ownerId}: ${error.message}`)
    return null
  }
}

/** PUT /api/users/me/home-access and the /home-access form: replaces the vault; no field given clears it. */
export async function saveHomeAccess(ownerId: string, input: HomeAccessInput, now = Date.now()) {
  const details = toHomeAccessDetails(input)
  if (!details) {
    await db.deleteFrom('homeAccess').where('ownerId', '=', ownerId).execute()
    return { ...emptyDetails, updatedAt: null }
  }
  const sealed = sealHomeAccess(ownerId, JSON.stringify(details))
  const updatedAt = iso(now)
  // One statement, so saves at the same moment leave one whole row (the last one's).
  await db
    .insertInto('homeAccess')
    .values({ ownerId, ...sealed, updatedAt })
    .onConflict((oc) => oc.column('ownerId').doUpdateSet({ ...sealed, updatedAt }))
    .execute()
  return { ...details, updatedAt }
}

/**
 * Re-seals with the first key every vault another listed key sealed (`npm run home-access:rekey`, decision 070).
 * A save meanwhile wins: the row is only replaced while it still holds what was read. Answers how many were
 * re-sealed, and the owners whose vault no listed key opens (left as they are).
 */
export async function resealAllHomeAccess() {
  const [current] = homeAccessKeys()
  const rows = await db.selectFrom('homeAccess').selectAll().where('keyId', '!=', current?.id ?? '').execute()
  const unopenable: string[] = []
  let resealed = 0
  for (const row of rows) {
    try {
      const sealed = sealHomeAccess(row.ownerId, openHomeAccess(row.ownerId, row))
      const result = await db.updateTable('homeAccess').set(sealed).where('ownerId', '=', row.ownerId).where('sealed', '=', row.sealed).executeTakeFirst()
      resealed += Number(result.numUpdatedRows)
    } catch (error) {
      if (!(error instanceof UnopenableHomeAccess)) throw error
      unopenable.push(row.ownerId)
    }
  }
  return { resealed, unopenable }
}

/** Who saw the owner's home access, for which booking, when; the newest first. */
export async function listHomeAccessViews(ownerId: string, limit = 100) {
  const views = await db.selectFrom('homeAccessViews').selectAll().where('ownerId', '=', ownerId).orderBy('viewedAt', 'desc').orderBy('id', 'desc').limit(limit).execute()
  const sitters = await getMemberProfiles(views.map((view) => view.sitterId))
  const bookings = new Map(
    await Promise.all([...new Set(views.map((view) => view.bookingId))].map(async (id) => [id, await findBookingById(id)] as const)),
  )
  return views.map((view) => {
    const booking = bookings.get(view.bookingId)
    return {
      id: view.id,
      viewedAt: view.viewedAt,
      sitter: { id: view.sitterId, name: sitters.get(view.sitterId)?.name ?? 'Deleted user' },
      booking: { id: view.bookingId, date: booking?.date ?? null, service: booking?.service ?? null, timeZone: booking?.timeZone ?? null },
    }
  })
}

/** Enough for three daily rounds (each booked 8 weeks ahead) and the single bookings between them. */
const upcomingBookingsRead = 200

/**
 * When the sitters of the owner's accepted bookings under way or to come see the vault, soonest first. A weekly round
 * is one entry, at its next booking: each of its bookings opens the vault the same way, and listing them all would bury
 * the other bookings.
 */
export async function listUpcomingAccessWindows(ownerId: string, now = Date.now()) {
  const [bookings, rounds] = await Promise.all([listAcceptedBookingsNotEnded(ownerId, upcomingBookingsRead, now), listSeriesOf(ownerId, 'owner')])
  const sitters = await getMemberProfiles(bookings.map((booking) => booking.sitterId))
  const listedRounds = new Set<string>()
  return bookings.flatMap((booking) => {
    const round = rounds.find((each) => each.id === booking.seriesId)
    if (round) {
      if (listedRounds.has(round.id)) return []
      listedRounds.add(round.id)
    }
    const window = accessWindowOf(bookingSpan(booking))
    return {
      bookingId: booking.id,
      sitterName: sitters.get(booking.sitterId)?.name ?? 'Deleted user',
      service: booking.service,
      opensAt: formatWindowMoment(window.opensAt, booking.timeZone),
      closesAt: formatWindowMoment(window.closesAt, booking.timeZone),
      open: now >= window.opensAt,
      round: round ? { id: round.id, weekdays: formatShortWeekdays(round.weekdays), endDate: round.endDate && formatBookingDate(round.endDate) } : null,
    }
  })
}

type Refusal = { ok: false; status: 403 | 404; message: string }

/** Why the sitter of `booking` does not see the vault now, or null when they do. */
function refusalFor(booking: BookingRecord, userId: string, now: number): Refusal | null {
  if (booking.ownerId === userId) return { ok: false, status: 403, message: homeAccessMessages.ownersOwn }
  const span = bookingSpan(booking)
  const state = accessWindowState({ status: booking.status, span }, now)
  if (state === 'not-accepted') return { ok: false, status: 403, message: homeAccessMessages.notAccepted }
  if (state === 'closed') return { ok: false, status: 403, message: homeAccessMessages.closed }
  if (state === 'not-yet') return { ok: false, status: 403, message: homeAccessMessages.opensAt(formatWindowMoment(accessWindowOf(span).opensAt, booking.timeZone)) }
  return null
}

/**
 * GET /api/bookings/{id}/home-access and the booking page: the owner's home access for the sitter of the
 * booking, inside its window only; each showing is recorded for the owner. 404 to anyone not a party.
 */
export async function readHomeAccessForBooking(userId: string, bookingId: string, now = Date.now()) {
  const booking = await findBookingOfParty(userId, bookingId)
  if (!booking) return { ok: false as const, status: 404 as const, message: bookingMessages.bookingNotFound }
  const refusal = refusalFor(booking, userId, now)
  if (refusal) return refusal
  const window = accessWindowOf(bookingSpan(booking))
  const row = await db.selectFrom('homeAccess').selectAll().where('ownerId', '=', booking.ownerId).executeTakeFirst()
  const details = row ? readDetails(booking.ownerId, row) : emptyDetails
  if (!details) return unopenable
  if (row) {
    await db
      .insertInto('homeAccessViews')
      .values({ id: crypto.randomUUID(), ownerId: booking.ownerId, sitterId: userId, bookingId: booking.id, viewedAt: iso(now) })
      .execute()
  }
  return {
    ok: true as const,
    homeAccess: { bookingId: booking.id, opensAt: iso(window.opensAt), closesAt: iso(window.closesAt), ...details, updatedAt: row?.updatedAt ?? null },
  }
}

/**
 * What the booking page shows of the vault: to the sitter inside the window the details (a recorded view),
 * outside it when it opens or that it closed; to the owner of an accepted booking when the sitter sees it.
 */
export async function homeAccessOnBookingPage(userId: string, booking: { id: string; ownerId: string; status: string; startDateTime: string; endDateTime: string; timeZone: string }, now = Date.now()) {
  if (booking.status !== 'accepted') return null
  const window = accessWindowOf({ start: Date.parse(booking.startDateTime), end: Date.parse(booking.endDateTime) })
  const when = { opensAt: formatWindowMoment(window.opensAt, booking.timeZone), closesAt: formatWindowMoment(window.closesAt, booking.timeZone) }
  if (booking.ownerId === userId) {
    if (now >= window.closesAt) return null
    const hasVault = Boolean(await db.selectFrom('homeAccess').select('ownerId').where('ownerId', '=', userId).executeTakeFirst())
    return { viewer: 'owner' as const, ...when, hasVault }
  }
  const read = await readHomeAccessForBooking(userId, booking.id, now)
  if (read.ok) return { viewer: 'sitter' as const, ...when, details: read.homeAccess.updatedAt ? read.homeAccess : null, message: null }
  return { viewer: 'sitter' as const, ...when, details: null, message: read.message }
}

export type BookingPageHomeAccess = NonNullable<Awaited<ReturnType<typeof homeAccessOnBookingPage>>>

/** Whether the sitter of the booking was shown the owner's home access for it (the change-your-codes reminder). */
export async function wasHomeAccessViewedFor(bookingId: string) {
  const view = await db.selectFrom('homeAccessViews').select('id').where('bookingId', '=', bookingId).limit(1).executeTakeFirst()
  return Boolean(view)
}
