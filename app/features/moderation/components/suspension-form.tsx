import { getFormProps, type SubmissionResult, useForm } from '@conform-to/react'
import type { getZodConstraint } from '@conform-to/zod/v4'
import { Form, useNavigation } from 'react-router'
import { Button } from '#app/ui/button.tsx'
import { TextAreaField, TextField } from '#app/ui/field.tsx'
import { conformProblems, failedAnswer, type FieldLabels, FormErrorSummary, useErrorSummary, useSettledAnswer } from '#app/ui/form-error-summary.tsx'
import { useLazyValidation, validatorLoader } from '#app/ui/lazy-validation.ts'
import { suspensionIntents } from '../moderation-terms.ts'

// On a user's admin page (issue 30): suspend the account with a reason the user reads at sign-in and an
// optional end, or lift the suspension. Both are POST forms with an intent, so they work without JavaScript.

const loadValidator = validatorLoader(() => import('../validators.ts').then((m) => m.validateSuspension))

const fieldLabels: FieldLabels = [
  ['reason', 'Reason'],
  ['until', 'Until'],
]

function useSubmitting(intent: string) {
  const navigation = useNavigation()
  return navigation.state === 'submitting' && navigation.formData?.get('intent') === intent
}

export function SuspendForm({
  userName,
  lastResult,
  constraint,
  firstUntil,
}: {
  userName: string
  lastResult: SubmissionResult<string[]> | undefined
  /** getZodConstraint(SuspensionSchema), from the loader. */
  constraint: ReturnType<typeof getZodConstraint>
  /** The earliest end a suspension may have: tomorrow (UTC). */
  firstUntil: string
}) {
  const answered = useSettledAnswer(lastResult)
  const onValidate = useLazyValidation<{ reason: string; until?: string }>(loadValidator)
  const [form, fields] = useForm<{ reason: string; until?: string }>({
    id: 'suspend-user',
    lastResult: answered,
    constraint,
    shouldValidate: 'onBlur',
    shouldRevalidate: 'onInput',
    onValidate,
  })
  const problems = conformProblems(form, fieldLabels)
  const messages = form.errors ?? []
  const summary = useErrorSummary(failedAnswer(answered), form.onSubmit, problems.length + messages.length)
  const busy = useSubmitting(suspensionIntents.suspend)
  return (
    <Form method="post" {...getFormProps(form)} onSubmit={summary.onSubmit} className="space-y-4">
      <input type="hidden" name="intent" value={suspensionIntents.suspend} />
      <FormErrorSummary id={form.errorId} problems={problems} messages={messages} focusKey={summary.focusKey} />
      <p className="text-sm text-stone-600">
        <bdi>{userName}</bdi> is signed out everywhere at once, cannot sign in, leaves every listing, and their pending requests are withdrawn.
      </p>
      <div className="space-y-1">
        <TextAreaField label="Reason" field={fields.reason} textareaProps={{ rows: 3 }} />
        <p className="text-sm text-stone-500">They read it when they try to sign in. It is kept in the audit log.</p>
      </div>
      <div className="space-y-1">
        <TextField label="Until (optional)" field={fields.until} type="date" inputProps={{ min: firstUntil }} />
        <p className="text-sm text-stone-500">The first day they may sign in again. Empty: until further notice.</p>
      </div>
      <Button type="submit" variant="danger" disabled={busy} className="tap-target w-full sm:w-auto">
        {busy ? 'Suspending...' : 'Suspend account'}
      </Button>
    </Form>
  )
}

export function LiftSuspensionForm() {
  const busy = useSubmitting(suspensionIntents.lift)
  return (
    <Form method="post">
      <Button type="submit" name="intent" value={suspensionIntents.lift} variant="secondary" disabled={busy} className="tap-target w-full sm:w-auto">
        {busy ? 'Lifting...' : 'Lift suspension'}
      </Button>
    </Form>
  )
}
