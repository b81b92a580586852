import { apiTokenFor, browserCookieFor, insertBooking, insertConversation, insertDog, insertReview, insertSitter, insertUser, localDateFromToday } from './fixtures.ts'

// The eight people the access table (access-table.test.ts) sends to every route, and the first owner's and
// first sitter's things whose ids fill the routes' parameters. Each signed-in caller holds a browser cookie
// (for pages) and an API token (for /api); a suspended account and a deleted one still hold theirs, made
// while they worked, and must be treated as holding none.

const database = async () => (await import('#app/lib/db.server.ts')).db

export const callers = ['anonymous', 'owner', 'otherOwner', 'sitter', 'otherSitter', 'suspended', 'admin', 'deletedToken'] as const
export type Caller = (typeof callers)[number]

/** What a caller sends: a session cookie for pages and a Bearer token for the API (none for the visitor). */
export type Credential = { cookie: string; token: string }

type Account = { id: string; name: string }

const credentialFor = async (user: { id: string }): Promise<Credential> => ({ cookie: await browserCookieFor(user), token: await apiTokenFor(user) })

const services = [{ service: 'walking', hourlyRateCents: 2400 }]
const weekdays = [1, 2, 3, 4, 5, 6, 7].map((weekday) => ({ weekday, startTime: '08:00', endTime: '18:00' }))

/**
 * The callers and the things of the first owner and sitter: the owner's dog Rex (with a photo, an accepted
 * booking with the sitter next week), a conversation of the two, the owner's review that the sitter has
 * answered, a dog listed for sitting, a dog that the owner's own DELETE may remove, a notification, and a
 * report of the sitter by the owner that the admins can open.
 */
