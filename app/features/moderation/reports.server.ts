import { type Expression, sql, type SqlBool } from 'kysely'
import { namesOf } from '#app/features/accounts/account-status.server.ts'
import { takesPartInBookings } from '#app/features/accounts/roles.ts'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import { getBookingFor } from '#app/features/bookings/booking-reads.server.ts'
import type { HistoryStep } from '#app/features/bookings/booking-history.server.ts'
import { getAvailableDog } from '#app/features/dogs/available-dogs.server.ts'
import { hideMessages, reportedConversation } from '#app/features/messages/reported-conversation.server.ts'
import { hideReview } from '#app/features/reviews/review-writes.server.ts'
import { findReportableReview } from '#app/features/reviews/reviews.server.ts'
import { type ReportReason, reportReasons } from '#app/features/messages/limits.ts'
import { getPublicSitter } from '#app/features/sitters/public-sitter.server.ts'
import { getVisitLogFor } from '#app/features/visits/visit-log.server.ts'
import type { AlarmKind, CheckInPlace, EntryKind } from '#app/features/visits/visit-rules.ts'
import { db, isOneOf, schemaConstant } from '#app/lib/db.server.ts'
import type { BookingStatus, ReportKind, ReportState } from '#app/lib/db-schema.ts'
import { dispatchEvents, recordEvent } from '#app/lib/events.server.ts'
import { keysetCondition, type KeysetCursor, type PagePosition, readKeysetPage } from '#app/lib/keyset-paging.ts'
import { rateLimit } from '#app/lib/rate-limit.server.ts'
import { localDateOf } from '#app/lib/zoned-time.ts'
import { type Admin, auditActions, recordAudit } from './audit-log.server.ts'
import { hidesContent, moderationMessages, type ReportStateFilter } from './moderation-terms.ts'
import type { NewReportInput, ResolutionInput } from './schema.ts'
import { checkUntil, suspendInTransaction } from './suspensions.server.ts'

// Reports (DESIGN.md ruling 25): a user reports a conversation, a sitter profile, a review, a dog listed
// for sitting or a booking they are a party of; the report keeps a snapshot of the content as the reporter saw it, so what the admins judge
// cannot change under them, and an admin reads the reported messages only through it. An admin resolves a
// report once: dismissed, content hidden, user warned or user suspended, each with a note. Every read of a
// report and every resolution goes to the audit log in the same transaction.

export const reportEventTypes = { filed: 'report.filed', added: 'report.added', resolved: 'report.resolved' } as const

/** 20 reports per user per hour: enough for a bad day, not for flooding the queue. */
const reportsPerUser = rateLimit({ limit: 20, windowMs: 60 * 60 * 1000 })

export type ReportedMessageSnapshot = {
  id: string
  senderId: string
  senderName: string
  content: string
  createdAt: string
  reported: boolean
  /** When the reporter added it to their open report (a message written after the report); absent for the first ones. */
  addedAt?: string
}

export type ReportSnapshot =
  | { kind: 'conversation'; messages: ReportedMessageSnapshot[] }
  | { kind: 'sitter'; name: string; bio: string | null; location: string | null; profilePhoto: string | null }
  | { kind: 'review'; rating: number; comment: string; reply: string | null; sitterId: string; sitterName: string; authorName: string; createdAt: string }
  | { kind: 'dog'; name: string; breed: string; bio: string | null; images: string[]; ownerName: string }
  | BookingSnapshot

/**
 * A booking as its reporting party saw it: its terms, its history and its visit log (the visit's times, places in 50 m
 * steps, activities and notes, how many photos, its alarms). Never an address, contact details, the home access, a
 * photo or a route's points: an admin judges what happened, not where the owner lives.
 */
export type BookingSnapshot = {
  kind: 'booking'
  ownerName: string
  sitterName: string
  dogNames: string[]
  service: string
  date: string
  timeZone: string
  slots: { startTime: string; endTime: string }[]
  status: BookingStatus
  statusReason: string | null
  history: { at: string; what: HistoryStep; by: 'owner' | 'sitter' | null }[]
  visit: {
    checkIn: { at: string; place: CheckInPlace; distanceMeters: number | null } | null
    entries: { at: string; kind: EntryKind; note: string | null }[]
    photoCount: number
    routeMeters: number | null
    checkOut: { at: string; note: string | null } | null
    alarms: { at: string; kind: AlarmKind; date: string | null }[]
  } | null
}

