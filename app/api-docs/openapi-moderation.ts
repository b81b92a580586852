import { auditActions, auditPageSize, type AuditEntry as AuditRecord } from '#app/features/moderation/audit-log.server.ts'
import { userSearchLimit } from '#app/features/moderation/admin-users.server.ts'
import { allReportReasons, bookingReportReasons, maxNoteLength, reportKinds, reportOutcomes } from '#app/features/moderation/moderation-terms.ts'
import { reportPageSize } from '#app/features/moderation/reports.server.ts'
import { AuditQuerySchema, NewReportSchema, ReportListQuerySchema, ResolutionSchema, SuspensionSchema, UserSearchQuerySchema } from '#app/features/moderation/schema.ts'
import { bookingStatuses } from '#app/features/bookings/transitions.ts'
import { messagesBeforeReported, reportedMessageCount } from '#app/features/messages/reported-conversation.server.ts'
import { maxReportDetailsLength, reportReasons } from '#app/features/messages/limits.ts'
import { sitterServices } from '#app/features/sitters/options.ts'
import type { ReportState } from '#app/lib/db-schema.ts'
import {
  accountStatuses,
  answer,
  errors,
  inputSchema,
  jsonBody,
  nullable,
  objectOf,
  pagedListAnswer,
  pagingParameterDescriptions,
  pathParameter,
  queryParameters,
  ref,
  roles,
  signedIn,
  strings,
} from './openapi-parts.ts'
import { moderationMessages } from '#app/features/moderation/moderation-terms.ts'
import { cursorRules, type StatedRule } from './openapi-parts.ts'

// The moderation part of the OpenAPI document (issue 30, DESIGN.md ruling 25, decision 063): reports anyone
// signed in files, and the admins' console API. Bodies and queries come from the routes' zod schemas
// (features/moderation/schema.ts); answers are hand-written from toReportSummary and openReport
// (reports.server.ts), getAdminUserView (admin-users.server.ts) and listAuditLog (audit-log.server.ts).

const noCache = 'Answers carry `Cache-Control: private, no-store`.'

const adminsOnly =
  'Admins only. Anyone else, signed out or signed in, gets 404 `Not found` for every method of every `/api/admin` path, ' +
  'the answer an unknown path gets, so the console does not say it exists.'

const notAdmin = 'Not an admin (or signed out): the 404 of an unknown path.'

/** Marks a path of the console: every method answers 404 to anyone but an admin (the validator of the tests reads it). */
const adminsOnlyPath = { 'x-admins-only': true }

export const moderationTags = [
  {
    name: 'Reports',
    description:
      'Report a conversation, a sitter profile, a review, a dog listed for sitting or a booking to the admins. The report keeps a ' +
      'snapshot of the content as you saw it; the reported user is not told. When an admin has handled it you get a ' +
      "notification (kind `account`) that says so, never what was done.",
  },
  {
    name: 'Admin',
    description:
      `The moderation console's API (the \`/admin\` pages' twins). ${adminsOnly} Every admin action and every read of a ` +
      'report is written to the audit log, which the database keeps append-only. Admins see a conversation only through ' +
      `a report's snapshot: the reported user's latest ${reportedMessageCount} messages and the ${messagesBeforeReported} before them.`,
  },
]

const reportStates = ['open', ...reportOutcomes] as const satisfies readonly ReportState[]
const auditTargetKinds = ['report', 'user', 'review', 'conversation'] as const satisfies readonly AuditRecord['targetKind'][]

const person = objectOf({ id: { type: 'string' }, name: { type: 'string', description: "'Deleted user' when the account is gone." } })

