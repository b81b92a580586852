import { getFormProps, getTextareaProps, type SubmissionResult, useForm } from '@conform-to/react'
import { Form } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { FieldErrors } from '#app/ui/field.tsx'
import { maxReportDetailsLength, reportReasonLabels, reportReasons } from '../schema.ts'

// Safety in a thread (issue 11): report the conversation to the admins, or block the partner. Both are
// disclosures with a plain form inside, so they work without JavaScript; blocking asks once more first.

export function ConversationOptions({ partnerName, reportResult }: { partnerName: string; reportResult: SubmissionResult<string[]> | null | undefined }) {
  const [form, fields] = useForm<{ intent: string; reason: string; details: string }>({ id: 'report', lastResult: reportResult, shouldValidate: 'onSubmit' })
  const reportOpen = Boolean(reportResult)
  return (
    <div className="space-y-2">
      <details open={reportOpen} className="rounded-lg border border-stone-200 bg-white">
        <summary className="tap-target flex cursor-pointer items-center px-3 font-medium text-stone-800">Report conversation</summary>
        <Form method="post" {...getFormProps(form)} className="space-y-3 px-3 pb-3">
          <input type="hidden" name="intent" value="report" />
          <fieldset>
            <legend className="text-sm font-medium text-stone-800">What is wrong?</legend>
            <div className="mt-1 space-y-1">
              {reportReasons.map((reason) => (
                <label key={reason} className="tap-target flex items-center gap-2 text-sm">
                  <input type="radio" name={fields.reason.name} value={reason} required className="size-4 accent-brand-700" defaultChecked={fields.reason.initialValue === reason} />
                  {reportReasonLabels[reason]}
                </label>
              ))}
            </div>
            <FieldErrors id={fields.reason.errorId} errors={fields.reason.errors} />
          </fieldset>
          <div>
            <label htmlFor={fields.details.id} className="mb-1 block text-sm font-medium text-stone-800">
              Details (optional)
            </label>
            <textarea
              {...getTextareaProps(fields.details)}
              maxLength={maxReportDetailsLength}
              rows={3}
              className="w-full rounded-lg border border-stone-300 px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100"
            />
            <FieldErrors id={fields.details.errorId} errors={fields.details.errors} />
          </div>
          <FieldErrors id={form.errorId} errors={form.errors} />
          <Button type="submit" variant="secondary" className="tap-target w-full">
            Send report
          </Button>
        </Form>
      </details>
      <details className="rounded-lg border border-stone-200 bg-white">
        <summary className="tap-target flex cursor-pointer items-center px-3 font-medium text-red-700">Block {partnerName}</summary>
        <Form method="post" className="space-y-3 px-3 pb-3">
          <input type="hidden" name="intent" value="block" />
          <p className="text-sm text-stone-700">
            Neither of you will be able to message the other, and this conversation will be hidden. You can unblock them later from this page.
          </p>
          <Button type="submit" variant="danger" className="tap-target w-full">
            Block {partnerName}
          </Button>
        </Form>
      </details>
    </div>
  )
}
