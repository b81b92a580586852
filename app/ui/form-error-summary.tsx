import { type FormEvent, type MouseEvent, useEffect, useId, useRef, useState } from 'react'
import { useNavigation } from 'react-router'

// The short list of what a failed submit must fix, at the top of the form: 'Please fix 2 problems',
// then one link per field ('Name: Name is required') that leads to the field. A validation error is
// never a toast: toasts are for real failures (spec section 8), and a toast over a long form left the
// message far below. Without JavaScript the links are plain fragment links and the browser focuses
// the summary on load (autofocus); with it, the summary takes the focus after every failed submit and
// a link focuses its field.

/** One field that needs fixing: the element to go to, the field's label, the message. */
export type FormProblem = { fieldId: string | null; label: string; message: string }

/** 'Please fix 2 problems'; a refusal without any field to fix (a rate limit, an expired link) is 'There is a problem'. */
function summaryTitle(fieldProblems: number, count: number) {
  if (fieldProblems === 0) return 'There is a problem'
  return `Please fix ${count} ${count === 1 ? 'problem' : 'problems'}`
}

export function FormErrorSummary({
  id,
  problems,
  messages = [],
  description,
  focusKey,
}: {
  /** conform's `form.errorId`: the form's aria-describedby then points here. */
  id?: string
  problems: readonly FormProblem[]
  /** Problems of the whole form (no field to go to), e.g. 'Too many requests'. */
  messages?: readonly string[]
  /** A line under the heading, e.g. the onboarding gate's 'Please complete all required fields before continuing'. */
  description?: string
  /**
   * Which failed submit this is (a counter, or the action's answer): the summary shows only after one
   * (undefined hides it) and takes the focus whenever it changes.
   */
  focusKey: unknown
}) {
  const summary = useRef<HTMLDivElement>(null)
  const titleId = useId()
  const count = problems.length + messages.length
  const visible = count > 0 && focusKey !== undefined
  // A server's answer may render once before its problems arrive: focus on showing up, and on each new failure.
  useEffect(() => {
    if (visible) summary.current?.focus()
  }, [visible, focusKey])
  if (!visible) return null
  return (
    <div
      ref={summary}
      id={id}
      role="alert"
      aria-labelledby={titleId}
      tabIndex={-1}
      autoFocus
      className="scroll-mt-4 rounded-xl border-2 border-red-600 bg-red-50 p-4 text-red-900 outline-none focus-visible:ring-4 focus-visible:ring-red-200"
    >
      <h2 id={titleId} className="font-semibold">
        {summaryTitle(problems.length, count)}
      </h2>
      {description ? <p className="mt-1 text-sm">{description}</p> : null}
      <ul className="mt-2 space-y-1">
        {problems.map((problem) => (
          <li key={`${problem.fieldId ?? problem.label}:${problem.message}`}>
            {problem.fieldId ? (
              <a
                href={`#${problem.fieldId}`}
                onClick={(event) => goToField(event, problem.fieldId)}
                className="inline-flex min-h-11 items-center font-medium underline underline-offset-4"
              >
                {problem.label}: {problem.message}
              </a>
            ) : (
              <span className="inline-flex min-h-11 items-center">
                {problem.label}: {problem.message}
              </span>
            )}
          </li>
        ))}
        {messages.map((message) => (
          <li key={message} className="flex min-h-11 items-center">
            {message}
          </li>
        ))}
      </ul>
    </div>
  )
}

/** Focuses the field (the first control of a group) with its label in view, instead of only scrolling to it. */
function goToField(event: MouseEvent<HTMLAnchorElement>, fieldId: string | null) {
  const target = fieldId ? document.getElementById(fieldId) : null
  if (!target) return
  event.preventDefault()
  const control = target.matches('input, select, textarea, button')
    ? target
    : target.querySelector<HTMLElement>('input:not([type=hidden]), select, textarea, button')
  const label = target.closest('fieldset')?.querySelector('legend') ?? (control?.id ? document.querySelector(`label[for="${CSS.escape(control.id)}"]`) : null)
  ;(label ?? target).scrollIntoView({ block: 'start' })
  ;(control ?? target).focus({ preventScroll: true })
}

