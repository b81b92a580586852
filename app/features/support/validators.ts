import '#app/lib/zod-in-browser.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormValidator } from '#app/ui/lazy-validation.ts'
import { SupportRequestSchema } from './schema.ts'

export const validateSupportRequest: FormValidator = (formData) => parseWithZod(formData, { schema: SupportRequestSchema })
