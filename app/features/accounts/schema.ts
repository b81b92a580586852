import { z } from 'zod'
import { nameText, plainText } from '#app/lib/plain-text.ts'

// Spec section 5, Auth: the same messages for the page forms and the JSON API.
const email = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, { error: 'Email is required' })
  .pipe(z.email({ error: 'Please enter a valid email' }))
  .transform((value) => value.toLowerCase())
  // zod's e-mail rule is narrower than JSON Schema's `email` format (no quoted names, no IP hosts): stated too.
  .meta({ format: 'email', pattern: z.regexes.email.source })

const password = z
  .string({ error: 'Password is required' })
  .min(1, { error: 'Password is required' })
  .min(6, { error: 'Password must be at least 6 characters' })
  .max(200, { error: 'Password must be at most 200 characters' })

const name = nameText('Name', { error: 'Name is required' })
  .min(1, { error: 'Name is required' })
  .max(100, { error: 'Name must be at most 100 characters' })

export const LoginSchema = z.object({ email, password })

export const RegisterSchema = z.object({
  name,
  email,
  password,
  // The API may send role 'owner' (spec section 7); registration always creates an owner (section 4).
  role: z.literal('owner').optional(),
})

export const ForgotPasswordSchema = z.object({ email })

export const ResetPasswordSchema = z
  .object({
    token: z.string().min(1),
    password,
    confirmPassword: z.string({ error: 'Please confirm your password' }),
  })
  .refine((value) => value.password === value.confirmPassword, {
    path: ['confirmPassword'],
    error: 'Passwords do not match',
  })

export type LoginInput = z.infer<typeof LoginSchema>
export type RegisterInput = z.infer<typeof RegisterSchema>

/** The JSON body of POST /api/auth/google. */
export const GoogleCodeSchema = z.object({
  authorizationCode: plainText('Authorization code', { error: 'Authorization code is required' }).min(1, { error: 'Authorization code is required' }),
})