type ConformForm = { id: string; allErrors: Record<string, string[]>; errors?: string[] }

/**
 * Labels of a conform form's fields in page order. An entry matches its name and everything under it
 * (`availability` matches `availability[2].endTime`); a function names such a nested field. A third
 * element names the field to go to instead (a hidden latitude goes to the address).
 */
export type FieldLabels = readonly (readonly [name: string, label: string | ((name: string) => string), goTo?: string])[]

/**
 * The summary's problems of a conform form, in page order. A field's element id is conform's
 * `${formId}-${name}` (what getInputProps gives it); groups of checkboxes carry it on their fieldset.
 */
export function conformProblems(form: ConformForm, labels: FieldLabels): FormProblem[] {
  const problems: (FormProblem & { order: number })[] = []
  for (const [name, messages] of Object.entries(form.allErrors)) {
    if (name === '') continue
    const order = labels.findIndex(([prefix]) => name === prefix || name.startsWith(`${prefix}[`) || name.startsWith(`${prefix}.`))
    const [, label = name, goTo = name] = labels[order] ?? []
    const text = typeof label === 'function' ? label(name) : label
    for (const message of messages) {
      problems.push({ fieldId: `${form.id}-${goTo}`, label: text, message, order: order === -1 ? labels.length : order })
    }
  }
  return problems.sort((a, b) => a.order - b.order).map(({ order: _order, ...problem }) => problem)
}

/**
 * An action's answer once the navigation that brought it has ended (React Router loads the page's data again
 * first). Give it to conform's `lastResult` and to useErrorSummary alike: conform focuses the first invalid
 * field when it takes an answer in, and the summary takes the focus after it only when both see the answer
 * in the same render.
 */
export function useSettledAnswer<Answer>(answer: Answer): Answer | undefined {
  return useNavigation().state === 'idle' ? answer : undefined
}

/** A conform result from the server when it names problems (a refusal), not when it only carries a toast. */
export function failedAnswer<Result extends { error?: Record<string, string[] | null> | null }>(result: Result | undefined) {
  return Object.values(result?.error ?? {}).some((messages) => Boolean(messages?.length)) ? result : undefined
}

/**
 * When a form's summary shows and takes the focus: from a failed submit (one its browser-side
 * validation stopped, or an answer of the server that names problems) until every problem is fixed,
 * so errors found while typing (conform validates on blur) never open it. Give it that answer (a new
 * object for each), the form's onSubmit (conform's, which prevents a submit it finds invalid) and how
 * many problems there are now; pass the returned onSubmit to the form and focusKey to FormErrorSummary.
 */
export function useErrorSummary(
  failedAnswer: unknown,
  onSubmit: (event: FormEvent<HTMLFormElement>) => void,
  problemCount: number,
) {
  const [state, setState] = useState({ answer: failedAnswer, failures: failedAnswer ? 1 : 0, shown: false })
  let { failures, shown } = state
  // Adjusted while rendering (React's pattern for state that follows props). A new answer may render
  // once before conform has taken in its errors, so only a summary that was shown closes when none are left.
  if (failedAnswer !== state.answer && failedAnswer) {
    failures += 1
    shown = false
  }
  if (failures > 0 && problemCount > 0) shown = true
  else if (failures > 0 && shown) {
    failures = 0
    shown = false
  }
  if (failedAnswer !== state.answer || failures !== state.failures || shown !== state.shown) {
    setState({ answer: failedAnswer, failures, shown })
  }
  return {
    focusKey: failures > 0 ? failures : undefined,
    onSubmit: (event: FormEvent<HTMLFormElement>) => {
      onSubmit(event)
      // conform validates a field on blur by submitting the form with a hidden `__intent__` button: not a failure.
      const submitter = (event.nativeEvent as SubmitEvent).submitter
      if (event.defaultPrevented && submitter?.getAttribute('name') !== '__intent__') {
        setState((current) => ({ ...current, failures: current.failures + 1, shown: false }))
      }
    },
  }
}
