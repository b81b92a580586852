import type { Kysely } from 'kysely'
import { deleteExpiredSessions } from '#app/features/accounts/session.server.ts'
import { deleteExpiredSignInCodes } from '#app/features/accounts/sign-in-codes.server.ts'
import { recordDueBookingAlerts } from '#app/features/bookings/booking-alerts.server.ts'
import { expireUnansweredSeries, extendAcceptedSeries } from '#app/features/bookings/booking-series.server.ts'
import { recordDueReviewReminders } from '#app/features/bookings/review-reminders.server.ts'
import { sendWaitingPushes } from '#app/features/notifications/notification-pushes.server.ts'
import { forgetLongSleepingDevices } from '#app/features/push/push-subscriptions.server.ts'
import { expireStaleRequests } from '#app/features/bookings/expiry.server.ts'
import { recordDueVisitAlarms } from '#app/features/visits/visit-alarms.server.ts'
import { demoLogins, isDatabaseEmpty, seedDemoData } from '#db/seed.ts'
import { liftEndedSuspensions } from '#app/features/moderation/suspensions.server.ts'
import { publishDueReviews } from '#app/features/reviews/review-writes.server.ts'
import { db, exclusively, migrateToLatest, type Database } from '#app/lib/db.server.ts'
import { deliverEmailsSoon } from '#app/lib/email-outbox.server.ts'
import { deliverDueEvents, pruneDeliveredEvents } from '#app/lib/events.server.ts'
import { env } from '#app/lib/env.server.ts'
import { deleteStalePendingUploads } from '#app/lib/pending-uploads.server.ts'
import { deleteStaleRateLimitHits } from '#app/lib/rate-limit.server.ts'
import { storage } from '#app/lib/storage/storage.server.ts'
import { startWalCheckpoints, stopWalCheckpoints } from '#app/lib/wal-checkpoints.server.ts'
import { closeAllSockets, pushBadgeCountsWith } from '#app/features/messages/socket.server.ts'
import { badgeCountsFor } from './badge-counts.server.ts'
import { startHub, stopHub } from '#app/features/messages/hub.server.ts'
import { queueMessageDigests } from '#app/features/messages/message-digest.server.ts'
import { deleteExpiredPresence } from '#app/features/messages/presence.server.ts'
import { backgroundWorkDone, inBackground } from '#app/lib/work-queue.server.ts'
import { registerEventSubscribers } from './event-subscribers.server.ts'

export { handleSocketUpgrade } from '#app/features/messages/socket.server.ts'

/**
 * How often old rate-limit hits and stale pending uploads are deleted while the server runs (they are
 * also deleted at start-up).
 */
export const housekeepingIntervalMs = 10 * 60 * 1000
let pruneTimer: ReturnType<typeof setInterval> | null = null

/** Deletes rate-limit hits no window counts any more; a failure is logged, never thrown (it runs from a timer). */
async function pruneRateLimitHits() {
  try {
    await deleteStaleRateLimitHits()
  } catch (error) {
    console.warn('Could not delete old rate-limit hits:', error)
  }
}

let bookingTimer: ReturnType<typeof setInterval> | null = null

/**
 * Every minute (BOOKING_SWEEP_SECONDS): pending requests whose start has passed are cancelled as expired, accepted weekly
 * series are made into bookings eight weeks ahead (weekly requests whose last date passed unanswered cancelled), the warnings of requests
 * about to expire and the reminders of bookings about to start are recorded, so are missed visits (no check-in,
 * check-out or daily update in time), pushes that waited for the end
 * of quiet hours are sent, the unread-message digests that are due are queued, and queued e-mails that are
 * due (new, or retried after a failure) are sent, suspensions whose end has come are lifted, and the reviews
 * of bookings whose 14 days have passed are published (the day-10 reminders recorded first). A failure is logged and tried again next time.
 */
async function sweepBookings() {
  try {
    await expirySweep()
    await exclusively('weekly series', async () => {
      await expireUnansweredSeries()
      await extendAcceptedSeries()
    })
    await exclusively('booking alerts', () => recordDueBookingAlerts())
    await exclusively('visit alarms', () => recordDueVisitAlarms())
    await exclusively('waiting pushes', () => sendWaitingPushes())
    await exclusively('ended suspensions', () => liftEndedSuspensions())
    await exclusively('review window', async () => {
      await recordDueReviewReminders()
      await publishDueReviews()
    })
    await queueMessageDigests()
    await deliverEmailsSoon()
  } catch (error) {
    console.warn('The booking sweep failed:', error)
  }
}