/** toReportSummary() (features/moderation/reports.server.ts): a report as the queue lists it. */
const ReportSummary = objectOf({
  id: { type: 'string' },
  kind: { enum: reportKinds },
  reason: {
    type: 'string',
    description: `The reason the reporter chose: ${allReportReasons.map((reason) => `\`${reason}\``).join(', ')} (a report keeps a reason no longer offered).`,
  },
  details: { type: 'string', maxLength: maxReportDetailsLength, description: "The reporter's own words; may be empty." },
  state: { enum: reportStates, description: '`open` until an admin resolves it, then the outcome.' },
  createdAt: { type: 'string', format: 'date-time' },
  grewAt: nullable('string', { format: 'date-time', description: 'When the reporter last added the messages written since to this conversation report (decision 103); null if never.' }),
  resolutionNote: nullable('string', { maxLength: maxNoteLength, description: "The resolving admin's note; null while open." }),
  resolvedAt: nullable('string', { format: 'date-time' }),
  reporter: person,
  reportedUser: objectOf({ ...person.properties, accountStatus: { enum: accountStatuses } }),
  otherReportCount: { type: 'integer', minimum: 0, description: 'Reports about the same user besides this one, in any state.' },
})

const reportedMessageFields = {
  id: { type: 'string' },
  senderId: { type: 'string' },
  senderName: { type: 'string' },
  content: { type: 'string' },
  createdAt: { type: 'string', format: 'date-time' },
  reported: { type: 'boolean', description: "One of the reported user's messages the report is about (what `content_hidden` hides)." },
}
const ReportedMessage = objectOf(
  {
    ...reportedMessageFields,
    addedAt: {
      type: 'string',
      format: 'date-time',
      description: 'When the reporter added it to the open report, reporting the conversation again after it was written; absent on the messages first kept.',
    },
  },
  Object.keys(reportedMessageFields),
)

/** ReportSnapshot (reports.server.ts): what was reported, as the reporter saw it when reporting. */
const ReportSnapshot = {
  description:
    'What was reported, as it was when reported; it never changes afterwards, but for the messages of a conversation written later that the reporter adds while the report is open. `kind` says which of the five it is.',
  oneOf: [
    objectOf({
      kind: { const: 'conversation' },
      messages: {
        type: 'array',
        items: ref('ReportedMessage'),
        description:
          `Oldest first: the reported user's latest ${reportedMessageCount} messages and the ${messagesBeforeReported} messages before ` +
          'the first of them (with the reporter\'s replies in between), then any the reporter added while the report was open ' +
          '(`addedAt`). Empty for reports filed before snapshots were kept.',
      },
    }),
    objectOf({
      kind: { const: 'sitter' },
      name: { type: 'string' },
      bio: nullable('string'),
      location: nullable('string', { description: 'District-level text only.' }),
      profilePhoto: nullable('string', { description: 'Server-relative base path (`/uploads/...`).' }),
    }),
    objectOf({
      kind: { const: 'review' },
      rating: { type: 'integer', minimum: 1, maximum: 5 },
      comment: { type: 'string' },
      reply: nullable('string', { description: "The sitter's reply, if any." }),
      sitterId: { type: 'string' },
      sitterName: { type: 'string' },
      authorName: { type: 'string', description: 'The owner who wrote the review: the reported user.' },
      createdAt: { type: 'string', format: 'date-time' },
    }),
    objectOf({
      kind: { const: 'dog' },
      name: { type: 'string' },
      breed: { type: 'string' },
      bio: nullable('string'),
      images: { ...strings, description: 'Server-relative base paths (`/uploads/...`).' },
      ownerName: { type: 'string', description: "The dog's owner: the reported user." },
    }),
    objectOf({
      kind: { const: 'booking' },
      ownerName: { type: 'string' },
      sitterName: { type: 'string' },
      dogNames: strings,
      service: { enum: sitterServices },
      date: { type: 'string', format: 'date', description: "Local date in the booking's zone." },
      timeZone: { type: 'string' },
      slots: { type: 'array', items: objectOf({ startTime: { type: 'string' }, endTime: { type: 'string' } }) },
      status: { enum: bookingStatuses },
      statusReason: nullable('string', { description: '`expired` for a request nobody answered before its start.' }),
      history: {
        type: 'array',
        description: 'Requested, accepted, changed, cancelled...: oldest first, as the booking page shows it.',
        items: objectOf({ at: { type: 'string', format: 'date-time' }, what: { type: 'string' }, by: nullable('string', { enum: ['owner', 'sitter', null] }) }),
      },
      visit: {
        description:
          'The visit log when the booking was accepted or completed (null otherwise): the check-in (where, as a place and a ' +
          'distance in 50 m steps), activities and notes, the number of photos, the walk\'s length, the check-out and the ' +
          'alarms. Never an address, contact details, the home access, a photo or a route\'s points.',
        anyOf: [
          objectOf({
            checkIn: { anyOf: [objectOf({ at: { type: 'string', format: 'date-time' }, place: { type: 'string' }, distanceMeters: nullable('integer') }), { type: 'null' }] },
            entries: { type: 'array', items: objectOf({ at: { type: 'string', format: 'date-time' }, kind: { type: 'string' }, note: nullable('string') }) },
            photoCount: { type: 'integer', minimum: 0 },
            routeMeters: nullable('integer'),
            checkOut: { anyOf: [objectOf({ at: { type: 'string', format: 'date-time' }, note: nullable('string') }), { type: 'null' }] },
            alarms: { type: 'array', items: objectOf({ at: { type: 'string', format: 'date-time' }, kind: { type: 'string' }, date: nullable('string') }) },
          }),
          { type: 'null' },
        ],
      },
    }),
  ],
}

