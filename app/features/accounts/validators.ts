import '#app/lib/zod-in-browser.ts'
import { parseWithZod } from '@conform-to/zod/v4'
import type { FormValidator } from '#app/ui/lazy-validation.ts'
import { ForgotPasswordSchema, LoginSchema, RegisterSchema, ResetPasswordSchema } from './schema.ts'

// Browser-side validation of the account forms, loaded lazily by useLazyValidation.
export const validateLogin: FormValidator = (formData) => parseWithZod(formData, { schema: LoginSchema })
export const validateRegister: FormValidator = (formData) => parseWithZod(formData, { schema: RegisterSchema })
export const validateForgotPassword: FormValidator = (formData) => parseWithZod(formData, { schema: ForgotPasswordSchema })
export const validateResetPassword: FormValidator = (formData) => parseWithZod(formData, { schema: ResetPasswordSchema })
