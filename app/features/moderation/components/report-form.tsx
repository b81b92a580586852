import { useMemo } from 'react'
import { Form, useLocation, useNavigation } from 'react-router'
import { maxReportDetailsLength } from '#app/features/messages/limits.ts'
import type { ReportKind } from '#app/lib/db-schema.ts'
import { Button } from '#app/ui/button.tsx'
import { answeredForm, AnswerSummary, type FormAnswer, FormErrors, useUnfixedAnswer } from '#app/ui/form-answer.tsx'
import { reasonLabels, reportReasonsFor } from '../moderation-terms.ts'
import { reportIntent } from '../report-answers.ts'

// The Report form of a sitter profile, a review, a dog listed for sitting and a booking (issue 30): a disclosure with
// a plain form inside, so it works without JavaScript, posting to the page's own action (intent `report`,
// with the kind and the id of what it reports). The page's action parses it with NewReportSchema and
// answers a refusal with conform's reply under `report`, which only the form it names shows.
// The route composes it into the page: the features below moderation never import it. What the page's action
// and the route read of its answers is in report-answers.ts, so the form's script loads only where it is shown.

/** The constraints the route's loader computes with getZodConstraint(NewReportSchema) (zod stays on the server). */
type ReportConstraint = Record<string, { required?: boolean } | undefined>

/** Errors of the hidden fields (what is reported) read as the form's own: there is no field to show them at. */
function withHiddenFieldsAsForm(answer: FormAnswer | undefined): FormAnswer | undefined {
  const error = answer?.error
  if (!error || !(error.kind || error.subjectId)) return answer
  const { kind, subjectId, ...fields } = error
  return { ...answer, error: { ...fields, '': [...(error[''] ?? []), ...(kind ?? []), ...(subjectId ?? [])] } }
}

export function ReportForm({
  kind,
  subjectId,
  label,
  answer,
  constraint,
  className = '',
}: {
  kind: ReportKind
  subjectId: string
  /** The disclosure's text, e.g. 'Report this profile'. */
  label: string
  /** The action's answer to this form (see answerFor). */
  answer: FormAnswer | undefined
  constraint: ReportConstraint
  className?: string
}) {
  const formId = `report-${kind}-${subjectId}`
  const shown = useUnfixedAnswer(formId, useMemo(() => withHiddenFieldsAsForm(answer), [answer]))
  const form = answeredForm<'reason' | 'details'>(formId, shown)
  const reason = form.field('reason')
  const details = form.field('details')
  const navigation = useNavigation()
  const busy = navigation.state === 'submitting' && navigation.formData?.get('kind') === kind && navigation.formData.get('subjectId') === subjectId
  // A new page (the redirect after a sent report, another tab) closes and empties the form.
  const { key } = useLocation()
  return (
    <details key={key} open={Boolean(answer)} className={`rounded-lg border border-stone-200 bg-white ${className}`}>
      <summary className="tap-target flex cursor-pointer items-center px-3 text-sm font-medium text-stone-700">{label}</summary>
      <Form method="post" preventScrollReset id={form.id} className="space-y-3 px-3 pb-3">
        <input type="hidden" name="intent" value={reportIntent} />
        <input type="hidden" name="kind" value={kind} />
        <input type="hidden" name="subjectId" value={subjectId} />
        <AnswerSummary formId={form.id} answer={shown} labels={[['reason', 'Reason'], ['details', 'Details']]} />
        <fieldset id={reason.id} aria-describedby={reason.errors ? reason.errorId : undefined}>
          <legend className="text-sm font-medium text-stone-800">What is wrong?</legend>
          <div className="mt-1 space-y-1">
            {reportReasonsFor(kind).map((value) => (
              <label key={value} className="tap-target flex cursor-pointer items-center gap-2 text-sm">
                <input
                  type="radio"
                  name={reason.name}
                  value={value}
                  required={constraint.reason?.required}
                  defaultChecked={reason.initialValue === value}
                  aria-invalid={reason.errors ? true : undefined}
                  className="size-4 accent-brand-700"
                />
                {reasonLabels[value]}
              </label>
            ))}
          </div>
          <FormErrors id={reason.errorId} errors={reason.errors} />
        </fieldset>
        <div>
          <label htmlFor={details.id} className="mb-1 block text-sm font-medium text-stone-800">
            Details (optional)
          </label>
          <textarea
            id={details.id}
            name={details.name}
            defaultValue={details.initialValue ?? ''}
            {...details.aria}
            required={constraint.details?.required}
            maxLength={maxReportDetailsLength}
            rows={3}
            className="w-full rounded-lg border border-stone-300 px-3 py-2 text-base outline-none focus:border-brand-600 focus:ring-2 focus:ring-brand-100 aria-[invalid=true]:border-red-500"
          />
          <FormErrors id={details.errorId} errors={details.errors} />
        </div>
        <Button type="submit" variant="secondary" disabled={busy} className="tap-target w-full">
          {busy ? 'Sending...' : 'Send report'}
        </Button>
      </Form>
    </details>
  )
}
