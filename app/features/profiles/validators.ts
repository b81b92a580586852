import '#app/lib/zod-in-browser.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormValidator } from '#app/ui/lazy-validation.ts'
import { EditProfileSchema } from './profile-schema.ts'

// Browser-side validation of the edit-profile form, loaded lazily by useLazyValidation.
export const validateEditProfile: FormValidator = (formData) => parseWithZod(formData, { schema: EditProfileSchema })
