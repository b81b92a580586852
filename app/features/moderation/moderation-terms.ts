import { type ReportReason, reportReasonLabels, reportReasons } from '#app/features/messages/limits.ts'
import type { ReportKind, ReportState } from '#app/lib/db-schema.ts'

// The words of moderation, without zod, so the browser does not load it for them.

/** What a report is about: something a user published or wrote, or a booking one is a party of. */
export const contentReportKinds = ['conversation', 'sitter', 'review', 'dog'] as const satisfies readonly ReportKind[]
export const reportKinds = [...contentReportKinds, 'booking'] as const satisfies readonly ReportKind[]
export const reportOutcomes = ['dismissed', 'content_hidden', 'user_warned', 'user_suspended'] as const satisfies readonly ReportState[]
export type ReportOutcome = (typeof reportOutcomes)[number]
/** What the reports queue filters by: one state, or every resolved one. */
export const reportStateFilters = ['open', 'resolved', ...reportOutcomes] as const
export type ReportStateFilter = (typeof reportStateFilters)[number]

export const maxNoteLength = 1000

/** What a user's admin page posts: suspend the account, or lift its suspension (components/suspension-form.tsx). */
export const suspensionIntents = { suspend: 'suspend', lift: 'lift' } as const

export const reportKindLabels: Record<ReportKind, string> = {
  conversation: 'Conversation',
  sitter: 'Sitter profile',
  review: 'Review',
  dog: 'Dog listed for sitting',
  booking: 'Booking',
}

/** What 'You reported ...' names, on the page where the report was sent. */
export const reportedThings: Record<ReportKind, string> = {
  conversation: 'this conversation',
  sitter: 'this profile',
  review: 'this review',
  dog: 'this dog listing',
  booking: 'this booking',
}

/** What a party may say went wrong with a booking: what happens during care, then the reasons every report offers. */
export const bookingReportReasons = ['no_show', 'safety', 'harassment', 'scam', 'other'] as const
type BookingReportReason = (typeof bookingReportReasons)[number]

/** Every reason a report may give, whatever it is about. */
export const allReportReasons = [...new Set([...reportReasons, ...bookingReportReasons])] as [ReportReason | BookingReportReason, ...(ReportReason | BookingReportReason)[]]

/** The reasons a report of this kind offers. */
export const reportReasonsFor = (kind: ReportKind): readonly (ReportReason | BookingReportReason)[] => (kind === 'booking' ? bookingReportReasons : reportReasons)

export const reasonLabels: Record<ReportReason | BookingReportReason, string> = {
  ...reportReasonLabels,
  no_show: 'Did not show up',
  safety: 'A dog or a person was at risk',
}

export const reportStateLabels: Record<ReportState, string> = {
  open: 'Open',
  dismissed: 'Dismissed',
  content_hidden: 'Content hidden',
  user_warned: 'User warned',
  user_suspended: 'User suspended',
}

/** Content an admin can hide: the reported messages of a conversation, or a review. */
export const hidesContent = (kind: ReportKind) => kind === 'conversation' || kind === 'review'

export const moderationMessages = {
  reportNotFound: 'Report not found',
  subjectNotFound: 'There is nothing to report there',
  yourself: 'You cannot report yourself',
  staffDoNotReport: 'Admin accounts do not file reports: act on it in the console',
  alreadyResolved: 'This report was already resolved',
  nothingToHide: 'Only messages and reviews can be hidden',
  userNotFound: 'User not found',
  notSuspended: 'This account is not suspended',
  alreadySuspended: 'This account is already suspended',
  adminNotSuspended: 'An admin cannot be suspended: revoke the role first',
  untilInPast: 'Until must be a date after today',
} as const