/** How often recorded events that are due (retried after a failure, or left by a stopped process) are handled. */
export const eventSweepIntervalMs = 5_000
let eventTimer: ReturnType<typeof setInterval> | null = null

/** `untriedToo`: at start-up, also what a stopped process recorded and never dispatched (events.server.ts). */
async function sweepEvents({ untriedToo = false } = {}) {
  try {
    await deliverDueEvents(Date.now(), db, { untriedToo })
  } catch (error) {
    console.warn('The event sweep failed:', error)
  }
}

/** Deletes photos of unsaved forms older than a day, with their files; logged, never thrown. */
async function prunePendingUploads() {
  try {
    await deleteStalePendingUploads()
  } catch (error) {
    console.warn('Could not delete stale pending uploads:', error)
  }
}

async function pruneSignInCodes() {
  try {
    await deleteExpiredSignInCodes()
  } catch (error) {
    console.warn('Could not delete expired sign-in codes:', error)
  }
}

async function pruneSleepingDevices() {
  try {
    await forgetLongSleepingDevices()
  } catch (error) {
    console.warn('Could not forget long-sleeping push devices:', error)
  }
}

async function pruneEvents() {
  try {
    await pruneDeliveredEvents()
  } catch (error) {
    console.warn('Could not delete delivered events:', error)
  }
}

/**
 * Cancels the stale requests, once across instances: one that finds another at it skips this round (null).
 * `database` is the instance's own (its pool holds the lock).
 */
export function expirySweep(database: Kysely<Database> = db) {
  return exclusively('expiry sweep', () => expireStaleRequests(), { database })
}

/** Deletes what no one needs any more, once across instances: one that finds another at it skips this round (null). */
export function housekeeping(database: Kysely<Database> = db) {
  return exclusively(
    'housekeeping',
    async () => {
      await pruneRateLimitHits()
      await prunePendingUploads()
      await pruneEvents()
      await pruneSignInCodes()
      await pruneSleepingDevices()
      await deleteExpiredPresence()
    },
    { database },
  )
}

/**
 * Seeds the demo world into an empty database; of N instances starting together on one, the first seeds
 * and the others wait, then find it seeded. True when this call seeded.
 */
export async function seedDemoDataWhenEmpty(database: Kysely<Database> = db) {
  const seeded = await exclusively(
    'seed demo data',
    async () => {
      if (!(await isDatabaseEmpty(database))) return false
      await seedDemoData(database, { storage, adminPassword: !env.isProduction || env.LOCAL_RUN })
      return true
    },
    { wait: true, database },
  )
  return seeded === true
}

/** Runs before the server accepts requests: schema, demo data, housekeeping. */
export async function startApp() {
  registerEventSubscribers()
  pushBadgeCountsWith(badgeCountsFor)
  await migrateToLatest(db)
  await startWalCheckpoints()
  await startHub()
  const seeded = env.SEED_DEMO && (await seedDemoDataWhenEmpty())
  await deleteExpiredSessions()
  await housekeeping()
  if (pruneTimer) clearInterval(pruneTimer)
  pruneTimer = setInterval(() => void inBackground(housekeeping()), housekeepingIntervalMs)
  pruneTimer.unref() // housekeeping never keeps the process alive
  await sweepEvents({ untriedToo: true })
  if (eventTimer) clearInterval(eventTimer)
  eventTimer = setInterval(() => void inBackground(sweepEvents()), eventSweepIntervalMs)
  eventTimer.unref()
  await sweepBookings()
  if (bookingTimer) clearInterval(bookingTimer)
  bookingTimer = setInterval(() => void inBackground(sweepBookings()), env.BOOKING_SWEEP_SECONDS * 1000)
  bookingTimer.unref()
  return { seeded, demoLogins: env.SEED_DEMO ? demoLogins : [] }
}

export async function stopApp() {
  if (pruneTimer) clearInterval(pruneTimer)
  pruneTimer = null
  if (bookingTimer) clearInterval(bookingTimer)
  bookingTimer = null
  if (eventTimer) clearInterval(eventTimer)
  eventTimer = null
  closeAllSockets()
  // Events dispatched after a commit, e-mails being sent and a sweep a timer started finish first: closed
  // under them, the database would lose their 'delivered' marks and they would run again.
  await backgroundWorkDone()
  await stopHub()
  await stopWalCheckpoints()
  await db.destroy()
}
