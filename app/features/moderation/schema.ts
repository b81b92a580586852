import { z } from 'zod'
import { maxReportDetailsLength, reportReasons } from '#app/features/messages/limits.ts'
import { localDateField } from '#app/lib/date-fields.ts'
import { cursorParameter } from '#app/lib/keyset-paging.ts'
import { plainText } from '#app/lib/plain-text.ts'
import { bookingReportReasons, contentReportKinds, maxNoteLength, reportOutcomes, reportStateFilters } from './moderation-terms.ts'

// What the moderation doors accept (issue 30): the report forms and `POST /api/reports`, the admins'
// resolution and suspension forms and their `/api/admin/...` twins parse with these same schemas.

const id = (label: string) =>
  plainText(label, { error: `${label} is required` })
    .min(1, { error: `${label} is required` })
    .max(100, { error: `${label} is too long` })

const details = plainText('Details', { multiline: true })
  .max(maxReportDetailsLength, { error: `Details must be at most ${maxReportDetailsLength} characters` })
  .default('')

const reportKindError = { error: 'Choose what you report' }
const reasonError = { error: 'Choose a reason' }

/**
 * `POST /api/reports` and the Report forms of a sitter profile, a review, a listed dog and a booking. A booking's
 * report offers reasons of its own (a sitter who did not come); each kind takes only the reasons it offers.
 */
export const NewReportSchema = z.discriminatedUnion(
  'kind',
  [
    z.object({ kind: z.literal('booking', reportKindError), subjectId: id('subjectId'), reason: z.enum(bookingReportReasons, reasonError), details }),
    z.object({ kind: z.enum(contentReportKinds, reportKindError), subjectId: id('subjectId'), reason: z.enum(reportReasons, reasonError), details }),
  ],
  reportKindError,
)
export type NewReportInput = z.output<typeof NewReportSchema>

const note = plainText('Note', { multiline: true, error: 'Note is required' })
  .min(1, { error: 'Note is required' })
  .max(maxNoteLength, { error: `Note must be at most ${maxNoteLength} characters` })

/** The last day of a suspension is the day before `until`: it lifts itself at the start of that day (UTC). */
const until = localDateField('Until').optional()

/** `POST /api/admin/reports/{id}/resolution` and the report page's form. A suspension takes the note as its reason. */
export const ResolutionSchema = z.object({
  outcome: z.enum(reportOutcomes, { error: 'Choose an outcome' }),
  note,
  until,
})
export type ResolutionInput = z.output<typeof ResolutionSchema>

/** `POST /api/admin/users/{id}/suspension` and the user page's form. */
export const SuspensionSchema = z.object({
  reason: plainText('Reason', { multiline: true, error: 'Reason is required' })
    .min(1, { error: 'Reason is required' })
    .max(maxNoteLength, { error: `Reason must be at most ${maxNoteLength} characters` }),
  until,
})
export type SuspensionInput = z.output<typeof SuspensionSchema>

/** `GET /api/admin/reports?state=&cursor=`. */
export const ReportListQuerySchema = z.object({
  state: z.enum(reportStateFilters, { error: `state must be one of ${reportStateFilters.join(', ')}` }).default('open'),
  cursor: cursorParameter.optional(),
})

/** `GET /api/admin/users?q=`. */
export const UserSearchQuerySchema = z.object({
  q: plainText('q').max(100, { error: 'q must be at most 100 characters' }).default(''),
})

/** `GET /api/admin/audit?cursor=`. */
export const AuditQuerySchema = z.object({ cursor: cursorParameter.optional() })