/** openReport(): the summary with its snapshot. */
const ReportDetail = { allOf: [ref('ReportSummary'), objectOf({ snapshot: ref('ReportSnapshot') })] }

/** AccountOverview (accounts/account-status.server.ts): never a password, address or point. */
const AccountOverview = objectOf({
  id: { type: 'string' },
  name: { type: 'string' },
  email: { type: 'string', format: 'email' },
  role: { enum: roles },
  accountStatus: { enum: accountStatuses },
  createdAt: { type: 'string', format: 'date-time' },
  lastSignInAt: nullable('string', { format: 'date-time', description: 'When a session was last created for the account; null before the first since this was recorded.' }),
})

const untilRule =
  'the first day the user may sign in again (yyyy-MM-dd, UTC), a day after today: the suspension lifts itself at the start ' +
  'of that day. Left out: until an admin lifts it.'

/** getAdminUserView() (admin-users.server.ts). */
const AdminUserView = objectOf({
  account: ref('AccountOverview'),
  suspension: {
    description: 'The standing suspension; null when the account is not suspended.',
    anyOf: [
      objectOf({
        reason: { type: 'string', maxLength: maxNoteLength, description: 'What the user is told at sign-in.' },
        startedAt: { type: 'string', format: 'date-time' },
        endsAt: nullable('string', { format: 'date-time', description: 'When it lifts itself (the start of a day, UTC); null: until lifted.' }),
      }),
      { type: 'null' },
    ],
  },
  reports: objectOf({
    by: { type: 'array', items: ref('ReportSummary'), maxItems: 50, description: 'Reports the user filed, newest first (the latest 50).' },
    against: { type: 'array', items: ref('ReportSummary'), maxItems: 50, description: 'Reports about the user, newest first (the latest 50).' },
  }),
  bookings: {
    type: 'array',
    maxItems: 20,
    description: "The user's latest bookings as owner or sitter, newest first (at most 20).",
    items: objectOf({
      id: { type: 'string' },
      date: { type: 'string', format: 'date', description: "Local date in the booking's zone." },
      service: { enum: sitterServices },
      status: { enum: bookingStatuses },
      side: { enum: ['owner', 'sitter'], description: "The user's side of the booking." },
      otherParty: person,
    }),
  },
})

/** listAuditLog() (audit-log.server.ts): one admin action or read. */
const AuditEntry = objectOf({
  id: { type: 'string' },
  adminId: { type: 'string' },
  adminName: { type: 'string', description: 'As it was when the entry was written.' },
  action: { enum: Object.values(auditActions) },
  targetKind: { enum: auditTargetKinds },
  targetId: { type: 'string' },
  reason: nullable('string', { description: 'The note or reason the admin gave; null for a read.' }),
  at: { type: 'string', format: 'date-time' },
})

const reportCreated = objectOf({ id: { type: 'string', description: 'The report.' } })

export const moderationSchemas = {
  ReportSummary,
  ReportedMessage,
  ReportSnapshot,
  ReportDetail,
  AccountOverview,
  AdminUserView,
  AuditEntry,
  NewReportInput: inputSchema(NewReportSchema),
  ResolutionInput: inputSchema(ResolutionSchema),
  SuspensionInput: inputSchema(SuspensionSchema),
}