type Subject = { subjectId: string; reportedUserId: string; snapshot: ReportSnapshot }

type ConversationSnapshot = Extract<ReportSnapshot, { kind: 'conversation' }>

export type ReportFailure = { ok: false; status: 400 | 403 | 404 | 409 | 429; message: string; field?: string; retryAfterSeconds?: number }

/** What a report names and the snapshot of it, as the reporter may see it; null when they cannot see it. */
async function findSubject(reporter: SessionUser, kind: ReportKind, subjectId: string): Promise<Subject | null> {
  if (kind === 'conversation') {
    const conversation = await reportedConversation(reporter.id, subjectId)
    if (!conversation) return null
    const names = await namesOf(conversation.messages.map((message) => message.senderId))
    const messages = conversation.messages.map((message) => ({ ...message, senderName: names.get(message.senderId) ?? 'Deleted user' }))
    return { subjectId: conversation.conversationId, reportedUserId: subjectId, snapshot: { kind, messages } }
  }
  if (kind === 'sitter') {
    const sitter = await getPublicSitter(subjectId)
    if (!sitter) return null
    return { subjectId, reportedUserId: subjectId, snapshot: { kind, name: sitter.name, bio: sitter.bio, location: sitter.location, profilePhoto: sitter.profilePhoto } }
  }
  if (kind === 'review') {
    const review = await findReportableReview(subjectId)
    if (!review) return null
    const names = await namesOf([review.sitterId, review.ownerId])
    return {
      subjectId,
      reportedUserId: review.ownerId,
      snapshot: {
        kind,
        rating: review.rating,
        comment: review.comment,
        reply: review.reply,
        sitterId: review.sitterId,
        sitterName: names.get(review.sitterId) ?? 'Deleted user',
        authorName: names.get(review.ownerId) ?? 'Deleted user',
        createdAt: review.createdAt,
      },
    }
  }
  if (kind === 'booking') {
    const booking = await getBookingFor(reporter.id, subjectId)
    if (!booking) return null
    const visitLog = booking.status === 'accepted' || booking.status === 'completed' ? await getVisitLogFor(reporter.id, booking.id) : null
    const visit = visitLog?.ok ? visitLog.visit : null
    return {
      subjectId,
      reportedUserId: booking.viewerRole === 'owner' ? booking.sitterId : booking.ownerId,
      snapshot: {
        kind,
        ownerName: booking.owner.name,
        sitterName: booking.sitter.name,
        dogNames: booking.dogs.map((dog) => dog.name),
        service: booking.service,
        date: booking.date,
        timeZone: booking.timeZone,
        slots: booking.timeSlots,
        status: booking.status,
        statusReason: booking.statusReason,
        history: (booking.history ?? []).map(({ at, what, by }) => ({ at, what, by })),
        visit: visit && {
          checkIn: visit.checkIn,
          entries: visit.entries.map(({ at, kind: entryKind, note }) => ({ at, kind: entryKind, note })),
          photoCount: visit.photos.length,
          routeMeters: visit.route?.distanceMeters ?? null,
          checkOut: visit.checkOut,
          alarms: visit.alarms,
        },
      },
    }
  }
  const dog = await getAvailableDog(reporter, subjectId)
  if (!dog) return null
  return { subjectId, reportedUserId: dog.ownerId, snapshot: { kind, name: dog.name, breed: dog.breed, bio: dog.bio, images: dog.images, ownerName: dog.owner.name } }
}

const notFoundMessages: Record<ReportKind, string> = {
  conversation: 'Conversation not found',
  sitter: 'Sitter not found',
  review: 'Review not found',
  dog: 'Dog not found',
  booking: 'Booking not found',
}

/**
 * Files a report for the admins (201), or answers the open report the reporter already has on the same
 * thing: a second tap adds nothing, but for a conversation the reported user's messages written since join that
 * report (`addedMessages`, how many of theirs). The reported user is not told.
 */
