import { getZodConstraint, parseWithZod } from '@conform-to/zod/v4'
import { data } from 'react-router'
import type { SessionUser } from '#app/features/accounts/session.server.ts'
import type { ReportKind } from '#app/lib/db-schema.ts'
import { retryAfterHeaders } from '#app/lib/rate-limit.server.ts'
import { redirectWithToast } from '#app/lib/toast.server.ts'
import { refusalReply, reportIntent, reportSentToast, reportTargetOf } from './report-answers.ts'
import { moderationMessages } from './moderation-terms.ts'
import { fileReport } from './reports.server.ts'
import { NewReportSchema } from './schema.ts'

/** The Report form's constraints (its `required` attributes), worked out once. */
export const newReportConstraint = getZodConstraint(NewReportSchema)

/**
 * A page's Report form (components/report-form.tsx), posted to the page's own action: `reportable` says
 * what that page shows (anything else is 'There is nothing to report there'). A sent report goes back to
 * `backTo` with a toast; a refusal answers conform's reply under `report`, with what was entered.
 */
export async function submitReportForm(user: SessionUser, formData: FormData, reportable: (kind: ReportKind, subjectId: string) => boolean, backTo: string) {
  const submission = parseWithZod(formData, { schema: NewReportSchema })
  const target = reportTargetOf(formData)
  const refuse = (status: number, result: ReturnType<typeof submission.reply>, headers?: HeadersInit) => data({ report: { target, result } }, { status, headers })
  if (formData.get('intent') !== reportIntent) return refuse(400, submission.reply({ formErrors: ['Choose what to do'] }))
  if (submission.status !== 'success') return refuse(400, submission.reply())
  if (!reportable(submission.value.kind, submission.value.subjectId)) return refuse(404, submission.reply({ formErrors: [moderationMessages.subjectNotFound] }))
  const outcome = await fileReport(user, submission.value)
  if (!outcome.ok) {
    return refuse(outcome.status, submission.reply(refusalReply(outcome)), outcome.retryAfterSeconds ? retryAfterHeaders(outcome.retryAfterSeconds) : undefined)
  }
  return redirectWithToast(backTo, reportSentToast)
}
