import { getCollectionProps, getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import type { getZodConstraint } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import type { ReportKind } from '#app/lib/db-schema.ts'
import { Button } from '#app/ui/button.tsx'
import { FieldErrors, TextAreaField, TextField } from '#app/ui/field.tsx'
import { conformProblems, failedAnswer, type FieldLabels, FormErrorSummary, useErrorSummary, useSettledAnswer } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { hidesContent, type ReportOutcome, reportOutcomes } from '../moderation-terms.ts'

// An admin resolves an open report once (issue 30): an outcome, a note (kept with the report; for a
// suspension it is the reason the user reads when they sign in), and for a suspension an optional end.
// The end's field shows only while 'User suspended' is chosen, by CSS, so it does so without JavaScript.

const loadValidator = validatorLoader(() => import('../validators.ts').then((m) => m.validateResolution))

const outcomeTexts: Record<ReportOutcome, { label: string; detail: string }> = {
  dismissed: { label: 'Dismissed', detail: 'Nothing against the terms: nothing changes.' },
  content_hidden: { label: 'Content hidden', detail: 'The reported messages or review are hidden everywhere, and kept for the record.' },
  user_warned: { label: 'User warned', detail: 'The reported user gets a warning in their notifications.' },
  user_suspended: { label: 'User suspended', detail: 'They are signed out at once and cannot sign in; the note is the reason they read.' },
}

const fieldLabels: FieldLabels = [
  ['outcome', 'Outcome'],
  ['note', 'Note'],
  ['until', 'Until'],
]

type ResolutionValue = { outcome: ReportOutcome; note: string; until?: string }

export function ResolutionForm({
  kind,
  lastResult,
  constraint,
  firstUntil,
}: {
  kind: ReportKind
  lastResult: SubmissionResult<string[]> | undefined
  /** getZodConstraint(ResolutionSchema), from the loader (zod stays out of the page's first load). */
  constraint: ReturnType<typeof getZodConstraint>
  /** The earliest end a suspension may have: tomorrow (UTC). */
  firstUntil: string
}) {
  const navigation = useNavigation()
  const answered = useSettledAnswer(lastResult)
  const onValidate = useLazyValidation<ResolutionValue>(loadValidator)
  const [form, fields] = useForm<ResolutionValue>({
    id: 'resolve-report',
    lastResult: answered,
    constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const problems = conformProblems(form, fieldLabels)
  const messages = form.errors ?? []
  const summary = useErrorSummary(failedAnswer(answered), form.onSubmit, problems.length + messages.length)
  const busy = navigation.state === 'submitting' && navigation.formMethod === 'POST'
  const outcomes = reportOutcomes.filter((outcome) => outcome !== 'content_hidden' || hidesContent(kind))
  const outcome = fields.outcome
  return (
    <Form method="post" {...getFormProps(form)} onSubmit={summary.onSubmit} className="group/resolution space-y-4">
      <FormErrorSummary id={form.errorId} problems={problems} messages={messages} focusKey={summary.focusKey} />
      <fieldset id={outcome.id} aria-describedby={outcome.errors?.length ? outcome.errorId : undefined}>
        <legend className="mb-2 text-sm font-medium text-stone-800">Outcome</legend>
        <div className="space-y-2">
          {getCollectionProps(outcome, { type: 'radio', options: outcomes }).map(({ key, ...props }) => {
            const text = outcomeTexts[props.value as ReportOutcome]
            return (
              <label
                key={key}
                className="tap-target flex cursor-pointer items-start gap-3 rounded-lg border border-stone-300 bg-white px-3 py-2.5 has-checked:border-brand-600 has-checked:bg-brand-50 has-focus-visible:ring-2 has-focus-visible:ring-brand-600"
              >
                <input {...props} data-suspends={props.value === 'user_suspended' ? '' : undefined} className="mt-1 size-4 shrink-0 accent-brand-700" />
                <span>
                  <span className="block font-medium">{text.label}</span>
                  <span className="block text-sm text-stone-600">{text.detail}</span>
                </span>
              </label>
            )
          })}
        </div>
        <FieldErrors id={outcome.errorId} errors={outcome.errors} />
      </fieldset>
      <div className="space-y-1">
        <TextAreaField label="Note" field={fields.note} textareaProps={{ rows: 4 }} />
        <p className="text-sm text-stone-500">Kept with the report and in the audit log. The reporter never reads it; a suspended user reads it as the reason.</p>
      </div>
      <div className="hidden space-y-1 group-has-[[data-suspends]:checked]/resolution:block">
        <TextField label="Until (optional)" field={fields.until} type="date" inputProps={{ min: firstUntil }} />
        <p className="text-sm text-stone-500">The first day they may sign in again. Empty: until further notice.</p>
      </div>
      <Button type="submit" disabled={busy} className="tap-target w-full sm:w-auto">
        {busy ? 'Resolving...' : 'Resolve report'}
      </Button>
    </Form>
  )
}