export async function fileReport(
  reporter: SessionUser,
  input: NewReportInput,
): Promise<{ ok: true; reportId: string; created: boolean; addedMessages: number } | ReportFailure> {
  // An admin is staff (decision 102): what they see they act on in the console, not through their own queue.
  if (!takesPartInBookings(reporter.role)) return { ok: false, status: 403, message: moderationMessages.staffDoNotReport }
  const subject = await findSubject(reporter, input.kind, input.subjectId)
  if (!subject) return { ok: false, status: 404, message: notFoundMessages[input.kind], field: 'subjectId' }
  if (subject.reportedUserId === reporter.id) return { ok: false, status: 400, message: moderationMessages.yourself, field: 'subjectId' }
  const open = () =>
    db
      .selectFrom('reports')
      .select('id')
      .where('reporterId', '=', reporter.id)
      .where('kind', '=', input.kind)
      .where('subjectId', '=', subject.subjectId)
      .where('state', '=', 'open')
      .executeTakeFirst()
  const existing = await open()
  if (existing) {
    const addedMessages = subject.snapshot.kind === 'conversation' ? await addLaterMessages(existing.id, subject.snapshot.messages) : 0
    return { ok: true, reportId: existing.id, created: false, addedMessages }
  }
  const slot = await reportsPerUser.take(`reports:user:${reporter.id}`)
  if (!slot.ok) return { ok: false, status: 429, message: 'Too many reports. Please try again later.', retryAfterSeconds: slot.retryAfterSeconds }
  const id = crypto.randomUUID()
  const eventId = await db.transaction().execute(async (trx) => {
    const inserted = await trx
      .insertInto('reports')
      .values({
        id,
        kind: input.kind,
        subjectId: subject.subjectId,
        reporterId: reporter.id,
        reportedUserId: subject.reportedUserId,
        reason: input.reason,
        details: input.details,
        snapshot: JSON.stringify(subject.snapshot),
        createdAt: new Date().toISOString(),
      })
      .onConflict((oc) => oc.doNothing())
      .executeTakeFirst()
    if (Number(inserted.numInsertedOrUpdatedRows ?? 0) === 0) return null
    return recordEvent(trx, { type: reportEventTypes.filed, subjectId: id, payload: { kind: input.kind } })
  })
  if (!eventId) {
    const raced = await open()
    if (raced) return { ok: true, reportId: raced.id, created: false, addedMessages: 0 }
    return { ok: false, status: 409, message: 'Your report could not be saved. Please try again.' }
  }
  void dispatchEvents([eventId])
  return { ok: true, reportId: id, created: true, addedMessages: 0 }
}

/**
 * The messages of a conversation newer than the last one a report of it keeps, when the reported user wrote any of
 * them (their own and the reporter's around them; the rest add nothing to judge).
 */
function laterMessages<Message extends { id: string; createdAt: string; reported: boolean }>(kept: readonly { id: string; createdAt: string }[], current: readonly Message[]) {
  const last = kept.at(-1)
  const later = last ? current.filter((message) => message.createdAt > last.createdAt || (message.createdAt === last.createdAt && message.id > last.id)) : [...current]
  return later.some((message) => message.reported) ? later : []
}

/**
 * Adds the messages written since to an open conversation report, marked with when, and tells the admins; answers how
 * many of them are the reported user's. Two adds at once store them once: the update applies only to the snapshot it
 * was made from.
 */
