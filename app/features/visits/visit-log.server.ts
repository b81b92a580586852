import type { Transaction } from 'kysely'
import { getExactPoint } from '#app/features/accounts/users.server.ts'
import { type BookingRecord, findBookingOfParty } from '#app/features/bookings/booking-records.server.ts'
import { bookingSpan } from '#app/features/bookings/slots.ts'
import type { GeoPoint } from '#app/features/geo/distance.ts'
import { formatWindowMoment } from '#app/features/home-access/access-window.ts'
import { db, type Database, serializeOn } from '#app/lib/db.server.ts'
import { dispatchEvents, recordEvent } from '#app/lib/events.server.ts'
import { deleteImage, type ImageVariants, saveImageVariants } from '#app/lib/images.server.ts'
import { imageUrl } from '#app/lib/image-url.ts'
import { validateImageUpload } from '#app/lib/upload.server.ts'
import { localDateOf } from '#app/lib/zoned-time.ts'
import { type VisitEntryInput, visitMessages } from './schema.ts'
import { checkInWindow, classifyCheckIn, dailyUpdateDues, type EntryKind, hasDailyUpdates, readAlarmKey, isNearAHome, metersBetween, pathMeters, reachablePoints, type RoutePoint, tracksRoute, visitRules } from './visit-rules.ts'

// The visit log of a booking (issue 32 part 1, DESIGN.md ruling 27): the one door to its tables. Only the
// booking's sitter writes it, with the server's clock; both parties read it; anyone else is told 'Booking not
// found'. Each change is a domain event (visitEventTypes): the booking page of both parties refreshes over the
// socket, and a check-out tells the owner the report card is ready. A check-in position and the route points near
// either home are measured here and go no further.

export const visitEventTypes = {
  checkedIn: 'visit.checkedIn',
  updated: 'visit.updated',
  checkedOut: 'visit.checkedOut',
} as const

type Failure = { ok: false; status: 403 | 404 | 409; message: string }
const refused = (status: Failure['status'], message: string): Failure => ({ ok: false, status, message })

const iso = (instant: number) => new Date(instant).toISOString()

/** The booking when `userId` is its sitter; the refusal for its owner (403) or anyone else (404). */
async function bookingOfSitter(userId: string, bookingId: string): Promise<BookingRecord | Failure> {
  const booking = await findBookingOfParty(userId, bookingId)
  if (!booking) return refused(404, visitMessages.bookingNotFound)
  if (booking.sitterId !== userId) return refused(403, visitMessages.sitterOnly)
  return booking
}

const isFailure = (value: object): value is Failure => 'ok' in value && value.ok === false

/** The booking and its visit when the visit is under way (checked in, not out); else why not. */
async function openVisitOf(userId: string, bookingId: string) {
  const booking = await bookingOfSitter(userId, bookingId)
  if (isFailure(booking)) return booking
  if (booking.status !== 'accepted' && booking.status !== 'completed') return refused(409, visitMessages.notAccepted)
  const visit = await db.selectFrom('visits').selectAll().where('bookingId', '=', bookingId).executeTakeFirst()
  if (!visit) return refused(409, visitMessages.notCheckedIn)
  if (visit.checkedOutAt) return refused(409, visitMessages.checkedOut)
  return { booking, visit }
}

async function recordVisitEvent(trx: Transaction<Database>, type: string, booking: BookingRecord, now: number) {
  return recordEvent(trx, { type, subjectId: booking.id, payload: { ownerId: booking.ownerId, sitterId: booking.sitterId } }, now)
}

/** The meeting place: the booking's own location, else the owner's home. */
async function meetingPlaceOf(booking: BookingRecord): Promise<GeoPoint | null> {
  if (booking.latitude !== null && booking.longitude !== null) return { latitude: booking.latitude, longitude: booking.longitude }
  return getExactPoint(booking.ownerId)
}

