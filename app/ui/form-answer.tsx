import { useEffect, useMemo, useState } from 'react'
import { conformProblems, type FieldLabels, FormErrorSummary } from './form-error-summary.tsx'

// A form whose every check happens on the server (the booking forms: radio days, slots and stars, which a
// browser cannot judge beforehand) needs only to show what the action answered: conform's
// `submission.reply()`, read here without loading conform in the browser (DESIGN.md section 8's budget),
// under the same error summary as every other form (decision 015).

/** The parts of conform's SubmissionResult a page reads: the submitted values and the errors by field ('' = the form's). */
export type FormAnswer = { initialValue?: Record<string, unknown> | null; error?: Record<string, string[] | null> | null }

export type AnsweredField = {
  id: string
  name: string
  errorId: string
  errors: string[] | undefined
  /** What the user sent (after a refused submit), else the page's default. */
  initialValue: string | undefined
  /** aria-invalid and aria-describedby for the control, when the server refused its value. */
  aria: { 'aria-invalid'?: true; 'aria-describedby'?: string }
}

export function answeredForm<Name extends string>(formId: string, answer: FormAnswer | null | undefined, defaults: Partial<Record<Name, string>> = {}) {
  const errorsOf = (key: string) => answer?.error?.[key] ?? undefined
  const field = (name: Name): AnsweredField => {
    const errors = errorsOf(name)
    const errorId = `${formId}-${name}-error`
    const submitted = answer?.initialValue?.[name]
    return {
      id: `${formId}-${name}`,
      name,
      errorId,
      errors,
      initialValue: answer ? (typeof submitted === 'string' ? submitted : undefined) : defaults[name],
      aria: errors ? { 'aria-invalid': true, 'aria-describedby': errorId } : {},
    }
  }
  return { id: formId, field }
}

const noFields: ReadonlySet<string> = new Set()

/**
 * The names of the fields of form `formId` the user changed since the server's answer `since` (issue 19: a
 * refused field's error leaves as soon as the user changes it; the server judges it again on the next submit).
 * Fields in one `together` group are judged together (a date 'already passed' until a later time is chosen):
 * changing one of them changes them all. A control changed by script announces it with a bubbling 'change' event.
 */
export function useChangedFields(formId: string, since: unknown, together: readonly (readonly string[])[] = []) {
  const [changed, setChanged] = useState({ since, names: noFields })
  const groups = JSON.stringify(together)
  useEffect(() => {
    const fieldGroups = JSON.parse(groups) as string[][]
    // Heard on the window, after React has handled the event: a render before it would reset a controlled input.
    const onChange = (event: Event) => {
      const form = document.getElementById(formId)
      const name = event.target instanceof Element && form?.contains(event.target) ? event.target.getAttribute('name') : null
      if (!name) return
      const names = fieldGroups.find((group) => group.includes(name)) ?? [name]
      setChanged((current) => {
        const before = current.since === since ? current.names : noFields
        return names.every((one) => before.has(one)) ? current : { since, names: new Set([...before, ...names]) }
      })
    }
    window.addEventListener('input', onChange)
    window.addEventListener('change', onChange)
    return () => {
      window.removeEventListener('input', onChange)
      window.removeEventListener('change', onChange)
    }
  }, [formId, since, groups])
  return changed.since === since ? changed.names : noFields
}

/** `errors` without those of the `changed` fields. */
export function withoutFields<Errors>(errors: Record<string, Errors>, changed: ReadonlySet<string>): Record<string, Errors> {
  return changed.size === 0 ? errors : Object.fromEntries(Object.entries(errors).filter(([name]) => !changed.has(name)))
}

/** The server's answer without the errors of the fields changed since (see useChangedFields). */
export function useUnfixedAnswer<Answer extends FormAnswer | null | undefined>(formId: string, answer: Answer, together?: readonly (readonly string[])[]): Answer {
  const changed = useChangedFields(formId, answer, together)
  return useMemo(() => (answer?.error ? { ...answer, error: withoutFields(answer.error, changed) } : answer), [answer, changed])
}

/**
 * The error summary of an answered form: its field problems in `labels`' order. A message of the whole
 * form reads under the heading when fields are to blame ('Missing information: ...'), as the problem otherwise.
 */
export function AnswerSummary({ formId, answer, labels }: { formId: string; answer: FormAnswer | null | undefined; labels: FieldLabels }) {
  const errors = Object.entries(answer?.error ?? {}).filter((entry): entry is [string, string[]] => Boolean(entry[1]?.length))
  const problems = conformProblems({ id: formId, allErrors: Object.fromEntries(errors) }, labels)
  const formMessages = errors.find(([name]) => name === '')?.[1] ?? []
  return (
    <FormErrorSummary
      id={`${formId}-error`}
      problems={problems}
      messages={problems.length > 0 ? [] : formMessages}
      description={problems.length > 0 && formMessages.length > 0 ? formMessages.join(' ') : undefined}
      // The submitted values stand for the answer: the errors of fixed fields leave without moving the focus.
      focusKey={errors.length > 0 ? (answer?.initialValue ?? answer) : undefined}
    />
  )
}

export function FormErrors({ id, errors }: { id: string; errors: string[] | undefined }) {
  if (!errors?.length) return null
  return (
    <ul id={id} className="mt-1 text-sm text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  )
}
