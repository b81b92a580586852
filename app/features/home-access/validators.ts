import '#app/lib/zod-in-browser.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormValidator } from '#app/ui/lazy-validation.ts'
import { HomeAccessSchema } from './schema.ts'

export const validateHomeAccess: FormValidator = (formData) => parseWithZod(formData, { schema: HomeAccessSchema })