/** POST .../visit/check-in: from 30 minutes before the start until the end of an accepted booking, once. */
export async function checkIn(userId: string, bookingId: string, position: GeoPoint | null, now = Date.now()) {
  const booking = await bookingOfSitter(userId, bookingId)
  if (isFailure(booking)) return booking
  if (booking.status !== 'accepted') return refused(409, visitMessages.notAccepted)
  const window = checkInWindow(bookingSpan(booking))
  if (now < window.opensAt) return refused(409, visitMessages.checkInOpensAt(formatWindowMoment(window.opensAt, booking.timeZone)))
  if (now >= window.closesAt) return refused(409, visitMessages.checkInClosed)
  const { place, distanceMeters } = classifyCheckIn(position, await meetingPlaceOf(booking))
  const eventId = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('visits')
      .values({ bookingId, checkedInAt: iso(now), checkInPlace: place, checkInDistanceMeters: distanceMeters })
      .onConflict((oc) => oc.column('bookingId').doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null
    return recordVisitEvent(trx, visitEventTypes.checkedIn, booking, now)
  })
  if (!eventId) return refused(409, visitMessages.alreadyCheckedIn)
  await dispatchEvents([eventId], now)
  return { ok: true as const, visit: await readVisitLog(booking, now) }
}

/** POST .../visit/entries: an activity or a note, stamped with the server's time. */
export async function addVisitEntry(userId: string, bookingId: string, entry: VisitEntryInput, now = Date.now()) {
  const open = await openVisitOf(userId, bookingId)
  if (isFailure(open)) return open
  const eventId = await db.transaction().execute(async (trx) => {
    await trx
      .insertInto('visitEntries')
      .values({ id: crypto.randomUUID(), bookingId, kind: entry.kind, note: entry.note || null, recordedAt: iso(now) })
      .execute()
    return recordVisitEvent(trx, visitEventTypes.updated, open.booking, now)
  })
  await dispatchEvents([eventId], now)
  return { ok: true as const, visit: await readVisitLog(open.booking, now) }
}

/** Why `userId` may not add a photo to the booking's visit now (404, 403, 409), or null: asked before a picture is read. */
export async function visitPhotoRefusal(userId: string, bookingId: string) {
  const open = await openVisitOf(userId, bookingId)
  if (isFailure(open)) return open
  return (await countPhotos(db, bookingId)) >= visitRules.maxPhotos ? refused(409, visitMessages.tooManyPhotos) : null
}

/**
 * POST .../visit/photos and the page's photo form: refuses a full or closed visit before the picture is decoded,
 * then proves it is a picture and strips its metadata (lib/upload.server.ts). Throws UploadError (400/413/415).
 */
export async function addVisitPhotoFile(userId: string, bookingId: string, file: Blob, now = Date.now()) {
  const refusal = await visitPhotoRefusal(userId, bookingId)
  if (refusal) return refusal
  return addVisitPhoto(userId, bookingId, await validateImageUpload(file), now)
}

async function countPhotos(executor: Pick<typeof db, 'selectFrom'>, bookingId: string) {
  const row = await executor.selectFrom('visitPhotos').select((eb) => eb.fn.countAll<number>().as('count')).where('bookingId', '=', bookingId).executeTakeFirstOrThrow()
  return Number(row.count)
}

/** A picture already decoded and stripped, stored privately under the booking; photos sent at once never take the visit past 10. */
async function addVisitPhoto(userId: string, bookingId: string, variants: ImageVariants, now = Date.now()) {
  const open = await openVisitOf(userId, bookingId)
  if (isFailure(open)) return open
  const path = await saveImageVariants(variants, { kind: 'visits', ownerKey: bookingId })
  const eventId = await db.transaction().execute(async (trx) => {
    await serializeOn(trx, [`visit:${bookingId}`])
    if ((await countPhotos(trx, bookingId)) >= visitRules.maxPhotos) return null
    await trx.insertInto('visitPhotos').values({ id: crypto.randomUUID(), bookingId, path, takenAt: iso(now) }).execute()
    return recordVisitEvent(trx, visitEventTypes.updated, open.booking, now)
  })
  if (!eventId) {
    await deleteImage(path)
    return refused(409, visitMessages.tooManyPhotos)
  }
  await dispatchEvents([eventId], now)
  return { ok: true as const, visit: await readVisitLog(open.booking, now) }
}

/**
 * POST .../visit/route: a batch of a walk's positions. Times are the phone's, kept between the check-in and now.
 * The distance and duration count every point; points within 200 m of either party's home are never stored.
 */