/** The answers of a filed report, shared with POST /api/messages/reports. */
export const reportAnswers = {
  201: answer('Reported; the admins are told.', reportCreated),
  200: answer("Your report of it is still open: the same report (a second report adds nothing, but the partner's messages written since to a conversation's).", reportCreated),
}

const reportId = pathParameter('id', 'The report id.')
const userId = pathParameter('id', 'The user id.')

export const moderationPaths = {
  '/api/reports': {
    post: {
      operationId: 'fileReport',
      tags: ['Reports'],
      summary: 'Report a conversation, a sitter profile, a review, a dog listed for sitting or a booking',
      description:
        '`subjectId` by `kind`: `conversation`: the other user of your conversation (their messages are reported); `sitter`: ' +
        "the sitter's user id; `review`: the review id (its author is reported); `dog`: a dog listed for sitting, as a sitter " +
        'sees it (its owner is reported); `booking` (since 2026-11-30): a booking you are the owner or the sitter of (the ' +
        `other party is reported). \`reason\`: a booking's report takes ${bookingReportReasons.map((reason) => `\`${reason}\``).join(', ')}; ` +
        `the other kinds ${reportReasons.map((reason) => `\`${reason}\``).join(', ')} (another is 400). At most 20 new reports an hour.`,
      security: signedIn,
      requestBody: jsonBody(ref('NewReportInput')),
      responses: {
        ...reportAnswers,
        ...errors({
          400: 'Validation failed, or it is your own.',
          401: true,
          403: 'An admin account (since 2026-12-02): staff act on what they see in the console.',
          404: 'Nothing you can see by that `kind` and `subjectId`.',
          409: 'The report could not be saved; send it again.',
          429: 'More than 20 reports in an hour.',
        }),
      },
    },
  },
  '/api/admin/reports': {
    ...adminsOnlyPath,
    get: {
      operationId: 'listReports',
      tags: ['Admin'],
      summary: 'The reports queue, a page at a time',
      description:
        `Open reports oldest first; resolved ones (\`resolved\`: every outcome, or one outcome) newest first. ${reportPageSize} a ` +
        `page; the next page's address is in the \`Link\` header. ${noCache}`,
      security: signedIn,
      parameters: queryParameters(ReportListQuerySchema, {
        state: '`open` (the default), `resolved` (any outcome) or one outcome.',
        ...pagingParameterDescriptions,
      }),
      responses: {
        200: pagedListAnswer('One page of reports.', ref('ReportSummary')),
        ...errors({ 400: 'A bad `state` or `cursor`.', 404: notAdmin }),
      },
    },
  },
  '/api/admin/reports/{id}': {
    ...adminsOnlyPath,
    parameters: [reportId],
    get: {
      operationId: 'getReport',
      tags: ['Admin'],
      summary: 'One report with the snapshot of what was reported',
      description: `The read is written to the audit log (\`report.read\`). ${noCache}`,
      security: signedIn,
      responses: {
        200: answer('The report.', ref('ReportDetail')),
        ...errors({ 404: `No such report. Or: ${notAdmin}` }),
      },
    },
  },
  '/api/admin/reports/{id}/resolution': {
    ...adminsOnlyPath,
    parameters: [reportId],
    post: {
      operationId: 'resolveReport',
      tags: ['Admin'],
      summary: 'Resolve an open report, once',
      description:
        '`dismissed`: nothing to act on. `content_hidden`: hides the reported messages (those marked `reported` in the snapshot) ' +
        'or the review, kept for the record and never shown again; only for reports of a conversation or a review. ' +
        '`user_warned`: the reported user gets a warning notification. `user_suspended`: suspends the reported user with the ' +
        `note as the reason they are told; \`until\`: ${untilRule} An account already ` +
        'suspended stays as it is and the report is resolved all the same. `until` counts for `user_suspended` only. The ' +
        'reporter hears that the report was handled, never how. Every step is written to the audit log.',
      security: signedIn,
      requestBody: jsonBody(ref('ResolutionInput')),
      responses: {
        200: answer('Resolved.', objectOf({ id: { type: 'string' }, state: { enum: reportOutcomes } })),
        ...errors({
          400: 'Validation failed, `content_hidden` for a sitter profile or a dog, or `until` is not after today.',
          404: `No such report. Or: ${notAdmin}`,
          409: 'The report was already resolved.',
        }),
      },
    },
  },
  '/api/admin/users': {
    ...adminsOnlyPath,
    get: {
      operationId: 'searchUsers',
      tags: ['Admin'],
      summary: 'Accounts whose name or e-mail contains `q`',
      description: `Any case, newest accounts first, at most ${userSearchLimit}; an empty \`q\` finds nobody. ${noCache}`,
      security: signedIn,
      parameters: queryParameters(UserSearchQuerySchema, { q: 'Part of a name or an e-mail address.' }),
      responses: {
        200: answer('The matching accounts.', { type: 'array', items: ref('AccountOverview'), maxItems: userSearchLimit }),
        ...errors({ 400: 'A `q` over 100 characters.', 404: notAdmin }),
      },
    },
  },
  '/api/admin/users/{id}': {
    ...adminsOnlyPath,
    parameters: [userId],
    get: {
      operationId: 'getAdminUserView',
      tags: ['Admin'],
      summary: 'An account as the admins see it',
      description: `Role, status, standing suspension, reports by and against the user, latest bookings and last sign-in. ${noCache}`,
      security: signedIn,
      responses: {
        200: answer('The account.', ref('AdminUserView')),
        ...errors({ 404: `No such user. Or: ${notAdmin}` }),
      },
    },
  },
  '/api/admin/users/{id}/suspension': {
    ...adminsOnlyPath,
    parameters: [userId],
    post: {
      operationId: 'suspendUser',
      tags: ['Admin'],
      summary: 'Suspend an account, at once',
      description:
        'The account cannot sign in (the login answers 403 with the reason and `until`), its sessions, tokens and open sockets ' +
        'end on every instance, its sitter listing and listed dogs leave every list, and the pending requests it is party to ' +
        `are withdrawn. \`until\`: ${untilRule} Lifting a suspension never revives an old session or token.`,
      security: signedIn,
      requestBody: jsonBody(ref('SuspensionInput')),
      responses: {
        201: answer('Suspended.', objectOf({ id: { type: 'string' }, accountStatus: { const: 'suspended' } })),
        ...errors({
          400: 'Validation failed, or `until` is not after today.',
          404: `No such user. Or: ${notAdmin}`,
          409: 'The account is already suspended, or it is an admin (revoke the role first).',
        }),
      },
    },
    delete: {
      operationId: 'liftSuspension',
      tags: ['Admin'],
      summary: "Lift an account's suspension",
      description: 'The user may sign in again; sessions and tokens from before the suspension stay ended.',
      security: signedIn,
      responses: {
        200: answer('Lifted.', objectOf({ id: { type: 'string' }, accountStatus: { const: 'active' } })),
        ...errors({ 404: `No such user. Or: ${notAdmin}`, 409: 'The account is not suspended.' }),
      },
    },
  },
  '/api/admin/audit': {
    ...adminsOnlyPath,
    get: {
      operationId: 'listAuditLog',
      tags: ['Admin'],
      summary: 'The audit log, newest first, a page at a time',
      description: `Every admin action and every read of a report. ${auditPageSize} a page; the next page's address is in the \`Link\` header. ${noCache}`,
      security: signedIn,
      parameters: queryParameters(AuditQuerySchema, pagingParameterDescriptions),
      responses: {
        200: pagedListAnswer('One page of the log.', ref('AuditEntry')),
        ...errors({ 400: 'A bad `cursor`.', 404: notAdmin }),
      },
    },
  },
}

// ---- rules beside the schemas (x-cross-field-rules), by operation ----

const untilAhead: StatedRule = { message: moderationMessages.untilInPast, rule: '`until` is after today' }

export const moderationRules: Record<string, StatedRule[]> = {
  fileReport: [{ message: moderationMessages.yourself, rule: 'what is reported is not yours (`subjectId` is not you, your review or your dog)' }],
  listReports: cursorRules({ perList: false }),
  resolveReport: [{ message: moderationMessages.nothingToHide, rule: '`content_hidden` resolves a report of messages or a review' }, untilAhead],
  suspendUser: [untilAhead],
  listAuditLog: cursorRules({ perList: false }),
}
