import '#app/lib/zod-in-browser.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormValidator } from '#app/ui/lazy-validation.ts'
import { ResolutionSchema, SuspensionSchema } from './schema.ts'

// Browser-side validation of the admins' forms, loaded lazily by useLazyValidation.
export const validateResolution: FormValidator = (formData) => parseWithZod(formData, { schema: ResolutionSchema })
export const validateSuspension: FormValidator = (formData) => parseWithZod(formData, { schema: SuspensionSchema })
