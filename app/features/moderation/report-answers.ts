import type { ReportKind } from '#app/lib/db-schema.ts'
import type { ToastInput } from '#app/lib/toast.ts'
import type { FormAnswer } from '#app/ui/form-answer.tsx'

// The Report form's posts and answers (components/report-form.tsx): its intent, which form of a page an
// answer belongs to, and what a page's action answers.

export const reportIntent = 'report'

/** Which form of the page an answer belongs to. */
export const reportTarget = (kind: string, subjectId: string) => `${kind}:${subjectId}`

/** The form a posted report came from (its kind and subject as sent, whatever they are). */
export function reportTargetOf(formData: FormData) {
  const sent = (name: string) => {
    const value = formData.get(name)
    return typeof value === 'string' ? value : ''
  }
  return reportTarget(sent('kind'), sent('subjectId'))
}

/** conform's reply options for a refused report: the message under the field it names, else the form's. */
export const refusalReply = ({ message, field }: { message: string; field?: string }) =>
  field ? { fieldErrors: { [field]: [message] } } : { formErrors: [message] }

/** What a page's action answers a refused report with. */
export type ReportAnswer = { target: string; result: FormAnswer }

export const reportSentToast: ToastInput = { type: 'success', title: 'Report sent', description: 'Thank you. Our team will review it.' }

/** The answer of the page's action if it is about this form. */
export function answerFor(answer: ReportAnswer | null | undefined, kind: ReportKind, subjectId: string) {
  return answer?.target === reportTarget(kind, subjectId) ? answer.result : undefined
}