async function addLaterMessages(reportId: string, current: readonly ReportedMessageSnapshot[]) {
  const report = await db.selectFrom('reports').select('snapshot').where('id', '=', reportId).where('state', '=', 'open').executeTakeFirst()
  if (!report) return 0
  const snapshot = JSON.parse(report.snapshot) as ConversationSnapshot
  const later = laterMessages(snapshot.messages, current)
  if (later.length === 0) return 0
  const addedAt = new Date().toISOString()
  const messages = [...snapshot.messages, ...later.map((message) => ({ ...message, addedAt }))]
  const reported = later.filter((message) => message.reported).length
  const eventId = await db.transaction().execute(async (trx) => {
    const updated = await trx
      .updateTable('reports')
      .set({ snapshot: JSON.stringify({ ...snapshot, messages }), grewAt: addedAt })
      .where('id', '=', reportId)
      .where('state', '=', 'open')
      .where('snapshot', '=', report.snapshot)
      .executeTakeFirst()
    if (Number(updated.numUpdatedRows) === 0) return null
    return recordEvent(trx, { type: reportEventTypes.added, subjectId: reportId, payload: { messages: reported } })
  })
  if (!eventId) return 0
  void dispatchEvents([eventId])
  return reported
}

/**
 * The viewer's open report of their conversation with `partnerId`, for the thread: the day they filed it (in their
 * zone), its reason, and how many messages the partner has written since what it keeps (reporting again adds them).
 */
export async function openConversationReport(reporter: SessionUser, partnerId: string) {
  const report = await db
    .selectFrom('reports')
    .select(['reason', 'snapshot', 'createdAt'])
    .where('reporterId', '=', reporter.id)
    .where('kind', '=', schemaConstant('conversation'))
    .where('reportedUserId', '=', partnerId)
    .where('state', '=', schemaConstant('open'))
    .executeTakeFirst()
  if (!report) return null
  const conversation = await reportedConversation(reporter.id, partnerId)
  const kept = (JSON.parse(report.snapshot) as ConversationSnapshot).messages
  const later = conversation ? laterMessages(kept, conversation.messages) : []
  return {
    day: localDateOf(report.createdAt, reporter.timeZone),
    reason: reportReasons.find((reason) => reason === report.reason) ?? 'other',
    laterMessages: later.filter((message) => message.reported).length,
  }
}

/**
 * The day (in `timeZone`) the reporter filed each open report of theirs among these subjects: a page shows
 * 'You reported this ...' there instead of a Report form whose second send would add nothing.
 */
export async function openReportDays(reporterId: string, kind: ReportKind, subjectIds: readonly string[], timeZone: string): Promise<Record<string, string>> {
  if (subjectIds.length === 0) return {}
  const rows = await db
    .selectFrom('reports')
    .select(['subjectId', 'createdAt'])
    .where('reporterId', '=', reporterId)
    .where('kind', '=', kind)
    .where((eb) => isOneOf(eb.ref('subjectId'), JSON.stringify(subjectIds)))
    .where('state', '=', schemaConstant('open'))
    .execute()
  return Object.fromEntries(rows.map((row) => [row.subjectId, localDateOf(row.createdAt, timeZone)]))
}

export const reportListName = 'reports'
export const reportPageSize = 30

const stateCondition = (state: ReportStateFilter): Expression<SqlBool> =>
  state === 'resolved' ? sql<SqlBool>`"reports"."state" <> 'open'` : sql<SqlBool>`"reports"."state" = ${state}`

function reportQuery() {
  return db
    .selectFrom('reports')
    .leftJoin('users as reporter', 'reporter.id', 'reports.reporterId')
    .leftJoin('users as reported', 'reported.id', 'reports.reportedUserId')
    .select((eb) => [
      'reports.id',
      'reports.kind',
      'reports.subjectId',
      'reports.reason',
      'reports.details',
      'reports.state',
      'reports.resolutionNote',
      'reports.resolvedAt',
      'reports.createdAt',
      'reports.grewAt',
      'reports.reporterId',
      'reports.reportedUserId',
      'reporter.name as reporterName',
      'reported.name as reportedUserName',
      'reported.accountStatus as reportedUserStatus',
      eb
        .selectFrom('reports as others')
        .select((inner) => inner.fn.countAll<number>().as('count'))
        .whereRef('others.reportedUserId', '=', 'reports.reportedUserId')
        .whereRef('others.id', '<>', 'reports.id')
        .as('otherReportCount'),
    ])
}

type ReportRow = Awaited<ReturnType<ReturnType<typeof reportQuery>['execute']>>[number]

