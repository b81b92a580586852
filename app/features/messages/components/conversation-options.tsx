import type { ReactNode } from 'react'
import { Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import type { ConversationFormReply } from '../conversation-page.server.ts'
import { maxReportDetailsLength, type ReportReason, reportReasonLabels, reportReasons } from '../limits.ts'
import { FormErrors } from './form-errors.tsx'

// Safety in a thread (issue 11): report the conversation to the admins, or block the partner. Both are
// disclosures with a plain form inside, so they work without JavaScript; blocking asks once more first.
// While the viewer's report is open, its note stands where the form was, and the partner's messages written since
// can be added to it.

/** The viewer's open report of this conversation: the note saying when (the moderation feature's), its reason, and how many of the partner's messages came after it. */
export type OpenReport = { note: ReactNode; reason: ReportReason; laterMessages: number }

export function ConversationOptions({
  partnerName,
  reportReply,
  openReport,
}: {
  partnerName: string
  reportReply: ConversationFormReply | undefined
  openReport: OpenReport | null
}) {
  return (
    <div className="space-y-2">
      {openReport ? <OpenReportNote partnerName={partnerName} openReport={openReport} reportReply={reportReply} /> : <ReportForm reportReply={reportReply} />}
      <details className="rounded-lg border border-stone-200 bg-white">
        <summary className="tap-target flex cursor-pointer items-center px-3 font-medium text-red-700">
          {/* One flex item: a flex container drops the space at the end of a text run before the name. */}
          <span>
            Block <bdi>{partnerName}</bdi>
          </span>
        </summary>
        <Form method="post" className="space-y-3 px-3 pb-3">
          <input type="hidden" name="intent" value="block" />
          <p className="text-sm text-stone-700">
            Neither of you will be able to message or book the other, requests pending between you will be withdrawn, and this conversation will be hidden. You can unblock them later from this page.
          </p>
          <Button type="submit" variant="danger" className="tap-target w-full">
            Block <bdi>{partnerName}</bdi>
          </Button>
        </Form>
      </details>
    </div>
  )
}

function OpenReportNote({ partnerName, openReport, reportReply }: { partnerName: string; openReport: OpenReport; reportReply: ConversationFormReply | undefined }) {
  const count = openReport.laterMessages
  return (
    <div className="space-y-2">
      {openReport.note}
      {count > 0 ? (
        <Form method="post" className="space-y-2 rounded-lg border border-stone-200 bg-white p-3">
          <input type="hidden" name="intent" value="report" />
          <input type="hidden" name="reason" value={openReport.reason} />
          <p className="text-sm text-stone-700">
            <bdi>{partnerName}</bdi> has written {count === 1 ? '1 message' : `${count} messages`} since.
          </p>
          <FormErrors errors={reportReply?.formErrors} />
          <Button type="submit" variant="secondary" className="tap-target w-full">
            {count === 1 ? 'Add it to your report' : 'Add them to your report'}
          </Button>
        </Form>
      ) : null}
    </div>
  )
}

function ReportForm({ reportReply }: { reportReply: ConversationFormReply | undefined }) {
  return (
    <details open={Boolean(reportReply)} className="rounded-lg border border-stone-200 bg-white">
      <summary className="tap-target flex cursor-pointer items-center px-3 font-medium text-stone-800">Report conversation</summary>
      <Form method="post" className="space-y-3 px-3 pb-3">
        <input type="hidden" name="intent" value="report" />
        <fieldset aria-describedby={reportReply?.fieldErrors.reason ? 'report-reason-errors' : undefined}>
          <legend className="text-sm font-medium text-stone-800">What is wrong?</legend>
          <div className="mt-1 space-y-1">
            {reportReasons.map((reason) => (
              <label key={reason} className="tap-target flex items-center gap-2 text-sm">
                <input type="radio" name="reason" value={reason} required className="size-4 accent-brand-700" defaultChecked={reportReply?.values.reason === reason} />
                {reportReasonLabels[reason]}
              </label>
            ))}
          </div>
          <FormErrors id="report-reason-errors" errors={reportReply?.fieldErrors.reason} />
        </fieldset>
        <div>
          <label htmlFor="report-details" className="mb-1 block text-sm font-medium text-stone-800">
            Details (optional)
          </label>
          <textarea
            id="report-details"
            name="details"
            defaultValue={reportReply?.values.details ?? ''}
            maxLength={maxReportDetailsLength}
            rows={3}
            className="w-full rounded-lg border border-stone-300 px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
          />
          <FormErrors errors={reportReply?.fieldErrors.details} />
        </div>
        <FormErrors errors={reportReply?.formErrors} />
        <Button type="submit" variant="secondary" className="tap-target w-full">
          Send report
        </Button>
      </Form>
    </details>
  )
}