export async function makeCallers() {
  const owner = await insertUser({ name: 'Olivia Owner' })
  const otherOwner = await insertUser({ name: 'Oscar Otherowner' })
  const sitter = await insertSitter({ name: 'Sam Sitter', services, availability: weekdays })
  const otherSitter = await insertSitter({ name: 'Sue Othersitter', services, availability: weekdays })
  const admin = await insertUser({ role: 'admin', name: 'Ada Admin' })

  // Suspended after signing in: the session rows stay, so only the account's status can refuse them.
  const suspended = await insertUser({ name: 'Sid Suspended' })
  const suspendedCredential = await credentialFor(suspended)
  const db = await database()
  await db.updateTable('users').set({ accountStatus: 'suspended' }).where('id', '=', suspended.id).execute()

  // Deleted after signing in: deleting the users row cascades to its sessions, the signed token stays valid.
  const deleted = await insertUser({ name: 'Dee Deleted' })
  const deletedCredential = await credentialFor(deleted)
  await db.deleteFrom('users').where('id', '=', deleted.id).execute()

  const dogImagePath = '/uploads/dogs/access-table-rex'
  const dogId = await insertDog(owner.id, { name: 'Rex', images: [dogImagePath] })
  const listedDogId = await insertDog(owner.id, { name: 'Bella', listed: true })
  const disposableDogId = await insertDog(owner.id, { name: 'Milo' })
  const bookingId = await insertBooking({ dogId, ownerId: owner.id, sitterId: sitter.id }, { status: 'accepted', date: localDateFromToday(7) })
  await insertConversation(owner.id, sitter.id, [{ from: owner.id, at: new Date(Date.now() - 60_000).toISOString(), content: 'Hi Sam!' }])
  const { startsAt: bookingStartsAt } = await db.selectFrom('bookings').select('startsAt').where('id', '=', bookingId).executeTakeFirstOrThrow()
  // A change of the booking the sitter declined: answering it again is refused (409) without writing anything.
  const proposalId = crypto.randomUUID()
  const terms = JSON.stringify({ date: localDateFromToday(7), period: null, slots: [{ startTime: '10:00', endTime: '11:00' }], dogIds: [dogId], notes: null, priceCents: 2000 })
  await db
    .insertInto('bookingProposals')
    .values({ id: proposalId, bookingId, proposedById: owner.id, status: 'declined', previous: terms, proposed: terms.replace('10:00', '09:00'), createdAt: new Date().toISOString(), answeredById: sitter.id, answeredAt: new Date().toISOString() })
    .execute()
  // A weekly series the owner asked the sitter for, waiting for the sitter: ending it is refused (409) without writing anything.
  const seriesId = crypto.randomUUID()
  const seriesAskedAt = new Date().toISOString()
  await db
    .insertInto('bookingSeries')
    .values({
      id: seriesId,
      ownerId: owner.id,
      sitterId: sitter.id,
      service: 'walking',
      weekdays: '1,3,5',
      period: null,
      slots: JSON.stringify([{ startTime: '08:00', endTime: '08:30' }]),
      firstDate: localDateFromToday(1),
      endDate: null,
      timeZone: 'Europe/Zurich',
      notes: null,
      location: null,
      latitude: null,
      longitude: null,
      status: 'pending',
      hourlyRateCents: null,
      extraDogRateCents: null,
      cancellationTerms: null,
      bookedThrough: null,
      createdAt: seriesAskedAt,
      updatedAt: seriesAskedAt,
    })
    .execute()
  await db.insertInto('bookingSeriesDogs').values({ seriesId, dogId, position: 1 }).execute()
  // Already answered: the sitter's reply to it is refused (409) without writing anything.
  const reviewId = await insertReview(sitter.id, owner.id, { rating: 5, reply: { comment: 'Thank you!', createdAt: new Date().toISOString() } })
  const notificationId = crypto.randomUUID()
  await db
    .insertInto('notifications')
    .values({
      id: notificationId,
      userId: owner.id,
      eventId: crypto.randomUUID(),
      kind: 'bookings',
      type: 'booking.accepted',
      text: 'Sam Sitter accepted your booking',
      href: `/bookings/${bookingId}`,
      conversationId: null,
      occurredAt: new Date().toISOString(),
      emailKey: null,
      readAt: null,
    })
    .execute()
  const { fileReport } = await import('#app/features/moderation/reports.server.ts')
  const report = await fileReport(owner, { kind: 'sitter', subjectId: sitter.id, reason: 'spam', details: '' })
  if (!report.ok) throw new Error(`The owner could not report the sitter: ${report.message}`)
  const { unsubscribeToken } = await import('#app/features/notification-settings/unsubscribe.server.ts')

  const accounts: Record<Exclude<Caller, 'anonymous' | 'suspended' | 'deletedToken'>, Account> = { owner, otherOwner, sitter, otherSitter, admin }
  const credentials: Record<Caller, Credential | null> = {
    anonymous: null,
    owner: await credentialFor(owner),
    otherOwner: await credentialFor(otherOwner),
    sitter: await credentialFor(sitter),
    otherSitter: await credentialFor(otherSitter),
    suspended: suspendedCredential,
    admin: await credentialFor(admin),
    deletedToken: deletedCredential,
  }

  return {
    credentials,
    /** A new cookie and token of a caller whose account works (the old ones for the others): for signing out. */
    async freshCredential(caller: Caller) {
      const account = caller in accounts ? accounts[caller as keyof typeof accounts] : null
      return account ? credentialFor(account) : credentials[caller]
    },
    things: {
      ownerId: owner.id,
      sitterId: sitter.id,
      dogId,
      /** A photo of Rex (a row only): the owner's DELETE of it succeeds. */
      dogImagePath,
      listedDogId,
      disposableDogId,
      bookingId,
      bookingStartsAt,
      /** A change of the booking, already declined. */
      proposalId,
      /** A weekly series of Rex with the sitter, waiting for the sitter's answer. */
      seriesId,
      reviewId,
      notificationId,
      reportId: report.reportId,
      unsubscribeToken: unsubscribeToken(owner.id, 'bookings'),
      /** The owner's calendar feed as it is now (the owner's POST /api/users/me/calendar-feed replaces it). */
      async calendarFeed() {
        const { calendarFeedTokenOf } = await import('#app/features/calendar/calendar-feed-token.server.ts')
        return `${await calendarFeedTokenOf(owner.id)}.ics`
      },
    },
  }
}

export type Callers = Awaited<ReturnType<typeof makeCallers>>