export async function addRoutePoints(userId: string, bookingId: string, points: readonly { latitude: number; longitude: number; at: string }[], now = Date.now()) {
  const open = await openVisitOf(userId, bookingId)
  if (isFailure(open)) return open
  const { booking, visit } = open
  if (!tracksRoute(booking.service)) return refused(409, visitMessages.routeOnlyForWalks)
  const from = Date.parse(visit.checkedInAt)
  const sent: RoutePoint[] = points
    .map((point) => ({ latitude: point.latitude, longitude: point.longitude, at: Math.min(now, Math.max(from, Date.parse(point.at))) }))
    .sort((a, b) => a.at - b.at)
  const homes = (await Promise.all([getExactPoint(booking.ownerId), getExactPoint(booking.sitterId)])).filter((home): home is GeoPoint => home !== null)
  let kept: RoutePoint[] = []
  const outcome = await db.transaction().execute(async (trx) => {
    await serializeOn(trx, [`visit:${bookingId}`])
    const current = await trx.selectFrom('visits').select(['routeMeters', 'routeStartedAt', 'routeEndedAt', 'checkedOutAt']).where('bookingId', '=', bookingId).executeTakeFirstOrThrow()
    if (current.checkedOutAt) return refused(409, visitMessages.checkedOut)
    // The batch continues the route from its last stored point when that point ended the route so far.
    const previous = await trx
      .selectFrom('visitRoutePoints')
      .select(['latitude', 'longitude', 'recordedAt'])
      .where('bookingId', '=', bookingId)
      .orderBy('recordedAt', 'desc')
      .limit(1)
      .executeTakeFirst()
    const end = previous && previous.recordedAt === current.routeEndedAt && Date.parse(previous.recordedAt) <= sent[0]!.at ? { ...previous, at: Date.parse(previous.recordedAt) } : undefined
    const batch = reachablePoints(sent, end)
    const first = batch[0]
    const last = batch.at(-1)
    if (!first || !last) return { ok: true as const, eventId: null }
    kept = batch.filter((point) => !isNearAHome(point, homes))
    const stored = await trx
      .selectFrom('visitRoutePoints')
      .select((eb) => eb.fn.countAll<number>().as('count'))
      .where('bookingId', '=', bookingId)
      .executeTakeFirstOrThrow()
    if (Number(stored.count) + kept.length > visitRules.maxRoutePoints) return refused(409, visitMessages.routeFull)
    const meters = pathMeters(batch) + (end ? metersBetween(end, first) : 0)
    const startedAt = current.routeStartedAt && Date.parse(current.routeStartedAt) < first.at ? current.routeStartedAt : iso(first.at)
    const endedAt = current.routeEndedAt && Date.parse(current.routeEndedAt) > last.at ? current.routeEndedAt : iso(last.at)
    await trx
      .updateTable('visits')
      .set({ routeMeters: Math.round(current.routeMeters + meters), routeStartedAt: startedAt, routeEndedAt: endedAt })
      .where('bookingId', '=', bookingId)
      .execute()
    if (kept.length > 0) {
      await trx
        .insertInto('visitRoutePoints')
        .values(kept.map((point) => ({ id: crypto.randomUUID(), bookingId, latitude: point.latitude, longitude: point.longitude, recordedAt: iso(point.at) })))
        .execute()
    }
    return { ok: true as const, eventId: await recordVisitEvent(trx, visitEventTypes.updated, booking, now) }
  })
  if (!outcome.ok) return outcome
  if (outcome.eventId) await dispatchEvents([outcome.eventId], now)
  return { ok: true as const, visit: await readVisitLog(booking, now), stored: kept.length }
}

/** POST .../visit/check-out: closes the visit into its report card, once. */
export async function checkOut(userId: string, bookingId: string, note: string | undefined, now = Date.now()) {
  const open = await openVisitOf(userId, bookingId)
  if (isFailure(open)) return open
  const eventId = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('visits')
      .set({ checkedOutAt: iso(now), checkOutNote: note || null })
      .where('bookingId', '=', bookingId)
      .where('checkedOutAt', 'is', null)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return null
    return recordVisitEvent(trx, visitEventTypes.checkedOut, open.booking, now)
  })
  if (!eventId) return refused(409, visitMessages.checkedOut)
  await dispatchEvents([eventId], now)
  return { ok: true as const, visit: await readVisitLog(open.booking, now) }
}

