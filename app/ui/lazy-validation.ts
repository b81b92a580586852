import { parse, type Submission } from '@conform-to/react'
import { useEffect, useLayoutEffect, useRef } from 'react'
import { useActionData } from 'react-router'

export type FormValidator = (formData: FormData) => Submission<unknown, string[], unknown>

/**
 * A validator loader for useLazyValidation, defined at module level. In the browser it starts loading when
 * someone first puts the focus in a form or types in one (at the load event if a form field already has the
 * focus): zod is about 30 KB gzip, which a page someone only reads never needs (DESIGN.md section 8). It
 * arrives while they type, and a field they left before it did is checked on arrival (useLazyValidation).
 */
export function validatorLoader(load: () => Promise<FormValidator>) {
  let arrive: (validate: FormValidator) => void
  const arrived = new Promise<FormValidator>((resolve) => (arrive = resolve))
  let loading = false
  const start = () => {
    if (loading) return
    loading = true
    load().then(arrive, () => (loading = false)) // a failed fetch (offline) is tried again on the next use
  }
  if (typeof document !== 'undefined') onFormUse(start)
  return () => arrived
}

/**
 * A mouse press on a form's submit button while one of its fields has the focus leaves the focus in the field until
 * the click. Leaving the field would check it, and its message, shown between the press and the release, would move
 * the button from under the pointer: the release would miss it and the click never come. The click's submit checks
 * every field anyway. A tap needs none of this (its press, release and click come at once) and still closes the
 * phone's keyboard as people expect.
 */
function keepTheFieldFocusedOnASubmitPress() {
  let pointer = ''
  document.addEventListener('pointerdown', ({ pointerType }) => (pointer = pointerType), true)
  document.addEventListener(
    'mousedown',
    (event) => {
      const button = event.target instanceof Element ? event.target.closest('button, input[type=submit]') : null
      if (pointer !== 'mouse' || !(button instanceof HTMLButtonElement || button instanceof HTMLInputElement) || button.type !== 'submit' || !button.form) return
      const field = document.activeElement
      if (field && field !== button && field.getAttribute('name') && fieldForm(field) === button.form) event.preventDefault()
    },
    true,
  )
}

if (typeof document !== 'undefined') keepTheFieldFocusedOnASubmitPress()

function onFormUse(start: () => void) {
  const onEvent = (event: Event) => {
    if (event.target instanceof Element && event.target.closest('form')) start()
  }
  document.addEventListener('focusin', onEvent, true)
  document.addEventListener('input', onEvent, true)
  const ifAFieldHasTheFocus = () => {
    if (document.activeElement?.closest('form')) start()
  }
  if (document.readyState === 'complete') ifAFieldHasTheFocus()
  else window.addEventListener('load', ifAFieldHasTheFocus, { once: true })
}

/**
 * Conform's `onValidate`, with the zod schema loaded separately instead of in the page's first
 * JavaScript (zod and its adapter are ~30 KB gzip; DESIGN.md section 8). Until it arrives a form
 * simply submits and the server validates with the same schema. Pass a `validatorLoader`.
 */
export function useLazyValidation<Value extends Record<string, unknown>, Output = Value>(
  arrived: () => Promise<FormValidator>,
  /** Submit buttons that do not save the form's fields (e.g. one that deletes a photo): the form goes unchecked. */
  unchecked: { name: string; value?: string }[] = [],
) {
  const validator = useRef<FormValidator | null>(null)
  // Conform checks a field when it is left and then only on input: a field left before the validator
  // came was passed unchecked, so it is checked on arrival as if typed in. Unless the server has answered
  // since with conform's result: it checked every field, and checking one again would clear what it said
  // (a refusal of the whole form). An answer without one (the request never reached the server) keeps them.
  // Only this form's fields: another form's validator arriving first must not check them without this one's
  // (on /profile/edit that undid the notification settings' answer and its summary).
  const leftUnchecked = useRef(new Set<Element>())
  const ownForm = useRef<HTMLFormElement | null>(null)
  const answer: unknown = useActionData()
  useLayoutEffect(() => {
    if (carriesResult(answer)) leftUnchecked.current.clear()
  }, [answer])
  useEffect(() => {
    let current = true
    // Focus taken by the form's summary after the server's answer is not a field left: the answer checked it.
    const onLeave = ({ target, relatedTarget }: FocusEvent) => {
      if (relatedTarget instanceof Element && relatedTarget.closest('[role=alert]')) return
      if (target instanceof Element && target.closest('form') && target.getAttribute('name')) leftUnchecked.current.add(target)
    }
    document.addEventListener('focusout', onLeave, true)
    void arrived().then((validate) => {
      document.removeEventListener('focusout', onLeave, true)
      if (!current) return
      validator.current = validate
      for (const field of leftUnchecked.current) {
        if (field.isConnected && ownForm.current && fieldForm(field) === ownForm.current) field.dispatchEvent(new Event('input', { bubbles: true }))
      }
    })
    return () => {
      current = false
      document.removeEventListener('focusout', onLeave, true)
    }
  }, [arrived])
  return ({ form, formData, submitter }: { form: HTMLFormElement; formData: FormData; submitter?: HTMLElement | null }) => {
    ownForm.current = form
    const skip = unchecked.some(
      ({ name, value }) => submitter?.getAttribute('name') === name && (value === undefined || submitter.getAttribute('value') === value),
    )
    const validated = skip ? undefined : validator.current?.(formData)
    return (validated ?? parse(formData, { resolve: (value) => ({ value }) })) as Submission<Value, string[], Output>
  }
}

const carriesResult = (answer: unknown) => typeof answer === 'object' && answer !== null && 'result' in answer && Boolean(answer.result)

/** The form a field belongs to, by nesting or by its `form` attribute. */
const fieldForm = (field: Element) => ('form' in field ? (field.form as HTMLFormElement | null) : field.closest('form'))
