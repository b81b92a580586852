import { parse, type Submission } from '@conform-to/react'
import { useEffect, useRef } from 'react'

export type FormValidator = (formData: FormData) => Submission<unknown, string[], unknown>

/**
 * A validator loader for useLazyValidation, defined at module level. In the browser it starts loading
 * once the page has loaded (at once after a client-side navigation), so it is normally there before the
 * first blur: conform does not validate a field on blur again once it has (it revalidates on input and on
 * submit). Started before, as the route module runs, zod often landed before the load event and in the
 * page's first load (DESIGN.md section 8).
 */
export function validatorLoader(load: () => Promise<FormValidator>) {
  let loading: Promise<FormValidator> | null = null
  const start = () => (loading ??= pageLoaded().then(load))
  if (typeof document !== 'undefined') void start()
  return start
}

function pageLoaded() {
  return new Promise<void>((resolve) => {
    if (document.readyState === 'complete') resolve()
    else window.addEventListener('load', () => resolve(), { once: true })
  })
}

/**
 * Conform's `onValidate`, with the zod schema loaded separately instead of in the page's first
 * JavaScript (zod and its adapter are ~35 KB gzip; DESIGN.md section 8). Until it arrives a form
 * simply submits and the server validates with the same schema. Pass a `validatorLoader`.
 */
export function useLazyValidation<Value extends Record<string, unknown>, Output = Value>(
  load: () => Promise<FormValidator>,
  /** Submit buttons that do not save the form's fields (e.g. one that deletes a photo): the form goes unchecked. */
  unchecked: { name: string; value?: string }[] = [],
) {
  const validator = useRef<FormValidator | null>(null)
  useEffect(() => {
    let current = true
    void load().then((validate) => {
      if (current) validator.current = validate
    })
    return () => {
      current = false
    }
  }, [load])
  return ({ formData, submitter }: { formData: FormData; submitter?: HTMLElement | null }) => {
    const skip = unchecked.some(
      ({ name, value }) => submitter?.getAttribute('name') === name && (value === undefined || submitter.getAttribute('value') === value),
    )
    const validated = skip ? undefined : validator.current?.(formData)
    return (validated ?? parse(formData, { resolve: (value) => ({ value }) })) as Submission<Value, string[], Output>
  }
}
