import { parse, type Submission } from '@conform-to/react'
import { useEffect, useRef } from 'react'

export type FormValidator = (formData: FormData) => Submission<unknown, string[], unknown>

/**
 * Conform's `onValidate`, with the zod schema loaded just after hydration instead of in the page's
 * first JavaScript (zod and its adapter are ~35 KB gzip; DESIGN.md section 8). Until it arrives a
 * form simply submits and the server validates with the same schema. Pass a loader defined at
 * module level, e.g. `() => import('./validators.ts').then((m) => m.validateLogin)`.
 */
export function useLazyValidation<Value extends Record<string, unknown>, Output = Value>(load: () => Promise<FormValidator>) {
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
  return ({ formData }: { formData: FormData }) =>
    (validator.current?.(formData) ?? parse(formData, { resolve: (value) => ({ value }) })) as Submission<Value, string[], Output>
}