/** GET /api/bookings/{id}/visit and the booking page: the log for either party; 404 for anyone else. */
export async function getVisitLogFor(userId: string, bookingId: string, now = Date.now()) {
  const booking = await findBookingOfParty(userId, bookingId)
  if (!booking) return refused(404, visitMessages.bookingNotFound)
  return { ok: true as const, visit: await readVisitLog(booking, now) }
}

export type VisitState = 'not-started' | 'under-way' | 'checked-out'

/** A booking's visit log as both parties see it (the API's VisitLog). */
export async function readVisitLog(booking: BookingRecord, now = Date.now()) {
  const [visit, entries, photos, points, alarms] = await Promise.all([
    db.selectFrom('visits').selectAll().where('bookingId', '=', booking.id).executeTakeFirst(),
    db.selectFrom('visitEntries').select(['id', 'kind', 'note', 'recordedAt']).where('bookingId', '=', booking.id).orderBy('recordedAt').orderBy('id').execute(),
    db.selectFrom('visitPhotos').select(['id', 'path', 'takenAt']).where('bookingId', '=', booking.id).orderBy('takenAt').orderBy('id').execute(),
    db.selectFrom('visitRoutePoints').select(['latitude', 'longitude', 'recordedAt']).where('bookingId', '=', booking.id).orderBy('recordedAt').orderBy('id').execute(),
    db.selectFrom('visitAlarms').select(['kind', 'recordedAt']).where('bookingId', '=', booking.id).orderBy('recordedAt').execute(),
  ])
  const window = checkInWindow(bookingSpan(booking))
  const state: VisitState = !visit ? 'not-started' : visit.checkedOutAt ? 'checked-out' : 'under-way'
  return {
    bookingId: booking.id,
    state,
    checkInOpensAt: iso(window.opensAt),
    checkInClosesAt: iso(window.closesAt),
    canCheckIn: !visit && booking.status === 'accepted' && now >= window.opensAt && now < window.closesAt,
    checkIn: visit ? { at: visit.checkedInAt, place: visit.checkInPlace, distanceMeters: visit.checkInDistanceMeters } : null,
    checkOut: visit?.checkedOutAt ? { at: visit.checkedOutAt, note: visit.checkOutNote } : null,
    entries: entries.map((entry) => ({ id: entry.id, kind: entry.kind as EntryKind, note: entry.note, at: entry.recordedAt })),
    photos: photos.map((photo) => ({ id: photo.id, url: imageUrl(photo.path, 800), thumbnailUrl: imageUrl(photo.path, 320), at: photo.takenAt })),
    route:
      tracksRoute(booking.service) && visit?.routeStartedAt && visit.routeEndedAt
        ? {
            distanceMeters: visit.routeMeters,
            durationSeconds: Math.round((Date.parse(visit.routeEndedAt) - Date.parse(visit.routeStartedAt)) / 1000),
            points: points.map((point) => ({ latitude: point.latitude, longitude: point.longitude, at: point.recordedAt })),
          }
        : null,
    dailyUpdates: hasDailyUpdates(booking.service)
      ? dailyUpdateDues(bookingSpan(booking), booking.timeZone).map((due) => ({
          date: due.date,
          dueAt: iso(due.dueAt),
          done: photos.some((photo) => localDateOf(photo.takenAt, booking.timeZone) === due.date),
        }))
      : null,
    alarms: alarms.map((alarm) => ({ ...readAlarmKey(alarm.kind), at: alarm.recordedAt })),
  }
}

export type VisitLogJson = Awaited<ReturnType<typeof readVisitLog>>

/** The parties of the booking a stored visit photo belongs to; null for a path no visit holds. */
export async function findPartiesOfVisitPhoto(basePath: string) {
  return (
    (await db
      .selectFrom('visitPhotos')
      .innerJoin('bookings', 'bookings.id', 'visitPhotos.bookingId')
      .select(['bookings.ownerId', 'bookings.sitterId'])
      .where('visitPhotos.path', '=', basePath)
      .executeTakeFirst()) ?? null
  )
}