const toReportSummary = (row: ReportRow) => ({
  id: row.id,
  kind: row.kind,
  reason: row.reason,
  details: row.details,
  state: row.state,
  createdAt: row.createdAt,
  grewAt: row.grewAt,
  resolutionNote: row.resolutionNote,
  resolvedAt: row.resolvedAt,
  reporter: { id: row.reporterId, name: row.reporterName ?? 'Deleted user' },
  reportedUser: { id: row.reportedUserId, name: row.reportedUserName ?? 'Deleted user', accountStatus: row.reportedUserStatus ?? 'active' },
  otherReportCount: Number(row.otherReportCount ?? 0),
})
export type ReportSummary = ReturnType<typeof toReportSummary>

/** The list a cursor of the queue in one state names (a cursor of another state starts at the top). */
export const reportListOf = (state: ReportStateFilter) => `${reportListName}:${state}`

/** A page of the queue in one state, the oldest open report first; resolved ones newest first. */
export async function listReports(state: ReportStateFilter, after: KeysetCursor | undefined, limit = reportPageSize) {
  return listReportsAt(state, { after }, limit)
}

/** The queue from a position: past a row (the API), or through a row and one page more (the page's 'Show more'). */
export async function listReportsAt(state: ReportStateFilter, { after, through }: PagePosition, limit = reportPageSize) {
  const order = state === 'open' ? 'asc' : 'desc'
  const list = reportListOf(state)
  const page = await readKeysetPage(
    (condition, take) => {
      let query = reportQuery().where(stateCondition(state))
      if (condition) query = query.where(condition)
      return query.orderBy('reports.createdAt', order).orderBy('reports.id', order).limit(take).execute()
    },
    (row) => ({ list, key: row.createdAt, id: row.id }),
    (cursor, options) => keysetCondition({ key: 'reports.createdAt', id: 'reports.id' }, cursor, order, options),
    { after: after?.list === list ? after : undefined, through: through?.list === list ? through : undefined },
    limit,
  )
  return { reports: page.rows.map(toReportSummary), next: page.next }
}

/** How many reports wait for an admin (the admin's home). */
export async function countOpenReports() {
  const row = await db.selectFrom('reports').select((eb) => eb.fn.countAll<number>().as('count')).where(stateCondition('open')).executeTakeFirstOrThrow()
  return Number(row.count)
}

/** The reports by a user and against them, newest first (the admins' user page). */
export async function reportsAbout(userId: string, limit = 50) {
  const [by, against] = await Promise.all(
    (['reports.reporterId', 'reports.reportedUserId'] as const).map((column) =>
      reportQuery().where(column, '=', userId).orderBy('reports.createdAt', 'desc').orderBy('reports.id', 'desc').limit(limit).execute(),
    ),
  )
  return { by: (by ?? []).map(toReportSummary), against: (against ?? []).map(toReportSummary) }
}

/** One report with its snapshot, for an admin: the read is written to the audit log. */
export async function openReport(admin: Admin, reportId: string) {
  const row = await reportQuery().select('reports.snapshot').where('reports.id', '=', reportId).executeTakeFirst()
  if (!row) return null
  await recordAudit(db, admin, { action: auditActions.readReport, targetKind: 'report', targetId: reportId })
  return { ...toReportSummary(row), snapshot: JSON.parse(row.snapshot) as ReportSnapshot }
}

export type ReportDetail = NonNullable<Awaited<ReturnType<typeof openReport>>>

/** The outcome of a resolution a report's kind allows; a failure names the field. */
function checkResolution(kind: ReportKind, input: ResolutionInput, now: number): ReportFailure | null {
  if (input.outcome === 'content_hidden' && !hidesContent(kind)) return { ok: false, status: 400, message: moderationMessages.nothingToHide, field: 'outcome' }
  if (input.outcome === 'user_suspended') {
    const refused = checkUntil(input.until, now)
    if (refused) return { ...refused, field: 'until' }
  }
  return null
}

/**
 * Resolves an open report once (409 when it was resolved meanwhile): hides the reported messages or review,
 * or suspends the reported user with the note as the reason, and writes each action to the audit log, all
 * in one transaction. The reporter hears that it was handled, never how; a warned user hears the warning.
 */
