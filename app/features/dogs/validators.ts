import '#app/lib/zod-in-browser.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormValidator } from '#app/ui/lazy-validation.ts'
import { DogFormSchema } from './schema.ts'

// Browser-side validation of the dog form, loaded lazily by useLazyValidation.
export const validateDogForm: FormValidator = (formData) => parseWithZod(formData, { schema: DogFormSchema })