export async function resolveReport(admin: Admin, reportId: string, input: ResolutionInput, now = Date.now()): Promise<{ ok: true; state: ReportState } | ReportFailure> {
  const report = await db.selectFrom('reports').select(['id', 'kind', 'subjectId', 'reportedUserId', 'snapshot', 'state']).where('id', '=', reportId).executeTakeFirst()
  if (!report) return { ok: false, status: 404, message: moderationMessages.reportNotFound }
  if (report.state !== 'open') return { ok: false, status: 409, message: moderationMessages.alreadyResolved }
  const refused = checkResolution(report.kind, input, now)
  if (refused) return refused
  const at = new Date(now).toISOString()
  const outcome = await db.transaction().execute(async (trx) => {
    const resolved = await trx
      .updateTable('reports')
      .set({ state: input.outcome, resolutionNote: input.note, resolvedById: admin.id, resolvedAt: at })
      .where('id', '=', reportId)
      .where('state', '=', 'open')
      .executeTakeFirst()
    if (Number(resolved.numUpdatedRows) === 0) return { ok: false, status: 409, message: moderationMessages.alreadyResolved } as const
    const events: string[] = []
    await recordAudit(trx, admin, { action: auditActions.resolveReport, targetKind: 'report', targetId: reportId, reason: input.note }, now)
    if (input.outcome === 'content_hidden' && report.kind === 'conversation') {
      const snapshot = JSON.parse(report.snapshot) as Extract<ReportSnapshot, { kind: 'conversation' }>
      await hideMessages(report.subjectId, snapshot.messages.filter((message) => message.reported).map((message) => message.id), trx, now)
      await recordAudit(trx, admin, { action: auditActions.hideMessages, targetKind: 'conversation', targetId: report.subjectId, reason: input.note }, now)
    }
    if (input.outcome === 'content_hidden' && report.kind === 'review') {
      await hideReview(report.subjectId, trx, now)
      await recordAudit(trx, admin, { action: auditActions.hideReview, targetKind: 'review', targetId: report.subjectId, reason: input.note }, now)
    }
    if (input.outcome === 'user_warned') {
      await recordAudit(trx, admin, { action: auditActions.warnUser, targetKind: 'user', targetId: report.reportedUserId, reason: input.note }, now)
    }
    if (input.outcome === 'user_suspended') {
      const suspended = await suspendInTransaction(trx, admin, report.reportedUserId, { reason: input.note, until: input.until }, now)
      // Already suspended (by another report, say): the report is resolved all the same.
      if (suspended.ok) events.push(...suspended.eventIds)
    }
    events.push(await recordEvent(trx, { type: reportEventTypes.resolved, subjectId: reportId, payload: { outcome: input.outcome } }, now))
    return { ok: true, state: input.outcome, events } as const
  })
  if (!outcome.ok) return outcome
  void dispatchEvents(outcome.events)
  return { ok: true, state: outcome.state }
}

/** What each of these reports is about and whom it names: how the audit log tells its report rows apart. */
export async function reportSubjectsOf(reportIds: readonly string[]) {
  if (reportIds.length === 0) return new Map<string, { kind: ReportKind; reportedUserId: string }>()
  const rows = await db
    .selectFrom('reports')
    .select(['id', 'kind', 'reportedUserId'])
    .where((eb) => isOneOf(eb.ref('id'), JSON.stringify(reportIds)))
    .execute()
  return new Map(rows.map(({ id, ...subject }) => [id, subject]))
}

/** Who a report event concerns: the reporter, the reported user and the report's kind. */
export async function reportPartiesOf(reportId: string) {
  return db.selectFrom('reports').select(['id', 'kind', 'reason', 'reporterId', 'reportedUserId', 'state']).where('id', '=', reportId).executeTakeFirst()
}

/** A report of the conversation with `partnerId` (the conversation screens and `POST /api/messages/reports`). */
export const reportConversation = (reporter: SessionUser, input: { partnerId: string; reason: ReportReason; details: string }) =>
  fileReport(reporter, { kind: 'conversation', subjectId: input.partnerId, reason: input.reason, details: input.details })
